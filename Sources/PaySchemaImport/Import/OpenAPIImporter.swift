import Foundation
import PaySchemaLanguage
import PaySchemaYAML
import PaymentSchemasVocabulary

/// Turns the schemas and operations of an OpenAPI 3.0 or 3.1 document into an ``ImportedModule``:
/// every object a named struct (inline objects named after where they sit), every enum a named
/// enum, primitives with their constraints in the language's keywords, `$ref` followed, `allOf`
/// merged, nullability from 3.0's `nullable` and 3.1's `null` type alike. What the language cannot
/// say is a located diagnostic, and the field falls back to what still keeps the value (`JSON`).
/// Pure: the document in, the module and the diagnostics out, deterministic for one input.
package struct OpenAPIImporter {
    let source: OpenAPISource
    let options: ImportOptions
    var diagnostics = Diagnostics()
    /// The named type built for each schema pointer.
    var nameByPointer: [String: String] = [:]
    /// Every type name taken.
    var takenNames: Set<String> = []
    /// Types built, by name.
    var built: [String: ImportedType] = [:]
    /// Names in the order they were reached.
    var order: [String] = []
    /// Schemas named but not built yet.
    var queue: [(pointer: String, name: String)] = []

    /// Imports what `options` asks of `source`.
    package static func run(_ source: OpenAPISource, options: ImportOptions) -> (ImportedModule, [Diagnostic]) {
        var importer = OpenAPIImporter(source: source, options: options)
        importer.takenNames = options.takenNames
        let module = importer.importAll()
        return (module, importer.diagnostics.sorted)
    }

    private mutating func importAll() -> ImportedModule {
        var module = ImportedModule(
            module: options.module,
            doc: options.docs == .document
                ? (source.root.member("info")?.member("title")?.text).map { "Imported from \($0) (\(options.documentName))." }
                    ?? "Imported from \(options.documentName)."
                : "Imported from \(options.documentName).")
        let schemas = source.node(at: "/components/schemas")?.mapping ?? []
        let wanted = options.allSchemas ? schemas.compactMap(\.key.scalar) : options.schemas
        for name in wanted {
            let pointer = "/components/schemas/" + OpenAPISource.pointerToken(name)
            guard let node = source.node(at: pointer) else {
                diagnostics.error(
                    "no schema '\(name)' under components/schemas\(Suggestions.hint(for: name, in: schemas.compactMap(\.key.scalar)))",
                    at: source.node(at: "/components/schemas")?.location ?? source.root.location)
                continue
            }
            if isNamedShape(node) {
                _ = namedType(for: node, at: pointer, suggested: typeName(component: name))
            } else if let ref = node.member("$ref") {
                // An alias (`locale-2: {$ref: locale}`): its target is the type.
                _ = resolve(node, at: pointer, suggested: typeName(component: name))
                if !options.allSchemas {
                    diagnostics.note("'\(name)' refers to '\(ref.text ?? "")': that schema is the type imported", at: ref.location)
                }
            } else if !options.allSchemas {
                // A primitive, a list or a union has no type of its own: it is written where it is used.
                diagnostics.note(
                    "'\(name)' is not an object or an enum: a field that refers to it takes its type and constraints",
                    at: node.location)
                _ = resolve(node, at: pointer, suggested: typeName(component: name))
            }
        }
        module.operations = importOperations()
        drainQueue()
        module.types = order.compactMap { built[$0] }
        return module
    }

    /// Builds every named type reached so far, and what they reach.
    private mutating func drainQueue() {
        while !queue.isEmpty {
            let (pointer, name) = queue.removeFirst()
            guard let node = source.node(at: pointer) else { continue }
            built[name] = buildType(node, at: pointer, name: name)
        }
    }

    // MARK: Names

    /// `purchase_unit_request` → `PurchaseUnitRequest` (with the prefix); a name a Swift type the
    /// generated code uses takes `Schema` after it, a name that does not start with a letter
    /// `Schema` before it.
    func typeName(component: String) -> String {
        let words = component.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var name = options.typePrefix + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = "Schema" }
        if let first = name.first, !first.isLetter { name = "Schema" + name }
        if Naming.reservedTypeNames.contains(name) || Naming.isKeyword(name) { name += "Schema" }
        return name
    }

    /// A type name not taken yet (`Name`, `Name2`, …), now taken.
    mutating func claim(_ suggested: String) -> String {
        Self.unique(suggested, in: &takenNames)
    }

    /// `base`, or `base2`, `base3`… the first that `taken` does not hold, now held.
    static func unique(_ base: String, in taken: inout Set<String>) -> String {
        var name = base
        var counter = 2
        while taken.contains(name) {
            name = base + String(counter)
            counter += 1
        }
        taken.insert(name)
        return name
    }

    /// A lowerCamelCase member name for a wire key (`address_line_1` → `addressLine1`); a key that
    /// starts with a digit or holds no letter gets `field` before it.
    static func memberName(_ wire: String) -> String {
        if let name = Naming.caseName(for: wire) { return name }
        let fallback = Naming.caseName(for: "field_" + wire) ?? "field"
        return fallback
    }

    // MARK: Schemas

    /// The named type for the schema at `pointer`, claimed and queued the first time it is asked for.
    mutating func namedType(for node: YAMLNode, at pointer: String, suggested: String) -> String {
        if let name = nameByPointer[pointer] ?? options.reuse[pointer] { return name }
        let name = claim(suggested)
        nameByPointer[pointer] = name
        order.append(name)
        queue.append((pointer, name))
        return name
    }

    /// A `$ref`'s target: its pointer and node, `$ref` chains followed (at most 32 hops).
    mutating func dereferenced(_ node: YAMLNode, at pointer: String) -> (pointer: String, node: YAMLNode)? {
        var current = (pointer: pointer, node: node)
        var hops = 0
        while let ref = current.node.member("$ref") {
            guard let text = ref.text, text.hasPrefix("#") else {
                diagnostics.warning(
                    "'\(ref.text ?? "")' refers outside the document; only references into the document itself are followed (the value is read as JSON)",
                    at: ref.location)
                return nil
            }
            let target = String(text.dropFirst())
            guard hops < 32, let next = source.node(at: target) else {
                diagnostics.error(hops < 32 ? "'\(text)' names nothing in the document" : "a cycle of references", at: ref.location)
                return nil
            }
            current = (target, next)
            hops += 1
        }
        return current
    }

    /// What a schema resolves to as a field's type.
    struct Resolved {
        /// The type as the language writes it.
        var type: String
        /// Whether `null` is accepted.
        var nullable = false
        /// The value's constraints (each element's for a collection) and the collection's.
        var constraints = ImportedConstraints()
        /// `scalar`, `list`, `map`, `named` or `json`: what may hold it.
        var shape: Shape = .scalar

        enum Shape { case scalar, list, map, named, json }

        static let json = Resolved(type: "JSON", shape: .json)
        /// Any value at all, `null` included: what a schema without a type (or a reference the
        /// document does not resolve) admits.
        static let anything = Resolved(type: "JSON", nullable: true, shape: .json)
    }

    /// Whether the schema (its `$ref`s followed) is an object with members, an enum, or an
    /// `allOf`: what becomes a named type of its own rather than a field's primitive.
    mutating func isNamedShape(_ node: YAMLNode) -> Bool {
        if node.member("enum") != nil || node.member("const") != nil { return !nonNullEnumValues(node).isEmpty }
        if node.member("allOf") != nil { return true }
        if let properties = node.member("properties")?.mapping, !properties.isEmpty { return true }
        return false
    }

    /// The values of an `enum` (or `const`) without `null`.
    func nonNullEnumValues(_ node: YAMLNode) -> [YAMLNode] {
        let values = node.member("enum")?.sequence ?? node.member("const").map { [$0] } ?? []
        return values.filter { !$0.isNull }
    }

    /// The schema's `type` names without `null`, and whether `null` was among them (3.1's
    /// `type: [string, "null"]`) or `nullable: true` said so (3.0).
    func types(of node: YAMLNode) -> (names: [String], nullable: Bool) {
        var names: [String] = []
        if let single = node.member("type")?.text { names = [single] }
        if let list = node.member("type")?.sequence { names = list.compactMap(\.text) }
        var nullable = names.contains("null") || node.member("nullable")?.isTrue == true
        names.removeAll { $0 == "null" }
        if let values = node.member("enum")?.sequence, values.contains(where: \.isNull) { nullable = true }
        return (names, nullable)
    }

    /// The field type of the schema `node` at `pointer`; `suggested` names a type it needs of its own.
    mutating func resolve(_ node: YAMLNode, at pointer: String, suggested: String) -> Resolved {
        if node.member("$ref") != nil {
            // A reference the document does not resolve constrains nothing: any value, null too.
            guard let (targetPointer, target) = dereferenced(node, at: pointer) else { return .anything }
            let ownNullable = types(of: node).nullable
            if isNamedShape(target) {
                let component = targetPointer.hasPrefix("/components/schemas/") && targetPointer.split(separator: "/").count == 3
                let name = namedType(
                    for: target, at: targetPointer,
                    suggested: component
                        ? typeName(component: String(targetPointer.split(separator: "/").last ?? ""))
                        : suggested)
                return Resolved(type: name, nullable: ownNullable || types(of: target).nullable, shape: .named)
            }
            var resolved = resolve(target, at: targetPointer, suggested: suggested)
            resolved.nullable = resolved.nullable || ownNullable
            return resolved
        }
        let (typeNames, nullable) = types(of: node)
        if let members = node.member("allOf")?.sequence {
            // `allOf: [$ref]` with a description beside it, or with members that only describe it
            // (`allOf: [$ref, {description: …}]`, how Mollie documents a field of a shared type),
            // is the reference itself.
            var real = members.filter { member in member.mapping != nil && !Self.isAnnotationOnly(member) }
            if real.count == 2, let reference = real.first(where: { $0.member("$ref") != nil }),
                let other = real.first(where: { $0.member("$ref") == nil }), onlyRedescribes(other, reference)
            {
                real = [reference]
            }
            if real.count == 1, real[0].member("$ref") != nil, node.member("properties") == nil {
                var resolved = resolve(
                    real[0], at: pointer + "/allOf/" + String(members.firstIndex { $0.member("$ref") != nil } ?? 0), suggested: suggested)
                resolved.nullable = resolved.nullable || nullable
                return resolved
            }
            return Resolved(type: namedType(for: node, at: pointer, suggested: suggested), nullable: nullable, shape: .named)
        }
        for keyword in ["anyOf", "oneOf"] {
            guard let options = node.member(keyword)?.sequence else { continue }
            let real = options.enumerated().filter { !(types(of: $0.element).names.isEmpty && types(of: $0.element).nullable) }
            if real.count == 1 {
                var resolved = resolve(real[0].element, at: pointer + "/\(keyword)/\(real[0].offset)", suggested: suggested)
                resolved.nullable = resolved.nullable || real.count < options.count || nullable
                return resolved
            }
            diagnostics.warning(
                "`\(keyword)` of \(real.count) schemas: the language has no union without a discriminator field; the value is JSON, kept exactly and not validated",
                at: node.keyNode(keyword)?.location ?? node.location)
            return Resolved(type: "JSON", nullable: real.count < options.count || nullable, shape: .json)
        }
        if !nonNullEnumValues(node).isEmpty {
            return Resolved(type: namedType(for: node, at: pointer, suggested: suggested), nullable: nullable, shape: .named)
        }
        reportUnsayable(node)
        if typeNames.count > 1 {
            diagnostics.warning(
                "a value of \(typeNames.count) types (\(typeNames.joined(separator: ", "))): the field is JSON, kept exactly and not validated",
                at: node.keyNode("type")?.location ?? node.location)
            return Resolved(type: "JSON", nullable: nullable, shape: .json)
        }
        let type = typeNames.first ?? (node.member("properties") != nil ? "object" : node.member("items") != nil ? "array" : "")
        var resolved: Resolved
        switch type {
        case "string": resolved = string(node)
        case "integer":
            resolved = Resolved(type: node.member("format")?.text == "int64" ? "Int64" : "Int")
            bounds(node, into: &resolved.constraints)
        case "number":
            // Exact: an amount is a Decimal, never a Double.
            resolved = Resolved(type: "Decimal")
            bounds(node, into: &resolved.constraints)
            if let step = node.member("multipleOf") {
                if let scale = Self.scale(ofStep: step.text ?? "") {
                    resolved.constraints.set("scale", String(scale))
                } else {
                    diagnostics.warning(
                        "`multipleOf: \(step.text ?? "")` is not a power of ten (the language says `scale:` for 0.01); not checked",
                        at: node.keyNode("multipleOf")?.location ?? node.location)
                }
            }
        case "boolean": resolved = Resolved(type: "Bool")
        case "array": resolved = array(node, at: pointer, suggested: suggested)
        case "object":
            if let properties = node.member("properties")?.mapping, !properties.isEmpty {
                resolved = Resolved(type: namedType(for: node, at: pointer, suggested: suggested), shape: .named)
            } else if let values = node.member("additionalProperties"), values.mapping.map({ !$0.isEmpty }) ?? false {
                resolved = map(values, at: pointer + "/additionalProperties", suggested: suggested + "Value", node: node)
            } else {
                resolved = .json
            }
        // A schema that names no type (`{}`, only a description) admits any value, null too.
        default: resolved = .anything
        }
        resolved.nullable = resolved.nullable || nullable
        return resolved
    }

    /// A string's type (by its format) and constraints.
    mutating func string(_ node: YAMLNode) -> Resolved {
        let format = node.member("format")?.text
        var resolved: Resolved
        switch format {
        case "date-time":
            resolved = Resolved(type: "Date")
            resolved.constraints.set("dateFormat", "iso8601")
            return resolved
        case "date":
            resolved = Resolved(type: "Date")
            resolved.constraints.set("dateFormat", "date")
            return resolved
        case "uri", "url", "uri-reference":
            resolved = Resolved(type: "URL")
            if format == "uri-reference" { resolved.constraints.set("relative", "true") }
            let dropped = ["minLength", "maxLength", "pattern"].filter { node.member($0) != nil }
            if !dropped.isEmpty {
                diagnostics.note(
                    "\(dropped.map { "`\($0)`" }.joined(separator: ", ")) on a URL: the field is a URL (checked as RFC 3986 says), the text constraints are not kept",
                    at: node.keyNode(dropped[0])?.location ?? node.location)
            }
            return resolved
        case "uuid":
            return Resolved(type: "UUID")
        default:
            resolved = Resolved(type: "String")
            if let format, format != "password" {
                diagnostics.note(
                    "format '\(format)' is not one the language checks; its other constraints are kept",
                    at: node.keyNode("format")?.location ?? node.location)
            }
        }
        for keyword in ["minLength", "maxLength"] {
            if let value = node.member(keyword)?.text { resolved.constraints.set(keyword, value) }
        }
        if let patternNode = node.member("pattern"), let pattern = patternNode.text {
            if ECMAPattern.admitsEverything(pattern) {
                diagnostics.note("pattern '\(pattern)' admits every string (JSON Schema searches): no pattern", at: patternNode.location)
                return resolved
            }
            switch ECMAPattern.translate(pattern) {
            case .success(let translated): resolved.constraints.set("pattern", translated)
            case .failure(let reason):
                diagnostics.warning("pattern left out: \(reason.text)", at: patternNode.location)
            }
        }
        return resolved
    }

    /// Numeric bounds, in 3.0's form (`exclusiveMinimum: true` beside `minimum`) or 3.1's (a number).
    mutating func bounds(_ node: YAMLNode, into constraints: inout ImportedConstraints) {
        for keyword in ["minimum", "maximum"] {
            if let value = node.member(keyword)?.text { constraints.set(keyword, value) }
        }
        for keyword in ["exclusiveMinimum", "exclusiveMaximum"] {
            guard let value = node.member(keyword)?.text else { continue }
            if value == "false" { continue }
            constraints.set(keyword, value)
        }
    }

    /// The fraction digits a `multipleOf` step allows (`0.01` → 2), `nil` unless a power of ten ≤ 1.
    static func scale(ofStep step: String) -> Int? {
        if step == "1" { return 0 }
        guard step.hasPrefix("0."), let last = step.last, last == "1" else { return nil }
        let digits = step.dropFirst(2)
        guard digits.dropLast().allSatisfy({ $0 == "0" }) else { return nil }
        return digits.count
    }

    /// A list: its items' type with their constraints, and the list's own.
    mutating func array(_ node: YAMLNode, at pointer: String, suggested: String) -> Resolved {
        guard let items = node.member("items") else { return Resolved(type: "[JSON]", shape: .list) }
        let item = resolve(items, at: pointer + "/items", suggested: suggested + "Item")
        if item.shape == .list || item.shape == .map {
            diagnostics.warning(
                "a list of \(item.shape == .list ? "lists" : "maps"): the language nests one level (maps of lists aside); the value is JSON, kept exactly and not validated",
                at: node.keyNode("items")?.location ?? node.location)
            return .json
        }
        var resolved = Resolved(type: item.nullable ? "[\(item.type)?]" : "[\(item.type)]", constraints: item.constraints, shape: .list)
        for keyword in ["minItems", "maxItems"] {
            if let value = node.member(keyword)?.text { resolved.constraints.set(keyword, value) }
        }
        if node.member("uniqueItems")?.isTrue == true {
            diagnostics.note(
                "`uniqueItems` is not checked: the field is a list, so the values keep their order when written back",
                at: node.keyNode("uniqueItems")?.location ?? node.location)
        }
        return resolved
    }

    /// A map of `additionalProperties` values.
    mutating func map(_ values: YAMLNode, at pointer: String, suggested: String, node: YAMLNode) -> Resolved {
        let value = resolve(values, at: pointer, suggested: suggested)
        if value.shape == .map || (value.shape == .list && value.type.hasSuffix("?]")) {
            diagnostics.warning(
                "a map of maps: the language nests one level (maps of lists aside); the value is JSON, kept exactly and not validated",
                at: node.keyNode("additionalProperties")?.location ?? node.location)
            return .json
        }
        var resolved = Resolved(type: "[String: \(value.type)]", constraints: value.constraints, shape: .map)
        for (keyword, ours) in [("minProperties", "minItems"), ("maxProperties", "maxItems")] {
            if let bound = node.member(keyword)?.text { resolved.constraints.set(ours, bound) }
        }
        return resolved
    }

    /// Reports the keywords of `node` the language has no word for.
    mutating func reportUnsayable(_ node: YAMLNode) {
        let unsayable: [(String, String)] = [
            ("not", "`not` (a schema the value must fail) is not checked"),
            ("if", "`if`/`then`/`else` is not checked"),
            ("patternProperties", "`patternProperties` is not checked: such members are kept without a model"),
            ("propertyNames", "`propertyNames` is not checked"),
            ("dependentRequired", "`dependentRequired` is not checked"),
            ("dependentSchemas", "`dependentSchemas` is not checked"),
            ("dependencies", "`dependencies` is not checked"),
            ("contains", "`contains` is not checked"),
            ("prefixItems", "`prefixItems` (a tuple) is not checked: the value is read as its `items` say"),
        ]
        for (keyword, message) in unsayable where node.member(keyword) != nil {
            diagnostics.warning(message, at: node.keyNode(keyword)?.location ?? node.location)
        }
        // A map (`additionalProperties` with a schema) counts its members as `minItems`/`maxItems`.
        let isMap = node.member("additionalProperties")?.mapping.map { !$0.isEmpty } ?? false
        for keyword in ["minProperties", "maxProperties"] where !isMap && node.member(keyword) != nil {
            diagnostics.warning(
                "`\(keyword)` on an object that is not a map is not checked", at: node.keyNode(keyword)?.location ?? node.location)
        }
    }

    // MARK: Named types

    /// Builds the named type `name` from the schema at `pointer`.
    mutating func buildType(_ node: YAMLNode, at pointer: String, name: String) -> ImportedType {
        let upstream = options.documentName + "#" + pointer
        if !nonNullEnumValues(node).isEmpty || (node.member("$ref") == nil && node.member("allOf") == nil && node.member("enum") != nil) {
            return enumeration(node, at: pointer, name: name, upstream: upstream)
        }
        // A component reached through `$ref` is read here only: what it cannot say is reported here
        // (an inline one is reported where it is resolved too; the sorted diagnostics drop the repeat).
        reportUnsayable(node)
        var members: [(wire: String, node: YAMLNode, pointer: String)] = []
        var required: Set<String> = []
        var refuses = false
        collectMembers(node, at: pointer, into: &members, required: &required, refuses: &refuses, depth: 0)
        var fields: [ImportedField] = []
        var names: Set<String> = []
        var omitted: [String] = []
        for member in members {
            if options.omitDeprecated, member.node.member("deprecated")?.isTrue == true {
                omitted.append(member.wire)
                continue
            }
            var fieldName = Self.memberName(member.wire)
            if Self.reservedFieldNames.contains(fieldName) { fieldName += "Value" }
            let unique = Self.unique(fieldName, in: &names)
            let resolved = resolve(member.node, at: member.pointer, suggested: name + Naming.upperFirst(unique))
            let sensitive = resolved.type == "String" && options.isSecret(member.wire, in: name)
            fields.append(
                ImportedField(
                    name: unique, wireName: member.wire, type: resolved.type, required: required.contains(member.wire),
                    nullable: resolved.nullable, sensitive: sensitive, constraints: resolved.constraints,
                    doc: fieldDoc(member.node, wire: member.wire)))
        }
        return ImportedType(
            name: name, kind: .structure(fields: fields, refusesUnknownMembers: refuses), doc: typeDoc(node, pointer: pointer),
            upstream: upstream, omitted: omitted)
    }

    /// Field names the generated code takes for itself.
    static let reservedFieldNames = Naming.reservedFieldNames

    /// An object's members in the document's order: `allOf` members first (references followed),
    /// then its own `properties`; a member two parts declare keeps the more specific schema.
    mutating func collectMembers(
        _ raw: YAMLNode, at rawPointer: String, into members: inout [(wire: String, node: YAMLNode, pointer: String)],
        required: inout Set<String>, refuses: inout Bool, depth: Int
    ) {
        guard depth < 16, let (pointer, node) = dereferenced(raw, at: rawPointer) else { return }
        for (index, part) in (node.member("allOf")?.sequence ?? []).enumerated() {
            collectMembers(part, at: pointer + "/allOf/\(index)", into: &members, required: &required, refuses: &refuses, depth: depth + 1)
        }
        for entry in node.member("properties")?.mapping ?? [] {
            guard let wire = entry.key.scalar else { continue }
            let memberPointer = pointer + "/properties/" + OpenAPISource.pointerToken(wire)
            if let index = members.firstIndex(where: { $0.wire == wire }) {
                // `{}` says nothing: the earlier, more specific schema stays.
                if Self.isAnnotationOnly(entry.value) { continue }
                members[index] = (wire, entry.value, memberPointer)
            } else {
                members.append((wire, entry.value, memberPointer))
            }
        }
        for name in node.member("required")?.sequence ?? [] {
            if let name = name.text { required.insert(name) }
        }
        if let additional = node.member("additionalProperties"), additional.scalar == "false" { refuses = true }
    }

    /// An enum type: its cases named from their values.
    mutating func enumeration(_ node: YAMLNode, at pointer: String, name: String, upstream: String) -> ImportedType {
        let values = nonNullEnumValues(node)
        let integers = types(of: node).names == ["integer"]
        var cases: [ImportedCase] = []
        var names: Set<String> = []
        for value in values {
            guard let text = value.text else { continue }
            if cases.contains(where: { $0.value == text }) { continue }
            var caseName =
                integers
                ? "value" + text.replacingOccurrences(of: "-", with: "Minus")
                : (Naming.caseName(for: text) ?? Self.memberName("value_" + text))
            if caseName == "unknown" && options.openEnums { caseName = "unknownValue" }
            if caseName == "none" { caseName = "noneValue" }
            let unique = Self.unique(caseName, in: &names)
            cases.append(ImportedCase(name: unique, value: text))
        }
        return ImportedType(
            name: name, kind: .enumeration(cases: cases, integers: integers, open: options.openEnums), doc: typeDoc(node, pointer: pointer),
            upstream: upstream)
    }

    // MARK: Docs

    /// A type's documentation: the document's description (or title), or ours.
    func typeDoc(_ node: YAMLNode, pointer: String) -> String? {
        switch options.docs {
        case .document: return Self.cleaned(node.member("description")?.text ?? node.member("title")?.text)
        case .own:
            let last = pointer.split(separator: "/").last.map(String.init) ?? pointer
            return
                "The schema `\(OpenAPISource.unescaped(last))` of \(options.documentName)."
        }
    }

    /// Keywords that describe a schema without constraining the values it admits.
    static let annotationKeywords: Set<String> = [
        "description", "title", "example", "examples", "readOnly", "writeOnly", "externalDocs", "$comment",
    ]

    /// Whether a schema only describes (admits every value): `{}`, or a mapping of
    /// ``annotationKeywords`` and extensions (`x-…`). `deprecated` is not among them: the importer
    /// reads it.
    static func isAnnotationOnly(_ node: YAMLNode) -> Bool {
        guard let mapping = node.mapping else { return false }
        return mapping.allSatisfy { entry in
            guard let key = entry.key.scalar else { return false }
            return annotationKeywords.contains(key) || key.hasPrefix("x-")
        }
    }

    /// Whether `member`, beside `reference` in an `allOf`, only describes members the referenced
    /// object declares itself (`{type: object, properties: {name: {description: …}}}`): the two
    /// together admit exactly what the reference does.
    func onlyRedescribes(_ member: YAMLNode, _ reference: YAMLNode) -> Bool {
        guard let mapping = member.mapping, let properties = member.member("properties")?.mapping,
            let text = reference.member("$ref")?.text, text.hasPrefix("#"),
            let declared = source.node(at: String(text.dropFirst()))?.member("properties")?.mapping
        else { return false }
        let names = Set(declared.compactMap(\.key.scalar))
        let describes = mapping.allSatisfy { entry in
            guard let key = entry.key.scalar else { return false }
            return key == "properties" || (key == "type" && entry.value.text == "object") || Self.annotationKeywords.contains(key)
                || key.hasPrefix("x-")
        }
        return describes && properties.allSatisfy { names.contains($0.key.scalar ?? "") && Self.isAnnotationOnly($0.value) }
    }

    /// A field's documentation: its schema's description or title, else one an `allOf` member
    /// that only describes it gives.
    func fieldDoc(_ node: YAMLNode, wire: String) -> String? {
        switch options.docs {
        case .document:
            let describing = [node] + (node.member("allOf")?.sequence ?? []).filter(Self.isAnnotationOnly)
            return Self.cleaned(
                describing.lazy.compactMap { $0.member("description")?.text ?? $0.member("title")?.text }.first)
        case .own: return "The `\(wire)` member."
        }
    }

    /// Text as a doc: line endings and runs of blank space made plain, trimmed; `nil` when empty.
    static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = cleanedASCII(text) ?? cleanedByFoundation(text)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// ``cleaned(_:)``'s rule on any text: Foundation's trimming, which bridges each line to
    /// `NSString`.
    static func cleanedByFoundation(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
        return joined.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// ``cleaned(_:)``'s rule on an ASCII text without a carriage return (most descriptions), byte
    /// by byte: each line's spaces and tabs trimmed, then the whole text's blank space and line
    /// breaks (tab, line feed, vertical tab, form feed, carriage return, space). `nil` for any
    /// other text, which ``cleanedByFoundation(_:)`` reads.
    static func cleanedASCII(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                // One line, `start..<end`, without its leading and trailing spaces and tabs.
                var first = start
                var last = end
                while first < last, isSpaceOrTab(bytes[first]) { first += 1 }
                while last > first, isSpaceOrTab(bytes[last - 1]) { last -= 1 }
                if start > 0 { out.append(UInt8(ascii: "\n")) }
                out.append(contentsOf: bytes[first..<last])
                start = end + 1
            }
            var first = 0
            var last = out.count
            while first < last, isBlank(out[first]) { first += 1 }
            while last > first, isBlank(out[last - 1]) { last -= 1 }
            return String(decoding: out[first..<last], as: UTF8.self)
        }
    }

    private static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Foundation's `whitespacesAndNewlines` within ASCII: tab to carriage return, and space.
    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D) }
}
