import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

extension SwiftEmitter {
    /// A struct's field list, `visitFields(_:)`: one call per field, in wire order, naming how the
    /// field is read and written, whether it must be present, and holding its constraints as
    /// arguments, so that the runtime (`PayFieldVisiting`, `PayFieldValidating`, `PayFieldDecoding`)
    /// encodes, validates and decodes the struct from one list. Checks the list cannot
    /// state as data (rules on a list's elements, a scalar field's own bounds, a decimal text's
    /// bounds, a double's scale, `requireAnyOf`) follow their field as `fields.check { … }`.
    /// Also returns the compiled patterns and formats the checks use.
    func fieldVisits(
        _ declaration: ResolvedDecl, _ structure: ResolvedStruct, keys: [SwiftExpression]
    ) -> (visit: SwiftDeclaration, rules: [SwiftDeclaration]) {
        let validates = !declaration.isAlwaysValid && config.generates(.validators)
        let format = structure.primaryFormat
        var body: [SwiftStatement] = []
        // A statement per field and a few more (a null check, a field's residual checks, the
        // struct's own): growing the list a field at a time moved it several times a struct.
        body.reserveCapacity(structure.fields.count + 4)
        var rules: [SwiftDeclaration] = []
        for (field, key) in zip(structure.fields, keys) {
            let validated = validates && field.needsValidation
            let names: RuleNames?
            if validated {
                let constants = ruleConstants(prefix: field.name, field.constraints, in: declaration)
                rules += constants.declarations
                names = constants.names
            } else {
                names = nil
            }
            let visit = fieldVisit(field, in: declaration.name, key: key, rules: names)
            body.append(.expression(.call(.member(.identifier("fields"), visit.method), visit.arguments)))
            if field.isPresentButNull {
                body.append(
                    .expression(.call(.identifier("fields"), "null", SwiftArgument("ifNil", member(storage(field))), SwiftArgument(key))))
            }
            if let names, !visit.holdsRules {
                let residue = residualChecks(field, constraints: field.constraints, wireName: field.wireName(in: format), rules: names)
                if !residue.isEmpty { body.append(check(residue)) }
            }
        }
        if validates, !structure.requireAnyOf.isEmpty {
            body.append(check(requireAnyOf(structure.requireAnyOf, format: format)))
        }
        let parameters = [SwiftParameter("_", "fields", type: .inoutParameter(.named("PayFieldVisitor<Phase>")))]
        let visit = SwiftDeclaration(
            doc: SwiftDoc(
                "Hands each field, in wire order, to `fields` with its key and rules: decoding, encoding and validation all walk this list."
            ),
            attributes: [.generatedSPI],
            kind: .function(
                SwiftFunction(
                    isMutating: true, name: "visitFields", genericParameters: ["Phase: PayFieldPhase"],
                    signature: .parameters(parameters, throws: false, returns: nil), body: .lines(body))))
        return (visit, rules)
    }

    /// `fields.check { (path: PayPath, violations: inout [ValidationViolation]) in … }`.
    private func check(_ statements: [SwiftStatement]) -> SwiftStatement {
        let parameters = [
            SwiftParameter("path", type: "PayPath"),
            SwiftParameter("violations", type: .inoutParameter(.array("ValidationViolation"))),
        ]
        return .expression(
            .trailingClosure(.member(.identifier("fields"), "check"), SwiftClosure(parameters: parameters, body: .lines(statements))))
    }

    /// The checks of a field whose rules the visitor's arguments cannot hold, rule by rule.
    private func residualChecks(
        _ field: ResolvedField, constraints: ResolvedConstraints, wireName: String, rules: RuleNames
    ) -> [SwiftStatement] {
        let path = SwiftExpression.call(.identifier("path"), "appending", SwiftArgument(.string(wireName)))
        guard field.isOptionalInSwift else {
            return checks(
                value: member(storage(field)), type: field.type, constraints: constraints, sensitive: field.sensitive, path: path,
                rules: rules, optionalElements: field.nullableElements)
        }
        let inner = checks(
            value: .identifier("value"), type: field.type, constraints: constraints, sensitive: field.sensitive, path: path,
            rules: rules, optionalElements: field.nullableElements)
        return [.ifStatement([.optionalBinding("value", member(storage(field)))], .lines(inner))]
    }

    /// The visitor method that writes `field`, and its arguments: the value, the key, `required`
    /// when the field must be present, then the field's constraints when it is validated (its
    /// compiled pattern and format named by `rules`) and the method can hold them all
    /// (`holdsRules`); otherwise the checks follow as `fields.check { … }`.
    private func fieldVisit(
        _ field: ResolvedField, in holder: String, key: SwiftExpression, rules: RuleNames?
    ) -> (method: String, arguments: [SwiftArgument], holdsRules: Bool) {
        // The field's constraints, for a validated field only (an unvalidated one passes none).
        let constraints: ResolvedConstraints? = rules != nil ? field.constraints : nil
        // One array, with room for the most arguments a visit takes (value, key, required, four
        // bounds, scale, sensitive): growing it an argument at a time reallocated it for most fields.
        var base: [SwiftArgument] = []
        base.reserveCapacity(9)
        base.append(SwiftArgument(.inoutReference(member(visitedStorage(field, in: holder)))))
        base.append(SwiftArgument(key))
        // A mandatory field is missing without a value; one that must be present may be null.
        if field.required { base.append(SwiftArgument("required", .bool(true))) }
        func sensitive(_ arguments: inout [SwiftArgument]) {
            if field.sensitive { arguments.append(SwiftArgument("sensitive", .bool(true))) }
        }
        func counts(_ constraints: ResolvedConstraints, _ arguments: inout [SwiftArgument]) {
            if let minimum = constraints.minItems { arguments.append(SwiftArgument("minItems", .number(String(minimum)))) }
            if let maximum = constraints.maxItems { arguments.append(SwiftArgument("maxItems", .number(String(maximum)))) }
        }
        func bounds(_ constraints: ResolvedConstraints, _ primitive: SchemaPrimitive, _ arguments: inout [SwiftArgument]) {
            if let minimum = constraints.minimum {
                arguments.append(SwiftArgument("minimum", bound(minimum, primitive)))
                if constraints.exclusiveMinimum { arguments.append(SwiftArgument("exclusiveMinimum", .bool(true))) }
            }
            if let maximum = constraints.maximum {
                arguments.append(SwiftArgument("maximum", bound(maximum, primitive)))
                if constraints.exclusiveMaximum { arguments.append(SwiftArgument("exclusiveMaximum", .bool(true))) }
            }
        }
        // Only counts, elements needing no checks of their own but their type's.
        func onlyCounts(_ constraints: ResolvedConstraints) -> Bool { !constraints.hasValueConstraints }
        switch field.type {
        case .primitive(.date):
            base.append(SwiftArgument("format", dateFormatExpression(field)))
            return ("date", base, constraints == nil)
        case .list(.primitive(.date)), .set(.primitive(.date)):
            let method = if case .set = field.type { "dateSet" } else { "dates" }
            base.append(SwiftArgument("format", dateFormatExpression(field)))
            guard let constraints else { return (method, base, true) }
            guard onlyCounts(constraints) else { return (method, base, false) }
            counts(constraints, &base)
            return (method, base, true)
        case .list(let element), .map(let element), .set(let element):
            let plain =
                switch field.type {
                case .set: "set"
                case .map: "map"
                default: "list"
                }
            guard let constraints else { return (plain, base, true) }
            guard onlyCounts(constraints) else { return (plain, base, false) }
            let method = element.holdsValidatedValues ? "nested" + plain.prefix(1).uppercased() + plain.dropFirst() : plain
            counts(constraints, &base)
            return (method, base, true)
        case .primitive(.decimal):
            guard let constraints else { return ("decimal", base, true) }
            guard constraints.minLength == nil, constraints.maxLength == nil, constraints.pattern == nil, constraints.format == nil
            else { return ("decimal", base, false) }
            bounds(constraints, .decimal, &base)
            if let scale = constraints.scale { base.append(SwiftArgument("scale", .number(String(scale)))) }
            sensitive(&base)
            return ("decimal", base, true)
        case .primitive(.string):
            guard let constraints else { return ("text", base, true) }
            guard constraints.minimum == nil, constraints.maximum == nil, constraints.scale == nil else { return ("text", base, false) }
            if let minimum = constraints.minLength { base.append(SwiftArgument("minLength", .number(String(minimum)))) }
            if let maximum = constraints.maxLength { base.append(SwiftArgument("maxLength", .number(String(maximum)))) }
            if constraints.pattern != nil, let rules {
                base.append(SwiftArgument("pattern", rules.pattern))
            }
            if let format = formatArgument(field, constraints) { base.append(format) }
            sensitive(&base)
            return ("text", base, true)
        case .primitive(.url):
            guard let constraints else { return ("url", base, true) }
            // A URL's format is checked on its text, as `PayRules.format(_: URL, …)` does.
            guard constraints.minLength == nil, constraints.maxLength == nil, constraints.pattern == nil, constraints.minimum == nil,
                constraints.maximum == nil, constraints.scale == nil
            else { return ("url", base, false) }
            if let format = formatArgument(field, constraints) { base.append(format) }
            sensitive(&base)
            return ("url", base, true)
        case .primitive(let primitive) where [.int, .int64].contains(primitive) || (primitive == .double && constraints?.scale == nil):
            guard let constraints else { return ("number", base, true) }
            guard constraints.minLength == nil, constraints.maxLength == nil, constraints.pattern == nil, constraints.format == nil
            else { return ("number", base, false) }
            bounds(constraints, primitive, &base)
            sensitive(&base)
            return ("number", base, true)
        case .named(let reference):
            guard let constraints else { return ("value", base, true) }
            guard !constraints.hasValueConstraints, reference.needsValidation else { return ("value", base, false) }
            return ("nested", base, true)
        case .primitive:
            return ("value", base, constraints == nil)
        }
    }
}
