/// One broken constraint: where, which rule, and the offending value (redacted when sensitive).
public struct ValidationViolation: Hashable, Sendable, CustomStringConvertible {
    /// Where the value is, e.g. `cryptoOptions[1].format`.
    public var path: PayPath
    /// The rule's identifier as written in schemas: `minLength`, `pattern`, `format.iso4217`...
    public var rule: String
    /// A readable explanation.
    public var message: String
    /// The offending value as text, `<redacted>` for sensitive fields, `nil` when there is none.
    public var value: String?

    /// Creates a violation.
    public init(path: PayPath, rule: String, message: String, value: String?) {
        self.path = path
        self.rule = rule
        self.message = message
        self.value = value
    }

    /// `path: [rule] message (value: …)`.
    public var description: String {
        if let value { return "\(path): [\(rule)] \(message) (value: \(value))" }
        return "\(path): [\(rule)] \(message)"
    }
}
