import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// A value being built by ``PayJSONTreeEncoder``: containers are shared references so that nested
/// containers can keep writing into them. Members and elements live in stored properties of their
/// own, so adding one mutates the collection in place (an enum payload would be copied each time).
/// A leaf (a string, number, boolean or null) is held inline as its ``PayJSON`` value; only a
/// value with an encoder of its own gets a slot. An object's members are kept in the order they
/// were first written, without hashing: a generated type writes each member once, and the text is
/// written with sorted keys (``write(into:pretty:indent:)``) without building a ``PayJSON`` first.
final class PayJSONSlot {
    enum Kind {
        case empty, value, object, array
    }

    /// A member or an element: a leaf held inline, or the slot a nested encoder writes into.
    enum Child {
        case leaf(PayJSON)
        case slot(PayJSONSlot)

        func finished() -> PayJSON {
            switch self {
            case .leaf(let value): return value
            case .slot(let slot): return slot.finished()
            }
        }

        func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
            switch self {
            case .leaf(let value): PayJSONWriter.write(value, into: &out, pretty: pretty, indent: indent)
            case .slot(let slot): slot.write(into: &out, pretty: pretty, indent: indent)
            }
        }
    }

    /// Past this many members an object indexes its keys (a large map written through a keyed
    /// container); below it a linear search is cheaper than hashing.
    private static let indexThreshold = 16

    // A slot is written by one encoder on one thread, and no member is accessed while another
    // access to it is in progress, so the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private(set) var kind: Kind = .empty
    @exclusivity(unchecked) private var value: PayJSON = .null
    @exclusivity(unchecked) private var members: [(key: String, child: Child)] = []
    @exclusivity(unchecked) private var index: [String: Int] = [:]
    @exclusivity(unchecked) private var elements: [Child] = []

    func finished() -> PayJSON {
        switch kind {
        case .empty: return .object([:])
        case .value: return value
        case .object:
            var object = [String: PayJSON](minimumCapacity: members.count)
            for member in members { object[member.key] = member.child.finished() }
            return .object(object)
        case .array: return .array(elements.map { $0.finished() })
        }
    }

    /// Appends the value's JSON text, object keys sorted, laid out by the one JSON writer
    /// (`PayJSONWriter`): the same text as writing ``finished()``, without building it. The
    /// members are sorted where they are, so the slot is written once the value is complete.
    func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
        switch kind {
        case .empty: out.append(contentsOf: "{}".utf8)
        case .value: PayJSONWriter.write(value, into: &out, pretty: pretty, indent: indent)
        case .object:
            members.sort { $0.key < $1.key }
            index = [:]
            PayJSONWriter.writeObject(count: members.count, key: { members[$0].key }, into: &out, pretty: pretty, indent: indent) {
                position, out in
                members[position].child.write(into: &out, pretty: pretty, indent: indent + 1)
            }
        case .array:
            PayJSONWriter.writeArray(count: elements.count, into: &out, pretty: pretty, indent: indent) { position, out in
                elements[position].write(into: &out, pretty: pretty, indent: indent + 1)
            }
        }
    }

    func set(_ value: PayJSON) {
        kind = .value
        self.value = value
    }

    /// Writes the leaf `value` as the member `key` (replacing one written before).
    func setMember(_ key: String, _ value: PayJSON) {
        put(.leaf(value), at: key)
    }

    /// The slot of the member `key`, made (or made in place of a leaf) when there is none.
    func objectMember(_ key: String) -> PayJSONSlot {
        if let position = position(of: key), case .slot(let existing) = members[position].child { return existing }
        let slot = PayJSONSlot()
        put(.slot(slot), at: key)
        return slot
    }

    private func put(_ child: Child, at key: String) {
        becomeObject()
        if let position = position(of: key) {
            members[position].child = child
            return
        }
        if !index.isEmpty { index[key] = members.count }
        members.append((key, child))
    }

    private func position(of key: String) -> Int? {
        guard kind == .object else { return nil }
        if members.count < Self.indexThreshold { return members.firstIndex { $0.key == key } }
        if index.isEmpty {
            for (position, member) in members.enumerated() { index[member.key] = position }
        }
        return index[key]
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

    /// Appends the leaf `value` as the next element.
    func appendLeaf(_ value: PayJSON) {
        becomeArray()
        elements.append(.leaf(value))
    }

    func appendElement() -> PayJSONSlot {
        becomeArray()
        let slot = PayJSONSlot()
        elements.append(.slot(slot))
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

    /// The root encoder of a document; `spelling` says how modelled members read in another
    /// spelling are written (``PayWire/Spelling``).
    init(slot: PayJSONSlot, format: WireFormat, spelling: PayWire.Spelling = .asRead) {
        self.slot = slot
        self.parent = nil
        self.key = nil
        self.format = format
        self.userInfo = spelling == .schema ? [.paySchemaWireFormat: format, .paySchemaSpelling: true] : [.paySchemaWireFormat: format]
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
        if let leaf = Self.leaf(value) {
            slot.setMember(name, leaf)
        } else {
            try value.encode(to: PayJSONTreeEncoder(slot: slot.objectMember(name), parent: self, key: PayCodingKey(stringValue: name)))
        }
    }

    /// Encodes `value` into `target`, the slot under `key` in this encoder's value (`nil`: this
    /// encoder's own slot).
    func box<T: Encodable>(_ value: T, into target: PayJSONSlot, key: PayCodingKey?) throws {
        if let leaf = Self.leaf(value) {
            target.set(leaf)
        } else if let key {
            try value.encode(to: PayJSONTreeEncoder(slot: target, parent: self, key: key))
        } else {
            try value.encode(to: self)
        }
    }

    /// `value` as a leaf when it is one of the leaf types the schemas use, recognised by their
    /// metadata (a pointer comparison) and read as what they are, with no dynamic cast (which
    /// boxes the value); `nil` for a value with an encoding of its own.
    @inline(__always)
    static func leaf<T: Encodable>(_ value: T) -> PayJSON? {
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Decimal.self { return .number(PayDecimalText.plain(unsafeBitCast(value, to: Decimal.self))) }
        if T.self == PayJSON.self { return unsafeBitCast(value, to: PayJSON.self) }
        if T.self == URL.self { return .string(unsafeBitCast(value, to: URL.self).absoluteString) }
        return nil
    }

    static func number<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: T, _ path: @autoclosure () -> [any CodingKey]
    ) throws -> PayJSON {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path(), debugDescription: "JSON has no \(value)"))
        }
        return .number(value.description)
    }
}

struct PayJSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: PayJSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: PayJSON, _ key: Key) { encoder.slot.setMember(key.stringValue, value) }
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

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
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
        PayJSONTreeEncoder(
            slot: encoder.slot.objectMember(key.stringValue), parent: encoder, key: PayCodingKey(stringValue: key.stringValue))
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

    mutating func put(_ value: PayJSON) {
        encoder.slot.appendLeaf(value)
        count += 1
    }
    func leafPath() -> [any CodingKey] { encoder.path(appending: PayCodingKey(intValue: count)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let leaf = PayJSONTreeEncoder.leaf(value) { return put(leaf) }
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
