/// The one escaping of quoted string literals the package writes: Swift literals in generated code
/// (`Naming.literal`) and JSON strings (`PayJSONWriter`). `"`, `\`, newline, return and tab have
/// the same escape in both; every other control character (and DEL), and the line breaks outside
/// ASCII (U+0085, U+2028, U+2029: a reader or an editor breaks the line there, and JavaScript
/// before ES2019 refuses them in a string), is written by the caller's `control` (`\u{8}` in Swift,
/// `\b` or `\u0008` in JSON).
@_spi(Generated) public enum PayStringEscaping {
    /// Whether `text` holds anything that is escaped (a quote, a backslash, a control character or
    /// DEL, which Swift refuses unescaped in a literal; or may: a line break outside ASCII begins
    /// with the byte 0xC2 or 0xE2).
    public static func needsEscaping(_ text: String) -> Bool {
        // Read from the bytes in place where the string has them (it nearly always does).
        text.utf8.withContiguousStorageIfAvailable(needsEscaping) ?? needsEscaping(text.utf8)
    }

    private static func needsEscaping<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xC2 || $0 == 0xE2 }
    }

    /// Appends `text` in double quotes to `out`, escaped.
    public static func appendQuoted(_ text: String, to out: inout String, control: (UInt32) -> String) {
        out += "\""
        appendEscaped(text, to: &out, control: control)
        out += "\""
    }

    /// Appends `text` escaped, without quotes (the text between the quotes of a literal, or a
    /// literal piece of a Swift string interpolation).
    public static func appendEscaped(_ text: String, to out: inout String, control: (UInt32) -> String) {
        // Nothing to escape (the usual case): the text as it is.
        guard needsEscaping(text) else {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += control(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }
}
