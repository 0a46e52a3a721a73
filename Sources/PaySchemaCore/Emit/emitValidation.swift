@_spi(Generated) import PaymentSchemasRuntime

extension SwiftEmitter {
    /// Whether values of `type` carry any check (constraints of their own or of what they hold).
    func needsValidation(_ type: TypeExpression, _ constraints: Constraints, visiting: inout Set<String>) -> Bool {
        if !constraints.isEmpty { return true }
        for name in type.namedTypes where typeNeedsValidation(name, visiting: &visiting) { return true }
        return false
    }

    func typeNeedsValidation(_ name: String, visiting: inout Set<String>) -> Bool {
        guard visiting.insert(name).inserted else { return false }
        switch module.type(name)?.kind {
        case .structure(let decl)?:
            return !decl.requireAnyOf.isEmpty || decl.fields.contains { needsValidation($0.type.value, $0.constraints, visiting: &visiting) }
        case .union?: return true
        case .scalar(let scalar)?: return !scalar.constraints.isEmpty
        default: return false
        }
    }

    /// Emits the `minItems`/`maxItems` checks of a collection and returns the constraints left for its
    /// elements, or `nil` when the elements need no checks.
    func emitItemCounts(value: String, constraints: Constraints, element: TypeExpression, path: String) -> Constraints? {
        if let minimum = constraints.minItems { out.line("PayRules.minItems(\(value).count, \(minimum.value), at: \(path), into: &violations)") }
        if let maximum = constraints.maxItems { out.line("PayRules.maxItems(\(value).count, \(maximum.value), at: \(path), into: &violations)") }
        var elementConstraints = constraints
        elementConstraints.minItems = nil
        elementConstraints.maxItems = nil
        var visiting = Set<String>()
        return needsValidation(element, elementConstraints, visiting: &visiting) ? elementConstraints : nil
    }

    /// Emits the checks of `value` (a Swift expression of `type`) at `path` (a Swift `PayPath` expression).
    func emitChecks(value: String, type: TypeExpression, constraints: Constraints, sensitive: Bool, path: String, rulesPrefix: String, depth: Int = 0, optionalElements: Bool = false) {
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
        case .named(let name):
            var visiting = Set<String>()
            if typeNeedsValidation(name, visiting: &visiting) {
                out.line("\(value).collectViolations(at: \(path), into: &violations)")
            }
            if case .scalar(let scalar)? = module.type(name)?.kind, constraints.hasValueConstraints {
                emitPrimitiveChecks(value: "\(value).rawValue", primitive: scalar.base.value, constraints: constraints, secret: secret, path: path, rulesPrefix: rulesPrefix)
            }
        case .primitive(let primitive):
            emitPrimitiveChecks(value: value, primitive: primitive, constraints: constraints, secret: secret, path: path, rulesPrefix: rulesPrefix)
        }
    }

    func emitPrimitiveChecks(value: String, primitive: TypeExpression.Primitive, constraints: Constraints, secret: String, path: String, rulesPrefix: String) {
        if let minimum = constraints.minLength { out.line("PayRules.minLength(\(value), \(minimum.value), at: \(path)\(secret), into: &violations)") }
        if let maximum = constraints.maxLength { out.line("PayRules.maxLength(\(value), \(maximum.value), at: \(path)\(secret), into: &violations)") }
        if constraints.pattern != nil { out.line("PayRules.pattern(\(value), \(rulesPrefix)Pattern, at: \(path)\(secret), into: &violations)") }
        if let minimum = constraints.minimum {
            out.line("PayRules.minimum(\(value), \(bound(minimum.value, primitive)), exclusive: \(constraints.exclusiveMinimum), at: \(path)\(secret), into: &violations)")
        }
        if let maximum = constraints.maximum {
            out.line("PayRules.maximum(\(value), \(bound(maximum.value, primitive)), exclusive: \(constraints.exclusiveMaximum), at: \(path)\(secret), into: &violations)")
        }
        if let scale = constraints.scale { out.line("PayRules.scale(\(value), \(scale.value), at: \(path)\(secret), into: &violations)") }
        if constraints.format != nil { out.line("PayRules.format(\(value), \(rulesPrefix)Format, at: \(path)\(secret), into: &violations)") }
    }

    /// Static patterns and formats a type's checks use, compiled once.
    func emitRuleConstants(_ items: [(prefix: String, constraints: Constraints)]) -> Bool {
        let needed = items.filter { $0.constraints.pattern != nil || $0.constraints.format != nil }
        guard !needed.isEmpty else { return false }
        out.line("")
        out.line("/// Patterns and formats compiled once for the checks above.")
        out.block("private enum Rules") {
            for item in needed {
                if let pattern = item.constraints.pattern {
                    out.line("static let \(item.prefix)Pattern = PayPattern(\(Naming.literal(pattern.value)))")
                }
                if let format = formatExpression(item.constraints) {
                    out.line("static let \(item.prefix)Format = \(format)")
                }
            }
        }
        return true
    }

    func emitStructValidation(_ type: TypeDecl, _ decl: StructDecl) {
        let name = type.name.value
        let format = primaryFormat(decl)
        out.line("")
        markDeprecatedExtension(name)
        let checked = decl.fields.filter { field in
            var visiting = Set<String>()
            return needsValidation(field.type.value, field.constraints, visiting: &visiting)
        }
        if checked.isEmpty && decl.requireAnyOf.isEmpty {
            out.line("extension \(name): PayAlwaysValid {}")
            return
        }
        out.block("extension \(name): PayValidatable") {
            out.line("/// Appends every constraint violation of this value and the values it holds, with wire paths.")
            out.block("public func collectViolations(at path: PayPath, into violations: inout [ValidationViolation])") {
                for field in checked {
                    let path = "path.appending(\(Naming.literal(decl.wireName(of: field, in: format))))"
                    let prefix = "Rules.\(field.name.value)"
                    if field.isOptionalInSwift {
                        out.block("if let value = self.\(storage(field))") {
                            emitChecks(value: "value", type: field.type.value, constraints: field.constraints, sensitive: field.sensitive, path: path, rulesPrefix: prefix, optionalElements: field.nullableElements)
                        }
                    } else {
                        emitChecks(value: "self.\(storage(field))", type: field.type.value, constraints: field.constraints, sensitive: field.sensitive, path: path, rulesPrefix: prefix, optionalElements: field.nullableElements)
                    }
                }
                emitRequireAnyOf(decl, format: format)
            }
            _ = emitRuleConstants(checked.map { (prefix: $0.name.value, constraints: $0.constraints) })
        }
    }

    /// The check that at least one group of `requireAnyOf` is wholly present.
    func emitRequireAnyOf(_ decl: StructDecl, format: WireFormat) {
        guard !decl.requireAnyOf.isEmpty else { return }
        var conditions: [String] = []
        var readable: [String] = []
        for group in decl.requireAnyOf {
            let fields = group.value.compactMap { name in decl.fields.first { $0.name.value == name.value } }
            conditions.append("(" + fields.map { "self.\(storage($0)) != nil" }.joined(separator: " && ") + ")")
            readable.append(fields.map { decl.wireName(of: $0, in: format) }.joined(separator: " and "))
        }
        out.block("if !(\(conditions.joined(separator: " || ")))") {
            let message = "needs " + readable.joined(separator: ", or ")
            out.line("violations.append(ValidationViolation(path: path, rule: \"requireAnyOf\", message: \(Naming.literal(message)), value: nil))")
        }
    }
}
