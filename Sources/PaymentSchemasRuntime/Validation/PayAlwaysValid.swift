import PaymentSchemasVocabulary

/// A generated type with no constraint on itself or on anything it holds: every value that decodes
/// is valid, so it needs no validation code of its own.
public protocol PayAlwaysValid: PayValidatable {}

extension PayAlwaysValid {
    /// Nothing to check.
    public func collectViolations(at path: PayPath, into violations: inout [ValidationViolation]) {}
}
