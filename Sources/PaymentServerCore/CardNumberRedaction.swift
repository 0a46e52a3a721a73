/// Hides card numbers in text that goes to a log, a journal or a terminal: request paths and
/// query names a client chose, where a careless or hostile client can put a card number.
public enum CardNumberRedaction {
    /// `text` with every run of 12 or more digits replaced by `<redacted>`. A digit may be written
    /// plain or percent-encoded (`%34` is `4`); inside a run, `-`, space, `+` and any other
    /// percent-encoded byte (`%2D`, `%20`: three bytes, its hex digits not counted as the number's)
    /// separate the digits; separators after a run's last digit are kept.
    public static func redacting(_ text: Substring) -> String {
        var result = String(text)
        // One pass over the bytes finds the runs; most paths have none and are returned as they are.
        // Digits and separators are ASCII, so a run never splits a character.
        let runs = result.withUTF8 { bytes -> [Range<Int>] in
            var runs: [Range<Int>] = []
            var start: Int?
            var digits = 0
            var end = 0
            var index = 0
            func close() {
                if let start, digits >= 12 { runs.append(start..<end) }
                start = nil
                digits = 0
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    if start == nil { start = index }
                    digits += 1
                    index += 1
                    end = index
                } else if byte == UInt8(ascii: "%") && index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "3")
                    && bytes[index + 2] >= UInt8(ascii: "0") && bytes[index + 2] <= UInt8(ascii: "9")
                {
                    // A percent-encoded digit (`%30`…`%39`) is a digit of the number.
                    if start == nil { start = index }
                    digits += 1
                    index += 3
                    end = index
                } else if start != nil && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "+")) {
                    index += 1
                } else if start != nil && byte == UInt8(ascii: "%") && index + 2 < bytes.count && isHexDigit(bytes[index + 1])
                    && isHexDigit(bytes[index + 2])
                {
                    index += 3
                } else {
                    close()
                    index += 1
                }
            }
            close()
            return runs
        }
        guard !runs.isEmpty else { return result }
        var out: [UInt8] = []
        out.reserveCapacity(result.utf8.count)
        result.withUTF8 { bytes in
            var from = 0
            for run in runs {
                out += bytes[from..<run.lowerBound]
                out += "<redacted>".utf8
                from = run.upperBound
            }
            out += bytes[from...]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A hexadecimal digit, of a percent-encoded byte.
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }
}
