/// Writes JSON text: keys sorted, `/` unescaped, numbers as their numeral text.
@_spi(Generated) public enum PayJSONWriter {
    /// Appends `value` to `out`; `pretty` puts each member and element on its own line, indented
    /// two spaces per level from `indent`.
    public static func write(_ value: PayJSON, into out: inout String, pretty: Bool, indent: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): writeString(text, into: &out)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                if pretty { newline(&out, indent + 1) }
                write(element, into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                if pretty { newline(&out, indent + 1) }
                writeString(key, into: &out)
                out += pretty ? ": " : ":"
                if let member = members[key] { write(member, into: &out, pretty: pretty, indent: indent + 1) }
            }
            if pretty { newline(&out, indent) }
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int) {
        out += "\n" + String(repeating: "  ", count: indent)
    }

    /// Appends `text` as a JSON string (`\b` and `\f` for backspace and form feed, `\u00XX` for
    /// other control characters).
    public static func writeString(_ text: String, into out: inout String) {
        PayStringEscaping.appendQuoted(text, to: &out) { value in
            switch value {
            case 0x08: return "\\b"
            case 0x0C: return "\\f"
            default:
                let hex = String(value, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
    }
}
