import Foundation

/// A JSON document with ordered object keys, so exports are deterministic and readable.
public indirect enum JSONValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    /// Text.
    case string(String)
    /// A number, written as given.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// A list.
    case array([JSONValue])
    /// An object in key order.
    case object([(String, JSONValue)])

    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    public init(integerLiteral value: Int) { self = .number(String(value)) }

    /// Equal when the JSON is equal.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
    /// Hashes the JSON text.
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// Pretty JSON with two-space indentation and a final newline.
    public func serialized() -> String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .string(let text): out += Self.quote(text)
        case .number(let text): out += text
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += indent + "  "
                item.write(into: &out, indent: indent + "  ")
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let entries):
            if entries.isEmpty { out += "{}"; return }
            out += "{\n"
            for (index, entry) in entries.enumerated() {
                out += indent + "  " + Self.quote(entry.0) + ": "
                entry.1.write(into: &out, indent: indent + "  ")
                out += index == entries.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    static func quote(_ text: String) -> String {
        Naming.quoted(text) { String(format: "\\u%04x", $0) }
    }
}
