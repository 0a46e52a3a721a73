@_spi(Generated) import PaySchemaVocabulary

extension SwiftEmitter {
    /// Emits the `minItems`/`maxItems` checks of a collection and returns the constraints left for its
    /// elements, or `nil` when the elements need no checks.
    func emitItemCounts(value: String, constraints: ResolvedConstraints, element: ResolvedType, path: String) -> ResolvedConstraints? {
        if let minimum = constraints.minItems { out.line("PayRules.minItems(\(value).count, \(minimum), at: \(path), into: &violations)") }
        if let maximum = constraints.maxItems { out.line("PayRules.maxItems(\(value).count, \(maximum), at: \(path), into: &violations)") }
        var elementConstraints = constraints
        elementConstraints.minItems = nil
        elementConstraints.maxItems = nil
        return !elementConstraints.isEmpty || element.holdsValidatedValues ? elementConstraints : nil
    }

    /// Emits the checks of `value` (a Swift expression of `type`) at `path` (a Swift `PayPath` expression).
    func emitChecks(value: String, type: ResolvedType, constraints: ResolvedConstraints, sensitive: Bool, path: String, rulesPrefix: String, depth: Int = 0, optionalElements: Bool = false) {
        let secret = sensitive ? ", sensitive: true" : ""
        switch type {
        case .list(let element), .set(let element):
            guard let elementConstraints = emitItemCounts(value: value, constraints: constraints, element: element, path: path) else { return }
            let index = "index\(depth)", item = "element\(depth)"
            out.block("for (\(index), \(item)) in \(value).enumerated()") {
                if optionalElements { out.line("guard let \(item) else { continue }") }
                emitChecks(value: item, type: element, constraints: elementConstraints, sensitive: sensitive, path: "\(path).appending(index: \(index))", rulesPrefix: rulesPrefix, depth: depth + 1)
            }
        case .map(let element):
            guard let elementConstraints = emitItemCounts(value: value, constraints: constraints, element: element, path: path) else { return }
            let key = "key\(depth)"
            out.block("for \(key) in \(value).keys.sorted()") {
                out.line("let entry\(depth) = \(value)[\(key)]!")
                emitChecks(value: "entry\(depth)", type: element, constraints: elementConstraints, sensitive: sensitive, path: "\(path).appending(\(key))", rulesPrefix: rulesPrefix, depth: depth + 1)
            }
        case .named(let reference):
            if reference.needsValidation {
                out.line("\(value).collectViolations(at: \(path), into: &violations)")
            }
            if case .scalar(let base) = reference.kind, constraints.hasValueConstraints {
                emitPrimitiveChecks(value: "\(value).rawValue", primitive: base, constraints: constraints, secret: secret, path: path, rulesPrefix: rulesPrefix)
            }
        case .primitive(let primitive):
            emitPrimitiveChecks(value: value, primitive: primitive, constraints: constraints, secret: secret, path: path, rulesPrefix: rulesPrefix)
        }
    }

    func emitPrimitiveChecks(value: String, primitive: SchemaPrimitive, constraints: ResolvedConstraints, secret: String, path: String, rulesPrefix: String) {
        if let minimum = constraints.minLength { out.line("PayRules.minLength(\(value), \(minimum), at: \(path)\(secret), into: &violations)") }
        if let maximum = constraints.maxLength { out.line("PayRules.maxLength(\(value), \(maximum), at: \(path)\(secret), into: &violations)") }
        if constraints.pattern != nil { out.line("PayRules.pattern(\(value), \(rulesPrefix)Pattern, at: \(path)\(secret), into: &violations)") }
        if let minimum = constraints.minimum {
            out.line("PayRules.minimum(\(value), \(bound(minimum, primitive)), exclusive: \(constraints.exclusiveMinimum), at: \(path)\(secret), into: &violations)")
        }
        if let maximum = constraints.maximum {
            out.line("PayRules.maximum(\(value), \(bound(maximum, primitive)), exclusive: \(constraints.exclusiveMaximum), at: \(path)\(secret), into: &violations)")
        }
        if let scale = constraints.scale { out.line("PayRules.scale(\(value), \(scale), at: \(path)\(secret), into: &violations)") }
        if let format = formatRule(constraints) {
            let rule: String
            switch format {
            case .constant(let expression): rule = expression
            case .built: rule = "\(rulesPrefix)Format"
            }
            out.line("PayRules.format(\(value), \(rule), at: \(path)\(secret), into: &violations)")
        }
    }

    /// Static patterns and formats a type's checks use, compiled once.
    func emitRuleConstants(_ items: [(prefix: String, constraints: ResolvedConstraints)]) -> Bool {
        let needed = items.filter { item in
            if item.constraints.pattern != nil { return true }
            if case .built = formatRule(item.constraints) { return true }
            return false
        }
        guard !needed.isEmpty else { return false }
        out.line("")
        out.line("/// Patterns and formats compiled once for the checks above.")
        out.block("private enum Rules") {
            for item in needed {
                if let pattern = item.constraints.pattern {
                    out.line("static let \(item.prefix)Pattern = PayPattern(\(Naming.literal(pattern)))")
                }
                if case .built(let expression) = formatRule(item.constraints) {
                    out.line("static let \(item.prefix)Format = \(expression)")
                }
            }
        }
        return true
    }

    func emitStructValidation(_ declaration: ResolvedDecl, _ structure: ResolvedStruct) {
        guard !declaration.isAlwaysValid, config.generates(.validators) else { return }
        let name = declaration.name
        let format = structure.primaryFormat
        let checked = structure.fields.filter(\.needsValidation)
        out.line("")
        markDeprecatedExtension(declaration.isDeprecated)
        out.block("extension \(name): PayValidatable") {
            out.line("/// Appends every constraint violation of this value and the values it holds, with wire paths.")
            out.declaration("func collectViolations(at path: PayPath, into violations: inout [ValidationViolation])") {
                for field in checked {
                    let path = "path.appending(\(Naming.literal(field.wireName(in: format))))"
                    let prefix = "Rules.\(field.name)"
                    if field.isOptionalInSwift {
                        out.block("if let value = self.\(storage(field))") {
                            emitChecks(value: "value", type: field.type, constraints: field.constraints, sensitive: field.sensitive, path: path, rulesPrefix: prefix, optionalElements: field.nullableElements)
                        }
                    } else {
                        emitChecks(value: "self.\(storage(field))", type: field.type, constraints: field.constraints, sensitive: field.sensitive, path: path, rulesPrefix: prefix, optionalElements: field.nullableElements)
                    }
                }
                emitRequireAnyOf(structure.requireAnyOf, format: format)
            }
            _ = emitRuleConstants(checked.map { (prefix: $0.name, constraints: $0.constraints) })
        }
    }

    /// The check that at least one group of `requireAnyOf` is wholly present.
    func emitRequireAnyOf(_ groups: [[ResolvedField]], format: WireFormat) {
        guard !groups.isEmpty else { return }
        var conditions: [String] = []
        var readable: [String] = []
        for fields in groups {
            conditions.append("(" + fields.map { "self.\(storage($0)) != nil" }.joined(separator: " && ") + ")")
            readable.append(fields.map { $0.wireName(in: format) }.joined(separator: " and "))
        }
        out.block("if !(\(conditions.joined(separator: " || ")))") {
            let message = "needs " + readable.joined(separator: ", or ")
            out.line("violations.append(ValidationViolation(path: path, rule: \"requireAnyOf\", message: \(Naming.literal(message)), value: nil))")
        }
    }
}
