import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

extension SwiftEmitter {
    /// The name of a field's stored property: deprecated fields are stored under `_name` so that
    /// generated code never touches a deprecated member (and so never warns).
    func storage(_ field: ResolvedField) -> String {
        field.lifecycle.deprecated != nil ? "_" + field.name : field.name
    }

    /// The storage the field list hands the visitor: a boxed field's wrapper (`_name`, the
    /// `PayBoxed` the runtime reads into and writes from), otherwise ``storage(_:)``.
    func visitedStorage(_ field: ResolvedField, in holder: String) -> String {
        inlineSizes.boxes(field, in: holder) ? "_" + field.name : storage(field)
    }

    /// Each field's `PayFieldKey` expression, in field order, and the constants some of them name,
    /// worked out once per struct for the field list, the decoder and the query writer. A key is a
    /// string literal when the name is the same in every format and nothing else is special; the
    /// type's constant, `private static let <field>Key`, when it holds what few fields have
    /// (another XML or query name, aliases, a decimal rule: one allocation, made once instead of
    /// each time a value is read, written or checked); otherwise the initializer.
    func fieldKeys(_ structure: ResolvedStruct) -> (expressions: [SwiftExpression], constants: [SwiftDeclaration]) {
        var expressions: [SwiftExpression] = []
        var constants: [SwiftDeclaration] = []
        expressions.reserveCapacity(structure.fields.count)
        for field in structure.fields {
            let key = fieldKey(field, structure)
            let initializer = SwiftExpression.call(.type("PayFieldKey"), key.arguments)
            if key.overrides {
                expressions.append(.member(.type("Self"), field.name + "Key"))
                constants.append(
                    SwiftDeclaration(
                        doc: SwiftDoc("The wire names and rules of `\(field.name)`, built once."), visibility: .private,
                        kind: .property(SwiftProperty(isStatic: true, isConstant: true, name: field.name + "Key", value: initializer))))
            } else {
                expressions.append(key.arguments.count == 1 ? .string(field.jsonName) : initializer)
            }
        }
        return (expressions, constants)
    }

    /// The arguments of the field's `PayFieldKey` initializer, and whether they give the key
    /// overrides (the runtime's `PayFieldKey.Overrides`: an XML or query name other than the
    /// JSON key, aliases or a decimal rule).
    private func fieldKey(_ field: ResolvedField, _ structure: ResolvedStruct) -> (arguments: [SwiftArgument], overrides: Bool) {
        let json = field.jsonName
        var arguments = [SwiftArgument(.string(json))]
        var overrides = false
        if structure.supports(.xml), field.xmlName != json {
            arguments.append(SwiftArgument("xml", .string(field.xmlName)))
            overrides = true
        }
        if structure.supports(.query) {
            // A map's query name is its item pattern (`{key}CryptoFormat`; the checker requires one).
            if field.queryName != json {
                arguments.append(SwiftArgument("query", .string(field.queryName)))
                overrides = true
            }
            if field.queryStyle == .repeated, field.type.element != nil {
                arguments.append(SwiftArgument("queryList", .implicitMember("repeated")))
            }
        }
        if !field.aliases.isEmpty {
            arguments.append(SwiftArgument("aliases", .array(field.aliases.map { .string($0) }, .oneLine)))
            overrides = true
        }
        if field.isNullable { arguments.append(SwiftArgument("nullable", .bool(true))) }
        if let rule = decimalRuleExpression(field) {
            arguments.append(SwiftArgument("decimal", rule))
            overrides = true
        }
        if field.allowsRelativeURL { arguments.append(SwiftArgument("relativeURL", .bool(true))) }
        return (arguments, overrides)
    }

    /// The `PayDecimalRule` of a decimal field (or a decimal string that accepts numbers), `nil`
    /// when the defaults apply.
    func decimalRuleExpression(_ field: ResolvedField) -> SwiftExpression? {
        let isDecimal = field.type.innermost == .primitive(.decimal)
        guard isDecimal || field.jsonForms != nil else { return nil }
        var arguments: [SwiftArgument] = []
        if let forms = field.jsonForms, forms != [.number] {
            arguments.append(SwiftArgument("accepts", .array(forms.map { .implicitMember($0.rawValue) }, .oneLine)))
        }
        if isDecimal, let scale = field.constraints.scale {
            arguments.append(SwiftArgument("scale", .number(String(scale))))
            if field.constraints.exactScale { arguments.append(SwiftArgument("exactScale", .bool(true))) }
        }
        return arguments.isEmpty ? nil : .call(.type("PayDecimalRule"), arguments)
    }

    func fieldDoc(_ field: ResolvedField) -> SwiftDoc {
        var notes: [String?] = [field.doc ?? "The `\(field.name)` field."]
        if field.sensitive {
            notes.append("- Note: Sensitive. Never shown in descriptions, mirrors, logs or validation messages.")
        }
        if let message = field.lifecycle.deprecated {
            notes.append("- Important: Deprecated." + (message.isEmpty ? "" : " " + message))
        }
        return SwiftDoc(paragraphs: notes)
    }

    func structDeclarations(_ declaration: ResolvedDecl, _ structure: ResolvedStruct) -> [SwiftDeclaration] {
        let name = declaration.name
        var conformances = ["Codable", "Hashable", "Sendable"]
        if structure.xmlRoot != nil { conformances.append("PayXMLDocument") }
        if declaration.isAlwaysValid, config.generates(.validators) { conformances.append("PayAlwaysValid") }
        let root = structure.xmlRoot.map { constant("The root element of the XML document.", "xmlRootElement", .string($0)) }
        var fields = structure.fields.map { field in
            property(
                fieldDoc(field), visibility: field.lifecycle.deprecated != nil ? .unspecified : .api,
                SwiftProperty(
                    name: storage(field), type: swiftType(of: field), wrapper: inlineSizes.boxes(field, in: name) ? "PayBoxed" : nil))
        }
        // What the payload holds beyond the fields: kept and written back, or refused.
        fields.append(
            property(
                SwiftDoc("The payload's members that no field models, kept as they came and written back after the fields."),
                SwiftProperty(name: "unknownMembers", type: "PayUnknownMembers", value: .call(.type("PayUnknownMembers"), []))))
        if structure.refusesUnknownMembers {
            fields.append(
                SwiftDeclaration(
                    doc: SwiftDoc("Decoding refuses members no field models (`unknownMembers: refuse`): each is a problem."),
                    attributes: [.generatedSPI],
                    kind: .property(SwiftProperty(isStatic: true, isConstant: true, name: "payRefusesUnknownMembers", value: .bool(true)))))
        }
        // Each field's key expression, built once for the field list, the decoder and the query writer.
        let (keys, keyConstants) = fieldKeys(structure)
        // One list of the fields drives encoding and validation (`PayFieldVisiting`,
        // `PayFieldValidating`), and decoding below when the struct has a stand-in; the list and
        // the checks' compiled patterns live in the struct itself: one declaration per type.
        let validates = !declaration.isAlwaysValid && config.generates(.validators)
        conformances.append(validates ? "PayFieldValidating" : "PayFieldVisiting")
        let visits = fieldVisits(declaration, structure, keys: keys)
        var format: [SwiftDeclaration] = []
        if validates, structure.primaryFormat != .json {
            format.append(
                SwiftDeclaration(
                    doc: SwiftDoc("The format whose names validation paths use."), attributes: [.generatedSPI],
                    kind: .property(
                        SwiftProperty(
                            isStatic: true, isConstant: true, name: "payPrimaryFormat", type: "WireFormat",
                            value: .member(.type("WireFormat"), structure.primaryFormat.rawValue)))))
        }
        // Decoding walks the same list from a stand-in value when every mandatory field has one;
        // otherwise the struct reads its fields in an `init(from:)` of its own.
        let decoding: SwiftDeclaration
        if placeholders.decodesFromPlaceholder(name) {
            conformances.append("PayFieldDecoding")
            decoding = placeholder(name, structure.fields)
        } else {
            decoding = self.decoding(structure.fields, keys: keys)
        }
        let members = [
            root.map { [$0] } ?? [], format, fields, keyConstants, [memberwiseInit(name, structure.fields)], [decoding],
            [visits.visit], visits.rules,
        ]
        var declarations = [
            SwiftDeclaration(
                doc: SwiftDoc(declaration.doc ?? "The `\(name)` type.", remark(name, file)),
                attributes: deprecation(declaration.lifecycle),
                kind: .type(.struct, name: name, conformances: conformances, members: members))
        ]
        declarations += fieldAccessors(name, declaration, structure.fields)
        if structure.supports(.query) { declarations.append(queryCoding(declaration, structure, keys: keys)) }
        if declaration.isSensitive { declarations.append(redaction(name, structure.fields, deprecated: declaration.isDeprecated)) }
        return declarations
    }

    /// A field as an initializer parameter, with its default (`nil` for optionals).
    func parameter(_ field: ResolvedField, label: String? = nil, defaults: Bool = true) -> SwiftParameter {
        var value: SwiftExpression?
        if defaults {
            if let defaultValue = field.defaultValue {
                value = literal(defaultValue)
            } else if field.isOptionalInSwift {
                value = .nilLiteral
            }
        }
        return SwiftParameter(label ?? field.name, type: swiftType(of: field), default: value)
    }

    func memberwiseInit(_ name: String, _ fields: [ResolvedField]) -> SwiftDeclaration {
        let parameters = fields.map { (name: $0.name, documentation: $0.doc ?? "The `\($0.name)` field.") }
        return initializer(
            SwiftDoc(paragraphs: ["Creates a new `\(name)`."], parameters: parameters),
            fields.map { parameter($0) }, layout: fields.count > 3 ? .wrapped : .oneLine,
            .lines(fields.map { .assignment(member(storage($0)), .identifier($0.name)) }))
    }

    /// `static let payPlaceholder = Name(…)`: the memberwise initializer with each mandatory field's
    /// stand-in (``Placeholders``) and every other field's default.
    func placeholder(_ name: String, _ fields: [ResolvedField]) -> SwiftDeclaration {
        let arguments = fields.filter(\.isMandatory).map { field in
            SwiftArgument(field.name, placeholders.expression(for: field.type) ?? .nilLiteral)
        }
        return SwiftDeclaration(
            doc: SwiftDoc("The value decoding starts from: each mandatory field a stand-in, each other field its default."),
            attributes: [.generatedSPI],
            kind: .property(SwiftProperty(isStatic: true, isConstant: true, name: "payPlaceholder", value: .call(.type(name), arguments))))
    }

    /// Whether a field is a single decimal, written through its ``PayDecimalRule``.
    func isDecimalField(_ field: ResolvedField) -> Bool {
        field.type == .primitive(.decimal)
    }

    func decoding(_ fields: [ResolvedField], keys: [SwiftExpression]) -> SwiftDeclaration {
        let doc = SwiftDoc("Decodes the value, reporting every missing or invalid field at once as a `PayloadDecodingError`.")
        let parameters = [SwiftParameter("from", "decoder", type: "any Decoder")]
        let open = SwiftExpression.tryExpression(.construct("PayDecodingContainer", "decoder"))
        let container = SwiftExpression.identifier("container")
        var body: [SwiftStatement] = [.variable("container", value: open)]
        for (field, key) in zip(fields, keys) {
            let required = SwiftArgument("required", .bool(field.required))
            var expression: SwiftExpression
            switch field.type {
            case .primitive(.date):
                expression = .call(container, "date", SwiftArgument(key), SwiftArgument("format", dateFormatExpression(field)), required)
            case .list(.primitive(.date)):
                expression = .call(
                    container, "dateList", SwiftArgument(key), SwiftArgument("format", dateFormatExpression(field)), required)
            case .set(.primitive(.date)):
                expression = .call(
                    .call(container, "dateList", SwiftArgument(key), SwiftArgument("format", dateFormatExpression(field)), required),
                    "map", SwiftArgument(.initializerReference(.type("Set"))))
            case .list(let element):
                let elementType = swiftType(element).optional(field.nullableElements)
                expression = .call(container, "list", SwiftArgument(.metatype(elementType)), SwiftArgument(key), required)
            case .set(let element):
                expression = .call(container, "set", SwiftArgument(.metatype(swiftType(element))), SwiftArgument(key), required)
            case .map(let value):
                expression = .call(container, "map", SwiftArgument(.metatype(swiftType(value))), SwiftArgument(key), required)
            default:
                let reader = field.isPresentButNull ? "present" : field.required ? "required" : "optional"
                expression = .call(container, reader, SwiftArgument(.metatype(swiftType(field.type))), SwiftArgument(key))
            }
            if let value = field.defaultValue { expression = expression ?? literal(value) }
            // Optional, defaulted and nullable fields are stored as they are read; mandatory ones wait until
            // every field was read, so that all problems are reported at once.
            body.append(field.isMandatory ? .constant(field.name, value: expression) : .assignment(member(storage(field)), expression))
        }
        // The members no field read, taken (or refused) before the problems are thrown.
        body.append(.constant("unknownMembers", value: .call(container, "settleUnknownMembers", SwiftArgument("of", .metatype("Self")))))
        body.append(.expression(.tryExpression(.call(container, "finish"))))
        let mandatory = fields.filter { $0.isMandatory }
        if !mandatory.isEmpty {
            body.append(
                .guardStatement(
                    mandatory.map { .optionalBinding($0.name, nil) }, else: .inline(.throwStatement(.call(container, "incomplete")))))
        }
        body += mandatory.map { .assignment(member(storage($0)), .identifier($0.name)) }
        body.append(.assignment(member("unknownMembers"), .identifier("unknownMembers")))
        return initializer(doc, parameters, throws: true, .lines(body))
    }

    /// The getter and setter of a property stored under `storage`.
    func forwarding(to storage: String) -> SwiftAccessors {
        .getSet(get: .expression(.identifier(storage)), set: .assignment(.identifier(storage), .identifier("newValue")))
    }

    /// Public accessors for deprecated fields and aliases for renamed ones.
    func fieldAccessors(_ name: String, _ declaration: ResolvedDecl, _ fields: [ResolvedField]) -> [SwiftDeclaration] {
        let shims = config.generates(.shims)
        let accessors = fields.filter { $0.lifecycle.deprecated != nil || (shims && !$0.lifecycle.renamedFrom.isEmpty) }
        guard !accessors.isEmpty else { return [] }
        var members: [[SwiftDeclaration]] = []
        for field in accessors {
            if field.lifecycle.deprecated != nil {
                members.append([
                    property(
                        fieldDoc(field), attributes: deprecation(field.lifecycle),
                        SwiftProperty(name: field.name, type: swiftType(of: field), accessors: forwarding(to: storage(field))))
                ])
            }
            for old in field.lifecycle.renamedFrom where shims {
                members.append([
                    property(
                        SwiftDoc("The earlier name of ``\(field.name)``."), attributes: [.renamed(to: field.name)],
                        SwiftProperty(name: old, type: swiftType(of: field), accessors: forwarding(to: storage(field))))
                ])
            }
        }
        if shims, let initializer = renamedFieldsInit(fields) { members.append([initializer]) }
        return [extensionOf(name, deprecated: declaration.isDeprecated, members: members)]
    }

    /// The memberwise initializer spelled with the earlier names of renamed fields, so that code
    /// written before the rename keeps compiling (a deprecation warning points at the new labels).
    /// The renamed parameters have no default, so a call can never match both initializers.
    func renamedFieldsInit(_ fields: [ResolvedField]) -> SwiftDeclaration? {
        let renamed = fields.filter { !$0.lifecycle.renamedFrom.isEmpty }
        guard !renamed.isEmpty else { return nil }
        let label = { (field: ResolvedField) -> String in field.lifecycle.renamedFrom.first ?? field.name }
        let parameters = fields.map { parameter($0, label: label($0), defaults: $0.lifecycle.renamedFrom.isEmpty) }
        let renames = renamed.map { "\($0.lifecycle.renamedFrom.first ?? "") → \($0.name)" }.joined(separator: ", ")
        let call = SwiftExpression.call(.initializerReference(.selfValue), fields.map { SwiftArgument($0.name, .identifier(label($0))) })
        return initializer(
            SwiftDoc("Creates a value with the earlier names of renamed fields (\(renames))."),
            attributes: [.deprecated(message: "Renamed fields: " + renames + ".")], parameters, .lines([.expression(call)]))
    }
}
