import Foundation
import PaymentSchemasVocabulary

/// A `Decoder` over a parsed ``PayJSON`` document: what ``PayWire/decodeJSON(_:from:)``,
/// ``PayWire/decodeXML(_:from:limits:)`` and ``PayWire/decodeQuery(_:from:)`` use (the XML and query
/// readers hand on the same tree), so JSON, XML and URL-query payloads are decoded by one path.
///
/// Numbers keep their numeral text until a type asks for them: `Decimal` is read by the strict
/// ``PayDecimalText`` reader (no exponents, exact on every platform), integers must be whole and in
/// range, and nothing is read through `Double` except a `Double`. In XML every value is text: a
/// number, a decimal or a boolean (`true`, `false`, `1`, `0`, as XML Schema writes it) is read from
/// a string, one child element is a one-element list, and an empty element is an empty object. A
/// URL query is text too (numbers and decimals read from their text; booleans only as `true` or
/// `false`), its lists split as each field's key says (`PayQueryTree`).
final class PayJSONTreeDecoder: Decoder, PayCodingChain {
    let node: PayJSON
    /// The payload's wire format.
    let format: WireFormat
    /// The decoder of the enclosing value and this value's key in it (`nil` at the root). The
    /// coding path is built from this chain only when something asks for it (an error, usually),
    /// so decoding a field costs no array.
    let parent: PayJSONTreeDecoder?
    let key: PayCodingKey?
    let userInfo: [CodingUserInfoKey: Any]

    /// Where the root sits in an enclosing document another decoder reads (empty under ``PayWire``).
    let basePath: [any CodingKey]

    /// The root decoder of a document, or of a value at `basePath` in another decoder's document.
    init(node: PayJSON, format: WireFormat, basePath: [any CodingKey] = []) {
        self.node = node
        self.format = format
        self.parent = nil
        self.key = nil
        self.basePath = basePath
        self.userInfo = [.paySchemaWireFormat: format]
    }

    /// The decoder of the value under `key` in `parent`'s value.
    init(node: PayJSON, parent: PayJSONTreeDecoder, key: PayCodingKey) {
        self.node = node
        self.parent = parent
        self.key = key
        self.basePath = []
        self.format = parent.format
        self.userInfo = parent.userInfo
    }

    /// `decoder` when it is a tree decoder: a test of the opened existential's type instead of a
    /// dynamic cast (`as?`), which asks the runtime each time. The class is final, so the type test
    /// is exact, and the reference's bits are then those of the optional reference returned.
    static func own<D: Decoder>(_ decoder: D) -> PayJSONTreeDecoder? {
        D.self == PayJSONTreeDecoder.self ? unsafeBitCast(decoder, to: PayJSONTreeDecoder?.self) : nil
    }

    /// The numeral of a number: a JSON number's text, or an XML value's text.
    func numeral(_ node: PayJSON) -> String? {
        if case .number(let text) = node { return text }
        return text(node)
    }

    /// The text of a value that XML or a query writes as text, `nil` in JSON.
    func text(_ node: PayJSON) -> String? {
        guard format != .json, case .string(let text) = node else { return nil }
        return text
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let text = text(node), text.allSatisfy(\.isWhitespace) {
            return KeyedDecodingContainer(PayJSONKeyedContainer<Key>(members: [:], decoder: self))
        }
        guard case .object(let members) = node else {
            throw Self.mismatch([String: PayJSON].self, node, codingPath)
        }
        return KeyedDecodingContainer(PayJSONKeyedContainer<Key>(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        PayJSONUnkeyedContainer(elements: try elements(), decoder: self)
    }

    /// The elements of this decoder's list: an array's, or in XML a single element's (a list of
    /// one).
    func elements() throws -> [PayJSON] {
        if format == .xml, !isArray(node) { return [node] }
        guard case .array(let elements) = node else {
            throw Self.mismatch([PayJSON].self, node, codingPath)
        }
        return elements
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        PayJSONSingleValueContainer(decoder: self)
    }

    private func isArray(_ node: PayJSON) -> Bool {
        if case .array = node { return true }
        return false
    }

    static func mismatch(_ type: Any.Type, _ node: PayJSON, _ path: [any CodingKey]) -> DecodingError {
        if case .null = node {
            return .valueNotFound(type, .init(codingPath: path, debugDescription: "value is null"))
        }
        return .typeMismatch(
            type, .init(codingPath: path, debugDescription: "expected \(PayTypeName.describe(type)), found \(node.typeName)"))
    }

    // Each `unbox` reads `node`, the value under `key` in this decoder's value (or this decoder's own
    // value when `key` is `nil`); paths are built only for errors.

    /// Decodes `node` as `T`.
    ///
    /// This function is generic at run time (generated types call it across the module boundary),
    /// so the known types are passed on with `unsafeBitCast` once `T.self` is known to be theirs: a
    /// conditional cast (`as? T`) would make every call, whatever `T`, look `T?`'s metadata up in
    /// the runtime's cache first (about a twelfth of decoding a small payload).
    func unbox<T: Decodable>(_ node: PayJSON, as type: T.Type, key: PayCodingKey?) throws -> T {
        if T.self == PayJSON.self { return unsafeBitCast(node, to: T.self) }
        if T.self == String.self {
            guard case .string(let text) = node else { throw Self.mismatch(String.self, node, path(appending: key)) }
            return unsafeBitCast(text, to: T.self)
        }
        if T.self == Decimal.self { return unsafeBitCast(try unboxDecimal(node, key: key), to: T.self) }
        if T.self == URL.self { return unsafeBitCast(try unboxURL(node, key: key), to: T.self) }
        guard let key else { return try T(from: self) }
        return try T(from: PayJSONTreeDecoder(node: node, parent: self, key: key))
    }

    func unboxDecimal(_ node: PayJSON, key: PayCodingKey?) throws -> Decimal {
        guard let text = numeral(node) else { throw Self.mismatch(Decimal.self, node, path(appending: key)) }
        switch PayDecimalText.read(text) {
        case .success(let reading): return reading.value
        case .failure(let problem):
            throw DecodingError.dataCorrupted(.init(codingPath: path(appending: key), debugDescription: "'\(text)' " + problem.description))
        }
    }

    func unboxURL(_ node: PayJSON, key: PayCodingKey?) throws -> URL {
        guard case .string(let text) = node else { throw Self.mismatch(URL.self, node, path(appending: key)) }
        guard let url = PayURLText.url(text, allowRelative: false) else {
            let problem = PayURLText.problem(in: text, allowRelative: false)?.description ?? "is not a URL"
            throw DecodingError.dataCorrupted(.init(codingPath: path(appending: key), debugDescription: "'\(text)' \(problem)"))
        }
        return url
    }

    func unboxBool(_ node: PayJSON, key: PayCodingKey?) throws -> Bool {
        if case .bool(let value) = node { return value }
        switch text(node) {
        case "true": return true
        case "false": return false
        case "1" where format == .xml: return true
        case "0" where format == .xml: return false
        case let text?:
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: path(appending: key),
                    debugDescription: "'\(text)' is not a boolean (" + (format == .xml ? "true, false, 1 or 0)" : "true or false)")))
        case nil: throw Self.mismatch(Bool.self, node, path(appending: key))
        }
    }

    func unboxInteger<T: FixedWidthInteger>(_ node: PayJSON, as type: T.Type, key: PayCodingKey?) throws -> T {
        guard let text = numeral(node) else { throw Self.mismatch(T.self, node, path(appending: key)) }
        if let value = T(text) { return value }
        // A JSON number whose value is whole (`637407.0`, `1e3`) is an integer, as JSON Schema's
        // `integer` says; read exactly from its digits, never through a floating-point value.
        if case .number = node, let whole = Self.wholeNumeral(text), let value = T(whole) { return value }
        throw DecodingError.dataCorrupted(
            .init(codingPath: path(appending: key), debugDescription: "'\(text)' is not a whole number that fits \(T.self)"))
    }

    /// The digits of a JSON number's text when its value is a whole number (`-12.00` is `-12`,
    /// `1.5e1` is `15`), else `nil`: the mantissa's digits moved by the exponent, every digit after
    /// the point zero. An exponent beyond ±64 is no integer type's (and is not expanded).
    static func wholeNumeral(_ text: String) -> String? {
        var mantissa = Substring(text)
        var exponent = 0
        if let mark = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(text[text.index(after: mark)...]), (-64...64).contains(value) else { return nil }
            exponent = value
            mantissa = text[..<mark]
        }
        let negative = mantissa.first == "-"
        if negative { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = Array(parts[0] + (parts.count > 1 ? parts[1] : ""))
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let point = parts[0].count + exponent
        let whole = point <= 0 ? [] : Array(digits.prefix(point)) + Array(repeating: "0", count: max(0, point - digits.count))
        let fraction = point <= 0 ? digits : Array(digits.dropFirst(point))
        guard fraction.allSatisfy({ $0 == "0" }) else { return nil }
        let text = String(whole.isEmpty ? ["0"] : whole)
        return negative && text.contains(where: { $0 != "0" }) ? "-" + text : text
    }

    func unboxFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ node: PayJSON, as type: T.Type, key: PayCodingKey?
    ) throws -> T {
        guard let text = numeral(node) else { throw Self.mismatch(T.self, node, path(appending: key)) }
        guard let value = T(text), value.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(appending: key), debugDescription: "'\(text)' does not fit \(T.self)"))
        }
        return value
    }
}

extension PayCodingKey {
    /// The same key as a `PayCodingKey`.
    init(_ key: some CodingKey) {
        if let index = key.intValue, key.stringValue == String(index) {
            self.init(intValue: index)
        } else {
            self.init(stringValue: key.stringValue)
        }
    }
}

struct PayJSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: PayJSON]
    let decoder: PayJSONTreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.sorted().compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members.member(named: key.stringValue) != nil }

    func node(_ key: Key) throws -> PayJSON {
        guard let node = members.member(named: key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "required field is missing"))
        }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try node(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.unboxBool(node(key), key: PayCodingKey(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let value = try node(key)
        guard case .string(let text) = value else {
            throw PayJSONTreeDecoder.mismatch(String.self, value, decoder.path(appending: PayCodingKey(key)))
        }
        return text
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.unboxFloatingPoint(node(key), as: Double.self, key: PayCodingKey(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.unboxFloatingPoint(node(key), as: Float.self, key: PayCodingKey(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decoder.unboxInteger(node(key), as: Int.self, key: PayCodingKey(key))
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try decoder.unboxInteger(node(key), as: Int8.self, key: PayCodingKey(key))
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try decoder.unboxInteger(node(key), as: Int16.self, key: PayCodingKey(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try decoder.unboxInteger(node(key), as: Int32.self, key: PayCodingKey(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decoder.unboxInteger(node(key), as: Int64.self, key: PayCodingKey(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try decoder.unboxInteger(node(key), as: UInt.self, key: PayCodingKey(key))
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try decoder.unboxInteger(node(key), as: UInt8.self, key: PayCodingKey(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decoder.unboxInteger(node(key), as: UInt16.self, key: PayCodingKey(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decoder.unboxInteger(node(key), as: UInt32.self, key: PayCodingKey(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decoder.unboxInteger(node(key), as: UInt64.self, key: PayCodingKey(key))
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(node(key), as: T.self, key: PayCodingKey(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members.member(named: key.stringValue) else { return nil }
        if case .null = value, T.self != PayJSON.self { return nil }
        return try decoder.unbox(value, as: T.self, key: PayCodingKey(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try PayJSONTreeDecoder(node: node(key), parent: decoder, key: PayCodingKey(key)).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try PayJSONTreeDecoder(node: node(key), parent: decoder, key: PayCodingKey(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        PayJSONTreeDecoder(node: members.member(named: "super") ?? .null, parent: decoder, key: PayCodingKey(stringValue: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        PayJSONTreeDecoder(node: members.member(named: key.stringValue) ?? .null, parent: decoder, key: PayCodingKey(key))
    }
}

struct PayJSONUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [PayJSON]
    let decoder: PayJSONTreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }
    private(set) var currentIndex = 0

    init(elements: [PayJSON], decoder: PayJSONTreeDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    private var elementKey: PayCodingKey { PayCodingKey(intValue: currentIndex) }

    private mutating func next() throws -> PayJSON {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                PayJSON.self, .init(codingPath: decoder.path(appending: elementKey), debugDescription: "the array has no more elements"))
        }
        return elements[currentIndex]
    }

    private mutating func advance<T>(_ body: (PayJSONTreeDecoder, PayJSON, PayCodingKey) throws -> T) throws -> T {
        let value = try body(decoder, next(), elementKey)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try next() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try advance { try $0.unboxBool($1, key: $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try advance { try $0.unbox($1, as: String.self, key: $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try advance { try $0.unboxFloatingPoint($1, as: Double.self, key: $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try advance { try $0.unboxFloatingPoint($1, as: Float.self, key: $2) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try advance { try $0.unboxInteger($1, as: Int.self, key: $2) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try advance { try $0.unboxInteger($1, as: Int8.self, key: $2) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try advance { try $0.unboxInteger($1, as: Int16.self, key: $2) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try advance { try $0.unboxInteger($1, as: Int32.self, key: $2) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try advance { try $0.unboxInteger($1, as: Int64.self, key: $2) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try advance { try $0.unboxInteger($1, as: UInt.self, key: $2) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try advance { try $0.unboxInteger($1, as: UInt8.self, key: $2) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try advance { try $0.unboxInteger($1, as: UInt16.self, key: $2) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try advance { try $0.unboxInteger($1, as: UInt32.self, key: $2) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try advance { try $0.unboxInteger($1, as: UInt64.self, key: $2) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try advance { try $0.unbox($1, as: T.self, key: $2) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try advance { try PayJSONTreeDecoder(node: $1, parent: $0, key: $2).container(keyedBy: NestedKey.self) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try advance { try PayJSONTreeDecoder(node: $1, parent: $0, key: $2).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try advance { PayJSONTreeDecoder(node: $1, parent: $0, key: $2) }
    }
}

struct PayJSONSingleValueContainer: SingleValueDecodingContainer {
    let decoder: PayJSONTreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var node: PayJSON { decoder.node }

    func decodeNil() -> Bool {
        if case .null = node { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decoder.unboxBool(node, key: nil) }
    func decode(_ type: String.Type) throws -> String { try decoder.unbox(node, as: String.self, key: nil) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.unboxFloatingPoint(node, as: Double.self, key: nil) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.unboxFloatingPoint(node, as: Float.self, key: nil) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.unboxInteger(node, as: Int.self, key: nil) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.unboxInteger(node, as: Int8.self, key: nil) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.unboxInteger(node, as: Int16.self, key: nil) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.unboxInteger(node, as: Int32.self, key: nil) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.unboxInteger(node, as: Int64.self, key: nil) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.unboxInteger(node, as: UInt.self, key: nil) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.unboxInteger(node, as: UInt8.self, key: nil) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.unboxInteger(node, as: UInt16.self, key: nil) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.unboxInteger(node, as: UInt32.self, key: nil) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.unboxInteger(node, as: UInt64.self, key: nil) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // `unsafeBitCast` once `T.self` is known, as in `PayJSONTreeDecoder.unbox`: no `T?` metadata.
        if T.self == PayJSON.self { return unsafeBitCast(node, to: T.self) }
        if T.self == Decimal.self { return unsafeBitCast(try decoder.unboxDecimal(node, key: nil), to: T.self) }
        if T.self == String.self, case .string(let text) = node { return unsafeBitCast(text, to: T.self) }
        // A nested value of the same node (a newtype decoding its raw value): same decoder.
        return try T(from: decoder)
    }
}
