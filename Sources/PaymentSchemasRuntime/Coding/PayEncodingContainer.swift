import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// Encodes the fields of one generated type under the wire names of the encoder's format.
@_spi(Generated)
public struct PayEncodingContainer {
    /// The package's own tree encoder, written to directly (no keyed container in between).
    let tree: PayJSONTreeEncoder?
    /// Any other encoder's keyed container, held in a box: the standard library's container has
    /// no fixed layout outside it, and a field of it would give every value that holds this one
    /// (``PayFieldVisitor``) a layout looked up at run time, on every walk.
    let keyed: KeyedBox?
    /// The wire format being written.
    public let format: WireFormat
    /// The names written so far, while a value with kept members is written (`nil` otherwise):
    /// a kept member never replaces a field (`putUnknown(_:)`).
    @usableFromInline var writtenNames: [String]?
    /// The spellings of the value being written (`PaySpelling`), by the field's wire name.
    @usableFromInline var spellings: [String: PaySpelling] = [:]

    /// Whether `encoder` writes every member in the schema's own spelling (``PayWire/Spelling/schema``)
    /// rather than as it was read.
    @usableFromInline
    static func writesSchemaSpelling(_ encoder: any Encoder) -> Bool {
        encoder.userInfo[.paySchemaSpelling] as? Bool == true
    }

    /// Opens the keyed container of `encoder`.
    public init(_ encoder: any Encoder) {
        if let tree = encoder as? PayJSONTreeEncoder {
            tree.slot.becomeObject()
            self.tree = tree
            self.keyed = nil
            self.format = tree.format
        } else {
            self.tree = nil
            self.keyed = KeyedBox(encoder.container(keyedBy: PayCodingKey.self))
            self.format = WireFormat.current(encoder.userInfo)
        }
    }

    /// Another encoder's keyed container, written in place.
    final class KeyedBox {
        /// The container.
        var container: KeyedEncodingContainer<PayCodingKey>

        init(_ container: KeyedEncodingContainer<PayCodingKey>) { self.container = container }
    }

    /// Writes `value` under the wire name `name`.
    @usableFromInline
    mutating func put<T: Encodable>(_ value: T, _ name: String) throws {
        writtenNames?.append(name)
        if !spellings.isEmpty, let spelling = spellings[name],
            let shown = PayJSONTreeEncoder.leaf(value) ?? (format == .json ? try? PayWire.encodeJSONValue(value) : nil),
            let restored = spelling.restored(shown)
        {
            // The field holds the value read: written as it was read (a default that was absent, not at all).
            writtenNames?.append(restored.name)
            if let original = restored.value { try write(original, restored.name) }
            return
        }
        try write(value, name)
    }

    /// Writes `value` under `name`, as it is.
    @usableFromInline
    mutating func write<T: Encodable>(_ value: T, _ name: String) throws {
        if let tree {
            try tree.member(value, named: name)
        } else if let keyed {
            try keyed.container.encode(value, forKey: PayCodingKey(stringValue: name))
        }
    }

    /// Writes the members a value kept without a model (``PayUnknownMembers``), in name order,
    /// after its fields, and the `null`s read for fields that are still `nil`: a member whose name
    /// a field was written under is left out.
    @usableFromInline
    mutating func putUnknown(_ kept: PayUnknownMembers) throws {
        var written = writtenNames ?? []
        // A `null` read for a field that still holds `nil`: written back as it came.
        for (field, spelling) in spellings.sorted(by: { $0.key < $1.key }) where !written.contains(field) {
            guard case .absent = spelling.written, let original = spelling.original, !written.contains(spelling.name) else { continue }
            try write(original, spelling.name)
            written.append(spelling.name)
        }
        for name in kept.members.keys.sorted() where !written.contains(name) {
            guard let value = kept.members[name] else { continue }
            try write(value, name)
        }
    }

    /// The coding path of the value being encoded, with `name` appended.
    private func path(_ name: String) -> [any CodingKey] {
        (tree?.codingPath ?? keyed?.container.codingPath ?? []) + [PayCodingKey(stringValue: name)]
    }

    /// Encodes a value under the field's current name (never an alias). Inlinable, as is
    /// ``encodeIfPresent(_:_:)``, so generated modules unwrap their optionals specialized.
    @inlinable
    public mutating func encode<T: Encodable>(_ value: T, _ key: PayFieldKey) throws {
        try put(value, key.name(for: format))
    }

    /// Encodes a value when it is present; absent values are omitted.
    @inlinable
    public mutating func encodeIfPresent<T: Encodable>(_ value: T?, _ key: PayFieldKey) throws {
        guard let value else { return }
        try put(value, key.name(for: format))
    }

    /// Writes `null` under the field's name when `value` is `nil`: a field that must be present
    /// but may be null (`required: true` with `nullable: true`) is never omitted.
    @inlinable
    public mutating func encodeNull<T>(ifNil value: T?, _ key: PayFieldKey) throws {
        guard value == nil else { return }
        try putNull(key.name(for: format))
    }

    /// Writes `null` under the wire name `name`.
    @usableFromInline
    mutating func putNull(_ name: String) throws {
        writtenNames?.append(name)
        if let tree {
            tree.slot.setMember(name, .null)
        } else if let keyed {
            try keyed.container.encodeNil(forKey: PayCodingKey(stringValue: name))
        }
    }

    /// Encodes a date as text in `dateFormat`.
    public mutating func encodeDate(_ value: Date?, _ key: PayFieldKey, format dateFormat: PayDateFormat) throws {
        guard let value else { return }
        try put(dateFormat.format(value), key.name(for: format))
    }

    /// Encodes a list of dates as text in `dateFormat`.
    public mutating func encodeDates(_ values: [Date]?, _ key: PayFieldKey, format dateFormat: PayDateFormat) throws {
        guard let values else { return }
        try put(values.map(dateFormat.format), key.name(for: format))
    }

    /// Encodes a decimal in its field's canonical form (``PayFieldKey/decimal``): a JSON number or
    /// string, or text in XML; padded to an exact scale, and an error (never a rounding) when the
    /// value has more fraction digits than the scale allows.
    public mutating func encodeDecimal(_ value: Decimal?, _ key: PayFieldKey) throws {
        guard let value else { return }
        let name = key.name(for: format)
        let text: String
        do {
            text = try key.decimal.text(value, format: format)
        } catch {
            throw EncodingError.invalidValue(value, .init(codingPath: path(name), debugDescription: error.description))
        }
        if format == .json && key.decimal.writes == .number {
            try put(PayJSON.number(text), name)
        } else {
            try put(text, name)
        }
    }

    /// Encodes a set as a list in a stable order (by wire text), so output never depends on hashing.
    public mutating func encodeSet<T: Encodable & Hashable>(_ value: Set<T>?, _ key: PayFieldKey) throws {
        guard let value else { return }
        try put(PayStableOrder.sorted(value), key.name(for: format))
    }
}

/// A stable order for unordered collections: by query text when the element has one, else by description.
@_spi(Generated)
public enum PayStableOrder {
    /// The elements of `set`, sorted by their wire text.
    public static func sorted<T: Hashable>(_ set: Set<T>) -> [T] {
        set.map { (sortKey($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    static func sortKey(_ value: Any) -> String {
        (value as? any PayQueryValue)?.queryValue ?? String(describing: value)
    }
}
