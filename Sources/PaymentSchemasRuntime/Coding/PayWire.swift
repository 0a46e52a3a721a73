import Foundation
import XMLCoder

/// JSON and XML coding with the settings generated types expect.
public enum PayWire {
    /// Decodes JSON, reporting every problem as a ``PayloadDecodingError``.
    public static func decodeJSON<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.userInfo[.paySchemaWireFormat] = WireFormat.json
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw PayloadDecodingError(issues: PayloadDecodingError.issues(from: error, at: .root))
        }
    }

    /// Encodes JSON with sorted keys, so output is stable.
    public static func encodeJSON<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.userInfo[.paySchemaWireFormat] = WireFormat.json
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Decodes XML whose root element holds the type's fields.
    ///
    /// A document whose root element is never closed (as some provider samples are) is accepted.
    public static func decodeXML<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = XMLDecoder(trimValueWhitespaces: true, removeWhitespaceElements: false)
        decoder.userInfo[.paySchemaWireFormat] = WireFormat.xml
        decoder.shouldProcessNamespaces = false
        do {
            return try decoder.decode(T.self, from: closingUnclosedRoot(data))
        } catch let error as PayloadDecodingError {
            throw error
        } catch let error as DecodingError {
            throw PayloadDecodingError(issues: PayloadDecodingError.issues(from: error, at: .root))
        } catch {
            throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "not well-formed XML")])
        }
    }

    /// Encodes XML under `rootElement`, without an XML header.
    public static func encodeXML<T: Encodable>(_ value: T, rootElement: String) throws -> Data {
        let encoder = XMLEncoder()
        encoder.userInfo[.paySchemaWireFormat] = WireFormat.xml
        return try encoder.encode(value, withRootKey: rootElement)
    }

    /// Appends `</root>` when a document opens a root element and never closes it.
    static func closingUnclosedRoot(_ data: Data) -> Data {
        guard let text = String(data: data, encoding: .utf8) else { return data }
        var body = Substring(text).drop(while: { $0.isWhitespace })
        if body.hasPrefix("<?"), let end = body.range(of: "?>") {
            body = body[end.upperBound...].drop(while: { $0.isWhitespace })
        }
        guard body.hasPrefix("<"), let close = body.firstIndex(where: { $0 == ">" || $0 == " " || $0 == "/" }) else { return data }
        let name = body[body.index(after: body.startIndex)..<close]
        guard !name.isEmpty, !text.contains("</\(name)>") else { return data }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasSuffix("/>") && !trimmed.dropLast(2).contains(">") { return data }
        return Data((text + "</\(name)>").utf8)
    }
}

/// A generated type that can be written as an XML document.
public protocol PayXMLDocument: Codable {
    /// The root element's name.
    static var xmlRootElement: String { get }
}

extension PayXMLDocument {
    /// Decodes the type from an XML document.
    public init(xml data: Data) throws {
        self = try PayWire.decodeXML(Self.self, from: data)
    }

    /// The XML document of this value.
    public func xmlData() throws -> Data {
        try PayWire.encodeXML(self, rootElement: Self.xmlRootElement)
    }
}
