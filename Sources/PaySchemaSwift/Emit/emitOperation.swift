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

    /// The body of `headerFields`: without cookies, the list of headers
    /// (`PayHeaderField.list([("name", value?.queryValue, false), …])`, optional ones only when set);
    /// otherwise each header, then the cookies together in one `Cookie` header (`name=value; …`).
    func headerFields(_ headers: [ResolvedParameter], _ cookies: [ResolvedParameter]) -> SwiftBody {
        guard !cookies.isEmpty else {
            let entries = headers.map { header -> SwiftExpression in
                let value: SwiftExpression =
                    header.required
                    ? .member(.identifier(header.name), "queryValue") : .optionalMember(.identifier(header.name), "queryValue")
                return .tuple([.string(header.wireName), value, .bool(header.sensitive)])
            }
            let list = SwiftExpression.call(
                .member(.type("PayHeaderField"), "list"), [SwiftArgument(.array(entries, entries.count > 1 ? .wrapped : .oneLine))])
            return entries.count > 1 ? .lines([.expression(list)]) : .value(list)
        }
        return .lines(headerStatements(headers, cookies))
    }

    /// `headerFields` as statements, for an operation that sends cookies.
    func headerStatements(_ headers: [ResolvedParameter], _ cookies: [ResolvedParameter]) -> [SwiftStatement] {
        let present = { (parameter: ResolvedParameter, append: SwiftStatement) -> SwiftStatement in
            parameter.required ? append : .ifStatement([.optionalBinding(parameter.name, nil)], .lines([append]))
        }
        let fields = SwiftExpression.identifier("fields")
        let list = SwiftExpression.identifier("cookies")
        var body: [SwiftStatement] = [.variable("fields", type: .array("PayHeaderField"), value: .array([], .oneLine))]
        for header in headers {
            let field = SwiftExpression.construct(
                "PayHeaderField", SwiftArgument("name", .string(header.wireName)),
                SwiftArgument("value", .member(.identifier(header.name), "queryValue")), SwiftArgument("sensitive", .bool(header.sensitive))
            )
            body.append(present(header, .expression(.call(fields, "append", SwiftArgument(field)))))
        }
        if !cookies.isEmpty {
            body.append(.variable("cookies", type: .array("String"), value: .array([], .oneLine)))
            for cookie in cookies {
                let pair = SwiftExpression.binary(.string(cookie.wireName + "="), "+", .member(.identifier(cookie.name), "queryValue"))
                body.append(present(cookie, .expression(.call(list, "append", SwiftArgument(pair)))))
            }
            let field = SwiftExpression.construct(
                "PayHeaderField", SwiftArgument("name", .string("Cookie")),
                SwiftArgument("value", .call(list, "joined", SwiftArgument("separator", .string("; ")))),
                SwiftArgument("sensitive", .bool(cookies.contains(where: \.sensitive))))
            body.append(
                .ifStatement(
                    [.expression(.not(.member(list, "isEmpty")))], .lines([.expression(.call(fields, "append", SwiftArgument(field)))])))
        }
        body.append(.returnStatement(fields))
        return body
    }
}
