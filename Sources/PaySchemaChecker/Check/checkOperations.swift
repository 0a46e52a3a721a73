import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax

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
                diagnostics.error(
                    "parameter name '\(parameter.name.value)' must be lowerCamelCase; give the wire spelling as 'name'",
                    at: parameter.name.location)
            }
            if let first = seenNames[parameter.name.value] {
                diagnostics.error("duplicate parameter '\(parameter.name.value)'; first declared at \(first)", at: parameter.name.location)
            }
            seenNames[parameter.name.value] = parameter.name.location
            let wireKey =
                parameter.place.rawValue + ":" + (parameter.place == .header ? parameter.wireName.lowercased() : parameter.wireName)
            if let first = seenWire[wireKey] {
                diagnostics.error(
                    "two \(parameter.place.rawValue) parameters are both sent as '\(parameter.wireName)' (first at \(first))",
                    at: parameter.name.location)
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
            if case .list(let element) = parameter.type.value, parameter.place == .query, !element.isCollection, isSimple(element) {
                continue
            }
            if !isSimple(parameter.type.value) {
                diagnostics.error(
                    "parameter '\(parameter.name.value)' must be a primitive, scalar or enum; found '\(parameter.type.value)'",
                    at: parameter.type.location)
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
                diagnostics.error(
                    "path placeholder '{\(placeholder)}' needs a declared path parameter with a lowerCamelCase name",
                    at: operation.path.location)
            }
        }
        for (role, reference) in [("request", operation.request), ("response", operation.response), ("errorBody", operation.errorBody)] {
            guard let reference else { continue }
            guard let decl = types[reference.value] else {
                let candidates = Array(types.keys)
                diagnostics.error(
                    "unknown type '\(reference.value)' for '\(role)'\(Suggestions.hint(for: reference.value, in: candidates))",
                    at: reference.location)
                continue
            }
            switch decl.kind {
            case .structure(let structure) where role == "request" && !structure.supports(.json) && !structure.supports(.query):
                diagnostics.error(
                    "'request' type '\(reference.value)' must support json (a JSON body) or query (a form body)", at: reference.location)
            case .structure(let structure) where role != "request" && !structure.supports(.json):
                diagnostics.error("'\(role)' type '\(reference.value)' must support json", at: reference.location)
            case .structure, .union: break
            default:
                diagnostics.error(
                    "'\(role)' type '\(reference.value)' must be a struct or union, not \(decl.kind.kindNameWithArticle)",
                    at: reference.location)
            }
        }
        // A DELETE may carry a body where the provider defines one (Amazon Pay's Cancel Charge and
        // Close Charge Permission take their reasons so; RFC 9110 9.3.5 leaves its meaning to the API).
        if let request = operation.request, operation.method.value == .get {
            diagnostics.error("\(operation.method.value.rawValue) requests carry no body; remove 'request'", at: request.location)
        }
        for link in operation.links { checkLink(link, from: operation) }
    }

    /// A link names an operation of the module, parameters it takes, and for each a path of
    /// fields through the success body's structs.
    mutating func checkLink(_ link: LinkDecl, from operation: OperationDecl) {
        guard let target = operationDecl(named: link.target.value) else {
            let names = files.flatMap { $0.operations.map(\.name.value) }
            diagnostics.error(
                "link to unknown operation '\(link.target.value)'\(Suggestions.hint(for: link.target.value, in: names))",
                at: link.target.location)
            return
        }
        for (name, field) in link.parameters {
            if Self.parameter(name.value, of: target) == nil {
                let names = target.parameters.map(\.name.value) + Self.placeholders(in: target.path.value)
                diagnostics.error(
                    "operation '\(target.name.value)' has no parameter '\(name.value)'\(Suggestions.hint(for: name.value, in: names))",
                    at: name.location)
            }
            guard operation.response != nil else {
                diagnostics.error(
                    "operation '\(operation.name.value)' has no 'response' for a link to take '\(field.value)' from", at: field.location)
                continue
            }
            if jsonPointer(field.value, in: operation.response?.value) == nil {
                diagnostics.error(
                    "'\(field.value)' is not a path of fields of '\(operation.response?.value ?? "")' (dotted field names through structs)",
                    at: field.location)
            }
        }
    }

    /// The operation of this module named `name`.
    func operationDecl(named name: String) -> OperationDecl? {
        for file in files {
            if let operation = file.operations.first(where: { $0.name.value == name }) { return operation }
        }
        return nil
    }

    /// The parameter of `operation` named `name`: declared, or a path placeholder without a declaration.
    static func parameter(_ name: String, of operation: OperationDecl) -> (place: ParameterPlace, wireName: String)? {
        if let declared = operation.parameters.first(where: { $0.name.value == name }) { return (declared.place, declared.wireName) }
        return placeholders(in: operation.path.value).contains(name) ? (.path, name) : nil
    }

    /// The JSON keys of the dotted field path `path` through the struct `type` and the structs its
    /// fields name; `nil` when a step is not a field of a struct.
    func jsonPointer(_ path: String, in type: String?) -> [String]? {
        var current = type
        var keys: [String] = []
        for step in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let name = current, case .structure(let structure)? = types[name]?.kind,
                let field = structure.fields.first(where: { $0.name.value == step })
            else { return nil }
            keys.append(structure.wireName(of: field, in: .json))
            if case .named(let next) = field.type.value { current = next } else { current = nil }
        }
        return keys.isEmpty ? nil : keys
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
