import Foundation

/// Limits every reader applies to a payload, so hostile input ends in an error, never in unbounded
/// work or memory.
public struct PayPayloadLimits: Sendable, Hashable {
    /// The largest payload, in bytes.
    public var maximumBytes: Int
    /// The deepest nesting of arrays and objects (of elements, in XML).
    public var maximumDepth: Int
    /// The most elements an XML document may have.
    public var maximumElements: Int
    /// The most attributes one XML element may have (namespace declarations included).
    public var maximumAttributesPerElement: Int
    /// The most character references (`&#…;`) an XML document may have.
    public var maximumCharacterReferences: Int

    /// 8 MiB, 64 levels, 100,000 elements, 256 attributes per element and 100,000 character
    /// references: far above any provider payload, and small enough that the worst document within
    /// them is read in milliseconds.
    public static let standard = PayPayloadLimits(maximumBytes: 8 << 20, maximumDepth: 64)

    /// Creates limits.
    public init(
        maximumBytes: Int, maximumDepth: Int, maximumElements: Int = 100_000,
        maximumAttributesPerElement: Int = 256, maximumCharacterReferences: Int = 100_000
    ) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumElements = maximumElements
        self.maximumAttributesPerElement = maximumAttributesPerElement
        self.maximumCharacterReferences = maximumCharacterReferences
    }
}

/// A strict RFC 8259 parser: UTF-8 only, no trailing commas, comments, `NaN` or duplicate keys;
/// numbers keep their numeral text.
public struct PayJSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private let limits: PayPayloadLimits
    /// The members of the objects being read, innermost last: an object's members are gathered
    /// here and its dictionary is built once at its end, at its final size (grown member by member,
    /// a dictionary reallocates and hashes every name again at each growth). One buffer for the
    /// whole document, reused by each object.
    private var pending: [(name: String, start: Int, value: PayJSON)] = []

    /// Parses a whole document.
    public static func parse(_ data: Data, limits: PayPayloadLimits = .standard) throws(PayJSONSyntaxError) -> PayJSON {
        let result: Result<PayJSON, PayJSONSyntaxError> = data.withUnsafeBytes { raw in
            parse(buffer: raw.bindMemory(to: UInt8.self), limits: limits)
        }
        return try result.get()
    }

    /// Parses a whole document given as text.
    public static func parse(_ text: String, limits: PayPayloadLimits = .standard) throws(PayJSONSyntaxError) -> PayJSON {
        try parse(Data(text.utf8), limits: limits)
    }

    package static func parse(buffer: UnsafeBufferPointer<UInt8>, limits: PayPayloadLimits) -> Result<PayJSON, PayJSONSyntaxError> {
        var parser = PayJSONParser(bytes: buffer, limits: limits)
        return Result { () throws(PayJSONSyntaxError) -> PayJSON in try parser.document() }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: PayPayloadLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    private mutating func document() throws(PayJSONSyntaxError) -> PayJSON {
        guard bytes.count <= limits.maximumBytes else {
            throw PayJSONSyntaxError(line: 1, column: 1, message: "the payload is larger than \(limits.maximumBytes) bytes")
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String, at offset: Int? = nil) -> PayJSONSyntaxError {
        PaySyntaxError(at: offset ?? index, in: bytes, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(PayJSONSyntaxError) -> PayJSON {
        guard index < bytes.count else { throw error("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal(Self.trueWord)
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal(Self.falseWord)
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal(Self.nullWord)
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character; expected a JSON value")
        }
    }

    private static let trueWord = Array("true".utf8)
    private static let falseWord = Array("false".utf8)
    private static let nullWord = Array("null".utf8)

    private mutating func literal(_ word: [UInt8]) throws(PayJSONSyntaxError) {
        let count = word.count
        guard index + count <= bytes.count else { throw error("unexpected end of the document") }
        for offset in 0..<count where bytes[index + offset] != word[offset] {
            throw error("unexpected character; expected a JSON value")
        }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(PayJSONSyntaxError) -> PayJSON {
        guard depth <= limits.maximumDepth else { throw error("nesting is deeper than \(limits.maximumDepth) levels") }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([:])
        }
        let first = pending.count
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            index += 1
            skipWhitespace()
            pending.append((key, keyStart, try parseValue(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the document; the object is not closed") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(try members(from: first))
            }
            throw error("expected ',' or '}' in the object")
        }
    }

    /// The dictionary of the object whose members are `pending` from `first` on, which it removes;
    /// a name given twice is an error at its second occurrence.
    private mutating func members(from first: Int) throws(PayJSONSyntaxError) -> [String: PayJSON] {
        var members = [String: PayJSON](minimumCapacity: pending.count - first)
        for (name, start, value) in pending[first...] where members.updateValue(value, forKey: name) != nil {
            throw error("duplicate member name '\(name)'", at: start)
        }
        pending.removeSubrange(first...)
        return members
    }

    private mutating func parseArray(depth: Int) throws(PayJSONSyntaxError) -> PayJSON {
        guard depth <= limits.maximumDepth else { throw error("nesting is deeper than \(limits.maximumDepth) levels") }
        index += 1
        var elements: [PayJSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the document; the array is not closed") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw error("expected ',' or ']' in the array")
        }
    }

    private mutating func parseNumber() throws(PayJSONSyntaxError) -> String {
        let start = index
        func digits(_ parser: inout PayJSONParser) -> Int {
            var count = 0
            while parser.index < parser.bytes.count, parser.bytes[parser.index] >= UInt8(ascii: "0"),
                parser.bytes[parser.index] <= UInt8(ascii: "9")
            {
                parser.index += 1
                count += 1
            }
            return count
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("a number needs digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw error("a number needs digits")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("a number needs digits in its exponent") }
        }
        if index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            throw error("a number cannot have leading zeros")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func parseString() throws(PayJSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes. ASCII text is valid UTF-8 as it is; anything else is validated.
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if ascii {
                    index += 1
                    return String(decoding: slice, as: UTF8.self)
                }
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw error("the string is not valid UTF-8", at: firstInvalidUTF8(from: start))
                }
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("a control character must be escaped in a string") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        var scalars = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scalars, as: UTF8.self) else {
                    throw error("the string is not valid UTF-8", at: firstInvalidUTF8(from: start))
                }
                index += 1
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a high surrogate must be followed by a low surrogate")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate must be followed by a low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("a low surrogate without a high surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("not a Unicode scalar") }
                    scalars.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    throw error("unknown escape sequence", at: index - 2)
                }
            default:
                if byte < 0x20 { throw error("a control character must be escaped in a string") }
                scalars.append(byte)
                index += 1
            }
        }
        throw error("unexpected end of the document; the string is not closed")
    }

    private mutating func hex4() throws(PayJSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("\\u needs four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The offset of the first byte that breaks UTF-8 at or after `start` (the string's start when none).
    private func firstInvalidUTF8(from start: Int) -> Int {
        var position = start
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            let length = PayUTF8.sequenceLength(bytes, at: position)
            if length == 0 { return position }
            position += length
        }
        return start
    }
}
