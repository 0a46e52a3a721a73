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
            writeArray(count: elements.count, into: &out, pretty: pretty, indent: indent) { index, out in
                write(elements[index], into: &out, pretty: pretty, indent: indent + 1)
            }
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            writeObject(keys: sorted.map(\.key), into: &out, pretty: pretty, indent: indent) { index, out in
                write(sorted[index].value, into: &out, pretty: pretty, indent: indent + 1)
            }
        }
    }

    /// Appends an object of the members named `keys`, in that order (callers pass them sorted):
    /// the punctuation and layout of every object this package writes. `member` appends the
    /// value of the member at a position, one level deeper than `indent`.
    public static func writeObject(keys: [String], into out: inout String, pretty: Bool, indent: Int, member: (Int, inout String) -> Void) {
        if keys.isEmpty { out += "{}"; return }
        out += "{"
        for (index, key) in keys.enumerated() {
            if index > 0 { out += "," }
            if pretty { newline(&out, indent + 1) }
            writeString(key, into: &out)
            out += pretty ? ": " : ":"
            member(index, &out)
        }
        if pretty { newline(&out, indent) }
        out += "}"
    }

    /// Appends an array of `count` elements: the punctuation and layout of every array this
    /// package writes. `element` appends the element at a position, one level deeper than `indent`.
    public static func writeArray(count: Int, into out: inout String, pretty: Bool, indent: Int, element: (Int, inout String) -> Void) {
        if count == 0 { out += "[]"; return }
        out += "["
        for index in 0..<count {
            if index > 0 { out += "," }
            if pretty { newline(&out, indent + 1) }
            element(index, &out)
        }
        if pretty { newline(&out, indent) }
        out += "]"
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
