/// Hides card numbers in text that goes to a log, a journal or a terminal: request paths, query
/// names, header names and bodies a client chose, where a careless or hostile client can put a card
/// number in any encoding.
///
/// The text is read as a sequence of characters, each written plain or encoded as a client can
/// encode it (``EncodedText``: percent-encoded `%34`, a JSON escape `\u0034`, an XML reference
/// `&#52;`). Digits that follow each other with at most three separators between them (space, tab,
/// line ends, `-`, `.`, `_`, `/`, `\`, `+`, `,` and any other encoded character) form a run:
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
                let unit = EncodedText.unit(bytes, at: index)
                if unit.byte >= UInt8(ascii: "0") && unit.byte <= UInt8(ascii: "9") {
                    run.digit(unit.byte - UInt8(ascii: "0"), at: index, length: unit.length)
                } else if run.isOpen, unit.isEncoded || isSeparator(unit.byte), run.separators < 3 {
                    run.separator(encoded: unit.isEncoded)
                } else {
                    if let redacted = run.close() { runs.append(redacted) }
                }
                index += unit.length
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

    /// A run of digits being read: its digits, whether separators split it, and where it lies.
    private struct Run {
        var digits: [UInt8] = []
        /// Whether a separator stands between two of its digits.
        var split = false
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
                split = false
            } else if separators > 0 {
                split = true
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
            if !split || digits.count > 12 || encodedSeparator || CardNumberRedaction.passesLuhn(digits) {
                return start..<end
            }
            return nil
        }
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
}
