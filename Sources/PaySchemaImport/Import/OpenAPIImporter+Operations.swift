import PaySchemaLanguage
import PaySchemaYAML

extension OpenAPIImporter {
    /// The HTTP methods a path item holds, in the order OpenAPI lists them.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The operations asked for, in the document's order.
    mutating func importOperations() -> [ImportedOperation] {
        var found: [String] = []
        var operations: [ImportedOperation] = []
        var names: Set<String> = []
        for entry in source.node(at: "/paths")?.mapping ?? [] {
            guard let path = entry.key.scalar else { continue }
            let pathItem = entry.value
            for method in Self.methods {
                guard let operation = pathItem.member(method) else { continue }
                let id = operation.member("operationId")?.text ?? method + " " + path
                found.append(id)
                guard options.allOperations || options.operations.contains(id) else { continue }
                let name = Self.unique(Self.memberName(id), in: &names)
                let pointer = "/paths/" + OpenAPISource.pointerToken(path) + "/" + method
                operations.append(
                    self.operation(operation, at: pointer, name: name, method: method.uppercased(), path: path, pathItem: pathItem))
            }
        }
        for id in options.operations where !found.contains(id) {
            diagnostics.error(
                "no operation '\(id)' in the document\(Suggestions.hint(for: id, in: found))",
                at: source.node(at: "/paths")?.location ?? source.root.location)
        }
        return operations
    }

    /// One operation.
    mutating func operation(
        _ node: YAMLNode, at pointer: String, name: String, method: String, path: String, pathItem: YAMLNode
    ) -> ImportedOperation {
        let typeStem = Naming.upperFirst(name)
        let security = securityScheme(node)
        // Path-level parameters first, an operation's own replacing one of the same name and place.
        var parameterNodes: [(node: YAMLNode, pointer: String)] = []
        let pathPointer = String(pointer.dropLast(method.count + 1))
        for (index, parameter) in (pathItem.member("parameters")?.sequence ?? []).enumerated() {
            parameterNodes.append((parameter, pathPointer + "/parameters/\(index)"))
        }
        for (index, parameter) in (node.member("parameters")?.sequence ?? []).enumerated() {
            parameterNodes.append((parameter, pointer + "/parameters/\(index)"))
        }
        var parameters: [ImportedParameter] = []
        for (raw, rawPointer) in parameterNodes {
            guard let (parameterPointer, parameter) = dereferenced(raw, at: rawPointer),
                let wire = parameter.member("name")?.text, let place = parameter.member("in")?.text
            else { continue }
            if place == "header", security != nil, wire.lowercased() == "authorization" { continue }
            if place == "header", ["content-type", "accept"].contains(wire.lowercased()) { continue }
            var parameterName = Self.memberName(wire)
            if parameters.contains(where: { $0.name == parameterName }) {
                parameterName += Naming.upperFirst(place)
            }
            // Header names are compared without case (RFC 9110): an operation's own replaces the path's.
            parameters.removeAll {
                $0.place == place && (place == "header" ? $0.wireName.lowercased() == wire.lowercased() : $0.wireName == wire)
            }
            let type = parameterType(parameter, at: parameterPointer, suggested: typeStem + Naming.upperFirst(parameterName))
            let sensitive = options.isSecret(wire, in: "")
            parameters.append(
                ImportedParameter(
                    name: parameterName, place: place, wireName: wire, type: type,
                    required: place == "path" || parameter.member("required")?.isTrue == true, sensitive: sensitive,
                    doc: options.docs == .document
                        ? Self.cleaned(parameter.member("description")?.text) : "The `\(wire)` \(place) parameter."))
        }
        var request: String?
        var requestOptional = false
        if let rawBody = node.member("requestBody"), ["GET", "HEAD"].contains(method) {
            diagnostics.warning(
                "a \(method) request with a body: the language's \(method) carries none (HTTP gives it no meaning); the operation is imported without it",
                at: node.keyNode("requestBody")?.location ?? rawBody.location)
        } else if let rawBody = node.member("requestBody"), let (bodyPointer, body) = dereferenced(rawBody, at: pointer + "/requestBody") {
            requestOptional = body.member("required")?.isTrue != true
            if let (schemaPointer, schema) = jsonSchema(of: body, at: bodyPointer) {
                request = bodyType(schema, at: schemaPointer, suggested: typeStem + "Request", what: "request body")
            } else {
                diagnostics.warning(
                    "the request body is not JSON (\(contentTypes(body).joined(separator: ", "))): the operation is imported without one",
                    at: node.keyNode("requestBody")?.location ?? node.location)
            }
        }
        var successStatus: [Int] = []
        var errorStatus: [Int] = []
        var response: String?
        var errorBody: String?
        var errorSchemas: [(status: String, type: String, location: YAMLNode)] = []
        for entry in node.member("responses")?.mapping ?? [] {
            guard let code = entry.key.scalar,
                let (responsePointer, answer) = dereferenced(entry.value, at: pointer + "/responses/" + (entry.key.scalar ?? ""))
            else { continue }
            let status = Int(code)
            let schema = jsonSchema(of: answer, at: responsePointer)
            if let status, (200...299).contains(status) {
                successStatus.append(status)
                if response == nil, let (schemaPointer, schemaNode) = schema {
                    response = bodyType(schemaNode, at: schemaPointer, suggested: typeStem + "Response", what: "response body")
                }
            } else {
                if let status { errorStatus.append(status) }
                if code == "default" || code.hasSuffix("XX") {
                    diagnostics.note(
                        "response '\(code)' names no status: the operation lists the statuses the document gives one by one",
                        at: entry.key.location)
                }
                if let (schemaPointer, schemaNode) = schema {
                    // PayPal's error answers are `allOf: [its error_4xx, the operation's issues]`: the first part is the body's type.
                    let first = schemaNode.member("allOf")?.sequence?.first
                    let type =
                        first.map { bodyType($0, at: schemaPointer + "/allOf/0", suggested: typeStem + "Error", what: "error body") }
                        ?? bodyType(schemaNode, at: schemaPointer, suggested: typeStem + "Error", what: "error body")
                    if let type { errorSchemas.append((code, type, entry.key)) }
                }
            }
        }
        if let first = errorSchemas.first {
            errorBody = first.type
            for other in errorSchemas.dropFirst() where other.type != first.type {
                diagnostics.note(
                    "status \(other.status) answers \(other.type); an operation has one error body, \(first.type) (status \(first.status)): \(other.type) is still imported",
                    at: other.location.location)
            }
        }
        let summary = node.member("summary")?.text ?? node.member("description")?.text
        return ImportedOperation(
            name: name, method: method, path: path, parameters: parameters, request: request,
            requestOptional: requestOptional && request != nil,
            response: response, successStatus: successStatus.isEmpty ? [200] : successStatus, errorBody: errorBody,
            errorStatus: errorBody == nil ? [] : errorStatus, security: security,
            doc: options.docs == .document ? Self.cleaned(summary) : "`\(method) \(path)`.")
    }

    /// The JSON schema of a request body or response (`application/json` or a `+json` type).
    mutating func jsonSchema(of body: YAMLNode, at pointer: String) -> (String, YAMLNode)? {
        for entry in body.member("content")?.mapping ?? [] {
            guard let type = entry.key.scalar?.lowercased(), type == "application/json" || type.hasSuffix("+json") || type == "*/*",
                let schema = entry.value.member("schema")
            else { continue }
            return (pointer + "/content/" + OpenAPISource.pointerToken(entry.key.scalar ?? "") + "/schema", schema)
        }
        return nil
    }

    /// The media types a body lists.
    func contentTypes(_ body: YAMLNode) -> [String] {
        (body.member("content")?.mapping ?? []).compactMap(\.key.scalar)
    }

    /// A body's type: a named struct (a list or a primitive body is reported and left out).
    mutating func bodyType(_ schema: YAMLNode, at pointer: String, suggested: String, what: String) -> String? {
        let resolved = resolve(schema, at: pointer, suggested: suggested)
        guard resolved.shape == .named else {
            diagnostics.warning(
                "the \(what) is \(resolved.type), not an object: the language's operations take an object; the operation is imported without it",
                at: schema.location)
            return nil
        }
        return resolved.type
    }

    /// A parameter's type: a primitive or an enum; constrained primitives become a scalar type of
    /// their own (the language checks parameters through their type).
    mutating func parameterType(_ parameter: YAMLNode, at pointer: String, suggested: String) -> String {
        guard let schema = parameter.member("schema") else { return "String" }
        let resolved = resolve(schema, at: pointer + "/schema", suggested: suggested)
        switch resolved.shape {
        case .named where built[resolved.type].map(Self.isEnumeration) ?? isEnumSchema(schema, at: pointer + "/schema"):
            return resolved.type
        case .named:
            diagnostics.warning(
                "a parameter of type \(resolved.type) (an object, sent as `\(parameter.member("style")?.text ?? "form")` members): the language's parameters are single values; it is imported as text",
                at: schema.location)
            return "String"
        case .scalar:
            let constraints = ImportedConstraints(
                entries: resolved.constraints.entries.filter { $0.key != "dateFormat" && $0.key != "relative" })
            if resolved.type == "Date" || resolved.type == "URL" || constraints.entries.isEmpty {
                return resolved.type == "Date" ? "String" : resolved.type
            }
            // A schema that is a component's (`$ref: '#/components/schemas/paymentToken'`:
            // `PaymentToken`), or the schema of a component parameter
            // (`#/components/parameters/list-limit`: `ListLimitParameter`), is one scalar named
            // after that component, whichever operations' parameters take it.
            let component = componentPointer(schema)
            let componentParameter = pointer.hasPrefix("/components/parameters/") && pointer.split(separator: "/").count == 3
            let shared = component ?? (componentParameter ? pointer + "/schema" : nil)
            if let shared, let name = nameByPointer[shared] { return name }
            let name: String
            if let component {
                name = claim(typeName(component: String(component.split(separator: "/").last ?? "")))
            } else if componentParameter {
                name = claim(typeName(component: String(pointer.split(separator: "/").last ?? "")) + "Parameter")
            } else {
                name = claim(suggested)
            }
            if let shared { nameByPointer[shared] = name }
            let doc: String?
            if let component, let target = source.node(at: component) {
                doc = typeDoc(target, pointer: component)
            } else {
                doc =
                    options.docs == .document
                    ? Self.cleaned(parameter.member("description")?.text)
                    : "The `\(parameter.member("name")?.text ?? "")` parameter's value."
            }
            order.append(name)
            built[name] = ImportedType(name: name, kind: .scalar(base: resolved.type, constraints: constraints), doc: doc, upstream: nil)
            return name
        case .list, .map, .json:
            diagnostics.warning(
                "a parameter of type \(resolved.type): the language's parameters are single values; it is imported as text",
                at: schema.location)
            return "String"
        }
    }

    /// The pointer of the component schema `schema` is nothing but a reference to
    /// (`{$ref: '#/components/schemas/name'}` → `/components/schemas/name`), else `nil`.
    func componentPointer(_ schema: YAMLNode) -> String? {
        guard let mapping = schema.mapping, mapping.count == 1, let text = schema.member("$ref")?.text,
            text.hasPrefix("#/components/schemas/"), text.split(separator: "/").count == 4
        else { return nil }
        return String(text.dropFirst())
    }

    /// Whether a built type is an enum.
    static func isEnumeration(_ type: ImportedType) -> Bool {
        if case .enumeration = type.kind { return true }
        return false
    }

    /// Whether the schema (its references followed) is an enum.
    mutating func isEnumSchema(_ schema: YAMLNode, at pointer: String) -> Bool {
        guard let (_, target) = dereferenced(schema, at: pointer) else { return false }
        return !nonNullEnumValues(target).isEmpty
    }

    /// `bearer` or `basic` from the operation's (or the document's) security requirement.
    mutating func securityScheme(_ node: YAMLNode) -> String? {
        guard let requirements = (node.member("security") ?? source.root.member("security"))?.sequence else { return nil }
        for requirement in requirements {
            for entry in requirement.mapping ?? [] {
                guard let name = entry.key.scalar,
                    let scheme = source.node(at: "/components/securitySchemes/" + OpenAPISource.pointerToken(name))
                else { continue }
                switch (scheme.member("type")?.text, scheme.member("scheme")?.text?.lowercased()) {
                case ("oauth2", _), ("openIdConnect", _), ("http", "bearer"): return "bearer"
                case ("http", "basic"): return "basic"
                default:
                    diagnostics.note(
                        "security scheme '\(name)' (\(scheme.member("type")?.text ?? "?")) has no word in the language: its header is an ordinary parameter",
                        at: entry.key.location)
                }
            }
        }
        return nil
    }
}

extension ImportedConstraints {
    /// Constraints made of `entries`.
    init(entries: [(key: String, value: String)]) {
        self.init()
        self.entries = entries
    }
}
