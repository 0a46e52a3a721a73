import PaymentServerCore

/// Text that is read as no structure (a body that does not parse, a header value, an id a client
/// chose), redacted by pattern: the value written after a secret's name (``SecretName``) as
/// `name=value`, `name: value`, `"name": "value"` or `<name>value`, and every private key block.
/// Card numbers are ``CardNumberRedaction``'s, applied after this.
enum LooseText {
    /// `text` with those values replaced by `<redacted>`; with `blankAssigns`, a value written after
    /// a secret's name and blanks only (`password hunter2`, in a body that does not parse) too.
    /// Names, values and key blocks are found in the text as written or encoded (``EncodedText``:
    /// percent-encoded, JSON-escaped, XML references): each is read as the character it stands for.
    static func redacting(_ text: String, blankAssigns: Bool = false) -> String {
        let raw = Array(text.utf8)
        let units = decode(raw)
        let bytes = units.map(\.byte)
        var ranges = privateKeys(in: bytes)
        var index = 0
        while index < bytes.count {
            if let covering = ranges.first(where: { $0.contains(index) }) {
                index = covering.upperBound
                continue
            }
            guard isNameByte(bytes[index]), index == 0 || !isNameByte(bytes[index - 1]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count && isNameByte(bytes[end]) { end += 1 }
            // A value assigned to the name first (cheap, and most words have none), then whether
            // the name is a secret's.
            if let value = value(after: end, in: bytes, blankAssigns: blankAssigns),
                SecretName.isSecret(String(decoding: bytes[index..<end], as: UTF8.self))
            {
                ranges.append(value)
                index = value.upperBound
                continue
            }
            index = end
        }
        guard !ranges.isEmpty else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var from = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where units[range.lowerBound].start >= from {
            out += raw[from..<units[range.lowerBound].start]
            out += ExchangeRedaction.placeholder.utf8
            from = units[range.upperBound - 1].end
        }
        out += raw[from...]
        return String(decoding: out, as: UTF8.self)
    }

    /// One character of the text: the byte it stands for and where it is written.
    struct Unit {
        var byte: UInt8
        var start: Int
        var end: Int
    }

    /// The text's characters as ``EncodedText`` reads them.
    static func decode(_ raw: [UInt8]) -> [Unit] {
        raw.withUnsafeBufferPointer { bytes in
            EncodedText.units(bytes).map { Unit(byte: $0.unit.byte, start: $0.start, end: $0.start + $0.unit.length) }
        }
    }

    /// The value written after a name ending at `start`: past an optional closing quote, blanks,
    /// one of `=`, `:` or `>` (or, with `blankAssigns`, the blanks alone), blanks and an opening
    /// quote, up to its closing quote, the next `<` after `>`, or the first byte that ends a value.
    /// `nil` when no assignment follows or the value is empty or a structure.
    static func value(after start: Int, in bytes: [UInt8], blankAssigns: Bool) -> Range<Int>? {
        var index = start
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") { index += 1 }
        let blanksStart = index
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard index < bytes.count else { return nil }
        let assignment = bytes[index]
        if [UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: ">")].contains(assignment) {
            index += 1
        } else if !(blankAssigns && index > blanksStart) {
            return nil
        }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard index < bytes.count else { return nil }
        let first = bytes[index]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var end = index + 1
            while end < bytes.count, bytes[end] != first {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            end = min(end, bytes.count)
            return end > index + 1 ? (index + 1)..<end : nil
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return nil }
        var end = index
        if assignment == UInt8(ascii: ">") {
            // Element content: up to the next tag, references and all.
            while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
        } else {
            while end < bytes.count, !endsValue(bytes[end]) { end += 1 }
        }
        return end > index ? index..<end : nil
    }

    /// Every `-----BEGIN …PRIVATE…-----` block, to the end of its `-----END …-----` line (or of the text).
    static func privateKeys(in bytes: [UInt8]) -> [Range<Int>] {
        let begin = Array("-----BEGIN".utf8)
        let end = Array("-----END".utf8)
        let dashes = Array("-----".utf8)
        var ranges: [Range<Int>] = []
        var from = 0
        while let start = find(begin, in: bytes, from: from) {
            let labelEnd = find(dashes, in: bytes, from: start + begin.count) ?? bytes.count
            let label = String(decoding: bytes[(start + begin.count)..<labelEnd], as: UTF8.self).uppercased()
            guard label.contains("PRIVATE") || label.contains("SECRET") else {
                from = start + begin.count
                continue
            }
            var stop = bytes.count
            if let close = find(end, in: bytes, from: labelEnd), let closeDashes = find(dashes, in: bytes, from: close + end.count) {
                stop = closeDashes + dashes.count
            }
            ranges.append(start..<stop)
            from = stop
        }
        return ranges
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count, from <= bytes.count - needle.count else { return nil }
        var index = from
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// A byte of a name written in text: an ASCII letter or digit, `_`, `-` or `.`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// A byte that ends an unquoted value.
    static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "<"),
            UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            true
        default: false
        }
    }
}
