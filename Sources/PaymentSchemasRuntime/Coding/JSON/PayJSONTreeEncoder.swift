import Foundation
@_spi(Generated) import PaySchemaVocabulary

/// A value being built by ``PayJSONTreeEncoder``: containers are shared references so that nested
/// containers can keep writing into them. Members and elements live in stored properties of their
/// own, so adding one mutates the collection in place (an enum payload would be copied each time).
/// An object's members are kept in the order they were first written, without hashing: a
/// generated type writes each member once, and the text is written with sorted keys
/// (``write(into:pretty:indent:)``) without building a ``PayJSON`` first.
final class PayJSONSlot {
    enum Kind {
        case empty, value, object, array
    }

    /// Past this many members an object indexes its keys (a large map written through a keyed
    /// container); below it a linear search is cheaper than hashing.
    private static let indexThreshold = 16

    // A slot is written by one encoder on one thread, and no member is accessed while another
    // access to it is in progress, so the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private(set) var kind: Kind = .empty
    @exclusivity(unchecked) private var value: PayJSON = .null
    @exclusivity(unchecked) private var members: [(key: String, slot: PayJSONSlot)] = []
    @exclusivity(unchecked) private var index: [String: Int] = [:]
    @exclusivity(unchecked) private var elements: [PayJSONSlot] = []

    func finished() -> PayJSON {
        switch kind {
        case .empty: return .object([:])
        case .value: return value
        case .object:
            var object = [String: PayJSON](minimumCapacity: members.count)
            for member in members { object[member.key] = member.slot.finished() }
            return .object(object)
        case .array: return .array(elements.map { $0.finished() })
        }
    }

    /// Appends the value's JSON text, object keys sorted, laid out by the one JSON writer
    /// (`PayJSONWriter`): the same text as writing ``finished()``, without building it.
    func write(into out: inout String, pretty: Bool, indent: Int) {
        switch kind {
        case .empty: out += "{}"
        case .value: PayJSONWriter.write(value, into: &out, pretty: pretty, indent: indent)
        case .object:
            let sorted = members.sorted { $0.key < $1.key }
            PayJSONWriter.writeObject(keys: sorted.map(\.key), into: &out, pretty: pretty, indent: indent) { index, out in
                sorted[index].slot.write(into: &out, pretty: pretty, indent: indent + 1)
            }
        case .array:
            PayJSONWriter.writeArray(count: elements.count, into: &out, pretty: pretty, indent: indent) { index, out in
                elements[index].write(into: &out, pretty: pretty, indent: indent + 1)
            }
        }
    }

    func set(_ value: PayJSON) {
        kind = .value
        self.value = value
    }

    func objectMember(_ key: String) -> PayJSONSlot {
        becomeObject()
        if members.count < Self.indexThreshold {
            if let existing = members.first(where: { $0.key == key }) { return existing.slot }
        } else {
            if index.isEmpty {
                for (position, member) in members.enumerated() { index[member.key] = position }
            }
            if let position = index[key] { return members[position].slot }
            index[key] = members.count
        }
        let slot = PayJSONSlot()
        members.append((key, slot))
        return slot
    }

    func becomeObject() {
        guard kind != .object else { return }
        kind = .object
        members = []
        index = [:]
    }

    func becomeArray() {
        guard kind != .array else { return }
        kind = .array
        elements = []
    }

    func appendElement() -> PayJSONSlot {
        becomeArray()
        let slot = PayJSONSlot()
        elements.append(slot)
        return slot
    }
}

/// An `Encoder` that builds a ``PayJSON`` value: what ``PayWire/encodeJSON(_:pretty:)`` uses.
///
/// Decimals are written as their exact plain numeral, never through `Double`. As in
/// ``PayJSONTreeDecoder``, each nested value's encoder knows its parent and key, and the coding path
/// is built from that chain only when something asks for it (an error), so encoding a field costs
/// no array.
final class PayJSONTreeEncoder: Encoder, PayCodingChain {
    let slot: PayJSONSlot
    /// The encoder of the enclosing value and this value's key in it (`nil` at the root).
    let parent: PayJSONTreeEncoder?
    let key: PayCodingKey?
    let userInfo: [CodingUserInfoKey: Any]
    /// The wire format being written (`userInfo`'s, read once at the root).
    let format: WireFormat

    /// The root encoder of a document.
    init(slot: PayJSONSlot, format: WireFormat) {
        self.slot = slot
        self.parent = nil
        self.key = nil
        self.format = format
        self.userInfo = [.paySchemaWireFormat: format]
    }

    /// The encoder of the value under `key` in `parent`'s value.
    init(slot: PayJSONSlot, parent: PayJSONTreeEncoder, key: PayCodingKey) {
        self.slot = slot
        self.parent = parent
        self.key = key
        self.format = parent.format
        self.userInfo = parent.userInfo
    }

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

    /// Encodes `value` as the member `name` of this encoder's object: what generated types'
    /// ``PayEncodingContainer`` calls, with no keyed container in between.
    func member<T: Encodable>(_ value: T, named name: String) throws {
        try box(value, into: slot.objectMember(name), key: PayCodingKey(stringValue: name))
    }

    /// Encodes `value` into `target`, the slot under `key` in this encoder's value (`nil`: this
    /// encoder's own slot). The leaf types the schemas use are recognised by their metadata (a
    /// pointer comparison) and read as what they are, with no dynamic cast (which boxes the value).
    func box<T: Encodable>(_ value: T, into target: PayJSONSlot, key: PayCodingKey?) throws {
        if T.self == String.self {
            target.set(.string(unsafeBitCast(value, to: String.self)))
        } else if T.self == Decimal.self {
            target.set(.number(PayDecimalText.plain(unsafeBitCast(value, to: Decimal.self))))
        } else if T.self == PayJSON.self {
            target.set(unsafeBitCast(value, to: PayJSON.self))
        } else if T.self == URL.self {
            target.set(.string(unsafeBitCast(value, to: URL.self).absoluteString))
        } else if let key {
            try value.encode(to: PayJSONTreeEncoder(slot: target, parent: self, key: key))
        } else {
            try value.encode(to: self)
        }
    }

    static func number<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T, _ path: @autoclosure () -> [any CodingKey]) throws -> PayJSON {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path(), debugDescription: "JSON has no \(value)"))
        }
        return .number(value.description)
    }
}

struct PayJSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: PayJSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: PayJSON, _ key: Key) { encoder.slot.objectMember(key.stringValue).set(value) }
    private func path(_ key: Key) -> [any CodingKey] { encoder.path(appending: PayCodingKey(stringValue: key.stringValue)) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try PayJSONTreeEncoder.number(value, path(key)), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try PayJSONTreeEncoder.number(value, path(key)), key) }
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
        try encoder.member(value, named: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        nested(key).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nested(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        PayJSONTreeEncoder(slot: encoder.slot.objectMember("super"), parent: encoder, key: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        nested(key)
    }

    private func nested(_ key: Key) -> PayJSONTreeEncoder {
        PayJSONTreeEncoder(slot: encoder.slot.objectMember(key.stringValue), parent: encoder, key: PayCodingKey(stringValue: key.stringValue))
    }
}

struct PayJSONUnkeyedEncoding: UnkeyedEncodingContainer, PayJSONLeafEncoding {
    let encoder: PayJSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private(set) var count = 0

    init(encoder: PayJSONTreeEncoder) { self.encoder = encoder }

    private mutating func nextSlot() -> (PayJSONSlot, PayCodingKey) {
        defer { count += 1 }
        return (encoder.slot.appendElement(), PayCodingKey(intValue: count))
    }

    mutating func put(_ value: PayJSON) { nextSlot().0.set(value) }
    func leafPath() -> [any CodingKey] { encoder.path(appending: PayCodingKey(intValue: count)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let (slot, key) = nextSlot()
        try encoder.box(value, into: slot, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (slot, key) = nextSlot()
        return PayJSONTreeEncoder(slot: slot, parent: encoder, key: key).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (slot, key) = nextSlot()
        return PayJSONTreeEncoder(slot: slot, parent: encoder, key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let (slot, key) = nextSlot()
        return PayJSONTreeEncoder(slot: slot, parent: encoder, key: key)
    }
}

struct PayJSONSingleValueEncoding: SingleValueEncodingContainer, PayJSONLeafEncoding {
    let encoder: PayJSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func put(_ value: PayJSON) { encoder.slot.set(value) }
    func leafPath() -> [any CodingKey] { codingPath }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.box(value, into: encoder.slot, key: nil)
    }
}

/// The leaf writes the unkeyed and the single-value container share: each primitive becomes its
/// JSON node where the container puts its next value.
protocol PayJSONLeafEncoding {
    /// Writes the next value.
    mutating func put(_ value: PayJSON)
    /// The coding path of the next value (for the error of a number JSON cannot hold).
    func leafPath() -> [any CodingKey]
}

extension PayJSONLeafEncoding {
    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try PayJSONTreeEncoder.number(value, leafPath())) }
    mutating func encode(_ value: Float) throws { put(try PayJSONTreeEncoder.number(value, leafPath())) }
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
}
