import PaySchemaLanguage
import PaySchemaModel

extension SwiftEmitter {
    func queryStyle(_ field: ResolvedField) -> SwiftArgument {
        SwiftArgument("style", .implicitMember(field.queryStyle == .repeated ? "repeated" : "commaJoined"))
    }

    /// The prefix and suffix around `{key}` in a map's query name pattern.
    func queryPattern(_ field: ResolvedField) -> [SwiftArgument] {
        let affixes = field.queryKeyAffixes
        return [SwiftArgument("prefix", .string(affixes.prefix)), SwiftArgument("suffix", .string(affixes.suffix))]
    }

    func queryCoding(_ declaration: ResolvedDecl, _ structure: ResolvedStruct) -> SwiftDeclaration {
        let writer = SwiftExpression.identifier("writer")
        let reader = SwiftExpression.identifier("reader")
        var write: [SwiftStatement] = [.variable("writer", value: .construct("PayQueryWriter"))]
        for field in structure.fields {
            let key = SwiftArgument(fieldKeyExpression(field, structure))
            let value = member(storage(field))
            switch field.type {
            case .primitive(.date):
                write.append(
                    .expression(.call(writer, "date", SwiftArgument(value), key, SwiftArgument("format", dateFormatExpression(field)))))
            case .list:
                write.append(.expression(.call(writer, "list", SwiftArgument(value), key, queryStyle(field))))
            case .set:
                let sorted = SwiftExpression.member(.type("PayStableOrder"), "sorted")
                let items: SwiftExpression =
                    field.isOptionalInSwift ? .call(value, "map", SwiftArgument(sorted)) : .call(sorted, [SwiftArgument(value)])
                write.append(.expression(.call(writer, "list", SwiftArgument(items), key, queryStyle(field))))
            case .map:
                write.append(
                    .expression(.call(.member(writer, "patternMap"), [SwiftArgument(value)] + queryPattern(field) + [queryStyle(field)])))
            default:
                write.append(
                    .expression(
                        isDecimalField(field)
                            ? .tryExpression(.call(writer, "decimal", SwiftArgument(value), key))
                            : .call(writer, "value", SwiftArgument(value), key)))
            }
        }
        write.append(.returnStatement(.member(writer, "items")))

        var read: [SwiftStatement] = [.variable("reader", value: .construct("PayQueryReader", "queryItems"))]
        for field in structure.fields {
            let key = SwiftArgument(fieldKeyExpression(field, structure))
            let required = SwiftArgument("required", .bool(field.required))
            var expression: SwiftExpression
            switch field.type {
            case .primitive(.date):
                expression = .call(reader, "date", key, SwiftArgument("format", dateFormatExpression(field)), required)
            case .list(let element):
                expression = .call(reader, "list", SwiftArgument(.metatype(swiftType(element))), key, queryStyle(field), required)
            case .set(let element):
                expression = .call(
                    .call(reader, "list", SwiftArgument(.metatype(swiftType(element))), key, queryStyle(field), required),
                    "map", SwiftArgument(.initializerReference(.type("Set"))))
            case .map(let value):
                var element = value
                if case .list(let inner) = value { element = inner }
                expression = .call(
                    .member(reader, "patternMap"),
                    [SwiftArgument(.metatype(swiftType(element)))] + queryPattern(field) + [queryStyle(field)])
                if field.isOptionalInSwift {
                    let entries = field.name + "Entries"
                    read.append(.constant(entries, value: expression))
                    expression = .ternary(.member(.identifier(entries), "isEmpty"), .nilLiteral, .identifier(entries))
                }
            default:
                expression = .call(
                    reader, field.sensitive ? "secret" : "value", SwiftArgument(.metatype(swiftType(field.type))), key, required)
            }
            if let value = field.defaultValue { expression = .parenthesized(expression) ?? literal(value) }
            read.append(.constant(field.name, value: expression))
        }
        read.append(.expression(.tryExpression(.call(reader, "finish"))))
        let mandatory = structure.fields.filter { $0.required && !$0.type.isMap }
        if !mandatory.isEmpty {
            read.append(
                .guardStatement(
                    mandatory.map { .optionalBinding($0.name, nil) },
                    else: .inline(.throwStatement(.construct("PayloadDecodingError", SwiftArgument("issues", .member(reader, "issues")))))))
        }
        read.append(
            .expression(.call(.initializerReference(.selfValue), structure.fields.map { SwiftArgument($0.name, .identifier($0.name)) })))

        let items = function(
            SwiftDoc("The query items, in field order; lists use each field's join style."), "queryItems", [], throws: true,
            returns: .array("URLQueryItem"), .lines(write))
        let decode = initializer(
            SwiftDoc("Reads the value from query items, reporting every missing or invalid item at once."),
            [SwiftParameter("queryItems", type: .array("URLQueryItem"))], throws: true, .lines(read))
        return extensionOf(
            declaration.name, deprecated: declaration.isDeprecated, conformances: ["PayQueryCodable"], members: [[items], [decode]])
    }
}
