import PaySchemaLanguage
import PaySchemaModel

extension SwiftEmitter {
    func operationDeclarations(_ operation: ResolvedOperation) -> [SwiftDeclaration] {
        let name = operation.typeName
        let method = operation.method
        let parameters = operation.parameters
        var members: [[SwiftDeclaration]] = []
        let bodies = [
            ("request", "RequestBody", operation.request), ("success", "ResponseBody", operation.response),
            ("error", "ErrorBody", operation.errorBody),
        ]
        members.append(
            bodies.compactMap { role, alias, type in
                type.map { SwiftDeclaration(doc: SwiftDoc("The \(role) body type."), kind: .typeAlias(name: alias, type: .named($0.name))) }
            })
        var route = [
            constant("The schema's name for the operation.", "operationID", .string(operation.name)),
            constant("The HTTP method.", "method", .member(.type("PayHTTPMethod"), method.rawValue.lowercased())),
            constant("The path template.", "pathTemplate", .string(operation.pathTemplate)),
        ]
        if let header = operation.idempotencyKeyHeader {
            route.append(
                constant("The header that carries the idempotency key.", "idempotencyKeyHeader", type: .optional("String"), .string(header))
            )
        }
        if operation.requestFormat == .query {
            route.append(
                constant(
                    "The request body is a form (`application/x-www-form-urlencoded`).", "requestFormat",
                    .member(.type("WireFormat"), "query")))
        }
        if operation.isRequestOptional {
            route.append(
                constant(
                    "The request may come without a body (read as the request type's empty object).", "isRequestBodyOptional", .bool(true)))
        }
        if operation.refusesUnknownMembers {
            route.append(
                constant(
                    "The provider refuses a member no field models at every depth of the request body.", "refusesUnknownMembers",
                    .bool(true)))
        }
        route.append(
            constant(
                "The statuses that carry a `ResponseBody`.", "successStatuses",
                .array(operation.successStatuses.map { .number(String($0)) }, .oneLine)))
        if !operation.errorStatuses.isEmpty {
            route.append(
                constant(
                    "The error statuses the provider answers, each with an `ErrorBody`.", "errorStatuses",
                    .array(operation.errorStatuses.map { .number(String($0)) }, .oneLine)))
        }
        members.append(route)
        for parameter in parameters {
            var paragraphs: [String?] = [parameter.doc ?? "The `\(parameter.wireName)` \(parameter.place.rawValue) parameter."]
            if parameter.sensitive { paragraphs.append("- Note: Sensitive. Never logged.") }
            members.append([
                property(
                    SwiftDoc(paragraphs: paragraphs),
                    SwiftProperty(name: parameter.name, type: swiftType(parameter.type).optional(!parameter.required)))
            ])
        }
        if let request = operation.request {
            members.append([property(SwiftDoc("The request body."), SwiftProperty(name: "body", type: .named(request.name)))])
        }
        var arguments = parameters.map {
            SwiftParameter($0.name, type: swiftType($0.type).optional(!$0.required), default: $0.required ? nil : .nilLiteral)
        }
        if let request = operation.request { arguments.append(SwiftParameter("body", type: .named(request.name))) }
        var assignments: [SwiftStatement] = parameters.map { .assignment(member($0.name), .identifier($0.name)) }
        if operation.request != nil { assignments.append(.assignment(member("body"), .identifier("body"))) }
        members.append([initializer(SwiftDoc("Creates the operation's input."), arguments, .lines(assignments))])
        let path = operation.path.map { piece -> SwiftExpression in
            switch piece {
            case .text(let text): return .string(text)
            case .parameter(let name):
                return .call(.member(.type("PayPathEncoding"), "segment"), [SwiftArgument(.member(.identifier(name), "queryValue"))])
            }
        }
        members.append([
            computed("The path with its parameters percent-encoded.", "path", "String", .lines([.expression(chain(path, "+"))]))
        ])
        let query = parameters.filter { $0.place == .query }
        if !query.isEmpty {
            let writer = SwiftExpression.identifier("writer")
            var body: [SwiftStatement] = [.variable("writer", value: .construct("PayQueryWriter"))]
            for parameter in query {
                if case .list = parameter.type {
                    body.append(
                        .expression(
                            .call(
                                writer, "list", SwiftArgument(.identifier(parameter.name)), SwiftArgument(.string(parameter.wireName)),
                                SwiftArgument("style", .implicitMember("commaJoined")))))
                } else {
                    body.append(
                        .expression(
                            .call(writer, "value", SwiftArgument(.identifier(parameter.name)), SwiftArgument(.string(parameter.wireName)))))
                }
            }
            body.append(.returnStatement(.member(writer, "items")))
            members.append([computed("The query items.", "queryItems", "[URLQueryItem]", .lines(body))])
        }
        let headers = parameters.filter { $0.place == .header }
        let cookies = parameters.filter { $0.place == .cookie }
        if !headers.isEmpty || !cookies.isEmpty {
            members.append([computed("The request headers.", "headerFields", "[PayHeaderField]", headerFields(headers, cookies))])
        }
        if operation.request != nil {
            members.append([computed("The request body.", "requestBody", "RequestBody?", .value(.identifier("body")))])
        }
        var declarations = [
            SwiftDeclaration(
                doc: SwiftDoc(
                    operation.doc ?? "The `\(operation.name)` operation.", "`\(method.rawValue) \(operation.pathTemplate)`",
                    remark(operation.name, file)),
                attributes: deprecation(operation.lifecycle),
                kind: .type(.struct, name: name, conformances: ["PayOperation", "Hashable"], members: members))
        ]
        if operation.isSensitive {
            let fields =
                parameters.map { parameter in
                    (parameter.name, parameter.sensitive ? redacted : SwiftExpression.cast(.identifier(parameter.name), "Any"))
                } + (operation.request == nil ? [] : [("body", SwiftExpression.cast(.identifier("body"), "Any"))])
            declarations.append(redactedFields(name, fields, deprecated: operation.isDeprecated))
        }
        return declarations
    }

    /// The body of `headerFields`: the list of headers
    /// (`PayHeaderField.list([("name", value?.queryValue, false), …])`, optional ones only when set),
    /// the cookies last, together in one `Cookie` header whose value is
    /// `PayHeaderField.cookie([("name", value?.queryValue), …])` (`name=value; …`, `nil` when none is set).
    func headerFields(_ headers: [ResolvedParameter], _ cookies: [ResolvedParameter]) -> SwiftBody {
        let value = { (parameter: ResolvedParameter) -> SwiftExpression in
            parameter.required
                ? .member(.identifier(parameter.name), "queryValue") : .optionalMember(.identifier(parameter.name), "queryValue")
        }
        var entries = headers.map { header in SwiftExpression.tuple([.string(header.wireName), value(header), .bool(header.sensitive)]) }
        if !cookies.isEmpty {
            let pairs = cookies.map { cookie in SwiftExpression.tuple([.string(cookie.wireName), value(cookie)]) }
            let joined = SwiftExpression.call(
                .member(.type("PayHeaderField"), "cookie"), [SwiftArgument(.array(pairs, pairs.count > 1 ? .wrapped : .oneLine))])
            entries.append(.tuple([.string("Cookie"), joined, .bool(cookies.contains(where: \.sensitive))]))
        }
        // One header fits on the property's line; more, or a `Cookie` entry, are one per line.
        let wrapped = entries.count > 1 || !cookies.isEmpty
        let list = SwiftExpression.call(
            .member(.type("PayHeaderField"), "list"), [SwiftArgument(.array(entries, wrapped ? .wrapped : .oneLine))])
        return wrapped ? .lines([.expression(list)]) : .value(list)
    }
}
