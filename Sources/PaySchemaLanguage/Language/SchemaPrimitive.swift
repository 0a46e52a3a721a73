/// The built-in scalar types of the schema language.
@usableFromInline package enum SchemaPrimitive: String, Sendable, Hashable, CaseIterable {
    /// Text.
    case string = "String"
    /// A 64-bit platform integer.
    case int = "Int"
    /// An explicit 64-bit integer.
    case int64 = "Int64"
    /// `true` or `false`.
    case bool = "Bool"
    /// A binary floating-point number.
    case double = "Double"
    /// An exact decimal number (amounts).
    case decimal = "Decimal"
    /// A point in time, written as text in the field's `dateFormat`.
    case date = "Date"
    /// An absolute URL.
    case url = "URL"
    /// A UUID.
    case uuid = "UUID"
    /// Any JSON value, kept exactly (`PayJSON`).
    case json = "JSON"

    /// The Swift type that holds it.
    package var swiftName: String { self == .json ? "PayJSON" : rawValue }

    /// Whether the type is a number.
    package var isNumeric: Bool { [.int, .int64, .double, .decimal].contains(self) }
}
