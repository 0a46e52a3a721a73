import Foundation
import PaySchemaVocabulary

/// A value being built by ``PayJSONTreeEncoder``: containers are shared references so that nested
/// containers can keep writing into them.
final class PayJSONSlot {
    enum Content {
        case empty
        case value(PayJSON)
        case object([String: PayJSONSlot])
        case array([PayJSONSlot])
    }

    var content: Content = .empty

    func finished() -> PayJSON {
        switch content {
        case .empty: return .object([:])
        case .value(let value): return value
        case .object(let members): return .object(members.mapValues { $0.finished() })
        case .array(let elements): return .array(elements.map { $0.finished() })
        }
    }

    func objectMember(_ key: String) -> PayJSONSlot {
        if case .object(var members) = content {
            if let existing = members[key] { return existing }
            let slot = PayJSONSlot()
            members[key] = slot
            content = .object(members)
            return slot
        }
        let slot = PayJSONSlot()
        content = .object([key: slot])
        return slot
    }

    func becomeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func appendElement() -> PayJSONSlot {
        let slot = PayJSONSlot()
        if case .array(var elements) = content {
            elements.append(slot)
            content = .array(elements)
        } else {
            content = .array([slot])
        }
        return slot
    }
}

/// An `Encoder` that builds a ``PayJSON`` value: what ``PayWire/encodeJSON(_:pretty:)`` uses.
///
/// Decimals are written as their exact plain numeral, never through `Double`.
final class PayJSONTreeEncoder: Encoder {
    let slot: PayJSONSlot
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    init(slot: PayJSONSlot, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.slot = slot
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    func store(_ value: PayJSON) { slot.content = .value(value) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeObject()
        return KeyedEncodingContainer(PayJSONKeyedEncoding<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeArray()
        return PayJSONUnkeyedEncoding(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        PayJSONSingleValueEncoding(encoder: self)
    }

    /// Encodes `value` into `target` at `path`.
    func box<T: Encodable>(_ value: T, into target: PayJSONSlot, path: [any CodingKey]) throws {
        if let json = value as? PayJSON {
            target.content = .value(json)
        } else if let decimal = value as? Decimal {
            target.content = .value(.number(PayDecimalText.plain(decimal)))
        } else if let text = value as? String {
            target.content = .value(.string(text))
        } else if let url = value as? URL {
            target.content = .value(.string(url.absoluteString))
        } else {
            try value.encode(to: PayJSONTreeEncoder(slot: target, codingPath: path, userInfo: userInfo))
        }
    }

    static func number<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T, _ path: [any CodingKey]) throws -> PayJSON {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "JSON has no \(value)"))
        }
        return .number(value.description)
    }
}

struct PayJSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: PayJSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: PayJSON, _ key: Key) { encoder.slot.objectMember(key.stringValue).content = .value(value) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try PayJSONTreeEncoder.number(value, codingPath + [key]), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try PayJSONTreeEncoder.number(value, codingPath + [key]), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.box(value, into: encoder.slot.objectMember(key.stringValue), path: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        PayJSONTreeEncoder(slot: encoder.slot.objectMember(key.stringValue), codingPath: codingPath + [key], userInfo: encoder.userInfo).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        PayJSONTreeEncoder(slot: encoder.slot.objectMember(key.stringValue), codingPath: codingPath + [key], userInfo: encoder.userInfo).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        PayJSONTreeEncoder(slot: encoder.slot.objectMember("super"), codingPath: codingPath, userInfo: encoder.userInfo)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        PayJSONTreeEncoder(slot: encoder.slot.objectMember(key.stringValue), codingPath: codingPath + [key], userInfo: encoder.userInfo)
    }
}

struct PayJSONUnkeyedEncoding: UnkeyedEncodingContainer {
    let encoder: PayJSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private(set) var count = 0

    init(encoder: PayJSONTreeEncoder) { self.encoder = encoder }

    private mutating func nextSlot() -> (PayJSONSlot, [any CodingKey]) {
        defer { count += 1 }
        return (encoder.slot.appendElement(), codingPath + [PayCodingKey(intValue: count)])
    }

    private mutating func put(_ value: PayJSON) { nextSlot().0.content = .value(value) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try PayJSONTreeEncoder.number(value, codingPath)) }
    mutating func encode(_ value: Float) throws { put(try PayJSONTreeEncoder.number(value, codingPath)) }
    mutating func encode(_ value: Int) throws { put(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { put(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { put(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { put(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { put(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { put(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { put(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { put(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { put(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { put(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let (slot, path) = nextSlot()
        try encoder.box(value, into: slot, path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (slot, path) = nextSlot()
        return PayJSONTreeEncoder(slot: slot, codingPath: path, userInfo: encoder.userInfo).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (slot, path) = nextSlot()
        return PayJSONTreeEncoder(slot: slot, codingPath: path, userInfo: encoder.userInfo).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let (slot, path) = nextSlot()
        return PayJSONTreeEncoder(slot: slot, codingPath: path, userInfo: encoder.userInfo)
    }
}

struct PayJSONSingleValueEncoding: SingleValueEncodingContainer {
    let encoder: PayJSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: PayJSON) { encoder.slot.content = .value(value) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try PayJSONTreeEncoder.number(value, codingPath)) }
    mutating func encode(_ value: Float) throws { put(try PayJSONTreeEncoder.number(value, codingPath)) }
    mutating func encode(_ value: Int) throws { put(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { put(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { put(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { put(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { put(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { put(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { put(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { put(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { put(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { put(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.box(value, into: encoder.slot, path: codingPath)
    }
}
