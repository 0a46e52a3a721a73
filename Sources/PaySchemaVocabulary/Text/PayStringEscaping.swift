/// The one escaping of quoted string literals the package writes: Swift literals in generated code
/// (`Naming.literal`) and JSON strings (`PayJSONWriter`). `"`, `\`, newline, return and tab have
/// the same escape in both; every other control character is written by the caller's `control`
/// (`\u{8}` in Swift, `\b` or `\u0008` in JSON).
@_spi(Generated) public enum PayStringEscaping {
    /// Appends `text` in double quotes to `out`, escaped.
    public static func appendQuoted(_ text: String, to out: inout String, control: (UInt32) -> String) {
        // Nothing to escape (the usual case): the text as it is, in quotes.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += "\""
            out += text
            out += "\""
            return
        }
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += control(scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        out += "\""
    }
}
