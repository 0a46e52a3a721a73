/// Writes JSON text as UTF-8 bytes: keys sorted, `/` unescaped, numbers as their numeral text.
@_spi(Generated) public enum PayJSONWriter {
    /// Appends `value` to `out`; `pretty` puts each member and element on its own line, indented
    /// two spaces per level from `indent`.
    public static func write(_ value: PayJSON, into out: inout [UInt8], pretty: Bool, indent: Int) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let text): writeString(text, into: &out)
        case .array(let elements):
            writeArray(count: elements.count, into: &out, pretty: pretty, indent: indent) { index, out in
                write(elements[index], into: &out, pretty: pretty, indent: indent + 1)
            }
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            writeObject(count: sorted.count, key: { sorted[$0].key }, into: &out, pretty: pretty, indent: indent) { index, out in
                write(sorted[index].value, into: &out, pretty: pretty, indent: indent + 1)
            }
        }
    }

    /// `value`'s JSON text as a string.
    public static func text(_ value: PayJSON, pretty: Bool) -> String {
        var out: [UInt8] = []
        write(value, into: &out, pretty: pretty, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends an object of `count` members, in the order of their positions (callers sort them):
    /// the punctuation and layout of every object this package writes. `key` names the member at
    /// a position; `member` appends its value, one level deeper than `indent`.
    public static func writeObject(
        count: Int, key: (Int) -> String, into out: inout [UInt8], pretty: Bool, indent: Int, member: (Int, inout [UInt8]) -> Void
    ) {
        writeList(count: count, brackets: (UInt8(ascii: "{"), UInt8(ascii: "}")), into: &out, pretty: pretty, indent: indent) {
            index, out in
            writeString(key(index), into: &out)
            out.append(UInt8(ascii: ":"))
            if pretty { out.append(UInt8(ascii: " ")) }
            member(index, &out)
        }
    }

    /// Appends an array of `count` elements: the punctuation and layout of every array this
    /// package writes. `element` appends the element at a position, one level deeper than `indent`.
    public static func writeArray(count: Int, into out: inout [UInt8], pretty: Bool, indent: Int, element: (Int, inout [UInt8]) -> Void) {
        writeList(count: count, brackets: (UInt8(ascii: "["), UInt8(ascii: "]")), into: &out, pretty: pretty, indent: indent, item: element)
    }

    @inline(__always)
    private static func writeList(
        count: Int, brackets: (open: UInt8, close: UInt8), into out: inout [UInt8], pretty: Bool, indent: Int,
        item: (Int, inout [UInt8]) -> Void
    ) {
        out.append(brackets.open)
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if pretty { newline(&out, indent + 1) }
            item(index, &out)
        }
        if pretty && count > 0 { newline(&out, indent) }
        out.append(brackets.close)
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// Appends `text` as a JSON string (`\b` and `\f` for backspace and form feed, `\u00XX` for
    /// other control characters).
    public static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        guard PayStringEscaping.needsEscaping(text) else {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        var escaped = ""
        PayStringEscaping.appendEscaped(text, to: &escaped) { value in
            switch value {
            case 0x08: return "\\b"
            case 0x0C: return "\\f"
            default:
                let hex = String(value, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        out.append(contentsOf: escaped.utf8)
        out.append(UInt8(ascii: "\""))
    }
}
