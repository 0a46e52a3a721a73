import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// JSON, XML and URL-query coding with the settings generated types expect: one tree, one decoder.
public enum PayWire {
    /// Decodes JSON with the package's own strict reader (`PayJSONParser` and a tree decoder),
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

    /// Decodes and validates `data` as `T`, the way an app should read what a provider or its
    /// server sends: the value when it decodes and keeps every constraint; otherwise a
    /// ``PayloadDecodingError`` with every decoding problem (``PayloadDecodingError/issues``) and
    /// every broken constraint of the parts that decoded (``PayloadDecodingError/violations``),
    /// each with its path: the set `payflow validate` prints. ``decodeJSON(_:from:limits:)``
    /// decodes only; the value's `violations` are the caller's to read.
    public static func readJSON<T: Decodable & PayValidatable>(
        _ type: T.Type, from data: Data, limits: PayPayloadLimits = .standard
    ) throws -> T {
        let value: T
        do {
            value = try decodeJSON(T.self, from: data, limits: limits)
        } catch let error as PayloadDecodingError {
            throw PayPartialDecoding.addingViolations(to: error) { try decodeJSON(T.self, from: data, limits: limits) }
        }
        let violations = value.violations
        guard violations.isEmpty else { throw PayloadDecodingError(issues: [], violations: violations) }
        return value
    }

    /// Decodes a type from an already parsed JSON value.
    public static func decodeJSON<T: Decodable>(_ type: T.Type, from tree: PayJSON) throws -> T {
        try decodeTree(T.self, from: tree, format: .json)
    }

    /// The one decode path: a tree read by `PayJSONParser` or `PayXMLReader`, decoded by the tree decoder.
    static func decodeTree<T: Decodable>(_ type: T.Type, from tree: PayJSON, format: WireFormat) throws -> T {
        let decoder = PayJSONTreeDecoder(node: tree, format: format)
        do {
            return try decoder.unbox(tree, as: T.self, key: nil)
        } catch {
            throw PayloadDecodingError(issues: PayloadDecodingError.issues(from: error, at: .root))
        }
    }

    /// Decodes a form body whose names nest by brackets (``PayBracketedForm``) as `T`, every value
    /// read from its text as a query's is: how a JSON operation's body is read when the provider
    /// takes it as a form too (Mollie's API).
    public static func decodeBracketedForm<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        guard text.utf8.count <= PayPayloadLimits.standard.maximumBytes else {
            throw PayloadDecodingError(issues: [
                PayloadIssue(
                    path: .root, kind: .malformed, message: "the form is larger than \(PayPayloadLimits.standard.maximumBytes) bytes")
            ])
        }
        return try decodeTree(T.self, from: PayBracketedForm.tree(text), format: .query)
    }

    /// How a generated type writes a modelled member that it read in another spelling than its
    /// own: a member under an alias, an amount as a number where the schema writes text, a date in
    /// another notation, a `null` for an optional field, a default the payload did not send.
    public enum Spelling: Sendable, Hashable {
        /// As it was read, while the field holds the value read: decode then encode gives back the
        /// payload (the default).
        case asRead
        /// In the schema's own spelling: current names, the schema's amount form and date notation,
        /// `nil` fields omitted, defaults written (members no field models are still written).
        case schema
    }

    /// Encodes JSON with sorted keys, so output is stable; amounts keep their exact numerals.
    /// Members the type does not model are written back; modelled members read in another
    /// spelling are written as `spelling` says.
    public static func encodeJSON<T: Encodable>(_ value: T, pretty: Bool = false, spelling: Spelling = .asRead) throws -> Data {
        Data(try encodeJSONBytes(value, pretty: pretty, spelling: spelling))
    }

    /// Encodes a value into a `PayJSON` tree.
    public static func encodeJSONValue<T: Encodable>(_ value: T) throws -> PayJSON {
        let slot = PayJSONSlot()
        let encoder = PayJSONTreeEncoder(slot: slot, format: .json)
        try encoder.box(value, into: slot, key: nil)
        return slot.finished()
    }

    /// Encodes JSON text with sorted keys (modelled members as `spelling` says).
    public static func encodeJSONText<T: Encodable>(_ value: T, pretty: Bool = false, spelling: Spelling = .asRead) throws -> String {
        String(decoding: try encodeJSONBytes(value, pretty: pretty, spelling: spelling), as: UTF8.self)
    }

    /// The UTF-8 bytes of the JSON text, written from the encoder's slots with no `PayJSON` in between.
    private static func encodeJSONBytes<T: Encodable>(_ value: T, pretty: Bool, spelling: Spelling) throws -> [UInt8] {
        let slot = PayJSONSlot()
        try PayJSONTreeEncoder(slot: slot, format: .json, spelling: spelling).box(value, into: slot, key: nil)
        var out: [UInt8] = []
        out.reserveCapacity(512)
        slot.write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    /// Decodes XML whose root element holds the type's fields.
    ///
    /// The document is read once, by `PayXMLReader` (well-formedness and every limit of `limits`
    /// in the same pass), and its tree is decoded by the same decoder as JSON. A document whose root
    /// element is never closed (as some provider samples are) is accepted.
    public static func decodeXML<T: Decodable>(_ type: T.Type, from data: Data, limits: PayPayloadLimits = .standard) throws -> T {
        guard data.count <= limits.maximumBytes else {
            throw PayloadDecodingError(issues: [
                PayloadIssue(path: .root, kind: .malformed, message: "the payload is larger than \(limits.maximumBytes) bytes")
            ])
        }
        let (read, invalidUTF8): (Result<PayJSON, PaySyntaxError>, Int?) = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if let invalid = PayUTF8.firstInvalidOffset(bytes) { return (.success(.null), invalid) }
            return (PayXMLReader.read(bytes, limits: limits, acceptingUnclosedRoot: true), nil)
        }
        if let invalidUTF8 {
            throw PayloadDecodingError(issues: [
                PayloadIssue(path: .root, kind: .malformed, message: "not well-formed XML: invalid UTF-8 at byte \(invalidUTF8)")
            ])
        }
        switch read {
        case .failure(let problem):
            throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "not well-formed XML: \(problem)")])
        case .success(let tree):
            return try decodeTree(T.self, from: tree, format: .xml)
        }
    }

    /// Decodes a URL query's items: read into the same tree as JSON and XML (`PayQueryTree`) and
    /// decoded by the same decoder, reporting every problem as a ``PayloadDecodingError``.
    public static func decodeQuery<T: Decodable>(_ type: T.Type, from items: [URLQueryItem]) throws -> T {
        try decodeTree(T.self, from: PayQueryTree.tree(items), format: .query)
    }

    /// Encodes XML under `rootElement`, without an XML header, with the package's own writer
    /// (`PayXMLWriter`): fields in the order the type declares them.
    public static func encodeXML<T: Encodable>(_ value: T, rootElement: String) throws -> Data {
        try PayXMLWriter.document(value, rootElement: rootElement)
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
