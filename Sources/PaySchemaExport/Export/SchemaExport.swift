import Foundation
import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

/// Turns checked schemas into JSON Schema (2020-12) and OpenAPI 3.1 documents.
package struct SchemaExport {
    let module: ResolvedModule
    /// How references to other types are written: `#/components/schemas/` or a file suffix.
    let reference: (String) -> String
    /// How references to a shared code list are written (``SharedCodeList``); `nil` writes each
    /// list inline where a field names its format.
    var codeListReference: ((SharedCodeList) -> String)? = nil
    /// Whether every struct says `additionalProperties: false`: the variants a request body that
    /// refuses unknown members at every depth refers to (``requestVariants(_:)``).
    var closesEveryStructure = false

    /// The JSON Schema of a declared type.
    package func schema(of resolved: ResolvedDecl) -> PayJSON {
        .members(entries(of: resolved))
    }

    /// The members of a declared type's JSON Schema.
    func entries(of type: ResolvedDecl) -> [(String, PayJSON)] {
        var entries: [(String, PayJSON)] = []
        if let doc = type.doc { entries.append(("description", .string(doc))) }
        if type.lifecycle.deprecated != nil { entries.append(("deprecated", true)) }
        if let upstream = type.upstream {
            // The official schema this type models, and what it knowingly leaves out or tightens.
            var link: [(String, PayJSON)] = [("ref", .string(upstream.ref))]
            if !upstream.omits.isEmpty {
                link.append(("omits", .members(upstream.omits.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
            }
            if !upstream.differences.isEmpty {
                link.append(("differences", .members(upstream.differences.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
            }
            entries.append(("x-upstream", .members(link)))
        }
        switch type.kind {
        case .structure(let decl):
            entries.append(("type", "object"))
            var properties: [(String, PayJSON)] = []
            var required: [PayJSON] = []
            // A required field with aliases is present under its name or any alias.
            var alternatives: [[(String, PayJSON)]] = []
            let format = decl.primaryFormat
            for field in decl.fields {
                let name = field.wireName(in: format)
                let schema = fieldSchema(field)
                properties.append((name, schema))
                for alias in field.aliases where alias != name { properties.append((alias, schema)) }
                guard field.required else { continue }
                if field.aliases.isEmpty {
                    required.append(.string(name))
                } else {
                    let names = [name] + field.aliases
                    alternatives.append([("anyOf", .array(names.map { .members([("required", .array([.string($0)]))]) }))])
                }
            }
            entries.append(("properties", .members(properties)))
            if !required.isEmpty { entries.append(("required", .array(required))) }
            // Members no field models are kept (JSON Schema's default); a type that refuses them says so.
            if decl.refusesUnknownMembers || closesEveryStructure { entries.append(("additionalProperties", false)) }
            if !decl.requireAnyOf.isEmpty {
                // A member of a group is there when it is present and not `null` (the type reads
                // `null` as absent): JSON Schema's `required` alone takes `null`.
                let groups = decl.requireAnyOf.map { group -> PayJSON in
                    let names = group.map { $0.wireName(in: format) }
                    let present = names.map { ($0, PayJSON.members([("not", .members([("type", "null")]))])) }
                    return .members([("required", .array(names.map { .string($0) })), ("properties", .members(present))])
                }
                alternatives.append([("anyOf", .array(groups))])
            }
            if alternatives.count == 1 {
                entries.append(contentsOf: alternatives[0])
            } else if !alternatives.isEmpty {
                entries.append(("allOf", .array(alternatives.map(PayJSON.members))))
            }
            if decl.encodings != [.json] {
                entries.append(("x-encodings", .array(decl.encodings.map { .string($0.rawValue) })))
            }
            if let root = decl.xmlRoot { entries.append(("xml", .members([("name", .string(root))]))) }
        case .enumeration(let decl):
            entries.append(("type", decl.rawType == .int ? "integer" : "string"))
            let values = decl.cases.map { raw($0.value) }
            if decl.isOpen {
                entries.append(("examples", .array(values)))
                entries.append(("x-open-enum", true))
            } else {
                entries.append(("enum", .array(values + decl.cases.flatMap { $0.aliases.map(raw) })))
            }
        case .union(let decl):
            // Each branch pins the discriminator to its tag, so exactly one branch matches.
            entries.append(
                (
                    "oneOf",
                    .array(
                        decl.variants.map { variant in
                            .members([
                                (
                                    "allOf",
                                    .array([
                                        .members([("$ref", .string(reference(variant.structure.name)))]),
                                        .members([
                                            ("properties", .members([(decl.discriminator, .members([("const", .string(variant.tag))]))])),
                                            ("required", .array([.string(decl.discriminator)])),
                                        ]),
                                    ])
                                )
                            ])
                        })
                ))
            entries.append(
                (
                    "discriminator",
                    .members([
                        ("propertyName", .string(decl.discriminator)),
                        ("mapping", .members(decl.variants.map { ($0.tag, .string(reference($0.structure.name))) })),
                    ])
                ))
        case .scalar(let decl):
            entries.append(
                contentsOf: Self.merging(
                    primitiveSchema(decl.base, dateFormat: nil), constraints(decl.constraints, decimalPrimitive: decl.base == .decimal)))
            if decl.sensitive { entries.append(("x-sensitive", true)) }
        }
        return entries
    }

    /// A schema that also admits `null`. A schema with a single `type` gets `null` added to it (and
    /// to its `enum`), the OpenAPI 3.1 spelling other generators understand (swift-openapi-generator
    /// drops properties written as `anyOf` with `null`); anything else (a `$ref`) becomes
    /// `anyOf: [schema, {type: null}]`, as does a schema that refers to a shared code list. Both
    /// accept exactly the same values.
    static func nullable(_ entries: [(String, PayJSON)]) -> [(String, PayJSON)] {
        // A reference inside (a shared code list in `allOf`) would still refuse `null`.
        guard let typeIndex = entries.firstIndex(where: { $0.0 == "type" }), case .string(let type) = entries[typeIndex].1,
            !entries.contains(where: { $0.0 == "allOf" })
        else {
            return [("anyOf", .array([.members(entries), .members([("type", "null")])]))]
        }
        var result = entries
        result[typeIndex].1 = .array([.string(type), .string("null")])
        if let enumIndex = result.firstIndex(where: { $0.0 == "enum" }), case .array(let values) = result[enumIndex].1 {
            result[enumIndex].1 = .array(values + [.null])
        }
        return result
    }

    /// A primitive's schema with a declaration's own constraints: its bounds replace the
    /// primitive's range (Int64's minimum and maximum), and every other key appears once.
    static func merging(_ primitive: [(String, PayJSON)], _ own: [(String, PayJSON)]) -> [(String, PayJSON)] {
        let ownKeys = Set(own.map(\.0))
        let kept = primitive.filter { entry in
            !(entry.0 == "minimum" && (ownKeys.contains("minimum") || ownKeys.contains("exclusiveMinimum")))
                && !(entry.0 == "maximum" && (ownKeys.contains("maximum") || ownKeys.contains("exclusiveMaximum")))
        }
        return uniqueKeys(kept + own)
    }

    /// The entries with each key once (the first wins): a primitive's own `format` and a constraint's may meet.
    static func uniqueKeys(_ entries: [(String, PayJSON)]) -> [(String, PayJSON)] {
        var seen = Set<String>()
        return entries.filter { seen.insert($0.0).inserted }
    }

    func raw(_ value: RawValue) -> PayJSON {
        switch value {
        case .string(let text): return .string(text)
        case .int(let number): return .number(String(number))
        }
    }

    func fieldSchema(_ field: ResolvedField) -> PayJSON {
        var entries = typeSchema(field.type, field: field)
        if let forms = field.jsonForms, forms.count > 1 || (forms.first == .string) != (field.type == .primitive(.string)) {
            entries = decimalForms(field, forms)
        }
        if field.isNullable { entries = Self.nullable(entries) }
        if let doc = field.doc { entries.insert(("description", .string(doc)), at: 0) }
        if let value = field.defaultLiteral { entries.append(("default", json(value))) }
        if field.sensitive { entries.append(("x-sensitive", true)) }
        if field.lifecycle.deprecated != nil { entries.append(("deprecated", true)) }
        return .members(entries)
    }

    /// The schema of a value of `type`; `field` supplies its constraints, date format and URL
    /// rules (`nil` for an operation parameter, which has none).
    func typeSchema(_ type: ResolvedType, field: ResolvedField?) -> [(String, PayJSON)] {
        let constraints = field?.constraints ?? ResolvedConstraints()
        switch type {
        case .primitive(let primitive):
            let relative = field?.allowsRelativeURL == true
            var entries = primitiveSchema(primitive, dateFormat: field?.dateFormat)
            if primitive == .url, constraints.format != "url" {
                entries.append(("pattern", .string(relative ? Self.urlReferencePattern : Self.absoluteURLPattern)))
            }
            if primitive == .url, relative { entries.removeAll { $0.0 == "format" } }
            return Self.merging(entries, self.constraints(constraints, decimalPrimitive: primitive == .decimal))
        case .named(let named):
            let reference: [(String, PayJSON)] = [("$ref", .string(self.reference(named.name)))]
            var rest = constraints
            rest.minItems = nil
            rest.maxItems = nil
            let extra = self.constraints(rest)
            return extra.isEmpty ? reference : [("allOf", .array([.members(reference), .members(extra)]))]
        case .list(let element), .set(let element):
            var items = typeSchema(element, field: field).filter { !["minItems", "maxItems"].contains($0.0) }
            if field?.nullableElements == true { items = Self.nullable(items) }
            var entries: [(String, PayJSON)] = [("type", "array"), ("items", .members(items))]
            if case .set = type { entries.append(("uniqueItems", true)) }
            if let minimum = constraints.minItems { entries.append(("minItems", .number(String(minimum)))) }
            if let maximum = constraints.maxItems { entries.append(("maxItems", .number(String(maximum)))) }
            return entries
        case .map(let value):
            var entries: [(String, PayJSON)] = [
                ("type", "object"),
                ("additionalProperties", .members(typeSchema(value, field: field).filter { !["minItems", "maxItems"].contains($0.0) })),
            ]
            if let minimum = constraints.minItems { entries.append(("minProperties", .number(String(minimum)))) }
            if let maximum = constraints.maxItems { entries.append(("maxProperties", .number(String(maximum)))) }
            return entries
        }
    }

    /// A parameter's schema: as a field's, except that decimals are the plain numerals the readers
    /// take (`-?[0-9]+(.[0-9]+)?`, never an exponent), since a parameter is text on the wire.
    func parameterSchema(_ type: ResolvedType) -> [(String, PayJSON)] {
        var base: SchemaPrimitive?
        switch type {
        case .primitive(let primitive): base = primitive
        case .named(let named): if case .scalar(let primitive) = named.kind { base = primitive }
        default: base = nil
        }
        if base == .decimal {
            return [("type", "string"), ("pattern", .string(Self.plainDecimalPattern))]
        }
        return typeSchema(type, field: nil)
    }

    /// The plain decimal numeral every reader takes.
    static let plainDecimalPattern = "^-?[0-9]+(\\.[0-9]+)?$"

    func primitiveSchema(_ primitive: SchemaPrimitive, dateFormat: String?) -> [(String, PayJSON)] {
        switch primitive {
        case .string: return [("type", "string")]
        case .int, .int64:
            return [
                ("type", "integer"), ("format", "int64"), ("minimum", .number(String(Int64.min))), ("maximum", .number(String(Int64.max))),
            ]
        case .bool: return [("type", "boolean")]
        case .double: return [("type", "number"), ("format", "double")]
        case .decimal: return [("type", "number")]
        case .url: return [("type", "string"), ("format", "uri")]
        case .uuid: return [("type", "string"), ("format", "uuid"), ("pattern", .string(Self.uuidPattern))]
        // Any JSON value but `null`, which a field that is not nullable refuses (it is omitted instead).
        case .json: return [("not", .members([("type", "null")]))]
        case .date:
            switch dateFormat {
            case "iso8601"?: return [("type", "string"), ("format", "date-time")]
            case "date"?: return [("type", "string"), ("format", "date")]
            case "iso8601Basic"?: return [("type", "string"), ("pattern", "^[0-9]{8}T[0-9]{6}Z$")]
            default:
                var entries: [(String, PayJSON)] = [("type", "string"), ("x-date-format", .string(dateFormat ?? ""))]
                if let pattern = dateFormat.flatMap(Self.datePattern) { entries.append(("pattern", .string(pattern))) }
                return entries
            }
        }
    }

    /// What the language's `.` matches, as a class every regular-expression dialect reads alike:
    /// any character but a line break (`\n`, `\r`, U+0085, U+2028, U+2029). ECMA-262's `.` also
    /// stops at the last three, Python's only at `\n`, so an exported bare `.` would tell a
    /// Python client (schemathesis, jsonschema) that a carriage return is allowed.
    static let dotClass = #"[^\n\r\u0085\u2028\u2029]"#

    /// A language pattern for JSON Schema: every `.` outside a class written as ``dotClass``.
    static func portable(_ pattern: String) -> String {
        var out = ""
        var inClass = false
        var escaped = false
        for character in pattern {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if inClass {
                if character == "]" { inClass = false }
            } else if character == "[" {
                inClass = true
            } else if character == "." {
                out += dotClass
                continue
            }
            out.append(character)
        }
        return out
    }

    func constraints(_ constraints: ResolvedConstraints, decimalPrimitive: Bool = false) -> [(String, PayJSON)] {
        var entries: [(String, PayJSON)] = []
        if let value = constraints.minLength { entries.append(("minLength", .number(String(value)))) }
        if let value = constraints.maxLength { entries.append(("maxLength", .number(String(value)))) }
        if let value = constraints.pattern { entries.append(("pattern", .string("^(?:\(Self.portable(value)))$"))) }
        // A decimal string's bound is its pattern's (``decimalPattern``); a number's is a bound.
        let textDecimal = constraints.format == "decimalString" && !decimalPrimitive
        if let value = constraints.minimum, !textDecimal {
            entries.append((constraints.exclusiveMinimum ? "exclusiveMinimum" : "minimum", .number(value)))
        }
        if let value = constraints.maximum {
            entries.append((constraints.exclusiveMaximum ? "exclusiveMaximum" : "maximum", .number(value)))
        }
        if let value = constraints.scale {
            entries.append(("multipleOf", .number(value == 0 ? "1" : "0." + String(repeating: "0", count: value - 1) + "1")))
        }
        if constraints.exactScale, let scale = constraints.scale { entries.append(("x-exact-scale", .number(String(scale)))) }
        if let format = constraints.format {
            switch constraints.runtimeFormat {
            case .url?:
                entries.append(("format", "uri"))
                let schemes =
                    constraints.schemes.isEmpty
                    ? "[A-Za-z][A-Za-z0-9+.\\-]*"
                    : "(?i:" + constraints.schemes.map(NSRegularExpression.escapedPattern).joined(separator: "|") + ")"
                entries.append(("pattern", .string("^" + schemes + Self.absoluteURLPattern.dropFirst(Self.schemePattern.count))))
                if !constraints.schemes.isEmpty { entries.append(("x-schemes", .array(constraints.schemes.map { .string($0) }))) }
            case .uuid?:
                entries.append(("format", "uuid"))
                entries.append(("pattern", .string(Self.uuidPattern)))
            case .uuidLowercase?:
                entries.append(("format", "uuid"))
                entries.append(("pattern", "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"))
            case .iso4217?: entries += codeList(.currency)
            case .iso3166Alpha2?: entries += codeList(.country)
            // `format: luhn` names the check digit for tools that can generate it (schemathesis
            // hooks); validators that do not know the format read it as an annotation.
            case .luhn?:
                entries.append(("pattern", "^[0-9]{12,19}$"))
                entries.append(("format", "luhn"))
                entries.append(("x-format", "luhn"))
            case .urlScheme?:
                entries.append(("pattern", "^[A-Za-z][A-Za-z0-9+.\\-]*$"))
                entries.append(("x-format", "urlScheme"))
            case .localeIdentifier?:
                entries.append(("pattern", "^[A-Za-z]{2,3}(_[A-Za-z0-9]{2,4}){0,2}$"))
                entries.append(("x-format", "localeIdentifier"))
            case .decimalString?:
                entries.append(("pattern", .string(Self.decimalPattern(constraints))))
                entries.append(("x-format", "decimalString"))
            case nil: entries.append(("x-format", .string(format)))
            }
        }
        return entries
    }

    /// A code list where a field names it: a reference to the one shared schema, or the list itself.
    func codeList(_ list: SharedCodeList) -> [(String, PayJSON)] {
        guard let codeListReference else { return [("enum", list.values), ("x-format", .string(list.format))] }
        return [("allOf", .array([.members([("$ref", .string(codeListReference(list)))])])), ("x-format", .string(list.format))]
    }

    /// The JSON forms of a decimal that accepts more than its type's own form. A `String` field of
    /// `format: decimalString` is unsigned in both forms (its number form gets `minimum: 0`); a
    /// `Decimal` field's text may carry a minus sign, bounded by its own `minimum`.
    func decimalForms(_ field: ResolvedField, _ forms: [PayJSONForm]) -> [(String, PayJSON)] {
        let unsigned = field.constraints.format == "decimalString"
        var numeric = field.constraints
        numeric.format = nil
        numeric.minLength = nil
        numeric.maxLength = nil
        if unsigned && numeric.minimum == nil { numeric.minimum = "0" }
        var branches: [PayJSON] = []
        for form in forms {
            switch form {
            case .number:
                // JSON Schema bounds a number's value, not its numeral: the reader takes plain
                // numerals only (no exponent), as many characters as the string form allows.
                var numeral: [(String, PayJSON)] = [("x-numeral", "plain")]
                if let length = field.constraints.maxLength { numeral.append(("x-numeral-max-length", .number(String(length)))) }
                branches.append(
                    .members(
                        Self.uniqueKeys([("type", "number")] + constraints(numeric, decimalPrimitive: true) + numeral).filter {
                            $0.0 != "pattern"
                        }))
            case .string:
                var text = field.constraints
                text.minimum = nil
                text.maximum = nil
                text.scale = nil
                text.format = "decimalString"
                var entries: [(String, PayJSON)] = [("type", "string")] + constraints(text)
                entries.removeAll { $0.0 == "pattern" }
                entries.append(
                    ("pattern", .string(Self.decimalPattern(field.constraints, scale: field.constraints.scale, signed: !unsigned))))
                branches.append(.members(Self.uniqueKeys(entries)))
            }
        }
        return [("anyOf", .array(branches))]
    }

    /// The pattern of a decimal numeral (``PayDecimalText``), with the scale when one is set: a
    /// minus sign only when `signed`, never a plus.
    static func decimalPattern(_ constraints: ResolvedConstraints, scale: Int? = nil, signed: Bool = false) -> String {
        // A positive decimal string (`exclusiveMinimum: 0`, which the checker allows without a
        // scale only): a nonzero digit before or after the point.
        if !signed, constraints.format == "decimalString", constraints.exclusiveMinimum,
            constraints.minimum.flatMap({ Decimal(string: $0) }) == 0
        {
            return "^(?:[0-9]*[1-9][0-9]*(\\.[0-9]+)?|[0-9]+\\.[0-9]*[1-9][0-9]*)$"
        }
        let sign = signed ? "-?" : ""
        guard let scale = scale ?? constraints.scale else { return "^\(sign)[0-9]+(\\.[0-9]+)?$" }
        if constraints.exactScale { return scale == 0 ? "^\(sign)[0-9]+$" : "^\(sign)[0-9]+\\.[0-9]{\(scale)}$" }
        return scale == 0 ? "^\(sign)[0-9]+$" : "^\(sign)[0-9]+(\\.[0-9]{1,\(scale)})?$"
    }

    /// The shape of a custom date pattern (`dd/MM/yyyy` → `^[0-9]{2}/[0-9]{2}/[0-9]{4}$`); calendar
    /// validity (a 13th month) is beyond a regular expression. `nil` for letters other than y M d H h m s S.
    static func datePattern(_ format: String) -> String? {
        var out = "^"
        var characters = Array(format)[...]
        while let first = characters.first {
            let run = characters.prefix { $0 == first }
            characters = characters.dropFirst(run.count)
            if first.isLetter {
                guard "yMdHhmsS".contains(first) else { return nil }
                let count = run.count
                out += (count == 1 && first != "y") ? "[0-9]{1,2}" : "[0-9]{\(count)}"
            } else {
                out += run.map { NSRegularExpression.escapedPattern(for: String($0)) }.joined()
            }
        }
        return out + "$"
    }

    static let uuidPattern = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"

    // The URL grammar of `PayURLText`, as regular expressions (RFC 3986 characters only).
    static let schemePattern = "^[A-Za-z][A-Za-z0-9+.\\-]*"
    static let urlCharacter = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})"
    /// Path and query, then at most one `#` fragment (a fragment holds no `#`).
    static let urlTail = "(?:[/?]\(urlCharacter)*)?(?:#\(urlCharacter)*)?"
    package static let absoluteURLPattern =
        schemePattern
        + "://(?:(?:[A-Za-z0-9\\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*@)?"
        + "(?:(?:[A-Za-z0-9\\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+|\\[\(ipLiteralPattern)\\])"
        + "(?::[0-9]*)?\(urlTail)$"
    /// The inside of a bracketed host as `PayURLText.isIPLiteral` reads it: an IPv6 address (RFC
    /// 3986's nine forms, the last 32 bits possibly a dotted IPv4 address) or an `IPvFuture`.
    static let ipLiteralPattern: String = {
        let h16 = "[0-9A-Fa-f]{1,4}"
        let octet = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"
        let ls32 = "(?:\(h16):\(h16)|\(octet)\\.\(octet)\\.\(octet)\\.\(octet))"
        func groups(_ count: Int) -> String { count == 0 ? "" : "(?:\(h16):){\(count)}" }
        func head(_ most: Int) -> String { most < 0 ? "" : "(?:(?:\(h16):){0,\(most)}\(h16))?" }
        let forms = [
            groups(6) + ls32, "::" + groups(5) + ls32, head(0) + "::" + groups(4) + ls32, head(1) + "::" + groups(3) + ls32,
            head(2) + "::" + groups(2) + ls32, head(3) + "::" + h16 + ":" + ls32, head(4) + "::" + ls32, head(5) + "::" + h16,
            head(6) + "::",
        ]
        return "(?:" + forms.joined(separator: "|") + "|v[0-9A-Fa-f]+\\.[A-Za-z0-9\\-._~!$&'()*+,;=:]+)"
    }()
    package static let urlReferencePattern =
        "^(?:" + absoluteURLPattern.dropFirst().dropLast()
        + "|(?:[A-Za-z0-9\\-._~!$&'()*+,;=@]|%[0-9A-Fa-f]{2})+\(urlTail)"
        + "|[/?]\(urlCharacter)*(?:#\(urlCharacter)*)?|#\(urlCharacter)*)$"

    func json(_ value: DefaultValue) -> PayJSON {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let number): return .number(String(number))
        case .number(let text): return .number(text)
        case .bool(let flag): return .bool(flag)
        case .list(let items): return .array(items.map(json))
        }
    }

    /// Every type of `module`, resolved, sorted by name.
    static func sortedTypes(_ module: ResolvedModule) -> [ResolvedDecl] {
        module.files.flatMap(\.types).sorted { $0.name < $1.name }
    }

    /// One JSON Schema document per type, named `<Type>.schema.json`, referencing each other by file name.
    /// Each code list a field uses (ISO 4217 currencies, ISO 3166 countries) is its own document,
    /// `<List>.schema.json`, unless `sharedCodeLists` is off (then each field carries the list).
    package static func jsonSchemas(_ module: ResolvedModule, sharedCodeLists: Bool = true) -> [(name: String, document: PayJSON)] {
        var export = SchemaExport(module: module) { "\($0).schema.json" }
        if sharedCodeLists { export.codeListReference = { "\($0.rawValue).schema.json" } }
        var documents = sortedTypes(module).map { type -> (name: String, document: PayJSON) in
            let entries = export.entries(of: type)
            let header: [(String, PayJSON)] = [
                ("$schema", "https://json-schema.org/draft/2020-12/schema"),
                ("$id", .string("\(module.name)/\(type.name).schema.json")),
                ("title", .string(type.name)),
            ]
            return (type.name + ".schema.json", .members(header + entries))
        }
        // A renamed type keeps a document under each former name that refers to the current one.
        for type in sortedTypes(module) {
            for former in type.lifecycle.renamedFrom {
                var entries: [(String, PayJSON)] = [
                    ("$schema", "https://json-schema.org/draft/2020-12/schema"),
                    ("$id", .string("\(module.name)/\(former).schema.json")),
                    ("title", .string(former)),
                    ("description", .string("The former name of \(type.name).")),
                    ("deprecated", true),
                    ("$ref", .string("\(type.name).schema.json")),
                ]
                if case .structure(let decl) = type.kind, decl.encodings != [.json] {
                    entries.append(("x-encodings", .array(decl.encodings.map { .string($0.rawValue) })))
                }
                documents.append((former + ".schema.json", .members(entries)))
            }
        }
        let used = SharedCodeList.used(in: documents.map(\.document), reference: export.codeListReference)
        for list in used where !documents.contains(where: { $0.name == list.rawValue + ".schema.json" }) {
            let header: [(String, PayJSON)] = [
                ("$schema", "https://json-schema.org/draft/2020-12/schema"),
                ("$id", .string("\(module.name)/\(list.rawValue).schema.json")),
                ("title", .string(list.rawValue)),
            ]
            documents.append((list.rawValue + ".schema.json", .members(header + list.schemaEntries)))
        }
        return documents.sorted { $0.name < $1.name }
    }

    /// The security schemes operations name with `security:`.
    static let securitySchemes: [(SecurityScheme, PayJSON)] = [
        (
            .bearer,
            .members([
                ("type", "http"), ("scheme", "bearer"),
                (
                    "description",
                    "`Authorization: Bearer <token>`: a token the provider issued (the sandbox's own `/v1/oauth2/token` for PayPal; any `test_…` key for Mollie's API)."
                ),
            ])
        ),
        (
            .basic,
            .members([
                ("type", "http"), ("scheme", "basic"),
                ("description", "`Authorization: Basic <base64 of client-id:secret>` (the sandbox takes any non-empty pair)."),
            ])
        ),
        (
            .signature,
            .members([
                ("type", "apiKey"), ("in", "header"), ("name", "Authorization"),
                (
                    "description",
                    .string(
                        """
                        Amazon Pay's request signature, `AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=<id>, SignedHeaders=<names>, Signature=<base64>`. \
                        The canonical request is, one per line: the method; the path; the query (names sorted, RFC 3986 percent-encoding); \
                        each signed header as `name:value` (names lowercased and sorted; `accept`, `content-type`, `x-amz-pay-date`, \
                        `x-amz-pay-host`, `x-amz-pay-region` and, when sent, `x-amz-pay-idempotency-key`); an empty line; the signed names \
                        joined by `;`; the lowercase hex SHA-256 of the body. The string to sign is `AMZN-PAY-RSASSA-PSS-V2`, a newline and \
                        the lowercase hex SHA-256 of the canonical request, signed with RSA-PSS over SHA-256 (salt 32). `x-amz-pay-date` \
                        (`yyyyMMddTHHmmssZ`, UTC) must be within 15 minutes of the server's clock and `x-amz-pay-host` the API host of \
                        `x-amz-pay-region`.
                        """)
                ),
            ])
        ),
    ]

    /// The structs the request bodies of `module`'s operations that refuse unknown members at every
    /// depth reach, by name (the bodies' own types included): each gets a closed variant.
    func requestVariants(_ module: ResolvedModule) -> [String: ResolvedDecl] {
        let types = Dictionary(Self.sortedTypes(module).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let byReference = Dictionary(types.keys.map { (reference($0), $0) }, uniquingKeysWith: { first, _ in first })
        var reached: [String: ResolvedDecl] = [:]
        var queue = module.files.flatMap(\.operations).filter(\.refusesUnknownMembers).compactMap { $0.request?.name }
        while let name = queue.popLast() {
            guard reached[name] == nil, let type = types[name], case .structure = type.kind else { continue }
            reached[name] = type
            queue += schema(of: type).references.compactMap { byReference[$0] }
        }
        return reached
    }

    /// An OpenAPI 3.1 document of `modules`: components for every type, paths for every operation.
    /// Component names are the type names, prefixed with the module when several are exported.
    ///
    /// Operations whose file names a `sandbox:` path carry `servers` under `sandboxURL` (the
    /// document's `servers` when every operation shares one); operations with `security:` require
    /// that scheme instead of an `Authorization` header parameter; operations that list
    /// `errorStatus` answer exactly those statuses with the error body.
    package static func openAPI(_ modules: [ResolvedModule], sandboxURL: String = "http://127.0.0.1:8080") -> PayJSON {
        let prefixed = modules.count > 1
        func component(_ module: ResolvedModule, _ name: String) -> String { prefixed ? "\(module.name)_\(name)" : name }
        var schemas: [(String, PayJSON)] = []
        var paths: [String: [(String, PayJSON)]] = [:]
        var pathOrder: [String] = []
        var pathServers: [String: String] = [:]
        var usedSchemes = Set<SecurityScheme>()
        for module in modules {
            var export = SchemaExport(module: module) { "#/components/schemas/" + component(module, $0) }
            // One component per code list for the whole document, whichever module uses it.
            export.codeListReference = { "#/components/schemas/" + $0.rawValue }
            for type in sortedTypes(module) { schemas.append((component(module, type.name), export.schema(of: type))) }
            // The request bodies of operations that refuse unknown members at every depth refer to
            // closed variants of every struct they reach (`<Type>.request`); the types keep theirs
            // where answers use them.
            let variants = export.requestVariants(module)
            var closed = SchemaExport(module: module) { name in
                "#/components/schemas/" + component(module, variants.keys.contains(name) ? name + ".request" : name)
            }
            closed.codeListReference = export.codeListReference
            closed.closesEveryStructure = true
            for (name, type) in variants.sorted(by: { $0.key < $1.key }) {
                let entries = closed.entries(of: type).filter { $0.0 != "x-upstream" && $0.0 != "description" }
                let doc =
                    "`\(name)` in a request that refuses members no field models at every depth (the operation's `unknownMembers: refuse`)."
                schemas.append((component(module, name + ".request"), .members([("description", .string(doc))] + entries)))
            }
            for file in module.files {
                for operation in file.operations {
                    var entries: [(String, PayJSON)] = [
                        ("operationId", .string(prefixed ? "\(module.name)_\(operation.name)" : operation.name))
                    ]
                    if let doc = operation.doc { entries.append(("description", .string(doc))) }
                    if operation.lifecycle.deprecated != nil { entries.append(("deprecated", true)) }
                    var parameters: [PayJSON] = []
                    // Placeholders without a declaration come first, as `string` path parameters.
                    for parameter in operation.parameters {
                        // OpenAPI ignores an `Authorization` header parameter; the security scheme says it.
                        if operation.security != nil, parameter.place == .header, parameter.wireName.lowercased() == "authorization" {
                            continue
                        }
                        var object: [(String, PayJSON)] = [
                            ("name", .string(parameter.wireName)), ("in", .string(parameter.place.rawValue)),
                            ("required", .bool(parameter.required)),
                        ]
                        if let doc = parameter.doc { object.append(("description", .string(doc))) }
                        object.append(("schema", .members(export.parameterSchema(parameter.type))))
                        parameters.append(.members(object))
                    }
                    if !parameters.isEmpty { entries.append(("parameters", .array(parameters))) }
                    if let request = operation.request {
                        let mediaType = operation.requestFormat == .query ? "application/x-www-form-urlencoded" : "application/json"
                        entries.append(
                            (
                                "requestBody",
                                .members([
                                    ("required", .bool(!operation.isRequestOptional)),
                                    (
                                        "content",
                                        .members([
                                            (
                                                mediaType,
                                                .members([
                                                    (
                                                        "schema",
                                                        .members([
                                                            (
                                                                "$ref",
                                                                .string(
                                                                    (operation.refusesUnknownMembers ? closed : export).reference(
                                                                        request.name))
                                                            )
                                                        ])
                                                    )
                                                ])
                                            )
                                        ])
                                    ),
                                ])
                            ))
                    }
                    var responses: [(String, PayJSON)] = []
                    // Each link names the target's parameters (`path.orderID`) and the value in the
                    // success body as a runtime expression with a JSON pointer (RFC 6901 escapes).
                    let links: [(String, PayJSON)] = operation.links.map { link in
                        let parameters: [(String, PayJSON)] = link.parameters.map { parameter in
                            let pointer = parameter.pointer.map {
                                $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                            }
                            return (
                                "\(parameter.place.rawValue).\(parameter.wireName)",
                                .string("$response.body#/" + pointer.joined(separator: "/"))
                            )
                        }
                        let target = prefixed ? "\(module.name)_\(link.target)" : link.target
                        return (target, .members([("operationId", .string(target)), ("parameters", .members(parameters))]))
                    }
                    for status in operation.successStatuses {
                        var response: [(String, PayJSON)] = [("description", "Success")]
                        if let body = operation.response {
                            response.append(
                                (
                                    "content",
                                    .members([
                                        (
                                            operation.responseMediaType,
                                            .members([("schema", .members([("$ref", .string(export.reference(body.name)))]))])
                                        )
                                    ])
                                ))
                        }
                        if !links.isEmpty { response.append(("links", .members(links))) }
                        responses.append((String(status), .members(response)))
                    }
                    if let error = operation.errorBody {
                        let content: PayJSON = .members([
                            (
                                operation.responseMediaType,
                                .members([("schema", .members([("$ref", .string(export.reference(error.name)))]))])
                            )
                        ])
                        if operation.errorStatuses.isEmpty {
                            responses.append(("default", .members([("description", "Error"), ("content", content)])))
                        } else {
                            for status in operation.errorStatuses {
                                responses.append(
                                    (String(status), .members([("description", .string(Self.reason(status))), ("content", content)])))
                            }
                        }
                    }
                    entries.append(("responses", .members(responses)))
                    if let scheme = operation.security {
                        usedSchemes.insert(scheme)
                        entries.append(("security", .array([.members([(scheme.rawValue, .array([]))])])))
                    }
                    let path = operation.pathTemplate
                    if paths[path] == nil { pathOrder.append(path) }
                    if let sandbox = file.sandboxPath { pathServers[path] = sandbox }
                    paths[path, default: []].append((operation.method.rawValue.lowercased(), .members(entries)))
                }
            }
        }
        let title = modules.count == 1 ? modules[0].name : "PaymentSchemas"
        var info: [(String, PayJSON)] = [("title", .string(title)), ("version", "1.0.0")]
        if modules.count == 1, let doc = modules[0].files.compactMap(\.doc).first { info.append(("description", .string(doc))) }
        func server(_ prefix: String) -> PayJSON {
            .members([
                ("url", .string("{sandbox}" + prefix)),
                ("description", .string("`payflow serve`: the provider under `\(prefix)`")),
                (
                    "variables",
                    .members([("sandbox", .members([("default", .string(sandboxURL)), ("description", "The sandbox's base URL")]))])
                ),
            ])
        }
        let prefixes = Set(pathServers.values)
        let shared = prefixes.count == 1 && pathServers.count == paths.count ? prefixes.first : nil
        var pathObjects: [(String, PayJSON)] = []
        for path in pathOrder {
            var methods = paths[path] ?? []
            if shared == nil, let prefix = pathServers[path] { methods.append(("servers", .array([server(prefix)]))) }
            pathObjects.append((path, .members(methods)))
        }
        var document: [(String, PayJSON)] = [("openapi", "3.1.0"), ("info", .members(info))]
        if let shared { document.append(("servers", .array([server(shared)]))) }
        document.append(("paths", .members(pathObjects)))
        let lists = SharedCodeList.used(in: schemas.map(\.1), reference: { "#/components/schemas/" + $0.rawValue })
        for list in lists where !schemas.contains(where: { $0.0 == list.rawValue }) {
            schemas.append((list.rawValue, .members(list.schemaEntries)))
        }
        var components: [(String, PayJSON)] = [("schemas", .members(schemas))]
        let schemes = securitySchemes.filter { usedSchemes.contains($0.0) }.map { ($0.0.rawValue, $0.1) }
        if !schemes.isEmpty { components.append(("securitySchemes", .members(schemes))) }
        document.append(("components", .members(components)))
        return .members(document)
    }

    /// A status's reason phrase, for a response's description.
    static func reason(_ status: Int) -> String {
        switch status {
        case 400: return "Bad Request: the request breaks the schema, or the provider refuses it"
        case 401: return "Unauthorized: missing or unknown credentials"
        case 403: return "Forbidden"
        case 404: return "Not Found: no such resource"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict: the resource's state does not allow it"
        case 413: return "Content Too Large"
        case 422: return "Unprocessable Entity: a business rule refuses it"
        case 502: return "Bad Gateway: an upstream provider refused or failed"
        case 503: return "Service Unavailable"
        default: return "Error \(status)"
        }
    }
}
