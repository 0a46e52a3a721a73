import PaySchemaLanguage
import PaySchemaModel

extension SwiftEmitter {
    /// Conversions of a legacy type, in a (deprecated) extension of it, as the checker resolved them.
    func conversions(_ declaration: ResolvedDecl) -> [SwiftDeclaration] {
        let conversions = declaration.conversions
        guard !conversions.isEmpty else { return [] }
        let remark = "- Remark: Generated from the conversions of `\(declaration.name)` in `\(file.displayPath)`."
        let members = conversions.map { conversion -> [SwiftDeclaration] in
            switch conversion.kind {
            case .to(let target):
                return [
                    function(
                        SwiftDoc("The value of the current API that this legacy value stands for: a `\(target)`.", remark), "to\(target)",
                        [],
                        returns: .named(target), .lines([construction(.type(target), conversion.arguments)]))
                ]
            case .from(let parameters):
                return [
                    initializer(
                        SwiftDoc(
                            "Builds the legacy value from the current API's " + parameters.map { "`\($0.type)`" }.joined(separator: " and ")
                                + ".", remark),
                        parameters.map { SwiftParameter($0.label, type: .named($0.type)) },
                        .lines([construction(.initializerReference(.selfValue), conversion.arguments)]))
                ]
            }
        }
        return [extensionOf(declaration.name, deprecated: declaration.isDeprecated, members: members)]
    }

    /// The memberwise call that builds the converted value, one argument a line.
    func construction(_ callee: SwiftExpression, _ arguments: [ResolvedConversion.Argument]) -> SwiftStatement {
        .expression(.wrappedCall(callee, arguments.map { SwiftArgument($0.field, expression($0)) }))
    }

    /// The Swift of a conversion's source path: its root, then each stored property, read with
    /// `?.` after a value that may be `nil`.
    func path(_ source: ResolvedConversion.Source) -> SwiftExpression {
        var expression: SwiftExpression
        switch source.root {
        case .selfValue: expression = .selfValue
        case .parameter(let name): expression = .identifier(name)
        }
        for member in source.members {
            expression = member.chained ? .optionalMember(expression, member.storage) : .member(expression, member.storage)
        }
        return expression
    }

    func expression(_ argument: ResolvedConversion.Argument) -> SwiftExpression {
        switch argument.value {
        case .literal(let value):
            return literal(value)
        case .path(let source, let transform, let fallback):
            var value = path(source)
            switch transform {
            case .negate?:
                value =
                    source.optional
                    ? .trailingClosure(.member(value, "map"), SwiftClosure(body: .value(.not(.identifier("$0"))))) : .not(value)
            case .group(let group)?:
                value = groupExpression(source, group, into: argument)
            case nil:
                break
            }
            if let fallback { value = .parenthesized(value) ?? literal(fallback) }
            return value
        }
    }

    /// A closure that groups legacy enum values into structs, first-seen order, stable within each
    /// group, called on the source.
    func groupExpression(
        _ source: ResolvedConversion.Source, _ group: ResolvedConversion.Group, into argument: ResolvedConversion.Argument
    ) -> SwiftExpression {
        let keyType = swiftType(group.keyType)
        let valueType = swiftType(group.valueType)
        let groups = SwiftExpression.identifier("groups")
        let order = SwiftExpression.identifier("order")
        let entry = SwiftExpression.identifier("entry")
        let key = SwiftExpression.member(entry, "0")
        let value = SwiftExpression.member(entry, "1")
        let slot = SwiftExpression.subscripted(groups, [SwiftArgument(key), SwiftArgument("default", .array([], .oneLine))])
        var cases = group.rows.map { row in
            SwiftSwitchCase(
                [.enumCase(row.legacyCase, binding: nil)],
                .inline(.assignment(entry, .tuple([.implicitMember(row.keyCase), .implicitMember(row.valueCase)]))))
        }
        if group.legacyIsOpen { cases.append(SwiftSwitchCase([.enumCase("unknown", binding: nil)], .inline(.continueStatement))) }
        let loop: [SwiftStatement] = [
            .constant("entry", type: .tuple([keyType, valueType]), value: nil),
            .switchStatement(.identifier("item"), cases),
            .ifStatement(
                [.expression(.binary(.subscripted(groups, [SwiftArgument(key)]), "==", .nilLiteral))],
                .inline(.expression(.call(order, "append", SwiftArgument(key))))),
            .ifStatement(
                [.expression(.not(.call(slot, "contains", SwiftArgument(value))))],
                .inline(.expression(.call(slot, "append", SwiftArgument(value))))),
        ]
        let members = SwiftExpression.subscripted(groups, ["$0"]) ?? .array([], .oneLine)
        let element = SwiftExpression.construct(
            group.element, SwiftArgument(group.key, .identifier("$0")),
            SwiftArgument(group.values, group.valuesAreASet ? .construct("Set", SwiftArgument(members)) : members))
        var body: [SwiftStatement] = []
        if source.optional { body.append(.guardStatement([.optionalBinding("source", nil)], else: .inline(.returnStatement(.nilLiteral)))) }
        body += [
            .variable("order", type: .array(keyType), value: .array([], .oneLine)),
            .variable("groups", type: .dictionary(key: keyType, value: .array(valueType)), value: .dictionary([])),
            .forIn(.name("item"), in: .identifier("source"), .lines(loop)),
            .returnStatement(.trailingClosure(.member(order, "map"), SwiftClosure(body: .value(element)))),
        ]
        let closure = SwiftClosure(
            parameters: [SwiftParameter("source", type: swiftType(source.type).optional(source.optional))],
            returns: swiftType(argument.type).optional(argument.optional), body: .lines(body))
        return .call(.closure(closure), [SwiftArgument(path(source))])
    }

    /// Legacy protocols, namespaces and extensions declared in this file.
    func legacyAPIs() -> [SwiftDeclaration] {
        file.legacyAPIs.map { api in
            let deprecated = SwiftAttribute.deprecated(message: api.deprecated)
            let isolation: [SwiftAttribute] = api.mainActor ? [.mainActor] : []
            let remark = "- Remark: Generated from legacy API `\(api.name)` in `\(file.displayPath)`."
            switch api.kind {
            case .protocol:
                let requirements = api.methods.map { method in
                    [
                        SwiftDeclaration(
                            doc: SwiftDoc(method.doc ?? "`\(method.name)`.", method.replacement.map { "Replaced by \($0)." }),
                            visibility: .unspecified,
                            kind: .function(SwiftFunction(name: method.name, signature: .written(method.signature), body: nil)))
                    ]
                }
                return SwiftDeclaration(
                    doc: SwiftDoc(api.doc ?? "The legacy `\(api.name)` protocol.", remark), attributes: [deprecated] + isolation,
                    kind: .type(.protocol, name: api.name, conformances: ["AnyObject", "Sendable"], members: requirements))
            case .namespace:
                return SwiftDeclaration(
                    doc: SwiftDoc(api.doc ?? "The legacy `\(api.name)` API.", remark), attributes: [deprecated] + isolation,
                    kind: .type(.enum, name: api.name, conformances: [], members: legacyMembers(api, isStatic: true, attributes: [])))
            case .extension:
                return extensionOf(
                    api.name, doc: SwiftDoc(api.doc ?? "Legacy members of `\(api.name)`.", remark),
                    members: legacyMembers(api, isStatic: false, attributes: [deprecated]))
            }
        }
    }

    func legacyMembers(_ api: ResolvedLegacyAPI, isStatic: Bool, attributes: [SwiftAttribute]) -> [[SwiftDeclaration]] {
        let properties = api.properties.map { property in
            [
                self.property(
                    SwiftDoc(property.doc ?? "The legacy `\(property.name)`."), attributes: attributes,
                    SwiftProperty(
                        isStatic: isStatic, name: property.name, type: .named(property.type),
                        accessors: .getSet(get: .written(property.get), set: property.set.map { .written($0) })))
            ]
        }
        let methods = api.methods.map { method -> [SwiftDeclaration] in
            var paragraphs: [String?] = [method.doc ?? "The legacy `\(method.name)`."]
            if let noOp = method.noOp {
                paragraphs.append("- Note: No longer has any effect" + (noOp.isEmpty ? "." : "; returns `\(noOp)`."))
            }
            if let replacement = method.replacement { paragraphs.append("Replaced by \(replacement).") }
            var body: [SwiftStatement] = []
            if let noOp = method.noOp {
                if !noOp.isEmpty { body.append(.returnStatement(.written(noOp))) }
            } else if let written = method.body {
                body.append(.written(written))
            }
            return [
                SwiftDeclaration(
                    doc: SwiftDoc(paragraphs: paragraphs),
                    attributes: method.replacement.map { [.deprecated(message: "Use \($0).")] } ?? attributes,
                    kind: .function(
                        SwiftFunction(isStatic: isStatic, name: method.name, signature: .written(method.signature), body: .lines(body))))
            ]
        }
        return properties + methods
    }
}
