/// A raw value of an enum case or an error code.
package enum RawValue: Sendable, Hashable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// An integer.
    case int(Int)

    /// The value as written.
    package var description: String {
        switch self {
        case .string(let text): return text
        case .int(let value): return String(value)
        }
    }
}

/// The raw value types of enums and error catalogs.
package enum EnumRawType: String, Sendable, Hashable {
    /// Text values.
    case string = "String"
    /// Integer values.
    case int = "Int"
}
