extension SchemaChecker {
    mutating func checkOperation(_ operation: OperationDecl) {
        let name = operation.name.value
        if !Naming.isMemberName(name) {
            diagnostics.error("operation name '\(name)' must be lowerCamelCase (e.g. getCheckoutSession)", at: operation.name.location)
        }
        let path = operation.path.value
        if !path.hasPrefix("/") {
            diagnostics.error("operation path must start with '/'", at: operation.path.location)
        }
        let placeholders = Self.placeholders(in: path)
        var seenNames: [String: SourceLocation] = [:]
        var seenWire: [String: SourceLocation] = [:]
        for parameter in operation.parameters {
            if !Naming.isMemberName(parameter.name.value) {
                diagnostics.error("parameter name '\(parameter.name.value)' must be lowerCamelCase; give the wire spelling as 'name'", at: parameter.name.location)
            }
            if let first = seenNames[parameter.name.value] {
                diagnostics.error("duplicate parameter '\(parameter.name.value)'; first declared at \(first)", at: parameter.name.location)
            }
            seenNames[parameter.name.value] = parameter.name.location
            let wireKey = parameter.place.rawValue + ":" + (parameter.place == .header ? parameter.wireName.lowercased() : parameter.wireName)
            if let first = seenWire[wireKey] {
                diagnostics.error("two \(parameter.place.rawValue) parameters are both sent as '\(parameter.wireName)' (first at \(first))", at: parameter.name.location)
            }
            seenWire[wireKey] = parameter.name.location
            if parameter.place == .path {
                if !placeholders.contains(parameter.wireName) {
                    diagnostics.error("path parameter '\(parameter.wireName)' does not appear in '\(path)'", at: parameter.name.location)
                }
                if !parameter.required {
                    diagnostics.error("path parameters are always required", at: parameter.name.location)
                }
            }
            guard resolve(parameter.type) else { continue }
            if case .list(let element) = parameter.type.value, parameter.place == .query, !element.isCollection, isSimple(element) { continue }
            if !isSimple(parameter.type.value) {
                diagnostics.error("parameter '\(parameter.name.value)' must be a primitive, scalar or enum; found '\(parameter.type.value)'", at: parameter.type.location)
            }
        }
        let keys = operation.parameters.filter(\.idempotencyKey)
        for key in keys where key.place != .header {
            diagnostics.error("only a header parameter can be the idempotency key", at: key.name.location)
        }
        if keys.count > 1 {
            diagnostics.error("an operation has at most one idempotency key", at: keys[1].name.location)
        }
        for placeholder in placeholders where !operation.parameters.contains(where: { $0.place == .path && $0.wireName == placeholder }) {
            if !Naming.isMemberName(placeholder) {
                diagnostics.error("path placeholder '{\(placeholder)}' needs a declared path parameter with a lowerCamelCase name", at: operation.path.location)
            }
        }
        for (role, reference) in [("request", operation.request), ("response", operation.response), ("errorBody", operation.errorBody)] {
            guard let reference else { continue }
            guard let decl = types[reference.value] else {
                let candidates = Array(types.keys)
                diagnostics.error("unknown type '\(reference.value)' for '\(role)'\(Suggestions.hint(for: reference.value, in: candidates))", at: reference.location)
                continue
            }
            switch decl.kind {
            case .structure(let structure) where role == "request" && !structure.supports(.json) && !structure.supports(.query):
                diagnostics.error("'request' type '\(reference.value)' must support json (a JSON body) or query (a form body)", at: reference.location)
            case .structure(let structure) where role != "request" && !structure.supports(.json):
                diagnostics.error("'\(role)' type '\(reference.value)' must support json", at: reference.location)
            case .structure, .union: break
            default:
                diagnostics.error("'\(role)' type '\(reference.value)' must be a struct or union, not \(decl.kindName == "enum" ? "an" : "a") \(decl.kindName)", at: reference.location)
            }
        }
        if let request = operation.request, operation.method.value == .get || operation.method.value == .delete {
            diagnostics.error("\(operation.method.value.rawValue) requests carry no body; remove 'request'", at: request.location)
        }
    }

    func isSimple(_ type: TypeExpression) -> Bool {
        switch type {
        case .primitive(let primitive): return primitive != .date
        case .named(let name):
            switch types[name]?.kind {
            case .scalar?, .enumeration?: return true
            default: return false
            }
        default: return false
        }
    }

    /// The `{name}` placeholders of a path, in order.
    static func placeholders(in path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
