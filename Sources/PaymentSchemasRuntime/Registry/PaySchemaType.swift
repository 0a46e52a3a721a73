import Foundation
import PaymentSchemasVocabulary

/// A generated type known by name, so tools can read payloads by `Module.Type` without knowing the
/// Swift type at compile time (`payflow validate`, payload tests).
public struct PaySchemaType: Sendable {
    /// The kinds of schema type.
    public enum Kind: String, Sendable, Hashable {
        /// A struct.
        case structure = "struct"
        /// An enum.
        case enumeration = "enum"
        /// A discriminated union.
        case union
        /// A scalar newtype.
        case scalar
    }

    /// The module that declares it.
    public let module: String
    /// The type's name.
    public let name: String
    /// Its kind.
    public let kind: Kind
    /// The encodings it supports.
    public let formats: [WireFormat]
    /// The schema file it comes from, relative to `Schemas/`.
    public let schemaFile: String
    /// Earlier names of the type (`renamedFrom`), still accepted by ``matches(_:)``.
    public let formerNames: [String]
    private let reader: @Sendable (Data, WireFormat) throws -> PayReadResult

    /// Registers `type`.
    public init<T: Codable & Sendable>(
        _ type: T.Type, module: String, name: String, kind: Kind, formats: [WireFormat], schemaFile: String, formerNames: [String] = []
    ) {
        self.module = module
        self.name = name
        self.formerNames = formerNames
        self.kind = kind
        self.formats = formats
        self.schemaFile = schemaFile
        self.reader = { data, format in try Self.read(T.self, name: name, formats: formats, data: data, format: format) }
    }

    /// `Module.Type`.
    public var qualifiedName: String { module + "." + name }

    /// Whether `qualifiedName` (`Module.Type`) names this type, by its current or a former name.
    public func matches(_ qualifiedName: String) -> Bool {
        qualifiedName == self.qualifiedName || formerNames.contains { qualifiedName == module + "." + $0 }
    }

    /// Decodes `data` written in `format`, validates it and encodes it back.
    ///
    /// Throws a ``PayloadDecodingError`` listing every problem when the payload cannot be decoded,
    /// including when the type does not support `format`. For JSON and XML its
    /// ``PayloadDecodingError/violations`` also lists the constraint violations of the parts that
    /// did decode (`PayPartialDecoding`), so one read reports everything.
    public func read(_ data: Data, as format: WireFormat) throws -> PayReadResult {
        try reader(data, format)
    }

    static func read<T: Codable & Sendable>(
        _ type: T.Type, name: String, formats: [WireFormat], data: Data, format: WireFormat
    ) throws -> PayReadResult {
        guard formats.contains(format) else {
            throw PayloadDecodingError(issues: [
                PayloadIssue(
                    path: .root, kind: .malformed,
                    message: "\(name) is not read from \(format.rawValue); it supports \(formats.map(\.rawValue).joined(separator: ", "))")
            ])
        }
        do {
            return try readStrictly(T.self, name: name, data: data, format: format)
        } catch let error as PayloadDecodingError where format != .query {
            // Everything else that is wrong, from the same generated decoders run partially.
            throw PayPartialDecoding.addingViolations(to: error) { () throws -> T in
                format == .json ? try PayWire.decodeJSON(T.self, from: data) : try PayWire.decodeXML(T.self, from: data)
            }
        }
    }

    private static func readStrictly<T: Codable & Sendable>(
        _ type: T.Type, name: String, data: Data, format: WireFormat
    ) throws -> PayReadResult {
        let value: T
        let reencode: () throws -> Data
        var inSchemaSpelling: (() throws -> Data)?
        switch format {
        case .json:
            let decoded = try PayWire.decodeJSON(T.self, from: data)
            value = decoded
            reencode = { try PayWire.encodeJSON(decoded, pretty: true) }
            inSchemaSpelling = { try PayWire.encodeJSON(decoded, pretty: true, spelling: .schema) }
        case .xml:
            guard let document = T.self as? any PayXMLDocument.Type else {
                throw PayloadDecodingError(issues: [
                    PayloadIssue(path: .root, kind: .malformed, message: "\(name) is not an XML document (it has no root element)")
                ])
            }
            let decoded = try PayWire.decodeXML(T.self, from: data)
            value = decoded
            reencode = { try PayWire.encodeXML(decoded, rootElement: document.xmlRootElement) }
        case .query:
            guard let queryType = T.self as? any PayQueryCodable.Type else {
                throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "\(name) is not a URL-query type")]
                )
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw PayloadDecodingError(issues: [
                    PayloadIssue(path: .root, kind: .malformed, message: "not a well-formed query: the text is not UTF-8")
                ])
            }
            let decoded = try queryType.init(query: text)
            guard let typed = decoded as? T else {
                throw PayloadDecodingError(issues: [
                    PayloadIssue(path: .root, kind: .malformed, message: "\(name) could not be read from a query")
                ])
            }
            value = typed
            reencode = { Data(try decoded.queryString.utf8) }
        }
        let violations = (value as? any PayValidatable)?.violations ?? []
        // A value that breaks its constraints may not be writable (an amount beyond its scale is an
        // encoding error, never a rounding); the violations say why.
        let reencoded = try? reencode()
        let schemaSpelled = inSchemaSpelling.map { try? $0() } ?? reencoded
        return PayReadResult(
            value: value, violations: violations, reencoded: reencoded, reencodedInSchemaSpelling: schemaSpelled,
            description: String(describing: value))
    }
}

/// What reading a payload gave: the value, its violations and its re-encoding.
public struct PayReadResult: Sendable {
    /// The decoded value.
    public let value: any Sendable
    /// Every broken constraint.
    public let violations: [ValidationViolation]
    /// The value encoded again in the same format (JSON pretty-printed with sorted keys), as it was
    /// read (``PayWire/Spelling/asRead``: members the type does not model and the payload's own
    /// spellings kept); `nil` when it cannot be written, such as an amount with more fraction digits
    /// than its scale.
    public let reencoded: Data?
    /// The value encoded again in the schema's own spelling (``PayWire/Spelling/schema``): what two
    /// values compare by. The same as ``reencoded`` for XML and queries.
    public let reencodedInSchemaSpelling: Data?
    /// The value's description (secrets redacted).
    public let description: String
}

/// The types of one module.
public protocol PaySchemaModule {
    /// The module's name.
    static var name: String { get }
    /// Its types, sorted by name.
    static var types: [PaySchemaType] { get }
    /// Its operations (not deprecated), sorted by path template and method.
    static var operations: [PayOperationDescriptor] { get }
    /// The wire names of the fields that hold secrets, whose values a server showing bodies redacts.
    static var sensitiveFieldNames: Set<String> { get }
}

extension PaySchemaModule {
    /// No operations, unless the module's schemas declare some.
    public static var operations: [PayOperationDescriptor] { [] }

    /// No secret fields, unless the module's schemas mark some `sensitive`.
    public static var sensitiveFieldNames: Set<String> { [] }

    /// The type called `name` (or formerly called so), `nil` when there is none.
    public static func type(named name: String) -> PaySchemaType? {
        types.first { $0.name == name } ?? types.first { $0.formerNames.contains(name) }
    }
}
