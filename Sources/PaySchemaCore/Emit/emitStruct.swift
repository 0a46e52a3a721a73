@_spi(Generated) import PaySchemaVocabulary

extension SwiftEmitter {
    /// The name of a field's stored property: deprecated fields are stored under `_name` so that
    /// generated code never touches a deprecated member (and so never warns).
    func storage(_ field: FieldDecl) -> String {
        field.lifecycle.deprecated != nil ? "_" + field.name.value : Naming.escaped(field.name.value)
    }

    /// The format whose names are used in validation paths: the first declared encoding.
    func primaryFormat(_ decl: StructDecl) -> WireFormat {
        decl.encodings.first?.value ?? .json
    }

    /// The field's `PayFieldKey`: a string literal when the name is the same in every format and
    /// nothing else is special, otherwise the full initializer.
    func fieldKeyExpression(_ field: FieldDecl, _ decl: StructDecl) -> String {
        let json = decl.wireName(of: field, in: .json)
        var arguments = [Naming.literal(json)]
        if decl.supports(.xml) {
            let xml = decl.wireName(of: field, in: .xml)
            if xml != json { arguments.append("xml: " + Naming.literal(xml)) }
        }
        if decl.supports(.query) {
            let query = decl.wireName(of: field, in: .query)
            if query != json { arguments.append("query: " + Naming.literal(query)) }
        }
        if !field.aliases.isEmpty {
            arguments.append("aliases: [" + field.aliases.map { Naming.literal($0.value) }.joined(separator: ", ") + "]")
        }
        if field.isNullable { arguments.append("nullable: true") }
        if let rule = decimalRuleExpression(field) { arguments.append("decimal: " + rule) }
        if field.allowsRelativeURL?.value == true { arguments.append("relativeURL: true") }
        return arguments.count == 1 ? arguments[0] : "PayFieldKey(" + arguments.joined(separator: ", ") + ")"
    }

    /// The `PayDecimalRule` of a decimal field (or a decimal string that accepts numbers), `nil`
    /// when the defaults apply.
    func decimalRuleExpression(_ field: FieldDecl) -> String? {
        let isDecimal = field.type.value.innermost == .primitive(.decimal)
        guard isDecimal || field.jsonForms != nil else { return nil }
        var arguments: [String] = []
        if let forms = field.jsonForms?.value, forms != [.number] {
            arguments.append("accepts: [" + forms.map { "." + $0.rawValue }.joined(separator: ", ") + "]")
        }
        if isDecimal, let scale = field.constraints.scale {
            arguments.append("scale: \(scale.value)")
            if field.constraints.exactScale { arguments.append("exactScale: true") }
        }
        return arguments.isEmpty ? nil : "PayDecimalRule(" + arguments.joined(separator: ", ") + ")"
    }

    func fieldDoc(_ field: FieldDecl) -> [String?] {
        var notes: [String?] = [field.doc ?? "The `\(field.name.value)` field."]
        if field.sensitive {
            notes.append("- Note: Sensitive. Never shown in descriptions, mirrors, logs or validation messages.")
        }
        if let message = field.lifecycle.deprecated {
            notes.append("- Important: Deprecated." + (message.isEmpty ? "" : " " + message))
        }
        return notes
    }

    func emitStruct(_ declaration: ResolvedDecl, _ decl: StructDecl) {
        let type = declaration.type
        let name = type.name.value
        var conformances = ["Codable", "Hashable", "Sendable"]
        if decl.xmlRoot != nil { conformances.append("PayXMLDocument") }
        if declaration.isAlwaysValid, config.generates(.validators) { conformances.append("PayAlwaysValid") }
        out.doc(paragraphs: [type.doc ?? "The `\(name)` type.", remark(name, file)])
        if let attribute = deprecation(type.lifecycle) { out.line(attribute) }
        out.declaration("struct \(name): \(conformances.joined(separator: ", "))") {
            if let root = decl.xmlRoot {
                out.line("/// The root element of the XML document.")
                out.declaration("static let xmlRootElement = \(Naming.literal(root.value))")
                out.line("")
            }
            for field in decl.fields {
                out.doc(paragraphs: fieldDoc(field))
                if field.lifecycle.deprecated != nil {
                    out.line("var \(storage(field)): \(swiftType(of: field))")
                } else {
                    out.declaration("var \(storage(field)): \(swiftType(of: field))")
                }
            }
            if !decl.fields.isEmpty { out.line("") }
            emitMemberwiseInit(name, declaration.fields)
            out.line("")
            // Each field's key expression, built once for both directions.
            let keys = decl.fields.map { fieldKeyExpression($0, decl) }
            emitDecoding(name, decl, declaration.fields, keys: keys)
            out.line("")
            emitEncoding(decl, keys: keys)
        }
        emitFieldAccessors(name, declaration)
        emitStructValidation(declaration, decl)
        if decl.supports(.query) { emitQueryCoding(declaration, decl) }
        if declaration.isSensitive { emitRedaction(name, decl, deprecated: declaration.isDeprecated) }
    }

    func emitMemberwiseInit(_ name: String, _ fields: [ResolvedField]) {
        out.line("/// Creates a new `\(name)`.")
        if !fields.isEmpty {
            out.line("///")
            out.line("/// - Parameters:")
            for resolved in fields {
                let field = resolved.decl
                let text = field.doc ?? "The `\(field.name.value)` field."
                let summary = text.utf8.contains(10) ? (text.split(separator: "\n").first.map { $0.trimmingTrailingSpaces() } ?? "") : text
                out.line("///   - \(field.name.value): \(summary)")
            }
        }
        let parameters = fields.map { resolved -> String in
            let field = resolved.decl
            var text = "\(Naming.escaped(field.name.value)): \(swiftType(of: field))"
            if let value = resolved.defaultValue {
                text += " = " + literal(value)
            } else if field.isOptionalInSwift {
                text += " = nil"
            }
            return text
        }
        if parameters.count > 3 {
            out.declaration("init(")
            for (index, parameter) in parameters.enumerated() {
                out.line("    " + parameter + (index == parameters.count - 1 ? "" : ","))
            }
            out.block(")") {
                for resolved in fields { out.line("self.\(storage(resolved.decl)) = \(Naming.escaped(resolved.decl.name.value))") }
            }
        } else {
            out.declaration(parameters.isEmpty ? "init()" : "init(\(parameters.joined(separator: ", ")))") {
                for resolved in fields { out.line("self.\(storage(resolved.decl)) = \(Naming.escaped(resolved.decl.name.value))") }
            }
        }
    }

    /// Whether a field is a single decimal, written through its ``PayDecimalRule``.
    func isDecimalField(_ field: FieldDecl) -> Bool {
        field.type.value == .primitive(.decimal)
    }

    func emitDecoding(_ name: String, _ decl: StructDecl, _ fields: [ResolvedField], keys: [String]) {
        out.line("/// Decodes the value, reporting every missing or invalid field at once as a `PayloadDecodingError`.")
        out.declaration("init(from decoder: any Decoder) throws") {
            if decl.fields.isEmpty {
                out.line("_ = try PayDecodingContainer(decoder)")
                return
            }
            out.line("var container = try PayDecodingContainer(decoder)")
            for (resolved, key) in zip(fields, keys) {
                let field = resolved.decl
                let local = Naming.escaped(field.name.value)
                let required = field.required ? "true" : "false"
                var expression: String
                switch field.type.value {
                case .primitive(.date):
                    expression = "container.date(\(key), format: \(dateFormatExpression(field)), required: \(required))"
                case .list(.primitive(.date)):
                    expression = "container.dateList(\(key), format: \(dateFormatExpression(field)), required: \(required))"
                case .set(.primitive(.date)):
                    expression = "container.dateList(\(key), format: \(dateFormatExpression(field)), required: \(required)).map(Set.init)"
                case .list(let element):
                    let elementType = swiftType(element) + (field.nullableElements ? "?" : "")
                    expression = "container.list(\(elementType).self, \(key), required: \(required))"
                case .set(let element):
                    expression = "container.set(\(swiftType(element)).self, \(key), required: \(required))"
                case .map(let value):
                    expression = "container.map(\(swiftType(value)).self, \(key), required: \(required))"
                default:
                    let method = field.required ? "required" : "optional"
                    expression = "container.\(method)(\(swiftType(field.type.value)).self, \(key))"
                }
                if let value = resolved.defaultValue {
                    expression += " ?? " + literal(value)
                }
                // Optional and defaulted fields are stored as they are read; required ones wait until
                // every field was read, so that all problems are reported at once.
                out.line(field.required ? "let \(local) = \(expression)" : "self.\(storage(field)) = \(expression)")
            }
            out.line("try container.finish()")
            let mandatory = decl.fields.filter { $0.required }
            if !mandatory.isEmpty {
                out.line("guard " + mandatory.map { "let " + Naming.escaped($0.name.value) }.joined(separator: ", ") + " else { throw container.incomplete() }")
            }
            for field in mandatory {
                out.line("self.\(storage(field)) = \(Naming.escaped(field.name.value))")
            }
        }
    }

    func emitEncoding(_ decl: StructDecl, keys: [String]) {
        out.line("/// Encodes the fields under the wire names of the encoder's format; absent optionals are omitted.")
        out.declaration("func encode(to encoder: any Encoder) throws") {
            if decl.fields.isEmpty {
                out.line("_ = PayEncodingContainer(encoder)")
                return
            }
            out.line("var container = PayEncodingContainer(encoder)")
            for (field, key) in zip(decl.fields, keys) {
                let value = "self.\(storage(field))"
                switch field.type.value {
                case .primitive(.date):
                    out.line("try container.encodeDate(\(value), \(key), format: \(dateFormatExpression(field)))")
                case .list(.primitive(.date)):
                    out.line("try container.encodeDates(\(value), \(key), format: \(dateFormatExpression(field)))")
                case .set(.primitive(.date)):
                    out.line("try container.encodeDates(\(value).map { $0.sorted() }, \(key), format: \(dateFormatExpression(field)))")
                case .set:
                    out.line("try container.encodeSet(\(value), \(key))")
                default:
                    if isDecimalField(field) {
                        out.line("try container.encodeDecimal(\(value), \(key))")
                    } else if field.isOptionalInSwift {
                        out.line("try container.encodeIfPresent(\(value), \(key))")
                    } else {
                        out.line("try container.encode(\(value), \(key))")
                    }
                }
            }
        }
    }

    /// Public accessors for deprecated fields and aliases for renamed ones.
    func emitFieldAccessors(_ name: String, _ declaration: ResolvedDecl) {
        let shims = config.generates(.shims)
        let accessors = declaration.fields.lazy.map(\.decl).filter { $0.lifecycle.deprecated != nil || (shims && !$0.lifecycle.renamedFrom.isEmpty) }
        guard !accessors.isEmpty else { return }
        out.line("")
        markDeprecatedExtension(declaration.isDeprecated)
        out.block("extension \(name)") {
            var first = true
            for field in accessors {
                if field.lifecycle.deprecated != nil {
                    if !first { out.line("") }
                    first = false
                    out.doc(paragraphs: fieldDoc(field))
                    out.line(deprecation(field.lifecycle)!)
                    out.declaration("var \(Naming.escaped(field.name.value)): \(swiftType(of: field))") {
                        out.line("get { \(storage(field)) }")
                        out.line("set { \(storage(field)) = newValue }")
                    }
                }
                for old in field.lifecycle.renamedFrom where shims {
                    if !first { out.line("") }
                    first = false
                    out.line("/// The earlier name of ``\(field.name.value)``.")
                    out.line("@available(*, deprecated, renamed: \(Naming.literal(field.name.value)))")
                    out.declaration("var \(Naming.escaped(old.value)): \(swiftType(of: field))") {
                        out.line("get { \(storage(field)) }")
                        out.line("set { \(storage(field)) = newValue }")
                    }
                }
            }
            if shims { emitRenamedFieldsInit(declaration.fields) }
        }
    }

    /// The memberwise initializer spelled with the earlier names of renamed fields, so that code
    /// written before the rename keeps compiling (a deprecation warning points at the new labels).
    /// The renamed parameters have no default, so a call can never match both initializers.
    func emitRenamedFieldsInit(_ fields: [ResolvedField]) {
        let renamed = fields.lazy.map(\.decl).filter { !$0.lifecycle.renamedFrom.isEmpty }
        guard !renamed.isEmpty else { return }
        let label = { (field: FieldDecl) -> String in Naming.escaped(field.lifecycle.renamedFrom.first?.value ?? field.name.value) }
        let parameters = fields.map { resolved -> String in
            let field = resolved.decl
            var text = "\(label(field)): \(swiftType(of: field))"
            guard field.lifecycle.renamedFrom.isEmpty else { return text }
            if let value = resolved.defaultValue {
                text += " = " + literal(value)
            } else if field.isOptionalInSwift {
                text += " = nil"
            }
            return text
        }
        let renames = renamed.map { "\($0.lifecycle.renamedFrom.first?.value ?? "") → \($0.name.value)" }.joined(separator: ", ")
        out.line("")
        out.line("/// Creates a value with the earlier names of renamed fields (\(renames)).")
        out.line("@available(*, deprecated, message: \(Naming.literal("Renamed fields: " + renames + ".")))")
        out.declaration("init(\(parameters.joined(separator: ", ")))") {
            out.line("self.init(" + fields.map(\.decl).map { "\(Naming.escaped($0.name.value)): \(label($0))" }.joined(separator: ", ") + ")")
        }
    }
}
