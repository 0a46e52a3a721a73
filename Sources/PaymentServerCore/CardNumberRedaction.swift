/// Hides card numbers in text that goes to a log, a journal or a terminal: request paths, query
/// names, header names and bodies a client chose, where a careless or hostile client can put a card
/// number in any encoding.
///
/// The text is read as a sequence of characters, each written plain or encoded as a client can
/// encode it: percent-encoded (`%34`), a JSON escape (`\u0034`, and `\t`, `\n`, `\r`, `\/`, `\\`)
/// or an XML character reference (`&#52;`, `&#x34;`). Digits that follow each other with at most
/// three separators between them (space, tab, line ends, `-`, `.`, `_`, `/`, `\`, `+`, `,` and any
/// other percent-encoded byte) form a run:
/// - a run with 12 or more digits and no separator is redacted (nothing else writes 12 digits in a row);
/// - a run with separators and 13 or more digits is redacted (`4111.1111.1111.1111`,
///   `4111 1111 1111 1111 123`: a card number, alone or among other digits);
/// - a run with separators and 12 digits is redacted when they pass the Luhn check every card
///   number passes or a separator is encoded (`%11`, `\t`: written to hide), so a phone number or an
///   address written with plain separators stays. A colon is no separator: dates and times stay too.
///
/// A redacted run, from its first digit to its last, becomes `<redacted>`; separators after its last
/// digit are kept.
public enum CardNumberRedaction {
    /// What a card number is shown as.
    public static let placeholder = "<redacted>"

    /// `text` with every card number redacted.
    public static func redacting(_ text: Substring) -> String {
        var result = String(text)
        // One pass over the bytes finds the runs; most texts have none and are returned as they are.
        // Every unit is ASCII or a whole encoded sequence, so a run never splits a character.
        let runs = result.withUTF8 { bytes -> [Range<Int>] in
            var runs: [Range<Int>] = []
            var run = Run()
            var index = 0
            while index < bytes.count {
                let (value, length) = unit(bytes, at: index)
                if let value, value >= UInt8(ascii: "0") && value <= UInt8(ascii: "9") {
                    run.digit(value - UInt8(ascii: "0"), at: index, length: length)
                } else if run.isOpen, let value, isSeparator(value), run.separators < 3 {
                    run.separator(encoded: length > 1)
                } else {
                    if let redacted = run.close() { runs.append(redacted) }
                }
                index += length
            }
            if let redacted = run.close() { runs.append(redacted) }
            return runs
        }
        guard !runs.isEmpty else { return result }
        var out: [UInt8] = []
        out.reserveCapacity(result.utf8.count)
        result.withUTF8 { bytes in
            var from = 0
            for run in runs {
                out += bytes[from..<run.lowerBound]
                out += placeholder.utf8
                from = run.upperBound
            }
            out += bytes[from...]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `digits` (each 0…9) pass the Luhn check.
    public static func passesLuhn<Digits: BidirectionalCollection>(_ digits: Digits) -> Bool where Digits.Element == UInt8 {
        var sum = 0
        for (position, digit) in digits.reversed().enumerated() {
            let value = Int(digit)
            sum += position % 2 == 1 ? (value * 2 > 9 ? value * 2 - 9 : value * 2) : value
        }
        return sum % 10 == 0
    }

    /// A run of digits being read: its digits, its groups (digits between separators) and where it lies.
    private struct Run {
        var digits: [UInt8] = []
        /// The index in ``digits`` where each group (digits between separators) starts.
        var groups: [Int] = []
        var start = 0
        var end = 0
        /// Separators read since the last digit.
        var separators = 0
        /// Whether a separator was written encoded (percent-encoded, a JSON escape, a reference).
        var encodedSeparator = false
        var isOpen: Bool { !digits.isEmpty }

        mutating func digit(_ value: UInt8, at index: Int, length: Int) {
            if digits.isEmpty {
                start = index
                groups = [0]
            } else if separators > 0 {
                groups.append(digits.count)
            }
            digits.append(value)
            separators = 0
            end = index + length
        }

        mutating func separator(encoded: Bool) {
            separators += 1
            if encoded { encodedSeparator = true }
        }

        /// Ends the run: its byte range when it is redacted.
        mutating func close() -> Range<Int>? {
            defer {
                digits.removeAll(keepingCapacity: true)
                separators = 0
                encodedSeparator = false
            }
            guard digits.count >= 12 else { return nil }
            if groups.count == 1 || digits.count > 12 || encodedSeparator || CardNumberRedaction.passesLuhn(digits) {
                return start..<end
            }
            return nil
        }
    }

    /// The character at `index` and how many bytes write it: plain, percent-encoded, a JSON escape
    /// or an XML character reference; `nil` for a byte that is none of these (it ends a run).
    private static func unit(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt8?, Int) {
        let byte = bytes[index]
        let rest = bytes.count - index
        switch byte {
        case UInt8(ascii: "%") where rest >= 3:
            if let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                let value = high << 4 | low
                // Any percent-encoded byte that is not a digit separates digits.
                return (value >= UInt8(ascii: "0") && value <= UInt8(ascii: "9") ? value : UInt8(ascii: " "), 3)
            }
        case UInt8(ascii: "\\") where rest >= 2:
            switch bytes[index + 1] {
            case UInt8(ascii: "t"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "b"),
                UInt8(ascii: "f"):
                return (UInt8(ascii: " "), 2)
            case UInt8(ascii: "u") where rest >= 6:
                var value: UInt32 = 0
                for offset in 2..<6 {
                    guard let digit = hexValue(bytes[index + offset]) else { return (byte, 1) }
                    value = value << 4 | UInt32(digit)
                }
                return (value < 0x80 ? UInt8(value) : nil, 6)
            default: break
            }
        case UInt8(ascii: "&") where rest >= 4 && bytes[index + 1] == UInt8(ascii: "#"):
            var offset = index + 2
            let hex = bytes[offset] == UInt8(ascii: "x") || bytes[offset] == UInt8(ascii: "X")
            if hex { offset += 1 }
            var value: UInt32 = 0
            var read = 0
            while offset < bytes.count, read < 8 {
                let digit = hex ? hexValue(bytes[offset]) : decimalValue(bytes[offset])
                guard let digit else { break }
                value = value * (hex ? 16 : 10) + UInt32(digit)
                offset += 1
                read += 1
            }
            if read > 0, offset < bytes.count, bytes[offset] == UInt8(ascii: ";") {
                return (value < 0x80 ? UInt8(value) : nil, offset + 1 - index)
            }
        default: break
        }
        return (byte, 1)
    }

    /// Whether `value` may stand between the digits of one number.
    private static func isSeparator(_ value: UInt8) -> Bool {
        switch value {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "+"), UInt8(ascii: ","):
            true
        default: false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func decimalValue(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
    }
}
