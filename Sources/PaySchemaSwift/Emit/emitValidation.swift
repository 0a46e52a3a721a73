import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

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

    /// The checks of `value` (of `type`) at `path` (a `PayPath`); `rules` names the compiled
    /// pattern and format they use (``ruleConstants(prefix:_:in:)``).
    func checks(
        value: SwiftExpression, type: ResolvedType, constraints: ResolvedConstraints, sensitive: Bool, path: SwiftExpression,
        rules: RuleNames,
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
        rules: RuleNames
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
                rule("pattern", [subject, SwiftArgument(rules.pattern)], path: path, sensitive: sensitive))
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
            case .built: expression = rules.format
            }
            checks.append(rule("format", [subject, SwiftArgument(expression)], path: path, sensitive: sensitive))
        }
        return checks
    }

    /// The compiled pattern and format the checks of one value of `type` use, and the constants
    /// `type` declares for them: `<prefix>Pattern` unless an earlier type of the file compiled the
    /// same pattern (``FilePatterns``), `<prefix>Format` when the format is built.
    func ruleConstants(
        prefix: String, _ constraints: ResolvedConstraints, in type: ResolvedDecl
    ) -> (
        names: RuleNames, declarations: [SwiftDeclaration]
    ) {
        var declarations: [SwiftDeclaration] = []
        var pattern = SwiftExpression.member(.type("Self"), prefix + "Pattern")
        if let text = constraints.pattern {
            let shared = patterns.constant(
                for: text, in: type.name, named: prefix + "Pattern", deprecated: type.lifecycle.deprecated != nil)
            pattern = shared.reference
            if shared.declares {
                declarations.append(
                    ruleConstant(
                        prefix + "Pattern", .construct("PayPattern", SwiftArgument(.string(text))),
                        doc: "The pattern of `\(prefix)`, compiled once for the file's types.", visibility: .fileprivate))
            }
        }
        if case .built(let expression) = formatRule(constraints) {
            declarations.append(ruleConstant(prefix + "Format", expression, doc: "The format of `\(prefix)`, built once."))
        }
        return (RuleNames(pattern: pattern, format: .member(.type("Self"), prefix + "Format")), declarations)
    }

    private func ruleConstant(
        _ name: String, _ value: SwiftExpression, doc: String, visibility: SwiftVisibility = .private
    ) -> SwiftDeclaration {
        SwiftDeclaration(
            doc: SwiftDoc(doc), visibility: visibility,
            kind: .property(SwiftProperty(isStatic: true, isConstant: true, name: name, value: value)))
    }

    /// `format: …`: a named format, or the type's compiled one (`Self.<field>Format`).
    func formatArgument(_ field: ResolvedField, _ constraints: ResolvedConstraints) -> SwiftArgument? {
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

    /// `lhs op rhs op …`, left to right.
    func chain(_ items: [SwiftExpression], _ operation: String) -> SwiftExpression {
        items.dropFirst().reduce(items[0]) { .binary($0, operation, $1) }
    }

    /// The check that at least one group of `requireAnyOf` is wholly present. Its message names
    /// what each group still needs (`needs expiry, or vault_id` for a card with a number): of a
    /// group of two, the member that is missing or both; of a longer group, all of it.
    func requireAnyOf(_ groups: [[ResolvedField]], format: WireFormat) -> [SwiftStatement] {
        guard !groups.isEmpty else { return [] }
        let conditions = groups.map { fields in
            SwiftExpression.parenthesized(chain(fields.map { .binary(member(storage($0)), "!=", .nilLiteral) }, "&&"))
        }
        let readable = groups.map { fields in fields.map { $0.wireName(in: format) }.joined(separator: " and ") }
        let message: SwiftExpression
        if groups.allSatisfy({ $0.count != 2 }) {
            message = .string("needs " + readable.joined(separator: ", or "))
        } else {
            // A group of two that is not whole misses its first member, its second, or both.
            let needed = groups.map { fields -> SwiftExpression in
                guard fields.count == 2 else { return .string(fields.map { $0.wireName(in: format) }.joined(separator: " and ")) }
                let (first, second) = (fields[0].wireName(in: format), fields[1].wireName(in: format))
                let missing = { (field: ResolvedField) in SwiftExpression.binary(self.member(self.storage(field)), "==", .nilLiteral) }
                return .ternary(
                    missing(fields[0]), .ternary(missing(fields[1]), .string(first + " and " + second), .string(first)), .string(second))
            }
            message = .binary(
                .string("needs "), "+", .call(.member(.array(needed, .oneLine), "joined"), [SwiftArgument("separator", .string(", or "))]))
        }
        let violation = SwiftExpression.construct(
            "ValidationViolation", SwiftArgument("path", .identifier("path")), SwiftArgument("rule", .string("requireAnyOf")),
            SwiftArgument("message", message), SwiftArgument("value", .nilLiteral))
        return [
            .ifStatement(
                [.expression(.not(.parenthesized(chain(conditions, "||"))))],
                .lines([.expression(.call(.identifier("violations"), "append", SwiftArgument(violation)))]))
        ]
    }
}
