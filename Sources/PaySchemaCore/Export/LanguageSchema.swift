@_spi(Generated) import PaySchemaVocabulary

/// The JSON Schema of the schema language (`Schemas/payschema.schema.json`), so YAML editors
/// complete and check schema files as they are typed. Built from the same key lists the parser
/// enforces, so the two cannot drift apart.
public enum LanguageSchema {
    static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
    static func ref(_ name: String) -> JSONValue { .object([("$ref", .string("#/$defs/\(name)"))]) }
    static func object(_ properties: [(String, JSONValue)], required: [String] = [], open: Bool = false) -> JSONValue {
        var entries: [(String, JSONValue)] = [("type", "object"), ("properties", .object(properties))]
        if !required.isEmpty { entries.append(("required", strings(required))) }
        if !open { entries.append(("additionalProperties", false)) }
        return .object(entries)
    }

    static let text: JSONValue = .object([("type", "string")])
    static let flag: JSONValue = .object([("type", "boolean")])
    static let count: JSONValue = .object([("type", "integer"), ("minimum", 0)])
    static let number: JSONValue = .object([("type", .array(["number", "string"]))])
    static let names: JSONValue = .object([("oneOf", .array([text, .object([("type", "array"), ("items", text)])]))])
    static let deprecation: JSONValue = .object([("oneOf", .array([flag, text]))])

    static var constraintProperties: [(String, JSONValue)] {
        [
            ("minLength", count), ("maxLength", count), ("pattern", text), ("minimum", number), ("maximum", number),
            ("exclusiveMinimum", .object([("oneOf", .array([flag, number]))])), ("exclusiveMaximum", .object([("oneOf", .array([flag, number]))])),
            ("scale", count), ("minItems", count), ("maxItems", count), ("format", .object([("enum", strings(PayFormat.names))])),
            ("schemes", .object([("type", "array"), ("items", text)])),
        ]
    }

    static var common: [(String, JSONValue)] {
        [("doc", text), ("deprecated", deprecation), ("renamedFrom", names), ("direction", .object([("enum", strings(Direction.allCases.map(\.rawValue)))])), ("legacy", ref("legacy"))]
    }

    /// The document.
    public static func document() -> JSONValue {
        let field = object([
            ("type", text), ("required", flag), ("default", .object([])), ("doc", text), ("deprecated", deprecation), ("renamedFrom", names),
            ("sensitive", flag), ("json", text), ("xml", text), ("query", text), ("queryStyle", .object([("enum", strings(QueryListStyle.allCases.map(\.rawValue)))])),
            ("aliases", names), ("dateFormat", text), ("timeZone", text),
        ] + constraintProperties, required: ["type"])
        let structType = object([("kind", .object([("const", "struct")])), ("fields", .object([("type", "object"), ("additionalProperties", .object([("oneOf", .array([text, ref("field")]))]))])),
                                 ("encodings", .object([("type", "array"), ("items", .object([("enum", strings(WireFormat.allCases.map(\.rawValue)))]))])),
                                 ("keyStyle", .object([("enum", strings(KeyStyle.allCases.map(\.rawValue)))])), ("xmlRoot", text)] + common, required: ["kind", "fields"])
        let enumCase: JSONValue = .object([("oneOf", .array([.object([("type", "string")]), .object([("type", "integer")]), .object([("type", "null")]),
                                                             object([("value", .object([])), ("doc", text), ("aliases", .object([])), ("deprecated", deprecation), ("renamedFrom", names)])]))])
        let enumType = object([("kind", .object([("const", "enum")])), ("rawType", .object([("enum", strings(["String", "Int"]))])), ("open", flag),
                               ("cases", .object([("oneOf", .array([.object([("type", "array")]), .object([("type", "object"), ("additionalProperties", enumCase)])]))]))] + common, required: ["kind", "cases"])
        let unionType = object([("kind", .object([("const", "union")])), ("discriminator", text),
                                ("variants", .object([("type", "object"), ("additionalProperties", .object([("oneOf", .array([text, object([("type", text), ("doc", text), ("case", text)], required: ["type"])]))]))]))] + common,
                               required: ["kind", "discriminator", "variants"])
        let scalarType = object([("kind", .object([("const", "scalar")])), ("base", .object([("enum", strings(SchemaPrimitive.allCases.filter { $0 != .date }.map(\.rawValue)))])), ("sensitive", flag), ("literal", flag)] + common + constraintProperties,
                                required: ["kind", "base"])
        let code = object([("name", text), ("message", .object([("oneOf", .array([text, .object([("type", "object"), ("additionalProperties", text)])]))])), ("doc", text), ("domain", text), ("deprecated", deprecation), ("renamedFrom", names)], required: ["name", "message"])
        let catalog = object([("domain", text), ("codeType", .object([("enum", strings(["String", "Int"]))])), ("defaultLanguage", text), ("doc", text), ("codes", .object([("type", "object"), ("additionalProperties", code)]))], required: ["domain", "codes"])
        let parameter = object([("in", .object([("enum", strings(ParameterPlace.allCases.map(\.rawValue)))])), ("name", text), ("type", text), ("required", flag), ("sensitive", flag), ("idempotencyKey", flag), ("doc", text)], required: ["in"])
        let operation = object([("doc", text), ("method", .object([("enum", strings(PayHTTPMethod.allCases.map(\.rawValue)))])), ("path", text),
                                ("parameters", .object([("type", "object"), ("additionalProperties", parameter)])), ("request", text), ("response", text), ("errorBody", text),
                                ("successStatus", .object([("oneOf", .array([.object([("type", "integer")]), .object([("type", "array"), ("items", .object([("type", "integer")]))])]))])),
                                ("deprecated", deprecation), ("renamedFrom", names)], required: ["method", "path"])
        let method = object([("signature", text), ("body", text), ("noOp", .object([("type", "string")])), ("replacement", text), ("doc", text)], required: ["signature"])
        let legacyAPI = object([("kind", .object([("enum", strings(LegacyAPIKind.allCases.map(\.rawValue)))])), ("deprecated", text), ("doc", text),
                                ("methods", .object([("type", "object"), ("additionalProperties", method)])),
                                ("properties", .object([("type", "object"), ("additionalProperties", object([("type", text), ("get", text), ("set", text), ("doc", text)], required: ["type", "get"]))]))],
                               required: ["kind"])
        let legacy = object([("conversions", .object([("type", "array"), ("items", object([("to", text), ("from", .object([("type", "object"), ("additionalProperties", text)])), ("fields", .object([("type", "object")]))]))]))])
        return .object([
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("$id", "https://github.com/PaymentSchemas/payschema.schema.json"),
            ("title", "payschema schema file"),
            ("description", "A file of Schemas/<Module>/: types, error catalogs, operations and legacy APIs. See Schemas/README.md."),
            ("type", "object"),
            ("properties", .object([
                ("module", text), ("doc", text),
                ("types", .object([("type", "object"), ("additionalProperties", .object([("oneOf", .array([ref("struct"), ref("enum"), ref("union"), ref("scalar")]))]))])),
                ("errors", .object([("type", "object"), ("additionalProperties", ref("catalog"))])),
                ("operations", .object([("type", "object"), ("additionalProperties", ref("operation"))])),
                ("legacyAPI", .object([("type", "object"), ("additionalProperties", ref("legacyAPI"))])),
            ])),
            ("additionalProperties", false),
            ("$defs", .object([
                ("struct", structType), ("enum", enumType), ("union", unionType), ("scalar", scalarType), ("field", field),
                ("catalog", catalog), ("operation", operation), ("legacyAPI", legacyAPI), ("legacy", legacy),
            ])),
        ])
    }
}
