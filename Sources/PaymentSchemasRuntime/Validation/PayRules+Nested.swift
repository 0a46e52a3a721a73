@_spi(Generated) import PaymentSchemasVocabulary

@_spi(Generated)
extension PayRules {
    /// The checks of a field that holds validated values (a generated type, or a list, set, map
    /// or optional of them), at `path.key`; an absent value passes, and the path is built only when
    /// the value is present.
    @inlinable
    public static func nested<Value: PayValidatable>(
        _ value: Value?, _ key: String, at path: PayPath, into violations: inout [ValidationViolation]
    ) {
        guard let value else { return }
        value.collectViolations(at: path.appending(key), into: &violations)
    }
}
