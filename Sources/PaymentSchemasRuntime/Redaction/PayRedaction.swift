/// Builds descriptions and mirrors of generated types that hold sensitive fields, so secrets
/// never reach `description`, `debugDescription`, `dump` or string interpolation.
@_spi(Generated)
public enum PayRedaction {
    /// What a sensitive value is shown as.
    public static let placeholder = "<redacted>"

    /// A value that always describes itself as ``placeholder``.
    public struct Redacted: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable, Sendable {
        /// Creates the placeholder.
        public init() {}
        /// `<redacted>`.
        public var description: String { PayRedaction.placeholder }
        /// `<redacted>`.
        public var debugDescription: String { PayRedaction.placeholder }
        /// A mirror with no children.
        public var customMirror: Mirror { Mirror(self, children: [], displayStyle: nil) }
    }

    /// `TypeName(field: value, secret: <redacted>)`; optional values print as `nil` or their wrapped value.
    public static func describe(_ typeName: String, _ fields: [(String, Any)]) -> String {
        var text = typeName + "("
        for (index, field) in fields.enumerated() {
            if index > 0 { text += ", " }
            text += field.0 + ": " + render(field.1)
        }
        return text + ")"
    }

    /// A struct mirror with the given children.
    public static func mirror(_ subject: Any, _ fields: [(String, Any)]) -> Mirror {
        Mirror(subject, children: fields.map { (label: Optional($0.0), value: $0.1) }, displayStyle: .struct)
    }

    static func render(_ value: Any) -> String {
        if let redacted = value as? Redacted { return redacted.description }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return render(wrapped)
        }
        return String(reflecting: value)
    }
}
