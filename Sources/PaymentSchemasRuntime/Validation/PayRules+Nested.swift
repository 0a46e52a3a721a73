@_spi(Generated) import PaymentSchemasVocabulary

@_spi(Generated)
extension PayRules {
    /// The checks of a field that holds validated values (a generated type, or a list, set, map
    /// or optional of them), at `path.key`; an absent value passes, and the path is built only when
    /// the value is present.
    ///
    /// The value is checked where it is (optional chaining), never copied out of its optional: a
    /// generated struct can hold hundreds of bytes and a reference per field.
    @inlinable
    public static func nested<Value: PayValidatable>(
        _ value: Value?, _ key: String, at path: PayPath, into violations: inout [ValidationViolation]
    ) {
        value?.collectViolations(at: path.appending(key), into: &violations)
    }

    /// The checks of a field that always holds a validated value, at `path.key`: the value checked
    /// where it is, not first copied into an optional.
    @inlinable
    public static func nested<Value: PayValidatable>(
        _ value: Value, _ key: String, at path: PayPath, into violations: inout [ValidationViolation]
    ) {
        value.collectViolations(at: path.appending(key), into: &violations)
    }
}
