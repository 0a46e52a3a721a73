import Foundation
import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// Turns a loaded YAML document into a ``SchemaFile``, reporting every structural problem.
package enum SchemaParser {
    static let fileKeys: Set<String> = ["module", "doc", "types", "errors", "operations", "legacyAPI", "sandbox"]
    static let typeCommonKeys: [String] = ["kind", "doc", "deprecated", "renamedFrom", "direction", "legacy", "upstream"]
    static let constraintKeys = [
        "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "scale", "exactScale",
        "minItems", "maxItems", "format", "schemes",
    ]
    static let structKeys = Set(
        typeCommonKeys + ["fields", "encodings", "keyStyle", "xmlRoot", "requireAnyOf", "nullable", "unknownMembers"])
    static let enumKeys = Set(typeCommonKeys + ["rawType", "open", "cases"])
    static let unionKeys = Set(typeCommonKeys + ["discriminator", "variants"])
    static let scalarKeys = Set(typeCommonKeys + ["base", "sensitive", "literal"] + constraintKeys)
    static let fieldKeys: Set<String> = Set(
        [
            "type", "required", "default", "doc", "deprecated", "renamedFrom", "sensitive", "json", "xml", "query", "queryStyle", "aliases",
            "dateFormat", "timeZone", "nullable", "jsonForms", "relative",
        ] + constraintKeys)
    /// `fieldKeys`, for the check every field's mapping makes.
    static let knownFieldKeys = KnownKeys(fieldKeys)
    /// `structKeys`, for the check every struct's mapping makes.
    static let knownStructKeys = KnownKeys(structKeys)

    /// Parses `root` (the document of the file at `path`).
    package static func parse(_ root: YAMLNode?, path: String, displayPath: String, diagnostics: inout Diagnostics) -> SchemaFile {
        let outputName = URL(fileURLWithPath: displayPath).deletingPathExtension().lastPathComponent
        var file = SchemaFile(path: path, displayPath: displayPath, outputName: outputName)
        guard let root else {
            return file
        }
        guard let reader = MappingReader(root, what: "a schema file", diagnostics: &diagnostics) else { return file }
        reader.rejectUnknownKeys(fileKeys, in: "the schema file", diagnostics: &diagnostics)
        file.module = reader.string("module", diagnostics: &diagnostics)
        file.doc = reader.doc(diagnostics: &diagnostics)
        if let sandbox = reader.string("sandbox", diagnostics: &diagnostics) {
            if sandbox.value.hasPrefix("/") && !sandbox.value.hasSuffix("/") && !sandbox.value.contains("{") && !sandbox.value.contains("?")
            {
                file.sandboxPath = sandbox
            } else {
                diagnostics.error(
                    "'sandbox' must be a path such as /t/paypal (a leading '/', no trailing '/', no placeholders)", at: sandbox.location)
            }
        }
        file.types = named("types", in: reader, diagnostics: &diagnostics, parseType)
        file.errorCatalogs = named("errors", in: reader, diagnostics: &diagnostics, parseCatalog)
        file.operations = named("operations", in: reader, diagnostics: &diagnostics, parseOperation)
        if let legacy = reader["legacyAPI"], !legacy.isNull {
            file.legacyAPIs = parseLegacyAPIs(legacy, diagnostics: &diagnostics)
        }
        return file
    }

    // MARK: Types

    /// The declarations under `key` (`types`, `errors`, `operations`), each parsed by `parse` under
    /// its name, in file order; none when the key is absent or null.
    static func named<Decl>(
        _ key: String, in reader: MappingReader, diagnostics: inout Diagnostics,
        _ parse: (Located<String>, YAMLNode, inout Diagnostics) -> Decl?
    ) -> [Decl] {
        guard let node = reader[key], !node.isNull, let entries = MappingReader(node, what: "'\(key)'", diagnostics: &diagnostics) else {
            return []
        }
        return entries.keys.compactMap { entry in
            guard let name = entry.scalar, let value = entries[name] else { return nil }
            return parse(Located(name, at: entry.location), value, &diagnostics)
        }
    }

    static func parseType(name: Located<String>, _ node: YAMLNode, diagnostics: inout Diagnostics) -> TypeDecl? {
        guard let reader = MappingReader(node, what: "type '\(name.value)'", diagnostics: &diagnostics) else { return nil }
        let kinds = ["struct", "enum", "union", "scalar"]
        guard let kindText = reader.string("kind", diagnostics: &diagnostics) else {
            diagnostics.error("type '\(name.value)' needs a 'kind' (\(kinds.joined(separator: ", ")))", at: name.location)
            return nil
        }
        let doc = reader.doc(diagnostics: &diagnostics)
        let lifecycle = reader.lifecycle(diagnostics: &diagnostics)
        let direction = reader.choice("direction", Direction.allCases.map { ($0.rawValue, $0) }, diagnostics: &diagnostics)
        let legacy = reader["legacy"]
        let kind: TypeDecl.Kind
        switch kindText.value {
        case "struct":
            reader.rejectUnknownKeys(Self.knownStructKeys, in: "struct '\(name.value)'", diagnostics: &diagnostics)
            kind = .structure(parseStruct(name: name.value, reader, diagnostics: &diagnostics))
        case "enum":
            reader.rejectUnknownKeys(Self.enumKeys, in: "enum '\(name.value)'", diagnostics: &diagnostics)
            kind = .enumeration(parseEnum(name: name, reader, diagnostics: &diagnostics))
        case "union":
            reader.rejectUnknownKeys(Self.unionKeys, in: "union '\(name.value)'", diagnostics: &diagnostics)
            guard let union = parseUnion(name: name, reader, diagnostics: &diagnostics) else { return nil }
            kind = .union(union)
        case "scalar":
            reader.rejectUnknownKeys(Self.scalarKeys, in: "scalar '\(name.value)'", diagnostics: &diagnostics)
            guard let scalar = parseScalar(name: name, reader, diagnostics: &diagnostics) else { return nil }
            kind = .scalar(scalar)
        default:
            diagnostics.error(
                "unknown kind '\(kindText.value)' for type '\(name.value)'; expected one of \(kinds.joined(separator: ", "))\(Suggestions.hint(for: kindText.value, in: kinds))",
                at: kindText.location)
            return nil
        }
        var decl = TypeDecl(name: name, doc: doc, lifecycle: lifecycle, direction: direction, kind: kind)
        decl.conversions = parseConversions(legacy, owner: name.value, diagnostics: &diagnostics)
        decl.upstream = reader["upstream"].flatMap { parseUpstream($0, owner: name.value, diagnostics: &diagnostics) }
        return decl
    }

    /// `upstream: document#/pointer`, or a mapping with `ref`, `omits` and `differences`.
    static func parseUpstream(_ node: YAMLNode, owner: String, diagnostics: inout Diagnostics) -> UpstreamLink? {
        let link: UpstreamLink
        if let text = node.scalar, !node.isNull {
            link = UpstreamLink(ref: Located(text, at: node.location))
        } else {
            guard let reader = MappingReader(node, what: "'upstream' of '\(owner)'", diagnostics: &diagnostics) else { return nil }
            reader.rejectUnknownKeys(["ref", "omits", "differences"], in: "'upstream' of '\(owner)'", diagnostics: &diagnostics)
            guard let ref = reader.string("ref", diagnostics: &diagnostics) else {
                diagnostics.error("'upstream' of '\(owner)' needs a 'ref' (document#/json/pointer)", at: node.location)
                return nil
            }
            func reasons(_ key: String) -> [String: String] {
                guard let value = reader[key] else { return [:] }
                guard let entries = value.mapping else {
                    diagnostics.error("'upstream.\(key)' of '\(owner)' must map each name to its reason", at: value.location)
                    return [:]
                }
                var reasons: [String: String] = [:]
                for entry in entries {
                    guard let name = entry.key.scalar, let reason = entry.value.scalar, !reason.isEmpty, !entry.value.isNull else {
                        diagnostics.error(
                            "'upstream.\(key)' of '\(owner)': each entry is `name: reason` with a non-empty reason", at: entry.key.location)
                        continue
                    }
                    reasons[name] = reason
                }
                return reasons
            }
            link = UpstreamLink(ref: ref, omits: reasons("omits"), differences: reasons("differences"))
        }
        let parts = link.ref.value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count != 2 || parts[0].isEmpty || !parts[1].hasPrefix("/") {
            diagnostics.error(
                "'upstream' of '\(owner)' must be 'document#/json/pointer' (e.g. paypal/checkout_orders_v2.json#/components/schemas/order), found '\(link.ref.value)'",
                at: link.ref.location)
            return nil
        }
        return link
    }

    static func parseStruct(name: String, _ reader: MappingReader, diagnostics: inout Diagnostics) -> StructDecl {
        var decl = StructDecl(fieldsLocation: reader.node.location)
        let formats = WireFormat.allCases.map(\.rawValue)
        for encoding in reader.strings("encodings", diagnostics: &diagnostics) {
            if let format = WireFormat(rawValue: encoding.value) {
                decl.encodings.append(Located(format, at: encoding.location))
            } else {
                diagnostics.error(
                    "unknown encoding '\(encoding.value)'; expected one of \(formats.joined(separator: ", "))\(Suggestions.hint(for: encoding.value, in: formats))",
                    at: encoding.location)
            }
        }
        if reader["encodings"] == nil {
            decl.encodings = [Located(.json, at: reader.node.location)]
        }
        if let style = reader.choice("keyStyle", KeyStyle.allCases.map { ($0.rawValue, $0) }, diagnostics: &diagnostics) {
            decl.keyStyle = style.value
        }
        decl.xmlRoot = reader.string("xmlRoot", diagnostics: &diagnostics)
        decl.refusesUnknownMembers = reader.choice("unknownMembers", [("keep", false), ("refuse", true)], diagnostics: &diagnostics)
        if let groupsNode = reader["requireAnyOf"] {
            if let groups = groupsNode.sequence, !groups.isEmpty {
                for group in groups {
                    let names = (group.sequence ?? [group]).compactMap { item -> Located<String>? in
                        guard let text = item.scalar, !item.isNull else {
                            diagnostics.error(
                                "'requireAnyOf' lists groups of field names, found \(item.kindDescription)", at: item.location)
                            return nil
                        }
                        return Located(text, at: item.location)
                    }
                    if !names.isEmpty { decl.requireAnyOf.append(Located(names, at: group.location)) }
                }
            } else {
                diagnostics.error(
                    "'requireAnyOf' must be a list of field-name groups, such as [[token, payerID], [opType]]", at: groupsNode.location)
            }
        }
        guard let fieldsNode = reader["fields"] else {
            diagnostics.error("struct '\(name)' needs 'fields' (use 'fields: {}' for none)", at: reader.node.location)
            return decl
        }
        decl.fieldsLocation = fieldsNode.location
        if fieldsNode.isNull { return decl }
        guard let fields = MappingReader(fieldsNode, what: "'fields' of '\(name)'", diagnostics: &diagnostics) else { return decl }
        let nullableFields = reader.bool("nullable", diagnostics: &diagnostics)
        for key in fields.keys {
            guard let fieldName = key.scalar, let value = fields[fieldName] else { continue }
            if var field = parseField(Located(fieldName, at: key.location), value, owner: name, diagnostics: &diagnostics) {
                // `nullable: true` on the struct: every optional field accepts null unless it says otherwise.
                if field.nullable == nil, let nullableFields, nullableFields.value, field.isOptionalInSwift {
                    field.nullable = nullableFields
                }
                decl.fields.append(field)
            }
        }
        return decl
    }

    static func parseTypeExpression(_ text: Located<String>, diagnostics: inout Diagnostics) -> TypeExpression? {
        switch TypeExpression.parse(text.value) {
        case .success(let type): return type
        case .failure(let error):
            var location = text.location
            location.position.column += error.offset
            diagnostics.error("invalid type '\(text.value)': \(error.message)", at: location)
            return nil
        }
    }

    /// `[T?]` (a list whose elements may be null) as `[T]` plus the flag.
    static func nullableElementList(_ text: Located<String>) -> (Located<String>, Bool) {
        let value = text.value
        guard value.hasPrefix("["), value.hasSuffix("?]"), !value.contains(":") else { return (text, false) }
        return (Located(String(value.dropLast(2)) + "]", at: text.location), true)
    }

    /// The values `queryStyle` takes, built once (every field's reader is asked for the key).
    static let queryStyleChoices = QueryListStyle.allCases.map { ($0.rawValue, $0) }

    static func parseField(_ name: Located<String>, _ node: YAMLNode, owner: String, diagnostics: inout Diagnostics) -> FieldDecl? {
        var what: String { "field '\(owner).\(name.value)'" }  // built only for a message
        if let shorthand = node.scalar, !node.isNull {
            var text = shorthand.trimmingCharacters(in: .whitespaces)
            let optional = text.hasSuffix("?")
            if optional { text.removeLast() }
            let (elementText, nullableElements) = nullableElementList(Located(text, at: node.location))
            guard let type = parseTypeExpression(elementText, diagnostics: &diagnostics) else { return nil }
            var field = FieldDecl(
                name: name, type: Located(type, at: node.location), required: !optional, requiredLocation: nil,
                defaultValue: nil, doc: nil, constraints: Constraints(), sensitive: false, lifecycle: .current, location: name.location)
            field.nullableElements = nullableElements
            return field
        }
        guard let reader = MappingReader(node, what: what, diagnostics: &diagnostics) else { return nil }
        reader.rejectUnknownKeys(knownFieldKeys, in: what, diagnostics: &diagnostics)
        guard let typeText = reader.string("type", diagnostics: &diagnostics) else {
            diagnostics.error("\(what) needs a 'type'", at: name.location)
            return nil
        }
        if typeText.value.hasSuffix("?") {
            diagnostics.error(
                "write optional fields as 'required: false' in the long form; the '?' suffix is for the short form 'name: Type?'",
                at: typeText.location)
        }
        let (cleaned, nullableElements) = nullableElementList(
            Located(typeText.value.hasSuffix("?") ? String(typeText.value.dropLast()) : typeText.value, at: typeText.location))
        guard let type = parseTypeExpression(cleaned, diagnostics: &diagnostics) else { return nil }
        // Every value is read first and the field made once: assigning them one by one to a made
        // field destroyed each property's previous value (a `nil`) through the runtime's generic
        // `Optional` witness, for every property of every field.
        let required = reader.bool("required", diagnostics: &diagnostics)
        let doc = reader.doc(diagnostics: &diagnostics)
        let constraints = parseConstraints(reader, diagnostics: &diagnostics)
        let sensitive = reader.bool("sensitive", diagnostics: &diagnostics)?.value ?? false
        let lifecycle = reader.lifecycle(diagnostics: &diagnostics)
        var defaultValue: Located<DefaultValue>?
        if let defaultNode = reader["default"] {
            defaultValue = parseDefault(defaultNode, diagnostics: &diagnostics)
        }
        let jsonName = reader.string("json", diagnostics: &diagnostics)
        let xmlName = reader.string("xml", diagnostics: &diagnostics)
        let queryName = reader.string("query", diagnostics: &diagnostics)
        let queryStyle = reader.choice("queryStyle", queryStyleChoices, diagnostics: &diagnostics)?.value ?? .comma
        let aliases = reader.strings("aliases", diagnostics: &diagnostics)
        let dateFormat = reader.string("dateFormat", diagnostics: &diagnostics)
        let timeZone = reader.string("timeZone", diagnostics: &diagnostics)
        let nullable = reader.bool("nullable", diagnostics: &diagnostics)
        let relative = reader.bool("relative", diagnostics: &diagnostics)
        var jsonForms: Located<[PayJSONForm]>?
        if let formsNode = reader["jsonForms"] {
            let names = PayJSONForm.allCases.map(\.rawValue)
            var forms: [PayJSONForm] = []
            let items = reader.strings("jsonForms", diagnostics: &diagnostics)
            for item in items {
                guard let form = PayJSONForm(rawValue: item.value) else {
                    diagnostics.error(
                        "unknown JSON form '\(item.value)'; expected \(names.joined(separator: " or "))\(Suggestions.hint(for: item.value, in: names))",
                        at: item.location)
                    continue
                }
                if forms.contains(form) { diagnostics.error("'\(item.value)' is listed twice in 'jsonForms'", at: item.location) }
                forms.append(form)
            }
            if !forms.isEmpty || items.isEmpty {
                jsonForms = Located(forms, at: formsNode.location)
            }
        }
        return FieldDecl(
            name: name, type: Located(type, at: typeText.location), required: required?.value ?? false,
            requiredLocation: required?.location, defaultValue: defaultValue, doc: doc, constraints: constraints, jsonName: jsonName,
            xmlName: xmlName, queryName: queryName, queryStyle: queryStyle, aliases: aliases, sensitive: sensitive, lifecycle: lifecycle,
            dateFormat: dateFormat, timeZone: timeZone, location: name.location, nullable: nullable, jsonForms: jsonForms,
            allowsRelativeURL: relative, nullableElements: nullableElements)
    }

    static func parseDefault(_ node: YAMLNode, diagnostics: inout Diagnostics) -> Located<DefaultValue>? {
        if node.isNull {
            diagnostics.error("a default must be a value; leave 'default' out for fields without one", at: node.location)
            return nil
        }
        switch node.value {
        case .scalar(let text, let style):
            if style != .plain { return Located(.string(text), at: node.location) }
            if text == "true" { return Located(.bool(true), at: node.location) }
            if text == "false" { return Located(.bool(false), at: node.location) }
            if let number = Int(text) { return Located(.integer(number), at: node.location) }
            if PayDecimalText.isPlainDecimal(text) { return Located(.number(text), at: node.location) }
            return Located(.string(text), at: node.location)
        case .sequence(let items):
            var values: [DefaultValue] = []
            for item in items {
                guard let value = parseDefault(item, diagnostics: &diagnostics) else { return nil }
                values.append(value.value)
            }
            return Located(.list(values), at: node.location)
        case .mapping:
            diagnostics.error("a default cannot be a mapping", at: node.location)
            return nil
        }
    }

    static func parseConstraints(_ reader: MappingReader, diagnostics: inout Diagnostics) -> Constraints {
        var constraints = Constraints()
        constraints.minLength = reader.count("minLength", diagnostics: &diagnostics)
        constraints.maxLength = reader.count("maxLength", diagnostics: &diagnostics)
        constraints.pattern = reader.string("pattern", diagnostics: &diagnostics)
        constraints.minimum = number(reader, "minimum", diagnostics: &diagnostics)
        constraints.maximum = number(reader, "maximum", diagnostics: &diagnostics)
        for isMinimum in [true, false] {
            let key = isMinimum ? "exclusiveMinimum" : "exclusiveMaximum"
            guard let value = reader[key] else { continue }
            if value.scalar == "true" || value.scalar == "false" {
                let flag = value.scalar == "true"
                if isMinimum { constraints.exclusiveMinimum = flag } else { constraints.exclusiveMaximum = flag }
                if flag && (isMinimum ? constraints.minimum : constraints.maximum) == nil {
                    diagnostics.error("'\(key): true' needs '\(isMinimum ? "minimum" : "maximum")'", at: value.location)
                }
            } else if let bound = number(reader, key, diagnostics: &diagnostics) {
                if isMinimum {
                    if constraints.minimum != nil {
                        diagnostics.error("give either 'minimum' or 'exclusiveMinimum', not both", at: value.location)
                    }
                    constraints.minimum = bound
                    constraints.exclusiveMinimum = true
                } else {
                    if constraints.maximum != nil {
                        diagnostics.error("give either 'maximum' or 'exclusiveMaximum', not both", at: value.location)
                    }
                    constraints.maximum = bound
                    constraints.exclusiveMaximum = true
                }
            }
        }
        constraints.scale = reader.count("scale", diagnostics: &diagnostics)
        if let exact = reader.bool("exactScale", diagnostics: &diagnostics) {
            constraints.exactScale = exact.value
            if exact.value && constraints.scale == nil {
                diagnostics.error("'exactScale: true' needs 'scale'", at: exact.location)
            }
        }
        constraints.minItems = reader.count("minItems", diagnostics: &diagnostics)
        constraints.maxItems = reader.count("maxItems", diagnostics: &diagnostics)
        if let format = reader.string("format", diagnostics: &diagnostics) {
            if PayFormat.names.contains(format.value) {
                constraints.format = format
            } else {
                diagnostics.error(
                    "unknown format '\(format.value)'; expected one of \(PayFormat.names.joined(separator: ", "))\(Suggestions.hint(for: format.value, in: PayFormat.names))",
                    at: format.location)
            }
        }
        let schemes = reader.strings("schemes", diagnostics: &diagnostics)
        constraints.schemes = schemes.map { $0.value.lowercased() }
        if let first = schemes.first, constraints.format?.value != "url" {
            diagnostics.error("'schemes' applies only to 'format: url'", at: first.location)
        }
        return constraints
    }

    static func number(_ reader: MappingReader, _ key: String, diagnostics: inout Diagnostics) -> Located<String>? {
        guard let value = reader[key] else { return nil }
        guard let text = value.scalar, PayDecimalText.isPlainDecimal(text) else {
            diagnostics.error(
                "'\(key)' must be a number, found \(value.scalar.map { "'\($0)'" } ?? value.kindDescription)", at: value.location)
            return nil
        }
        return Located(text, at: value.location)
    }

    static func parseScalar(name: Located<String>, _ reader: MappingReader, diagnostics: inout Diagnostics) -> ScalarDecl? {
        guard let baseText = reader.string("base", diagnostics: &diagnostics) else {
            diagnostics.error(
                "scalar '\(name.value)' needs a 'base' type (\(TypeExpression.Primitive.allCases.map(\.rawValue).joined(separator: ", ")))",
                at: name.location)
            return nil
        }
        let names = TypeExpression.Primitive.allCases.filter { $0 != .date && $0 != .json }.map(\.rawValue)
        guard let base = TypeExpression.Primitive(rawValue: baseText.value), base != .date, base != .json else {
            diagnostics.error(
                "unknown base '\(baseText.value)' for scalar '\(name.value)'; expected one of \(names.joined(separator: ", "))\(Suggestions.hint(for: baseText.value, in: names))",
                at: baseText.location)
            return nil
        }
        return ScalarDecl(
            base: Located(base, at: baseText.location),
            constraints: parseConstraints(reader, diagnostics: &diagnostics),
            sensitive: reader.bool("sensitive", diagnostics: &diagnostics)?.value ?? false,
            literal: reader.bool("literal", diagnostics: &diagnostics))
    }
}
