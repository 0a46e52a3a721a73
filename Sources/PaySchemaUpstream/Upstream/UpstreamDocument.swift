import Foundation
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// A provider's official contract (an OpenAPI or JSON Schema document in JSON or YAML), read to judge our
/// linked types: JSON pointers resolve into it and its schemas are flattened (`$ref` followed,
/// `allOf` merged) into ``UpstreamSchema`` views. JSON is read by the package's one JSON parser
/// (`PayJSONParser`) and YAML by the generator's loader, both into the one JSON tree, `PayJSON`.
package struct UpstreamDocument {
    /// The parsed document, never mutated.
    private let root: PayJSON
    /// Where it was read from, for messages.
    package let path: String

    /// The document in `data` (read from `path`, named in messages): YAML when the path ends in
    /// `.yaml` or `.yml`, JSON otherwise. The bytes come from the caller (`PaySchemaCore` reads
    /// files); this stage reads no file.
    package init(data: Data, path: String) throws {
        self.path = path
        if ["yaml", "yml"].contains((path as NSString).pathExtension.lowercased()) {
            root = try Self.yaml(data, path: path)
            return
        }
        do {
            root = try PayJSONParser.parse(data, limits: Self.limits)
        } catch {
            throw UpstreamError.unreadable("'\(path)' is not JSON: \(error.description)")
        }
    }

    /// How large and deep an official document may be: larger than any payload (PayPal's Orders
    /// document is 0.6 MB), still bounded.
    static let limits = PayPayloadLimits(maximumBytes: 64 << 20, maximumDepth: 256)

    /// A YAML document read with the generator's own loader (libyaml), as the JSON reader would
    /// give it: mappings, sequences, strings, numbers, booleans and null. Plain scalars are typed as
    /// YAML 1.2's core schema types them and nothing else: a date-like scalar stays a string (Mollie's
    /// document has an unquoted date that does not exist, which YAML 1.1 loaders refuse).
    static func yaml(_ data: Data, path: String) throws -> PayJSON {
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

    /// `node` as a JSON value.
    private static func plain(_ node: YAMLNode) -> PayJSON {
        switch node.value {
        case .mapping(let entries):
            var object: [String: PayJSON] = [:]
            for entry in entries { object[entry.key.scalar ?? ""] = plain(entry.value) }
            return .object(object)
        case .sequence(let items):
            return .array(items.map(plain))
        case .scalar(let text, .plain):
            if node.isNull { return .null }
            if text == "true" || text == "True" || text == "TRUE" { return .bool(true) }
            if text == "false" || text == "False" || text == "FALSE" { return .bool(false) }
            // Exact: a number keeps its numeral (`maximum: 0.01` is never read through Double).
            if text.range(of: #"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil,
                Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) != nil
            {
                return .number(text)
            }
            return .string(text)
        case .scalar(let text, _):
            return .string(text)
        }
    }

    /// The value at a JSON pointer (`/components/schemas/order`), `nil` when nothing is there.
    package func value(at pointer: String) -> PayJSON? {
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }
        var current = root
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if case .object(let members) = current, let next = members[token] {
                current = next
            } else if case .array(let elements) = current, let index = Int(token), elements.indices.contains(index) {
                current = elements[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// The object at a JSON pointer, `nil` when something else (or nothing) is there.
    package func object(at pointer: String) -> [String: PayJSON]? { value(at: pointer)?.objectMembers }

    /// The schema at `pointer`, flattened; `nil` when the pointer does not name an object.
    package func schema(at pointer: String) -> UpstreamSchema? {
        guard let object = object(at: pointer) else { return nil }
        return UpstreamSchema(flattening: object, in: self)
    }

    /// `object` with `$ref` chains followed (at most 32 hops, so a cycle ends).
    func dereferenced(_ object: [String: PayJSON]) -> [String: PayJSON] {
        var current = object
        var hops = 0
        while let ref = current["$ref"]?.stringValue, ref.hasPrefix("#"), hops < 32, let next = self.object(at: String(ref.dropFirst())) {
            current = next
            hops += 1
        }
        return current
    }
}

/// Why an official document could not be used.
package enum UpstreamError: Error, CustomStringConvertible, Sendable {
    /// Missing, unreadable, or neither JSON nor YAML.
    case unreadable(String)

    /// The message.
    package var description: String {
        switch self {
        case .unreadable(let message): return message
        }
    }
}

/// One object or enum schema of an official contract as the comparison sees it: its properties
/// (each with a constraint signature), which are required, and its enum values.
package struct UpstreamSchema: Sendable, Hashable {
    /// Property names in document order, with their constraint signatures.
    package var properties: [(name: String, constraints: [String: String])]
    /// Required property names.
    package var required: Set<String>
    /// Enum values (as text), empty when the schema is not an enum.
    package var enumValues: [String]
    /// The schema's own constraints (type, format, lengths, pattern, bounds).
    package var constraints: [String: String]

    /// The property names.
    package var propertyNames: [String] { properties.map(\.name) }

    /// The constraint signature of `name`.
    package func constraints(of name: String) -> [String: String]? { properties.first { $0.name == name }?.constraints }

    /// Equal when every part is equal.
    package static func == (lhs: UpstreamSchema, rhs: UpstreamSchema) -> Bool {
        lhs.propertyNames == rhs.propertyNames && lhs.properties.map(\.constraints) == rhs.properties.map(\.constraints)
            && lhs.required == rhs.required && lhs.enumValues == rhs.enumValues && lhs.constraints == rhs.constraints
    }

    /// Hashes the names and values.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(propertyNames)
        hasher.combine(enumValues)
        hasher.combine(required)
    }

    /// Flattens `object` of `document`: `$ref` followed, `allOf` members merged in order.
    init(flattening object: [String: PayJSON], in document: UpstreamDocument) {
        properties = []
        required = []
        enumValues = []
        constraints = [:]
        merge(object, in: document, depth: 0)
    }

    /// Builds a view of one of our own exported JSON Schemas (the same shape, no references to follow).
    package init(ours object: [String: PayJSON]) {
        properties = []
        required = []
        enumValues = []
        constraints = [:]
        merge(object, in: nil, depth: 0)
    }

    private mutating func merge(_ raw: [String: PayJSON], in document: UpstreamDocument?, depth: Int) {
        guard depth < 16 else { return }
        let object = document?.dereferenced(raw) ?? raw
        for member in object["allOf"]?.arrayElements ?? [] {
            if let member = member.objectMembers { merge(member, in: document, depth: depth + 1) }
        }
        // An open enum of ours is `anyOf: [{enum}, {type: string}]`: its values are the cases.
        // `null` among an enum's values is the value's nullability (a field's `nullable`), not a case.
        for member in object["anyOf"]?.arrayElements ?? [] {
            if let values = member.objectMembers?["enum"]?.arrayElements { enumValues += values.filter { $0 != .null }.map(Self.text) }
        }
        if let values = object["enum"]?.arrayElements { enumValues += values.filter { $0 != .null }.map(Self.text) }
        // An open enum of ours lists its known values as `examples` beside `x-open-enum`.
        if document == nil, object["x-open-enum"] == .bool(true), let values = object["examples"]?.arrayElements {
            enumValues += values.map(Self.text)
        }
        for (key, value) in Self.signature(object, in: document) where constraints[key] == nil { constraints[key] = value }
        let names = Self.orderedKeys(object["properties"])
        let schemas = object["properties"]?.objectMembers ?? [:]
        for name in names {
            let signature = Self.signature(schemas[name]?.objectMembers ?? [:], in: document)
            // A property two `allOf` members declare meets both: Mollie's payment-response narrows
            // the entity's open `method: {}` to its method enum.
            if let index = properties.firstIndex(where: { $0.name == name }) {
                for (key, value) in signature where properties[index].constraints[key] == nil { properties[index].constraints[key] = value }
            } else {
                properties.append((name, signature))
            }
        }
        for name in object["required"]?.arrayElements ?? [] {
            if let name = name.stringValue { required.insert(name) }
        }
    }

    /// What a comparison looks at in one schema: its type, format, enum values, lengths, pattern,
    /// bounds, nullability, the schema it refers to, and the same of its list items (`items.`).
    static func signature(_ raw: [String: PayJSON], in document: UpstreamDocument?) -> [String: String] {
        var out: [String: String] = [:]
        if let ref = raw["$ref"]?.stringValue { out["ref"] = referenceName(ref) }
        // A nullable reference (ours: `anyOf: [{$ref}, {type: null}]`) names the schema it refers to.
        for key in ["anyOf", "oneOf"] where out["ref"] == nil {
            let options = (raw[key]?.arrayElements ?? []).compactMap(\.objectMembers).filter { $0["type"] != .string("null") }
            if options.count == 1, let ref = options[0]["$ref"]?.stringValue { out["ref"] = referenceName(ref) }
        }
        let object = document?.dereferenced(raw) ?? raw
        var merged = object
        for member in object["allOf"]?.arrayElements ?? [] {
            guard let member = member.objectMembers else { continue }
            let resolved = document?.dereferenced(member) ?? member
            if let ref = member["$ref"]?.stringValue, out["ref"] == nil { out["ref"] = referenceName(ref) }
            for (key, value) in resolved where merged[key] == nil { merged[key] = value }
        }
        for key in [
            "type", "format", "minLength", "maxLength", "pattern", "minimum", "maximum", "minItems", "maxItems", "nullable", "readOnly",
            "x-format",
        ] {
            if let value = merged[key] { out[key] = text(value) }
        }
        if let values = merged["enum"]?.arrayElements { out["enum"] = values.map(text).joined(separator: ", ") }
        if let items = merged["items"]?.objectMembers {
            for (key, value) in signature(items, in: document) { out["items." + key] = value }
        }
        return out
    }

    /// `#/components/schemas/order` → `order`; our `ErrorLocation.schema.json` → `ErrorLocation`.
    static func referenceName(_ ref: String) -> String {
        let last = String(ref.split(separator: "/").last ?? Substring(ref))
        return last.hasSuffix(".schema.json") ? String(last.dropLast(".schema.json".count)) : last
    }

    /// A value as the signatures compare it: a number by its exact decimal value (`1.0`, `1` and
    /// `1e0` read alike), text as itself, a list as `[a, b]`.
    static func text(_ value: PayJSON) -> String {
        switch value {
        case .string(let string): return string
        case .number(let numeral):
            return Decimal(string: numeral, locale: Locale(identifier: "en_US_POSIX")).map { "\($0)" } ?? numeral
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let elements): return "[" + elements.map(text).joined(separator: ", ") + "]"
        case .object: return PayJSONWriter.text(value, pretty: false)
        }
    }

    /// A JSON object's keys in a stable order (the tree keeps no document order: sorted).
    static func orderedKeys(_ value: PayJSON?) -> [String] {
        value?.objectMembers.map { $0.keys.sorted() } ?? []
    }
}
