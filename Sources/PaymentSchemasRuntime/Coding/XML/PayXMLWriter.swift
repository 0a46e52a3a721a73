import Foundation
import PaymentSchemasVocabulary

/// The package's XML writer: an `Encoder` that builds elements in the order the generated
/// `encode(to:)` writes fields, then writes them as text. The counterpart of ``PayXMLReader``: what
/// it writes, the reader reads back to the same value.
///
/// A field is a child element named by its wire name; a scalar is the element's text (`true` and
/// `false` for booleans, a URL's absolute text, a decimal's exact digits); a list is its elements
/// repeated under the field's name; an absent value writes nothing. Text escapes `&`, `<` and `>`, and
/// a carriage return as `&#13;` (a reader would otherwise read it as a line feed). A value XML 1.0
/// cannot hold (a control character, `U+FFFE`, `U+FFFF`) or a key that is not an XML name is an
/// `EncodingError`, never silently dropped.
final class PayXMLWriter: Encoder {
    /// An element being built.
    final class Element {
        /// The text of a scalar value.
        var text: String?
        /// Child elements in the order they were encoded.
        var children: [(name: String, element: Element)] = []
        /// The elements of a list value: written as repeated elements under the list's name.
        var items: [Element]?
    }

    let element: Element
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [.paySchemaWireFormat: WireFormat.xml] }

    init(element: Element, codingPath: [any CodingKey]) {
        self.element = element
        self.codingPath = codingPath
    }

    /// The document of `value` under `rootElement`, without an XML declaration.
    static func document(_ value: some Encodable, rootElement: String) throws -> Data {
        let root = try element(for: value, codingPath: [])
        var out = ""
        try write(root, named: rootElement, codingPath: [], into: &out)
        return Data(out.utf8)
    }

    /// A new element holding `value`.
    static func element(for value: some Encodable, codingPath: [any CodingKey]) throws -> Element {
        let element = Element()
        if let text = scalarText(value) {
            element.text = text
        } else {
            try value.encode(to: PayXMLWriter(element: element, codingPath: codingPath))
        }
        return element
    }

    /// The text of a value written as text, `nil` for anything with fields or elements.
    static func scalarText(_ value: Any) -> String? {
        switch value {
        case let text as String: return text
        case let flag as Bool: return flag ? "true" : "false"
        case let url as URL: return url.absoluteString
        case let decimal as Decimal: return decimal.description
        case let integer as any BinaryInteger: return "\(integer)"
        case let number as Double: return "\(number)"
        case let number as Float: return "\(number)"
        default: return nil
        }
    }

    static func write(_ element: Element, named name: String, codingPath: [any CodingKey], into out: inout String) throws {
        if let items = element.items {
            for item in items { try write(item, named: name, codingPath: codingPath, into: &out) }
            return
        }
        guard PayXMLReader.isName(name) else {
            throw EncodingError.invalidValue(name, .init(codingPath: codingPath, debugDescription: "'\(name)' is not an XML element name"))
        }
        out += "<" + name + ">"
        if let text = element.text { try escape(text, codingPath: codingPath, into: &out) }
        for child in element.children {
            try write(child.element, named: child.name, codingPath: codingPath + [PayCodingKey(stringValue: child.name)], into: &out)
        }
        out += "</" + name + ">"
    }

    /// Appends `text` as element content (``PayMarkupEscaping``); a character XML 1.0 cannot hold
    /// is an error at `codingPath`.
    static func escape(_ text: String, codingPath: [any CodingKey], into out: inout String) throws {
        try PayMarkupEscaping.append(text, to: &out, quotes: false) { scalar in
            guard PayXMLReader.isCharacter(scalar.value) else {
                throw EncodingError.invalidValue(
                    text,
                    .init(
                        codingPath: codingPath,
                        debugDescription: "U+\(String(scalar.value, radix: 16, uppercase: true)) cannot be written in XML 1.0"))
            }
            return nil
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(writer: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if element.items == nil { element.items = [] }
        return UnkeyedContainer(writer: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(writer: self)
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let writer: PayXMLWriter
        var codingPath: [any CodingKey] { writer.codingPath }

        func append(_ element: Element, _ key: Key) {
            writer.element.children.append((key.stringValue, element))
        }

        mutating func encodeNil(forKey key: Key) {}

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            append(try PayXMLWriter.element(for: value, codingPath: codingPath + [key]), key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let element = Element()
            append(element, key)
            return PayXMLWriter(element: element, codingPath: codingPath + [key]).container(keyedBy: NestedKey.self)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let element = Element()
            append(element, key)
            return PayXMLWriter(element: element, codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let element = Element()
            writer.element.children.append(("super", element))
            return PayXMLWriter(element: element, codingPath: codingPath + [PayCodingKey(stringValue: "super")])
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let element = Element()
            append(element, key)
            return PayXMLWriter(element: element, codingPath: codingPath + [key])
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let writer: PayXMLWriter
        var codingPath: [any CodingKey] { writer.codingPath }
        var count: Int { writer.element.items?.count ?? 0 }
        var nextKey: PayCodingKey { PayCodingKey(intValue: count) }

        func append(_ element: Element) {
            writer.element.items?.append(element)
        }

        mutating func encodeNil() {}

        mutating func encode<T: Encodable>(_ value: T) throws {
            append(try PayXMLWriter.element(for: value, codingPath: codingPath + [nextKey]))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let element = Element()
            let path = codingPath + [nextKey]
            append(element)
            return PayXMLWriter(element: element, codingPath: path).container(keyedBy: NestedKey.self)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let element = Element()
            let path = codingPath + [nextKey]
            append(element)
            return PayXMLWriter(element: element, codingPath: path).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let element = Element()
            let path = codingPath + [nextKey]
            append(element)
            return PayXMLWriter(element: element, codingPath: path)
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let writer: PayXMLWriter
        var codingPath: [any CodingKey] { writer.codingPath }

        mutating func encodeNil() {}

        mutating func encode<T: Encodable>(_ value: T) throws {
            if let text = PayXMLWriter.scalarText(value) {
                writer.element.text = text
            } else {
                try value.encode(to: writer)
            }
        }
    }
}
