import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

/// The JSON Schema of the schema language (`Schemas/payschema.schema.json`), so YAML editors
/// complete and check schema files as they are typed. Each object allows exactly the keys the
/// parser takes for it (a test compares the two lists), and CI validates every bundled schema file
/// against the committed document with an independent JSON Schema validator.
package enum LanguageSchema {
    static func strings(_ values: [String]) -> PayJSON { .array(values.map { .string($0) }) }
    static func ref(_ name: String) -> PayJSON { .members([("$ref", .string("#/$defs/\(name)"))]) }
    static func object(_ properties: [(String, PayJSON)], required: [String] = [], open: Bool = false) -> PayJSON {
        var entries: [(String, PayJSON)] = [("type", "object"), ("properties", .members(properties))]
        if !required.isEmpty { entries.append(("required", strings(required))) }
        if !open { entries.append(("additionalProperties", false)) }
        return .members(entries)
    }

    static let text: PayJSON = .members([("type", "string")])
    static let flag: PayJSON = .members([("type", "boolean")])
    static let count: PayJSON = .members([("type", "integer"), ("minimum", 0)])
    static let number: PayJSON = .members([("type", .array(["number", "string"]))])
    static let names: PayJSON = .members([("oneOf", .array([text, .members([("type", "array"), ("items", text)])]))])
    static let deprecation: PayJSON = .members([("oneOf", .array([flag, text]))])

    static var constraintProperties: [(String, PayJSON)] {
        [
            ("minLength", count), ("maxLength", count), ("pattern", text), ("minimum", number), ("maximum", number),
            ("exclusiveMinimum", .members([("oneOf", .array([flag, number]))])),
            ("exclusiveMaximum", .members([("oneOf", .array([flag, number]))])),
            ("scale", count), ("exactScale", flag), ("minItems", count), ("maxItems", count),
            ("format", .members([("enum", strings(PayFormat.names))])),
            ("schemes", .members([("type", "array"), ("items", text)])),
        ]
    }

    static var common: [(String, PayJSON)] {
        // `omits` and `differences` name an upstream property each, with the reason.
        let reasons: PayJSON = .members([("type", "object"), ("additionalProperties", text)])
        let upstream = object([("ref", text), ("omits", reasons), ("differences", reasons)], required: ["ref"])
        return [
            ("doc", text), ("deprecated", deprecation), ("renamedFrom", names),
            ("direction", .members([("enum", strings(Direction.allCases.map(\.rawValue)))])), ("legacy", ref("legacy")),
            ("upstream", .members([("oneOf", .array([text, upstream]))])),
        ]
    }

    /// Each object of the language by name, with the properties it allows: a test holds each to
    /// the key list the parser enforces for it.
    static func properties(of definition: String) -> Set<String> {
        let document = document()
        let object = definition == "file" ? document : document["$defs"]?[definition]
        guard case .object(let properties)? = object?["properties"] else { return [] }
        return Set(properties.keys)
    }

    /// The document.
    package static func document() -> PayJSON {
        let field = object(
            [
                ("type", text), ("required", flag), ("default", .members([])), ("doc", text), ("deprecated", deprecation),
                ("renamedFrom", names),
                ("sensitive", flag), ("json", text), ("xml", text), ("query", text),
                ("queryStyle", .members([("enum", strings(QueryListStyle.allCases.map(\.rawValue)))])),
                ("aliases", names), ("dateFormat", text), ("timeZone", text), ("relative", flag),
                (
                    "nullable",
                    .members([
                        ("type", "boolean"),
                        (
                            "description",
                            .string(
                                "On an optional field, null is read as absent; with required: true the field must be present and may be null (present but null, JSON only); not with a default."
                            )
                        ),
                    ])
                ),
                (
                    "jsonForms",
                    .members([("type", "array"), ("items", .members([("enum", strings(PayJSONForm.allCases.map(\.rawValue)))]))])
                ),
            ] + constraintProperties, required: ["type"])
        let structType = object(
            [
                ("kind", .members([("const", "struct")])),
                ("fields", .members([("type", "object"), ("additionalProperties", .members([("oneOf", .array([text, ref("field")]))]))])),
                (
                    "encodings",
                    .members([("type", "array"), ("items", .members([("enum", strings(WireFormat.allCases.map(\.rawValue)))]))])
                ),
                ("keyStyle", .members([("enum", strings(KeyStyle.allCases.map(\.rawValue)))])), ("xmlRoot", text), ("nullable", flag),
                ("unknownMembers", .members([("enum", strings(["keep", "refuse"]))])),
                (
                    "requireAnyOf",
                    .members([
                        ("type", "array"),
                        ("items", .members([("oneOf", .array([text, .members([("type", "array"), ("items", text)])]))])),
                    ])
                ),
            ] + common,
            required: ["kind", "fields"])
        let enumCase: PayJSON = .members([
            (
                "oneOf",
                .array([
                    .members([("type", "string")]), .members([("type", "integer")]), .members([("type", "null")]),
                    object([
                        ("value", .members([])), ("doc", text), ("aliases", .members([])), ("deprecated", deprecation),
                        ("renamedFrom", names),
                    ]),
                ])
            )
        ])
        let enumType = object(
            [
                ("kind", .members([("const", "enum")])), ("rawType", .members([("enum", strings(["String", "Int"]))])), ("open", flag),
                (
                    "cases",
                    .members([
                        (
                            "oneOf",
                            .array([.members([("type", "array")]), .members([("type", "object"), ("additionalProperties", enumCase)])])
                        )
                    ])
                ),
            ] + common, required: ["kind", "cases"])
        let unionType = object(
            [
                ("kind", .members([("const", "union")])), ("discriminator", text),
                (
                    "variants",
                    .members([
                        ("type", "object"),
                        (
                            "additionalProperties",
                            .members([
                                ("oneOf", .array([text, object([("type", text), ("doc", text), ("case", text)], required: ["type"])]))
                            ])
                        ),
                    ])
                ),
            ] + common,
            required: ["kind", "discriminator", "variants"])
        let scalarType = object(
            [
                ("kind", .members([("const", "scalar")])),
                ("base", .members([("enum", strings(SchemaPrimitive.allCases.filter { $0 != .date }.map(\.rawValue)))])),
                ("sensitive", flag), ("literal", flag),
            ] + common + constraintProperties,
            required: ["kind", "base"])
        let code = object(
            [
                ("name", text),
                ("message", .members([("oneOf", .array([text, .members([("type", "object"), ("additionalProperties", text)])]))])),
                ("doc", text), ("domain", text), ("deprecated", deprecation), ("renamedFrom", names),
            ], required: ["name", "message"])
        let catalog = object(
            [
                ("domain", text), ("codeType", .members([("enum", strings(["String", "Int"]))])), ("defaultLanguage", text), ("doc", text),
                ("codes", .members([("type", "object"), ("additionalProperties", code)])),
            ], required: ["domain", "codes"])
        let parameter = object(
            [
                ("in", .members([("enum", strings(ParameterPlace.allCases.map(\.rawValue)))])), ("name", text), ("type", text),
                ("required", flag), ("sensitive", flag), ("idempotencyKey", flag), ("doc", text),
            ], required: ["in"])
        let statuses: PayJSON = .members([
            (
                "oneOf",
                .array([.members([("type", "integer")]), .members([("type", "array"), ("items", .members([("type", "integer")]))])])
            )
        ])
        let operation = object(
            [
                ("doc", text), ("method", .members([("enum", strings(PayHTTPMethod.allCases.map(\.rawValue)))])), ("path", text),
                ("parameters", .members([("type", "object"), ("additionalProperties", parameter)])), ("request", text),
                ("requestOptional", flag), ("unknownMembers", .members([("enum", strings(["keep", "refuse"]))])), ("response", text),
                ("errorBody", text),
                ("successStatus", statuses), ("errorStatus", statuses),
                ("security", .members([("enum", strings(SecurityScheme.allCases.map(\.rawValue)))])),
                ("responseMediaType", .members([("type", "string"), ("pattern", "^application/([A-Za-z0-9.!#$&^_-]+\\+)?json$")])),
                (
                    "links",
                    .members([
                        ("type", "object"), ("additionalProperties", .members([("type", "object"), ("additionalProperties", text)])),
                    ])
                ),
                ("deprecated", deprecation), ("renamedFrom", names),
            ], required: ["method", "path"])
        let method = object(
            [("signature", text), ("body", text), ("noOp", .members([("type", "string")])), ("replacement", text), ("doc", text)],
            required: ["signature"])
        let legacyAPI = object(
            [
                ("kind", .members([("enum", strings(LegacyAPIKind.allCases.map(\.rawValue)))])), ("deprecated", text), ("doc", text),
                ("mainActor", flag),
                ("methods", .members([("type", "object"), ("additionalProperties", method)])),
                (
                    "properties",
                    .members([
                        ("type", "object"),
                        (
                            "additionalProperties",
                            object([("type", text), ("get", text), ("set", text), ("doc", text)], required: ["type", "get"])
                        ),
                    ])
                ),
            ],
            required: ["kind"])
        let legacy = object([
            (
                "conversions",
                .members([
                    ("type", "array"),
                    (
                        "items",
                        object([
                            ("to", text), ("from", .members([("type", "object"), ("additionalProperties", text)])),
                            ("fields", .members([("type", "object")])),
                        ])
                    ),
                ])
            )
        ])
        return .members([
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("$id", "https://github.com/PaymentSchemas/payschema.schema.json"),
            ("title", "payschema schema file"),
            ("description", "A file of Schemas/<Module>/: types, error catalogs, operations and legacy APIs. See Schemas/README.md."),
            ("type", "object"),
            (
                "properties",
                .members([
                    ("module", text), ("doc", text), ("sandbox", text),
                    (
                        "types",
                        .members([
                            ("type", "object"),
                            (
                                "additionalProperties",
                                .members([("oneOf", .array([ref("struct"), ref("enum"), ref("union"), ref("scalar")]))])
                            ),
                        ])
                    ),
                    ("errors", .members([("type", "object"), ("additionalProperties", ref("catalog"))])),
                    ("operations", .members([("type", "object"), ("additionalProperties", ref("operation"))])),
                    ("legacyAPI", .members([("type", "object"), ("additionalProperties", ref("legacyAPI"))])),
                ])
            ),
            ("additionalProperties", false),
            (
                "$defs",
                .members([
                    ("struct", structType), ("enum", enumType), ("union", unionType), ("scalar", scalarType), ("field", field),
                    ("catalog", catalog), ("operation", operation), ("legacyAPI", legacyAPI), ("legacy", legacy),
                ])
            ),
        ])
    }
}
