import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaySchemaVocabulary

extension SwiftEmitter {
    /// `PayRules.rule(arguments, at: path[, sensitive: true], into: &violations)`.
    func rule(_ name: String, _ arguments: [SwiftArgument], path: SwiftExpression, sensitive: Bool = false) -> SwiftStatement {
        var all = arguments
        all.reserveCapacity(arguments.count + 3)
        all.append(SwiftArgument("at", path))
        if sensitive { all.append(SwiftArgument("sensitive", .bool(true))) }
        all.append(SwiftArgument("into", .inoutReference(.identifier("violations"))))
        return .expression(.call(.member(.type("PayRules"), name), all))
    }

    /// The `minItems`/`maxItems` checks of a collection, and the constraints left for its
    /// elements (`nil` when the elements need no checks).
    func itemCounts(
        value: SwiftExpression, constraints: ResolvedConstraints, element: ResolvedType, path: SwiftExpression
    ) -> ([SwiftStatement], ResolvedConstraints?) {
        var checks: [SwiftStatement] = []
        let count = SwiftArgument(.member(value, "count"))
        if let minimum = constraints.minItems {
            checks.append(rule("minItems", [count, SwiftArgument(.number(String(minimum)))], path: path))
        }
        if let maximum = constraints.maxItems {
            checks.append(rule("maxItems", [count, SwiftArgument(.number(String(maximum)))], path: path))
        }
        var elementConstraints = constraints
        elementConstraints.minItems = nil
        elementConstraints.maxItems = nil
        return (checks, !elementConstraints.isEmpty || element.holdsValidatedValues ? elementConstraints : nil)
    }

    /// The checks of `value` (of `type`) at `path` (a `PayPath`); `rules` names the type's
    /// compiled patterns and formats (`Self.<rules>Pattern`).
    func checks(
        value: SwiftExpression, type: ResolvedType, constraints: ResolvedConstraints, sensitive: Bool, path: SwiftExpression, rules: String,
        depth: Int = 0, optionalElements: Bool = false
    ) -> [SwiftStatement] {
        switch type {
        case .list(let element), .set(let element):
            let (counts, elementConstraints) = itemCounts(value: value, constraints: constraints, element: element, path: path)
            guard let elementConstraints else { return counts }
            let index = "index\(depth)"
            let item = "element\(depth)"
            var body: [SwiftStatement] = []
            if optionalElements { body.append(.guardStatement([.optionalBinding(item, nil)], else: .inline(.continueStatement))) }
            body += checks(
                value: .identifier(item), type: element, constraints: elementConstraints, sensitive: sensitive,
                path: .call(path, "appending", SwiftArgument("index", .identifier(index))), rules: rules, depth: depth + 1)
            return counts + [.forIn(.tuple([.name(index), .name(item)]), in: .call(value, "enumerated"), .lines(body))]
        case .map(let element):
            let (counts, elementConstraints) = itemCounts(value: value, constraints: constraints, element: element, path: path)
            guard let elementConstraints else { return counts }
            let key = "key\(depth)"
            let entry = "entry\(depth)"
            let body: [SwiftStatement] =
                [.constant(entry, value: .forceUnwrap(.subscripted(value, [SwiftArgument(.identifier(key))])))]
                + checks(
                    value: .identifier(entry), type: element, constraints: elementConstraints, sensitive: sensitive,
                    path: .call(path, "appending", SwiftArgument(.identifier(key))), rules: rules, depth: depth + 1)
            return counts + [.forIn(.name(key), in: .call(.member(value, "keys"), "sorted"), .lines(body))]
        case .named(let reference):
            var result: [SwiftStatement] = []
            if reference.needsValidation {
                result.append(
                    .expression(
                        .call(
                            value, "collectViolations", SwiftArgument("at", path),
                            SwiftArgument("into", .inoutReference(.identifier("violations"))))))
            }
            if case .scalar(let base) = reference.kind, constraints.hasValueConstraints {
                result += primitiveChecks(
                    value: .member(value, "rawValue"), primitive: base, constraints: constraints, sensitive: sensitive, path: path,
                    rules: rules)
            }
            return result
        case .primitive(let primitive):
            return primitiveChecks(
                value: value, primitive: primitive, constraints: constraints, sensitive: sensitive, path: path, rules: rules)
        }
    }

    func primitiveChecks(
        value: SwiftExpression, primitive: SchemaPrimitive, constraints: ResolvedConstraints, sensitive: Bool, path: SwiftExpression,
        rules: String
    ) -> [SwiftStatement] {
        let subject = SwiftArgument(value)
        var checks: [SwiftStatement] = []
        if let minimum = constraints.minLength {
            checks.append(rule("minLength", [subject, SwiftArgument(.number(String(minimum)))], path: path, sensitive: sensitive))
        }
        if let maximum = constraints.maxLength {
            checks.append(rule("maxLength", [subject, SwiftArgument(.number(String(maximum)))], path: path, sensitive: sensitive))
        }
        if constraints.pattern != nil {
            checks.append(
                rule("pattern", [subject, SwiftArgument(.member(.type("Self"), rules + "Pattern"))], path: path, sensitive: sensitive))
        }
        if let minimum = constraints.minimum {
            checks.append(
                rule(
                    "minimum",
                    [subject, SwiftArgument(bound(minimum, primitive)), SwiftArgument("exclusive", .bool(constraints.exclusiveMinimum))],
                    path: path, sensitive: sensitive))
        }
        if let maximum = constraints.maximum {
            checks.append(
                rule(
                    "maximum",
                    [subject, SwiftArgument(bound(maximum, primitive)), SwiftArgument("exclusive", .bool(constraints.exclusiveMaximum))],
                    path: path, sensitive: sensitive))
        }
        if let scale = constraints.scale {
            checks.append(rule("scale", [subject, SwiftArgument(.number(String(scale)))], path: path, sensitive: sensitive))
        }
        if let format = formatRule(constraints) {
            let expression: SwiftExpression
            switch format {
            case .constant(let constant): expression = constant
            case .built: expression = .member(.type("Self"), rules + "Format")
            }
            checks.append(rule("format", [subject, SwiftArgument(expression)], path: path, sensitive: sensitive))
        }
        return checks
    }

    /// Static patterns and formats a type's checks use, compiled once: private static constants
    /// of the type, read as `Self.<field>Pattern` and `Self.<field>Format`.
    func ruleConstants(_ items: [(prefix: String, constraints: ResolvedConstraints)]) -> [SwiftDeclaration] {
        var constants: [SwiftDeclaration] = []
        for item in items {
            if let pattern = item.constraints.pattern {
                constants.append(
                    ruleConstant(
                        item.prefix + "Pattern", .construct("PayPattern", SwiftArgument(.string(pattern))),
                        doc: "The pattern of `\(item.prefix)`, compiled once."))
            }
            if case .built(let expression) = formatRule(item.constraints) {
                constants.append(ruleConstant(item.prefix + "Format", expression, doc: "The format of `\(item.prefix)`, built once."))
            }
        }
        return constants
    }

    private func ruleConstant(_ name: String, _ value: SwiftExpression, doc: String) -> SwiftDeclaration {
        SwiftDeclaration(
            doc: SwiftDoc(doc), visibility: .private,
            kind: .property(SwiftProperty(isStatic: true, isConstant: true, name: name, value: value)))
    }

    /// A field's checks as one runtime call per concern, its constraints passed as arguments
    /// (`PayRules.text`, `number`, `decimal`, `items`, `nested`), absent values passing; `nil`
    /// when the field needs the general form (rules on a list's elements, a scalar's raw value, a
    /// decimal text's bounds, a URL's or a double's rules).
    func fieldRuleCalls(_ field: ResolvedField, constraints: ResolvedConstraints, wireName: String) -> [SwiftStatement]? {
        let value = member(storage(field))
        let optional = field.isOptionalInSwift
        let key = SwiftArgument(.string(wireName))
        func call(_ name: String, _ subject: SwiftExpression, _ arguments: [SwiftArgument], sensitive: Bool = false) -> SwiftStatement {
            var all = [SwiftArgument(subject), key] + arguments
            if sensitive { all.append(SwiftArgument("sensitive", .bool(true))) }
            all.append(SwiftArgument("at", .identifier("path")))
            all.append(SwiftArgument("into", .inoutReference(.identifier("violations"))))
            return .expression(.call(.member(.type("PayRules"), name), all))
        }
        func bounds(_ primitive: SchemaPrimitive) -> [SwiftArgument] {
            var arguments: [SwiftArgument] = []
            if let minimum = constraints.minimum {
                arguments.append(SwiftArgument("minimum", bound(minimum, primitive)))
                if constraints.exclusiveMinimum { arguments.append(SwiftArgument("exclusiveMinimum", .bool(true))) }
            }
            if let maximum = constraints.maximum {
                arguments.append(SwiftArgument("maximum", bound(maximum, primitive)))
                if constraints.exclusiveMaximum { arguments.append(SwiftArgument("exclusiveMaximum", .bool(true))) }
            }
            return arguments
        }
        switch field.type {
        case .primitive(.url):
            // A URL's format is checked on its text, as `PayRules.format(_: URL, …)` does.
            guard constraints.format != nil, constraints.minLength == nil, constraints.maxLength == nil, constraints.pattern == nil,
                constraints.minimum == nil, constraints.maximum == nil, constraints.scale == nil
            else { return nil }
            let text = optional ? SwiftExpression.optionalMember(value, "absoluteString") : .member(value, "absoluteString")
            return [call("text", text, [formatArgument(field, constraints)].compactMap { $0 }, sensitive: field.sensitive)]
        case .primitive(.string):
            guard constraints.minimum == nil, constraints.maximum == nil, constraints.scale == nil else { return nil }
            var arguments: [SwiftArgument] = []
            if let minimum = constraints.minLength { arguments.append(SwiftArgument("minLength", .number(String(minimum)))) }
            if let maximum = constraints.maxLength { arguments.append(SwiftArgument("maxLength", .number(String(maximum)))) }
            if constraints.pattern != nil {
                arguments.append(SwiftArgument("pattern", .member(.type("Self"), field.name + "Pattern")))
            }
            if let format = formatArgument(field, constraints) { arguments.append(format) }
            return [call("text", value, arguments, sensitive: field.sensitive)]
        case .primitive(let primitive)
        where [.int, .int64, .decimal].contains(primitive) || (primitive == .double && constraints.scale == nil):
            guard constraints.minLength == nil, constraints.maxLength == nil, constraints.pattern == nil, constraints.format == nil
            else { return nil }
            var arguments = bounds(primitive)
            if let scale = constraints.scale { arguments.append(SwiftArgument("scale", .number(String(scale)))) }
            return [call(primitive == .decimal ? "decimal" : "number", value, arguments, sensitive: field.sensitive)]
        case .named(let reference):
            guard !constraints.hasValueConstraints, reference.needsValidation else { return nil }
            return [call("nested", value, [])]
        case .list(let element), .set(let element), .map(let element):
            guard !constraints.hasValueConstraints else { return nil }
            var calls: [SwiftStatement] = []
            if constraints.minItems != nil || constraints.maxItems != nil {
                var arguments: [SwiftArgument] = []
                if let minimum = constraints.minItems { arguments.append(SwiftArgument("minItems", .number(String(minimum)))) }
                if let maximum = constraints.maxItems { arguments.append(SwiftArgument("maxItems", .number(String(maximum)))) }
                calls.append(call("items", optional ? .optionalMember(value, "count") : .member(value, "count"), arguments))
            }
            if element.holdsValidatedValues { calls.append(call("nested", value, [])) }
            return calls
        case .primitive:
            return nil
        }
    }

    /// `format: …`: a named format, or the type's compiled one (`Self.<field>Format`).
    private func formatArgument(_ field: ResolvedField, _ constraints: ResolvedConstraints) -> SwiftArgument? {
        switch formatRule(constraints) {
        case .constant(let constant)?: return SwiftArgument("format", constant)
        case .built?: return SwiftArgument("format", .member(.type("Self"), field.name + "Format"))
        case nil: return nil
        }
    }

    /// `func collectViolations(at path: PayPath, into violations: inout [ValidationViolation])`.
    func collectViolations(_ doc: String, _ body: [SwiftStatement]) -> SwiftDeclaration {
        function(
            SwiftDoc(doc), "collectViolations",
            [
                SwiftParameter("at", "path", type: "PayPath"),
                SwiftParameter("into", "violations", type: .inoutParameter(.array("ValidationViolation"))),
            ],
            .lines(body))
    }

    /// The members a struct's `PayValidatable` conformance adds to it (`collectViolations` and
    /// its compiled rules), `nil` when the struct has none (always valid, or no validators).
    func structValidation(
        _ declaration: ResolvedDecl, _ structure: ResolvedStruct
    ) -> (collect: SwiftDeclaration, rules: [SwiftDeclaration])? {
        guard !declaration.isAlwaysValid, config.generates(.validators) else { return nil }
        let format = structure.primaryFormat
        let checked = structure.fields.filter(\.needsValidation)
        // Each field's constraints are read once: the checks and the rule constants share them.
        let constraints = checked.map(\.constraints)
        var body: [SwiftStatement] = []
        for (field, constraints) in zip(checked, constraints) {
            let wireName = field.wireName(in: format)
            if let calls = fieldRuleCalls(field, constraints: constraints, wireName: wireName) {
                body += calls
                continue
            }
            let path = SwiftExpression.call(.identifier("path"), "appending", SwiftArgument(.string(wireName)))
            if field.isOptionalInSwift {
                let inner = checks(
                    value: .identifier("value"), type: field.type, constraints: constraints, sensitive: field.sensitive,
                    path: path, rules: field.name, optionalElements: field.nullableElements)
                body.append(.ifStatement([.optionalBinding("value", member(storage(field)))], .lines(inner)))
            } else {
                body += checks(
                    value: member(storage(field)), type: field.type, constraints: constraints, sensitive: field.sensitive,
                    path: path, rules: field.name, optionalElements: field.nullableElements)
            }
        }
        body += requireAnyOf(structure.requireAnyOf, format: format)
        let collect = collectViolations("Appends every constraint violation of this value and the values it holds, with wire paths.", body)
        return (collect, ruleConstants(zip(checked, constraints).map { (prefix: $0.name, constraints: $1) }))
    }

    /// `lhs op rhs op …`, left to right.
    func chain(_ items: [SwiftExpression], _ operation: String) -> SwiftExpression {
        items.dropFirst().reduce(items[0]) { .binary($0, operation, $1) }
    }

    /// The check that at least one group of `requireAnyOf` is wholly present.
    func requireAnyOf(_ groups: [[ResolvedField]], format: WireFormat) -> [SwiftStatement] {
        guard !groups.isEmpty else { return [] }
        let conditions = groups.map { fields in
            SwiftExpression.parenthesized(chain(fields.map { .binary(member(storage($0)), "!=", .nilLiteral) }, "&&"))
        }
        let readable = groups.map { fields in fields.map { $0.wireName(in: format) }.joined(separator: " and ") }
        let violation = SwiftExpression.construct(
            "ValidationViolation", SwiftArgument("path", .identifier("path")), SwiftArgument("rule", .string("requireAnyOf")),
            SwiftArgument("message", .string("needs " + readable.joined(separator: ", or "))), SwiftArgument("value", .nilLiteral))
        return [
            .ifStatement(
                [.expression(.not(.parenthesized(chain(conditions, "||"))))],
                .lines([.expression(.call(.identifier("violations"), "append", SwiftArgument(violation)))]))
        ]
    }
}
