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

    /// The query writer of a struct; `keys` are its fields' key expressions (``fieldKeys(_:)``).
    func queryCoding(_ declaration: ResolvedDecl, _ structure: ResolvedStruct, keys: [SwiftExpression]) -> SwiftDeclaration {
        let writer = SwiftExpression.identifier("writer")
        var write: [SwiftStatement] = [.variable("writer", value: .construct("PayQueryWriter"))]
        for (field, keyExpression) in zip(structure.fields, keys) {
            let key = SwiftArgument(keyExpression)
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

        let items = function(
            SwiftDoc("The query items, in field order; lists use each field's join style."), "queryItems", [], throws: true,
            returns: .array("URLQueryItem"), .lines(write))
        // Reading is the runtime's: `PayQueryCodable.init(queryItems:)` reads the items into the one
        // tree and decodes it with the type's `init(from:)`, as JSON and XML are.
        return extensionOf(declaration.name, deprecated: declaration.isDeprecated, conformances: ["PayQueryCodable"], members: [[items]])
    }
}
