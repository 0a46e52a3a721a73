extension SwiftEmitter {
    func queryStyle(_ field: ResolvedField) -> String {
        field.queryStyle == .repeated ? ".repeated" : ".commaJoined"
    }

    /// The prefix and suffix around `{key}` in a map's query name pattern.
    func queryPattern(_ field: ResolvedField) -> (String, String) {
        let pattern = field.queryKeyPattern
        guard let range = pattern.range(of: "{key}") else { return (pattern, "") }
        return (String(pattern[..<range.lowerBound]), String(pattern[range.upperBound...]))
    }

    func emitQueryCoding(_ declaration: ResolvedDecl, _ structure: ResolvedStruct) {
        let name = declaration.name
        out.line("")
        markDeprecatedExtension(declaration.isDeprecated)
        out.block("extension \(name): PayQueryCodable") {
            out.line("/// The query items, in field order; lists use each field's join style.")
            out.declaration("func queryItems() throws -> [URLQueryItem]") {
                out.line("var writer = PayQueryWriter()")
                for field in structure.fields {
                    let key = fieldKeyExpression(field, structure)
                    let value = "self.\(storage(field))"
                    switch field.type {
                    case .primitive(.date):
                        out.line("writer.date(\(value), \(key), format: \(dateFormatExpression(field)))")
                    case .list:
                        out.line("writer.list(\(value), \(key), style: \(queryStyle(field)))")
                    case .set:
                        out.line("writer.list(" + (field.isOptionalInSwift ? "\(value).map(PayStableOrder.sorted)" : "PayStableOrder.sorted(\(value))") + ", \(key), style: \(queryStyle(field)))")
                    case .map:
                        let (prefix, suffix) = queryPattern(field)
                        out.line("writer.patternMap(\(value), prefix: \(Naming.literal(prefix)), suffix: \(Naming.literal(suffix)), style: \(queryStyle(field)))")
                    default:
                        if isDecimalField(field) {
                            out.line("try writer.decimal(\(value), \(key))")
                        } else {
                            out.line("writer.value(\(value), \(key))")
                        }
                    }
                }
                out.line("return writer.items")
            }
            out.line("")
            out.line("/// Reads the value from query items, reporting every missing or invalid item at once.")
            out.declaration("init(queryItems: [URLQueryItem]) throws") {
                out.line("var reader = PayQueryReader(queryItems)")
                for field in structure.fields {
                    let key = fieldKeyExpression(field, structure)
                    let local = Naming.escaped(field.name)
                    let required = field.required ? "true" : "false"
                    var expression: String
                    switch field.type {
                    case .primitive(.date):
                        expression = "reader.date(\(key), format: \(dateFormatExpression(field)), required: \(required))"
                    case .list(let element):
                        expression = "reader.list(\(swiftType(element)).self, \(key), style: \(queryStyle(field)), required: \(required))"
                    case .set(let element):
                        expression = "reader.list(\(swiftType(element)).self, \(key), style: \(queryStyle(field)), required: \(required)).map(Set.init)"
                    case .map(let value):
                        let (prefix, suffix) = queryPattern(field)
                        var element = value
                        if case .list(let inner) = value { element = inner }
                        expression = "reader.patternMap(\(swiftType(element)).self, prefix: \(Naming.literal(prefix)), suffix: \(Naming.literal(suffix)), style: \(queryStyle(field)))"
                        if field.isOptionalInSwift {
                            out.line("let \(local)Entries = \(expression)")
                            expression = "\(local)Entries.isEmpty ? nil : \(local)Entries"
                        }
                    default:
                        let method = field.sensitive ? "secret" : "value"
                        expression = "reader.\(method)(\(swiftType(field.type)).self, \(key), required: \(required))"
                    }
                    if let value = field.defaultValue {
                        expression = "(\(expression)) ?? " + literal(value)
                    }
                    out.line("let \(local) = \(expression)")
                }
                out.line("try reader.finish()")
                let mandatory = structure.fields.filter { $0.required && !$0.type.isMap }
                if !mandatory.isEmpty {
                    out.line("guard " + mandatory.map { "let " + Naming.escaped($0.name) }.joined(separator: ", ") + " else { throw PayloadDecodingError(issues: reader.issues) }")
                }
                let arguments = structure.fields.map { "\(Naming.escaped($0.name)): \(Naming.escaped($0.name))" }
                out.line("self.init(\(arguments.joined(separator: ", ")))")
            }
        }
    }
}
