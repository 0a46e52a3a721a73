import PaymentSchemasVocabulary

/// Thrown by `validate()`: every violation found, not just the first.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every violation, in field order.
    public var violations: [ValidationViolation]

    /// Creates the error.
    public init(violations: [ValidationViolation]) {
        self.violations = violations
    }

    /// One line per violation.
    public var description: String { violations.map(\.description).joined(separator: "\n") }
}
