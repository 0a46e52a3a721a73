/// The characters of a client's text as a client may have encoded them: the one reader that the
/// card-number redaction (``CardNumberRedaction``) and the sandbox's text redaction share.
///
/// An ASCII character may be written plain, percent-encoded (`%34`), as a JSON escape (`\u0034`,
/// `\t`, `\n`, `\r`, `\b`, `\f`, `\/`, `\\`), or as an XML reference (`&#52;`, `&#x34;`, `&lt;`,
/// `&gt;`, `&amp;`, `&quot;`, `&apos;`); each is read as the character it stands for. A byte that
/// starts none of these (or an escape of a character beyond ASCII) is itself.
public enum EncodedText {
    /// One character: the ASCII byte it stands for (or the byte itself) and how many bytes write it.
    public struct Unit: Sendable, Hashable {
        /// The character's byte.
        public var byte: UInt8
        /// How many bytes of the text write it (1 when it is written plain).
        public var length: Int
        /// Whether it is written encoded.
        public var isEncoded: Bool { length > 1 }
    }

    /// The character that starts at `index` of `bytes`.
    public static func unit(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Unit {
        let byte = bytes[index]
        let rest = bytes.count - index
        switch byte {
        case UInt8(ascii: "%") where rest >= 3:
            if let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) { return Unit(byte: high << 4 | low, length: 3) }
        case UInt8(ascii: "\\") where rest >= 2:
            switch bytes[index + 1] {
            case UInt8(ascii: "t"): return Unit(byte: 0x09, length: 2)
            case UInt8(ascii: "n"): return Unit(byte: 0x0A, length: 2)
            case UInt8(ascii: "r"): return Unit(byte: 0x0D, length: 2)
            case UInt8(ascii: "b"): return Unit(byte: 0x08, length: 2)
            case UInt8(ascii: "f"): return Unit(byte: 0x0C, length: 2)
            case UInt8(ascii: "/"), UInt8(ascii: "\\"): return Unit(byte: bytes[index + 1], length: 2)
            case UInt8(ascii: "u") where rest >= 6:
                var value: UInt32 = 0
                for offset in 2..<6 {
                    guard let digit = hex(bytes[index + offset]) else { return Unit(byte: byte, length: 1) }
                    value = value << 4 | UInt32(digit)
                }
                if value < 0x80 { return Unit(byte: UInt8(value), length: 6) }
            default: break
            }
        case UInt8(ascii: "&") where rest >= 4:
            if bytes[index + 1] == UInt8(ascii: "#") {
                let isHex = bytes[index + 2] == UInt8(ascii: "x") || bytes[index + 2] == UInt8(ascii: "X")
                let first = index + (isHex ? 3 : 2)
                var cursor = first
                var value: UInt32 = 0
                while cursor < bytes.count, cursor - first < 8, let digit = isHex ? hex(bytes[cursor]) : decimal(bytes[cursor]) {
                    value = value * (isHex ? 16 : 10) + UInt32(digit)
                    cursor += 1
                }
                if cursor > first, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"), value > 0, value < 0x80 {
                    return Unit(byte: UInt8(value), length: cursor + 1 - index)
                }
            } else {
                for (name, value) in namedReferences where bytes[index...].starts(with: name) {
                    return Unit(byte: value, length: name.count)
                }
            }
        default: break
        }
        return Unit(byte: byte, length: 1)
    }

    /// Every character of `bytes`, each with where it starts.
    public static func units(_ bytes: UnsafeBufferPointer<UInt8>) -> [(unit: Unit, start: Int)] {
        var units: [(unit: Unit, start: Int)] = []
        units.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let unit = unit(bytes, at: index)
            units.append((unit, index))
            index += unit.length
        }
        return units
    }

    /// XML's predefined entity references, by the character each stands for.
    static let namedReferences: [([UInt8], UInt8)] = [
        (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&amp;".utf8), UInt8(ascii: "&")),
        (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&apos;".utf8), UInt8(ascii: "'")),
    ]

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func decimal(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
    }
}
