@_spi(Generated) import PaySchemaVocabulary

extension SwiftEmitter {
    /// The name of a field's stored property: deprecated fields are stored under `_name` so that
    /// generated code never touches a deprecated member (and so never warns).
    func storage(_ field: ResolvedField) -> String {
        field.lifecycle.deprecated != nil ? "_" + field.name : Naming.escaped(field.name)
    }

    /// The field's `PayFieldKey`: a string literal when the name is the same in every format and
    /// nothing else is special, otherwise the full initializer.
    func fieldKeyExpression(_ field: ResolvedField, _ structure: ResolvedStruct) -> String {
        let json = field.jsonName
        var arguments = [Naming.literal(json)]
        if structure.supports(.xml), field.xmlName != json { arguments.append("xml: " + Naming.literal(field.xmlName)) }
        if structure.supports(.query), field.queryName != json { arguments.append("query: " + Naming.literal(field.queryName)) }
        if !field.aliases.isEmpty {
            arguments.append("aliases: [" + field.aliases.map(Naming.literal).joined(separator: ", ") + "]")
        }
        if field.isNullable { arguments.append("nullable: true") }
        if let rule = decimalRuleExpression(field) { arguments.append("decimal: " + rule) }
        if field.allowsRelativeURL { arguments.append("relativeURL: true") }
        return arguments.count == 1 ? arguments[0] : "PayFieldKey(" + arguments.joined(separator: ", ") + ")"
    }

    /// The `PayDecimalRule` of a decimal field (or a decimal string that accepts numbers), `nil`
    /// when the defaults apply.
    func decimalRuleExpression(_ field: ResolvedField) -> String? {
        let isDecimal = field.type.innermost == .primitive(.decimal)
        guard isDecimal || field.jsonForms != nil else { return nil }
        var arguments: [String] = []
        if let forms = field.jsonForms, forms != [.number] {
            arguments.append("accepts: [" + forms.map { "." + $0.rawValue }.joined(separator: ", ") + "]")
        }
        if isDecimal, let scale = field.constraints.scale {
            arguments.append("scale: \(scale)")
            if field.constraints.exactScale { arguments.append("exactScale: true") }
        }
        return arguments.isEmpty ? nil : "PayDecimalRule(" + arguments.joined(separator: ", ") + ")"
    }

    func fieldDoc(_ field: ResolvedField) -> [String?] {
        var notes: [String?] = [field.doc ?? "The `\(field.name)` field."]
        if field.sensitive {
            notes.append("- Note: Sensitive. Never shown in descriptions, mirrors, logs or validation messages.")
        }
        if let message = field.lifecycle.deprecated {
            notes.append("- Important: Deprecated." + (message.isEmpty ? "" : " " + message))
        }
        return notes
    }

    func emitStruct(_ declaration: ResolvedDecl, _ structure: ResolvedStruct) {
        let name = declaration.name
        var conformances = ["Codable", "Hashable", "Sendable"]
        if structure.xmlRoot != nil { conformances.append("PayXMLDocument") }
        if declaration.isAlwaysValid, config.generates(.validators) { conformances.append("PayAlwaysValid") }
        out.doc(paragraphs: [declaration.doc ?? "The `\(name)` type.", remark(name, file)])
        if let attribute = deprecation(declaration.lifecycle) { out.line(attribute) }
        out.declaration("struct \(name): \(conformances.joined(separator: ", "))") {
            if let root = structure.xmlRoot {
                out.line("/// The root element of the XML document.")
                out.declaration("static let xmlRootElement = \(Naming.literal(root))")
                out.line("")
            }
            for field in structure.fields {
                out.doc(paragraphs: fieldDoc(field))
                if field.lifecycle.deprecated != nil {
                    out.line("var \(storage(field)): \(swiftType(of: field))")
                } else {
                    out.declaration("var \(storage(field)): \(swiftType(of: field))")
                }
            }
            if !structure.fields.isEmpty { out.line("") }
            emitMemberwiseInit(name, structure.fields)
            out.line("")
            // Each field's key expression, built once for both directions.
            let keys = structure.fields.map { fieldKeyExpression($0, structure) }
            emitDecoding(structure.fields, keys: keys)
            out.line("")
            emitEncoding(structure.fields, keys: keys)
        }
        emitFieldAccessors(name, declaration, structure.fields)
        emitStructValidation(declaration, structure)
        if structure.supports(.query) { emitQueryCoding(declaration, structure) }
        if declaration.isSensitive { emitRedaction(name, structure.fields, deprecated: declaration.isDeprecated) }
    }

    func emitMemberwiseInit(_ name: String, _ fields: [ResolvedField]) {
        out.line("/// Creates a new `\(name)`.")
        if !fields.isEmpty {
            out.line("///")
            out.line("/// - Parameters:")
            for field in fields {
                let text = field.doc ?? "The `\(field.name)` field."
                let summary = text.utf8.contains(10) ? (text.split(separator: "\n").first.map { $0.trimmingTrailingSpaces() } ?? "") : text
                out.line("///   - \(field.name): \(summary)")
            }
        }
        let parameters = fields.map { field -> String in
            var text = "\(Naming.escaped(field.name)): \(swiftType(of: field))"
            if let value = field.defaultValue {
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
                for field in fields { out.line("self.\(storage(field)) = \(Naming.escaped(field.name))") }
            }
        } else {
            out.declaration(parameters.isEmpty ? "init()" : "init(\(parameters.joined(separator: ", ")))") {
                for field in fields { out.line("self.\(storage(field)) = \(Naming.escaped(field.name))") }
            }
        }
    }

    /// Whether a field is a single decimal, written through its ``PayDecimalRule``.
    func isDecimalField(_ field: ResolvedField) -> Bool {
        field.type == .primitive(.decimal)
    }

    func emitDecoding(_ fields: [ResolvedField], keys: [String]) {
        out.line("/// Decodes the value, reporting every missing or invalid field at once as a `PayloadDecodingError`.")
        out.declaration("init(from decoder: any Decoder) throws") {
            if fields.isEmpty {
                out.line("_ = try PayDecodingContainer(decoder)")
                return
            }
            out.line("var container = try PayDecodingContainer(decoder)")
            for (field, key) in zip(fields, keys) {
                let local = Naming.escaped(field.name)
                let required = field.required ? "true" : "false"
                var expression: String
                switch field.type {
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
                    expression = "container.\(method)(\(swiftType(field.type)).self, \(key))"
                }
                if let value = field.defaultValue {
                    expression += " ?? " + literal(value)
                }
                // Optional and defaulted fields are stored as they are read; required ones wait until
                // every field was read, so that all problems are reported at once.
                out.line(field.required ? "let \(local) = \(expression)" : "self.\(storage(field)) = \(expression)")
            }
            out.line("try container.finish()")
            let mandatory = fields.filter { $0.required }
            if !mandatory.isEmpty {
                out.line("guard " + mandatory.map { "let " + Naming.escaped($0.name) }.joined(separator: ", ") + " else { throw container.incomplete() }")
            }
            for field in mandatory {
                out.line("self.\(storage(field)) = \(Naming.escaped(field.name))")
            }
        }
    }

    func emitEncoding(_ fields: [ResolvedField], keys: [String]) {
        out.line("/// Encodes the fields under the wire names of the encoder's format; absent optionals are omitted.")
        out.declaration("func encode(to encoder: any Encoder) throws") {
            if fields.isEmpty {
                out.line("_ = PayEncodingContainer(encoder)")
                return
            }
            out.line("var container = PayEncodingContainer(encoder)")
            for (field, key) in zip(fields, keys) {
                let value = "self.\(storage(field))"
                switch field.type {
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
    func emitFieldAccessors(_ name: String, _ declaration: ResolvedDecl, _ fields: [ResolvedField]) {
        let shims = config.generates(.shims)
        let accessors = fields.filter { $0.lifecycle.deprecated != nil || (shims && !$0.lifecycle.renamedFrom.isEmpty) }
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
                    out.declaration("var \(Naming.escaped(field.name)): \(swiftType(of: field))") {
                        out.line("get { \(storage(field)) }")
                        out.line("set { \(storage(field)) = newValue }")
                    }
                }
                for old in field.lifecycle.renamedFrom where shims {
                    if !first { out.line("") }
                    first = false
                    out.line("/// The earlier name of ``\(field.name)``.")
                    out.line("@available(*, deprecated, renamed: \(Naming.literal(field.name)))")
                    out.declaration("var \(Naming.escaped(old)): \(swiftType(of: field))") {
                        out.line("get { \(storage(field)) }")
                        out.line("set { \(storage(field)) = newValue }")
                    }
                }
            }
            if shims { emitRenamedFieldsInit(fields) }
        }
    }

    /// The memberwise initializer spelled with the earlier names of renamed fields, so that code
    /// written before the rename keeps compiling (a deprecation warning points at the new labels).
    /// The renamed parameters have no default, so a call can never match both initializers.
    func emitRenamedFieldsInit(_ fields: [ResolvedField]) {
        let renamed = fields.filter { !$0.lifecycle.renamedFrom.isEmpty }
        guard !renamed.isEmpty else { return }
        let label = { (field: ResolvedField) -> String in Naming.escaped(field.lifecycle.renamedFrom.first ?? field.name) }
        let parameters = fields.map { field -> String in
            var text = "\(label(field)): \(swiftType(of: field))"
            guard field.lifecycle.renamedFrom.isEmpty else { return text }
            if let value = field.defaultValue {
                text += " = " + literal(value)
            } else if field.isOptionalInSwift {
                text += " = nil"
            }
            return text
        }
        let renames = renamed.map { "\($0.lifecycle.renamedFrom.first ?? "") → \($0.name)" }.joined(separator: ", ")
        out.line("")
        out.line("/// Creates a value with the earlier names of renamed fields (\(renames)).")
        out.line("@available(*, deprecated, message: \(Naming.literal("Renamed fields: " + renames + ".")))")
        out.declaration("init(\(parameters.joined(separator: ", ")))") {
            out.line("self.init(" + fields.map { "\(Naming.escaped($0.name)): \(label($0))" }.joined(separator: ", ") + ")")
        }
    }
}
