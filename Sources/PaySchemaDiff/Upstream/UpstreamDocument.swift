import Foundation
import PaySchemaChecker
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax

/// A provider's official contract (an OpenAPI or JSON Schema document in JSON or YAML), read to judge our
/// linked types: JSON pointers resolve into it and its schemas are flattened (`$ref` followed,
/// `allOf` merged) into ``UpstreamSchema`` views.
public struct UpstreamDocument {
    /// The parsed JSON (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`), never mutated.
    private let root: Any
    /// Where it was read from, for messages.
    public let path: String

    /// Reads the document at `url`.
    public init(contentsOf url: URL) throws {
        path = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw UpstreamError.unreadable("cannot read '\(url.path)': \((error as NSError).localizedDescription)")
        }
        if ["yaml", "yml"].contains(url.pathExtension.lowercased()) {
            root = try Self.yaml(data, path: url.path)
            return
        }
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw UpstreamError.unreadable("'\(url.path)' is not JSON: \((error as NSError).localizedDescription)")
        }
    }

    /// A YAML document read with the generator's own loader (libyaml), as the JSON reader would
    /// give it: mappings, sequences, strings, numbers, booleans and null. Plain scalars are typed as
    /// YAML 1.2's core schema types them and nothing else: a date-like scalar stays a string (Mollie's
    /// document has an unquoted date that does not exist, which YAML 1.1 loaders refuse).
    static func yaml(_ data: Data, path: String) throws -> Any {
        var limits = YAMLLoader.Limits.standard
        limits.maxBytes = 64 << 20
        limits.maxDepth = 256
        limits.maxNodes = 8_000_000
        limits.maxKeysPerMapping = 100_000
        let result = YAMLLoader.load(bytes: [UInt8](data), file: path, limits: limits)
        if let problem = result.diagnostics.first(where: { $0.severity == .error }) {
            throw UpstreamError.unreadable("'\(path)' is not YAML: \(problem.description)")
        }
        guard let node = result.root else { throw UpstreamError.unreadable("'\(path)' is empty") }
        return plain(node)
    }

    /// `node` as `JSONSerialization` values.
    private static func plain(_ node: YAMLNode) -> Any {
        switch node.value {
        case .mapping(let entries):
            var object: [String: Any] = [:]
            for entry in entries { object[entry.key.scalar ?? ""] = plain(entry.value) }
            return object
        case .sequence(let items):
            return items.map(plain)
        case .scalar(let text, .plain):
            if node.isNull { return NSNull() }
            if text == "true" || text == "True" || text == "TRUE" { return NSNumber(value: true) }
            if text == "false" || text == "False" || text == "FALSE" { return NSNumber(value: false) }
            if let integer = Int(text) { return NSNumber(value: integer) }
            // Exact: a constraint such as `maximum: 0.01` is never read through Double.
            if text.range(of: #"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil {
                let number = NSDecimalNumber(string: text, locale: Locale(identifier: "en_US_POSIX"))
                if number != NSDecimalNumber.notANumber { return number }
            }
            return text
        case .scalar(let text, _):
            return text
        }
    }

    /// The value at a JSON pointer (`/components/schemas/order`), `nil` when nothing is there.
    public func value(at pointer: String) -> Any? {
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }
        var current: Any = root
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let object = current as? [String: Any], let next = object[token] {
                current = next
            } else if let array = current as? [Any], let index = Int(token), array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// The schema at `pointer`, flattened; `nil` when the pointer does not name an object.
    public func schema(at pointer: String) -> UpstreamSchema? {
        guard let object = value(at: pointer) as? [String: Any] else { return nil }
        return UpstreamSchema(flattening: object, in: self)
    }

    /// `object` with `$ref` chains followed (at most 32 hops, so a cycle ends).
    func dereferenced(_ object: [String: Any]) -> [String: Any] {
        var current = object
        var hops = 0
        while let ref = current["$ref"] as? String, ref.hasPrefix("#"), hops < 32,
            let next = value(at: String(ref.dropFirst())) as? [String: Any]
        {
            current = next
            hops += 1
        }
        return current
    }
}

/// Why an official document could not be used.
public enum UpstreamError: Error, CustomStringConvertible, Sendable {
    /// Missing, unreadable, or neither JSON nor YAML.
    case unreadable(String)

    /// The message.
    public var description: String {
        switch self {
        case .unreadable(let message): return message
        }
    }
}

/// One object or enum schema of an official contract as the comparison sees it: its properties
/// (each with a constraint signature), which are required, and its enum values.
public struct UpstreamSchema: Sendable, Hashable {
    /// Property names in document order, with their constraint signatures.
    public var properties: [(name: String, constraints: [String: String])]
    /// Required property names.
    public var required: Set<String>
    /// Enum values (as text), empty when the schema is not an enum.
    public var enumValues: [String]
    /// The schema's own constraints (type, format, lengths, pattern, bounds).
    public var constraints: [String: String]

    /// The property names.
    public var propertyNames: [String] { properties.map(\.name) }

    /// The constraint signature of `name`.
    public func constraints(of name: String) -> [String: String]? { properties.first { $0.name == name }?.constraints }

    /// Equal when every part is equal.
    public static func == (lhs: UpstreamSchema, rhs: UpstreamSchema) -> Bool {
        lhs.propertyNames == rhs.propertyNames && lhs.properties.map(\.constraints) == rhs.properties.map(\.constraints)
            && lhs.required == rhs.required && lhs.enumValues == rhs.enumValues && lhs.constraints == rhs.constraints
    }

    /// Hashes the names and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(propertyNames)
        hasher.combine(enumValues)
        hasher.combine(required)
    }

    /// Flattens `object` of `document`: `$ref` followed, `allOf` members merged in order.
    init(flattening object: [String: Any], in document: UpstreamDocument) {
        properties = []
        required = []
        enumValues = []
        constraints = [:]
        merge(object, in: document, depth: 0)
    }

    /// Builds a view of one of our own exported JSON Schemas (the same shape, no references to follow).
    public init(ours object: [String: Any]) {
        properties = []
        required = []
        enumValues = []
        constraints = [:]
        merge(object, in: nil, depth: 0)
    }

    private mutating func merge(_ raw: [String: Any], in document: UpstreamDocument?, depth: Int) {
        guard depth < 16 else { return }
        let object = document?.dereferenced(raw) ?? raw
        for member in object["allOf"] as? [Any] ?? [] {
            if let member = member as? [String: Any] { merge(member, in: document, depth: depth + 1) }
        }
        // An open enum of ours is `anyOf: [{enum}, {type: string}]`: its values are the cases.
        for member in object["anyOf"] as? [Any] ?? [] {
            if let member = member as? [String: Any], let values = member["enum"] as? [Any] { enumValues += values.map(Self.text) }
        }
        if let values = object["enum"] as? [Any] { enumValues += values.map(Self.text) }
        // An open enum of ours lists its known values as `examples` beside `x-open-enum`.
        if document == nil, object["x-open-enum"] as? Bool == true, let values = object["examples"] as? [Any] {
            enumValues += values.map(Self.text)
        }
        for (key, value) in Self.signature(object, in: document) where constraints[key] == nil { constraints[key] = value }
        let names = Self.orderedKeys(object["properties"])
        let schemas = object["properties"] as? [String: Any] ?? [:]
        for name in names {
            let signature = Self.signature(schemas[name] as? [String: Any] ?? [:], in: document)
            // A property two `allOf` members declare meets both: Mollie's payment-response narrows
            // the entity's open `method: {}` to its method enum.
            if let index = properties.firstIndex(where: { $0.name == name }) {
                for (key, value) in signature where properties[index].constraints[key] == nil { properties[index].constraints[key] = value }
            } else {
                properties.append((name, signature))
            }
        }
        for name in object["required"] as? [Any] ?? [] {
            if let name = name as? String { required.insert(name) }
        }
    }

    /// What a comparison looks at in one schema: its type, format, enum values, lengths, pattern,
    /// bounds, nullability, the schema it refers to, and the same of its list items (`items.`).
    static func signature(_ raw: [String: Any], in document: UpstreamDocument?) -> [String: String] {
        var out: [String: String] = [:]
        if let ref = raw["$ref"] as? String { out["ref"] = referenceName(ref) }
        // A nullable reference (ours: `anyOf: [{$ref}, {type: null}]`) names the schema it refers to.
        for key in ["anyOf", "oneOf"] where out["ref"] == nil {
            let options = (raw[key] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.filter { $0["type"] as? String != "null" }
            if options.count == 1, let ref = options[0]["$ref"] as? String { out["ref"] = referenceName(ref) }
        }
        let object = document?.dereferenced(raw) ?? raw
        var merged = object
        for member in object["allOf"] as? [Any] ?? [] {
            guard let member = member as? [String: Any] else { continue }
            let resolved = document?.dereferenced(member) ?? member
            if let ref = member["$ref"] as? String, out["ref"] == nil { out["ref"] = referenceName(ref) }
            for (key, value) in resolved where merged[key] == nil { merged[key] = value }
        }
        for key in [
            "type", "format", "minLength", "maxLength", "pattern", "minimum", "maximum", "minItems", "maxItems", "nullable", "readOnly",
            "x-format",
        ] {
            if let value = merged[key] { out[key] = text(value) }
        }
        if let values = merged["enum"] as? [Any] { out["enum"] = values.map(text).joined(separator: ", ") }
        if let items = merged["items"] as? [String: Any] {
            for (key, value) in signature(items, in: document) { out["items." + key] = value }
        }
        return out
    }

    /// `#/components/schemas/order` → `order`; our `ErrorLocation.schema.json` → `ErrorLocation`.
    static func referenceName(_ ref: String) -> String {
        let last = String(ref.split(separator: "/").last ?? Substring(ref))
        return last.hasSuffix(".schema.json") ? String(last.dropLast(".schema.json".count)) : last
    }

    static func text(_ value: Any) -> String {
        switch value {
        case let string as String: return string
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
            return number.stringValue
        case is NSNull: return "null"
        case let array as [Any]: return "[" + array.map(text).joined(separator: ", ") + "]"
        default: return String(describing: value)
        }
    }

    /// A JSON object's keys in a stable order (JSONSerialization forgets document order: sorted).
    static func orderedKeys(_ value: Any?) -> [String] {
        (value as? [String: Any]).map { $0.keys.sorted() } ?? []
    }
}
