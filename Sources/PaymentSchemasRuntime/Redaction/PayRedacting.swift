/// A generated type that can hold a secret: its `description`, `debugDescription` and mirror (what
/// `print`, `dump`, string interpolation and debuggers show) list every field but show sensitive
/// values as `PayRedaction.placeholder`.
public protocol PayRedacting: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Each field's name and value as descriptions show them; sensitive values are
    /// `PayRedaction.Redacted` placeholders, never the value.
    var redactedFields: [(String, Any)] { get }
}

extension PayRedacting {
    /// `TypeName(field: value, …)` with sensitive values shown as `<redacted>`.
    public var description: String { PayRedaction.describe(String(describing: Self.self), redactedFields) }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// A mirror whose sensitive children are `<redacted>`, for `dump` and debuggers.
    public var customMirror: Mirror { PayRedaction.mirror(self, redactedFields) }
}
