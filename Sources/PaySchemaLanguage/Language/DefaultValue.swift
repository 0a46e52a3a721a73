/// A literal default value.
package indirect enum DefaultValue: Sendable, Hashable, CustomStringConvertible {
    /// Text, also used for enum raw values, URLs and decimals written quoted.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// A number with a fraction, kept as written.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// A list of values.
    case list([DefaultValue])

    /// The schema spelling.
    package var description: String {
        switch self {
        case .string(let text): return "'\(text)'"
        case .integer(let value): return String(value)
        case .number(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
