import Foundation
import XMLCoder
import PaySchemaVocabulary

/// JSON and XML coding with the settings generated types expect.
public enum PayWire {
    /// Decodes JSON with the package's own strict reader (``PayJSONParser`` and a tree decoder),
    /// reporting every problem as a ``PayloadDecodingError``.
    ///
    /// Amounts are read from their numeral text by `PayDecimalText`: exact on every platform and
    /// OS version, never through `Double`, and never from an exponent or a grouped numeral.
    public static func decodeJSON<T: Decodable>(_ type: T.Type, from data: Data, limits: PayPayloadLimits = .standard) throws -> T {
        let tree: PayJSON
        do {
            tree = try PayJSONParser.parse(data, limits: limits)
        } catch {
            throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "not well-formed JSON: \(error)")])
        }
        return try decodeJSON(T.self, from: tree)
    }

    /// Decodes a type from an already parsed JSON value.
    public static func decodeJSON<T: Decodable>(_ type: T.Type, from tree: PayJSON) throws -> T {
        let decoder = PayJSONTreeDecoder(node: tree, userInfo: [.paySchemaWireFormat: WireFormat.json])
        do {
            return try decoder.unbox(tree, as: T.self, key: nil)
        } catch {
            throw PayloadDecodingError(issues: PayloadDecodingError.issues(from: error, at: .root))
        }
    }

    /// Encodes JSON with sorted keys, so output is stable; amounts keep their exact numerals.
    public static func encodeJSON<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        Data(try encodeJSONText(value, pretty: pretty).utf8)
    }

    /// Encodes a value into a ``PayJSON`` tree.
    public static func encodeJSONValue<T: Encodable>(_ value: T) throws -> PayJSON {
        let slot = PayJSONSlot()
        let encoder = PayJSONTreeEncoder(slot: slot, codingPath: [], userInfo: [.paySchemaWireFormat: WireFormat.json])
        try encoder.box(value, into: slot, path: [])
        return slot.finished()
    }

    /// Encodes JSON text with sorted keys.
    public static func encodeJSONText<T: Encodable>(_ value: T, pretty: Bool = false) throws -> String {
        var out = ""
        PayJSONWriter.write(try encodeJSONValue(value), into: &out, pretty: pretty, indent: 0)
        return out
    }

    /// Decodes XML whose root element holds the type's fields.
    ///
    /// A document whose root element is never closed (as some provider samples are) is accepted.
    public static func decodeXML<T: Decodable>(_ type: T.Type, from data: Data, limits: PayPayloadLimits = .standard) throws -> T {
        guard data.count <= limits.maximumBytes else {
            throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "the payload is larger than \(limits.maximumBytes) bytes")])
        }
        // FoundationXML traps on some invalid UTF-8 (in element names) before any callback runs.
        let invalid = data.withUnsafeBytes { PayUTF8.firstInvalidOffset($0.bindMemory(to: UInt8.self)) }
        if let invalid {
            throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "not well-formed XML: invalid UTF-8 at byte \(invalid)")])
        }
        // XMLParser only ever sees documents it accepts: on Linux it leaks on every error it reports
        // and crashes on some markup (PayXMLChecker).
        let document = closingUnclosedRoot(data)
        let problem = document.withUnsafeBytes { PayXMLChecker.problem(in: $0.bindMemory(to: UInt8.self), maximumDepth: limits.maximumDepth) }
        if let problem {
            throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "not well-formed XML: \(problem)")])
        }
        let decoder = XMLDecoder(trimValueWhitespaces: false, removeWhitespaceElements: true)
        decoder.userInfo[.paySchemaWireFormat] = WireFormat.xml
        decoder.shouldProcessNamespaces = false
        do {
            return try decoder.decode(T.self, from: document)
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
