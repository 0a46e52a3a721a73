extension SwiftEmitter {
    func emitOperation(_ resolved: ResolvedOperation) {
        let operation = resolved
        let name = resolved.typeName
        let method = operation.method
        let parameters = resolved.parameters
        out.doc(paragraphs: [operation.doc ?? "The `\(operation.name)` operation.", "`\(method.rawValue) \(operation.pathTemplate)`", remark(operation.name, file)])
        if let attribute = deprecation(operation.lifecycle) { out.line(attribute) }
        out.declaration("struct \(name): PayOperation, Hashable") {
            let bodies = [("request", "RequestBody", resolved.request), ("success", "ResponseBody", resolved.response), ("error", "ErrorBody", resolved.errorBody)]
            for (role, alias, type) in bodies {
                guard let type else { continue }
                out.line("/// The \(role) body type.")
                out.declaration("typealias \(alias) = \(type.name)")
            }
            if bodies.contains(where: { $0.2 != nil }) { out.line("") }
            out.line("/// The schema's name for the operation.")
            out.declaration("static let operationID = \(Naming.literal(operation.name))")
            out.line("/// The HTTP method.")
            out.declaration("static let method = PayHTTPMethod.\(method.rawValue.lowercased())")
            out.line("/// The path template.")
            out.declaration("static let pathTemplate = \(Naming.literal(operation.pathTemplate))")
            if let header = resolved.idempotencyKeyHeader {
                out.line("/// The header that carries the idempotency key.")
                out.declaration("static let idempotencyKeyHeader: String? = \(Naming.literal(header))")
            }
            if resolved.requestFormat == .query {
                out.line("/// The request body is a form (`application/x-www-form-urlencoded`).")
                out.declaration("static let requestFormat = WireFormat.query")
            }
            out.line("/// The statuses that carry a `ResponseBody`.")
            out.declaration("static let successStatuses = [" + operation.successStatuses.map(String.init).joined(separator: ", ") + "]")
            if !operation.errorStatuses.isEmpty {
                out.line("/// The error statuses the provider answers, each with an `ErrorBody`.")
                out.declaration("static let errorStatuses = [" + operation.errorStatuses.map(String.init).joined(separator: ", ") + "]")
            }
            for parameter in parameters {
                out.line("")
                var paragraphs: [String?] = [parameter.doc ?? "The `\(parameter.wireName)` \(parameter.place.rawValue) parameter."]
                if parameter.sensitive { paragraphs.append("- Note: Sensitive. Never logged.") }
                out.doc(paragraphs: paragraphs)
                out.declaration("var \(Naming.escaped(parameter.name)): \(swiftType(parameter.type))\(parameter.required ? "" : "?")")
            }
            if let request = resolved.request {
                out.line("")
                out.line("/// The request body.")
                out.declaration("var body: \(request.name)")
            }
            out.line("")
            var arguments = parameters.map { "\(Naming.escaped($0.name)): \(swiftType($0.type))\($0.required ? "" : "? = nil")" }
            if let request = resolved.request { arguments.append("body: \(request.name)") }
            out.line("/// Creates the operation's input.")
            out.declaration("init(\(arguments.joined(separator: ", ")))") {
                for parameter in parameters { out.line("self.\(Naming.escaped(parameter.name)) = \(Naming.escaped(parameter.name))") }
                if resolved.request != nil { out.line("self.body = body") }
            }
            out.line("")
            out.line("/// The path with its parameters percent-encoded.")
            out.declaration("var path: String") {
                let expression = resolved.path.map { piece -> String in
                    switch piece {
                    case .text(let text): return Naming.literal(text)
                    case .parameter(let name): return "PayPathEncoding.segment(\(Naming.escaped(name)).queryValue)"
                    }
                }
                out.line(expression.joined(separator: " + "))
            }
            let query = parameters.filter { $0.place == .query }
            if !query.isEmpty {
                out.line("")
                out.line("/// The query items.")
                out.declaration("var queryItems: [URLQueryItem]") {
                    out.line("var writer = PayQueryWriter()")
                    for parameter in query {
                        if case .list = parameter.type {
                            out.line("writer.list(\(Naming.escaped(parameter.name)), \(Naming.literal(parameter.wireName)), style: .commaJoined)")
                        } else {
                            out.line("writer.value(\(Naming.escaped(parameter.name)), \(Naming.literal(parameter.wireName)))")
                        }
                    }
                    out.line("return writer.items")
                }
            }
            let headers = parameters.filter { $0.place == .header }
            let cookies = parameters.filter { $0.place == .cookie }
            if !headers.isEmpty || !cookies.isEmpty {
                out.line("")
                out.line("/// The request headers.")
                out.declaration("var headerFields: [PayHeaderField]") {
                    out.line("var fields: [PayHeaderField] = []")
                    for header in headers {
                        let value = Naming.escaped(header.name)
                        let append = "fields.append(PayHeaderField(name: \(Naming.literal(header.wireName)), value: \(value).queryValue, sensitive: \(header.sensitive)))"
                        if header.required {
                            out.line(append)
                        } else {
                            out.block("if let \(value)") { out.line(append) }
                        }
                    }
                    if !cookies.isEmpty {
                        // The cookies travel together in one `Cookie` header, `name=value; …`.
                        out.line("var cookies: [String] = []")
                        for cookie in cookies {
                            let value = Naming.escaped(cookie.name)
                            let append = "cookies.append(\(Naming.literal(cookie.wireName + "=")) + \(value).queryValue)"
                            if cookie.required {
                                out.line(append)
                            } else {
                                out.block("if let \(value)") { out.line(append) }
                            }
                        }
                        out.block("if !cookies.isEmpty") {
                            out.line("fields.append(PayHeaderField(name: \"Cookie\", value: cookies.joined(separator: \"; \"), sensitive: \(cookies.contains(where: \.sensitive))))")
                        }
                    }
                    out.line("return fields")
                }
            }
            if resolved.request != nil {
                out.line("")
                out.line("/// The request body.")
                out.declaration("var requestBody: RequestBody? { body }")
            }
        }
        if resolved.isSensitive {
            let fields = parameters.map { parameter in
                (parameter.name, parameter.sensitive ? "PayRedaction.Redacted()" : "\(Naming.escaped(parameter.name)) as Any")
            } + (resolved.request == nil ? [] : [("body", "body as Any")])
            emitRedactedFields(name, fields, deprecated: resolved.isDeprecated)
        }
    }
}
