import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax

extension SchemaChecker {
    /// Structs and unions are value types: a struct that holds itself through fields that are not
    /// lists, sets or maps would have infinite size. Report each such cycle once, at the field that
    /// closes it.
    mutating func checkCycles() {
        var edges: [String: [(String, FieldDecl)]] = [:]
        for (name, decl) in types {
            switch decl.kind {
            case .structure(let structure):
                for field in structure.fields {
                    if case .named(let target) = field.type.value, let kind = types[target]?.kind {
                        switch kind {
                        case .structure, .union: edges[name, default: []].append((target, field))
                        default: break
                        }
                    }
                }
            case .union(let union):
                for variant in union.variants where types[variant.type.value] != nil {
                    let placeholder = FieldDecl(
                        name: Located(variant.tag.value, at: variant.tag.location),
                        type: Located(.named(variant.type.value), at: variant.type.location),
                        required: true, requiredLocation: nil, defaultValue: nil, doc: nil, constraints: Constraints(), sensitive: false,
                        lifecycle: .current, location: variant.tag.location)
                    edges[name, default: []].append((variant.type.value, placeholder))
                }
            default: break
            }
        }
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        var reported = Set<String>()
        func visit(_ node: String, _ stack: [String], _ diagnostics: inout Diagnostics) {
            state[node] = 1
            for (target, field) in edges[node, default: []].sorted(by: { $0.1.location < $1.1.location }) {
                if state[target] == 1 {
                    let cycle = (stack.drop(while: { $0 != target }) + [node, target]).joined(separator: " → ")
                    let key = "\(field.location)"
                    if reported.insert(key).inserted {
                        diagnostics.error(
                            "reference cycle \(cycle): a struct cannot contain itself; make '\(field.name.value)' a list or break the cycle",
                            at: field.type.location)
                    }
                } else if state[target] == nil {
                    visit(target, stack + [node], &diagnostics)
                }
            }
            state[node] = 2
        }
        for name in types.keys.sorted() where state[name] == nil {
            visit(name, [], &diagnostics)
        }
    }

    /// Names of every type that holds a sensitive value, directly or through the types it holds.
    func sensitiveClosure() -> Set<String> {
        var sensitive = Set<String>()
        var changed = true
        while changed {
            changed = false
            for (name, decl) in types where !sensitive.contains(name) {
                var holds = false
                switch decl.kind {
                case .structure(let structure):
                    holds = structure.fields.contains { $0.sensitive || $0.type.value.namedTypes.contains(where: sensitive.contains) }
                case .union(let union):
                    holds = union.variants.contains { sensitive.contains($0.type.value) }
                case .scalar(let scalar):
                    holds = scalar.sensitive
                case .enumeration:
                    holds = false
                }
                if holds {
                    sensitive.insert(name)
                    changed = true
                }
            }
        }
        return sensitive
    }

    /// Set elements are hashed and compared, and sensitive values must never be hashed into
    /// observable structures: a type holding a secret cannot be a set element (or a map key).
    mutating func checkSensitiveHashing(_ sensitive: Set<String>) {
        for decl in types.values {
            guard case .structure(let structure) = decl.kind else { continue }
            for field in structure.fields {
                var elementType: TypeExpression?
                if case .set(let element) = field.type.value { elementType = element }
                guard let elementType else { continue }
                if field.sensitive && field.type.value.innermost == .primitive(.string) {
                    diagnostics.error(
                        "sensitive field '\(decl.name.value).\(field.name.value)' cannot be a set: set elements are hashed and compared like dictionary keys",
                        at: field.name.location)
                }
                for name in elementType.namedTypes where sensitive.contains(name) {
                    diagnostics.error(
                        "'\(name)' holds a sensitive field and cannot be a set element or dictionary key (in '\(decl.name.value).\(field.name.value)'): its secret would be hashed and compared",
                        at: field.type.location)
                }
            }
        }
    }

    /// Declared directions, plus those implied by operations (request bodies are sent, responses and
    /// error bodies received) and spread to the types they contain.
    func inferDirections() -> [String: Direction] {
        var result: [String: Direction] = [:]
        func merge(_ name: String, _ direction: Direction) {
            guard types[name] != nil else { return }
            let current: Direction
            if let existing = result[name] {
                guard existing != direction && existing != .both else { return }
                current = .both
            } else {
                current = direction
            }
            result[name] = current
            switch types[name]?.kind {
            case .structure(let structure)?:
                for field in structure.fields { for inner in field.type.value.namedTypes { merge(inner, current) } }
            case .union(let union)?:
                for variant in union.variants { merge(variant.type.value, current) }
            default: break
            }
        }
        // The result does not depend on the order (a type reached from both sides becomes `.both`).
        for name in types.keys.sorted() {
            if let direction = types[name]?.direction?.value { merge(name, direction) }
        }
        for file in files {
            for operation in file.operations {
                if let request = operation.request?.value { merge(request, .request) }
                if let response = operation.response?.value { merge(response, .response) }
                if let error = operation.errorBody?.value { merge(error, .response) }
                for parameter in operation.parameters {
                    for name in parameter.type.value.namedTypes { merge(name, .request) }
                }
            }
        }
        return result
    }
}

extension SchemaChecker {
    /// Generated code compiles without warnings only if deprecated types are used from deprecated
    /// declarations alone; anything else is reported where the deprecated type is named.
    /// Runs for one file at a time, on all cores.
    mutating func checkDeprecatedUses(in file: SchemaFile) {
        // Every use reported here names a deprecated type: without one, there is nothing to look at.
        guard !deprecatedTypes.isEmpty else { return }
        func deprecatedNames(in type: TypeExpression) -> [String] {
            type.namedTypes.filter { deprecatedTypes.contains($0) }
        }
        // Each name's first declaration (a later duplicate is reported as such).
        for declared in file.types {
            guard let decl = types[declared.name.value], decl.name.location == declared.name.location, decl.lifecycle.deprecated == nil
            else { continue }
            switch decl.kind {
            case .structure(let structure):
                for field in structure.fields {
                    for name in deprecatedNames(in: field.type.value) {
                        diagnostics.error(
                            "'\(decl.name.value).\(field.name.value)' uses deprecated type '\(name)'; deprecate '\(decl.name.value)' too, since generated code may not warn",
                            at: field.type.location)
                    }
                }
            case .union(let union):
                for variant in union.variants where deprecatedTypes.contains(variant.type.value) {
                    diagnostics.error(
                        "union '\(decl.name.value)' uses deprecated type '\(variant.type.value)'; deprecate the union too",
                        at: variant.type.location)
                }
            default: break
            }
        }
        for operation in file.operations where operation.lifecycle.deprecated == nil {
            let references = [operation.request, operation.response, operation.errorBody].compactMap { $0 }
            for reference in references where deprecatedTypes.contains(reference.value) {
                diagnostics.error(
                    "operation '\(operation.name.value)' uses deprecated type '\(reference.value)'; deprecate the operation too",
                    at: reference.location)
            }
            for parameter in operation.parameters {
                for name in deprecatedNames(in: parameter.type.value) {
                    diagnostics.error(
                        "operation '\(operation.name.value)' uses deprecated type '\(name)'; deprecate the operation too",
                        at: parameter.type.location)
                }
            }
        }
    }
}
