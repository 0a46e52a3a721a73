extension SwiftEmitter {
    func emitOperation(_ operation: OperationDecl) {
        let name = Naming.operationTypeName(operation.name.value)
        let method = operation.method.value
        var parameters = operation.parameters
        for placeholder in SchemaChecker.placeholders(in: operation.path.value) where !parameters.contains(where: { $0.place == .path && $0.wireName == placeholder }) {
            parameters.insert(ParameterDecl(
                name: Located(placeholder, at: operation.path.location), wireName: placeholder, place: .path,
                type: Located(.primitive(.string), at: operation.path.location), required: true, sensitive: false, doc: nil), at: 0)
        }
        out.doc(paragraphs: [operation.doc ?? "The `\(operation.name.value)` operation.", "`\(method.rawValue) \(operation.path.value)`", remark(operation.name.value, file)])
        if let attribute = deprecation(operation.lifecycle) { out.line(attribute) }
        out.block("public struct \(name): PayOperation, Hashable") {
            out.line("/// The request body type.")
            out.line("public typealias RequestBody = \(operation.request?.value ?? "PayNoBody")")
            out.line("/// The success body type.")
            out.line("public typealias ResponseBody = \(operation.response?.value ?? "PayNoBody")")
            out.line("/// The error body type.")
            out.line("public typealias ErrorBody = \(operation.errorBody?.value ?? "PayNoBody")")
            out.line("")
            out.line("/// The schema's name for the operation.")
            out.line("public static let operationID = \(Naming.literal(operation.name.value))")
            out.line("/// The HTTP method.")
            out.line("public static let method = PayHTTPMethod.\(method.rawValue.lowercased())")
            out.line("/// The path template.")
            out.line("public static let pathTemplate = \(Naming.literal(operation.path.value))")
            out.line("/// The header that carries the idempotency key, if the operation has one.")
            out.line("public static let idempotencyKeyHeader: String? = " + (parameters.first(where: \.idempotencyKey).map { Naming.literal($0.wireName) } ?? "nil"))
            out.line("/// The statuses that carry a `ResponseBody`.")
            out.line("public static let successStatuses = [" + operation.successStatuses.map(String.init).joined(separator: ", ") + "]")
            for parameter in parameters {
                out.line("")
                var paragraphs: [String?] = [parameter.doc ?? "The `\(parameter.wireName)` \(parameter.place.rawValue) parameter."]
                if parameter.sensitive { paragraphs.append("- Note: Sensitive. Never logged.") }
                out.doc(paragraphs: paragraphs)
                out.line("public var \(Naming.escaped(parameter.name.value)): \(swiftType(parameter.type.value))\(parameter.required ? "" : "?")")
            }
            if let request = operation.request {
                out.line("")
                out.line("/// The request body.")
                out.line("public var body: \(request.value)")
            }
            out.line("")
            var arguments = parameters.map { "\(Naming.escaped($0.name.value)): \(swiftType($0.type.value))\($0.required ? "" : "? = nil")" }
            if let request = operation.request { arguments.append("body: \(request.value)") }
            out.line("/// Creates the operation's input.")
            out.block("public init(\(arguments.joined(separator: ", ")))") {
                for parameter in parameters { out.line("self.\(Naming.escaped(parameter.name.value)) = \(Naming.escaped(parameter.name.value))") }
                if operation.request != nil { out.line("self.body = body") }
            }
            out.line("")
            out.line("/// The path with its parameters percent-encoded.")
            out.block("public var path: String") {
                var expression: [String] = []
                var rest = Substring(operation.path.value)
                while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                    if open > rest.startIndex { expression.append(Naming.literal(String(rest[rest.startIndex..<open]))) }
                    let wire = String(rest[rest.index(after: open)..<close])
                    let parameter = parameters.first { $0.place == .path && $0.wireName == wire }!
                    expression.append("PayPathEncoding.segment(\(Naming.escaped(parameter.name.value)).queryValue)")
                    rest = rest[rest.index(after: close)...]
                }
                if !rest.isEmpty || expression.isEmpty { expression.append(Naming.literal(String(rest))) }
                out.line(expression.joined(separator: " + "))
            }
            out.line("")
            out.line("/// The query items.")
            let query = parameters.filter { $0.place == .query }
            if query.isEmpty {
                out.line("public var queryItems: [URLQueryItem] { [] }")
            } else {
                out.block("public var queryItems: [URLQueryItem]") {
                    out.line("var writer = PayQueryWriter()")
                    for parameter in query {
                        if case .list = parameter.type.value {
                            out.line("writer.list(\(Naming.escaped(parameter.name.value)), PayFieldKey(\(Naming.literal(parameter.wireName))), style: .commaJoined)")
                        } else {
                            out.line("writer.value(\(Naming.escaped(parameter.name.value)), PayFieldKey(\(Naming.literal(parameter.wireName))))")
                        }
                    }
                    out.line("return writer.items")
                }
            }
            out.line("")
            out.line("/// The request headers.")
            let headers = parameters.filter { $0.place == .header }
            if headers.isEmpty {
                out.line("public var headerFields: [PayHeaderField] { [] }")
            } else {
                out.block("public var headerFields: [PayHeaderField]") {
                    out.line("var fields: [PayHeaderField] = []")
                    for header in headers {
                        let value = Naming.escaped(header.name.value)
                        let append = "fields.append(PayHeaderField(name: \(Naming.literal(header.wireName)), value: \(value).queryValue, sensitive: \(header.sensitive)))"
                        if header.required {
                            out.line(append)
                        } else {
                            out.block("if let \(value)") { out.line(append) }
                        }
                    }
                    out.line("return fields")
                }
            }
            out.line("")
            out.line("/// The request body, `nil` when the operation sends none.")
            out.line("public var requestBody: RequestBody? { \(operation.request == nil ? "nil" : "body") }")
        }
        if parameters.contains(where: \.sensitive) || (operation.request.map { module.sensitiveTypes.contains($0.value) } ?? false) {
            out.line("")
            markDeprecatedExtension(name)
            out.block("extension \(name): CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable") {
                let fields = parameters.map { parameter in
                    "(\(Naming.literal(parameter.name.value)), " + (parameter.sensitive ? "PayRedaction.Redacted()" : "\(Naming.escaped(parameter.name.value)) as Any") + ")"
                } + (operation.request == nil ? [] : ["(\"body\", body as Any)"])
                out.line("/// The input with secrets redacted.")
                out.line("public var description: String { PayRedaction.describe(\(Naming.literal(name)), redactedFields) }")
                out.line("")
                out.line("/// Same as ``description``.")
                out.line("public var debugDescription: String { description }")
                out.line("")
                out.line("/// A mirror with secrets redacted.")
                out.line("public var customMirror: Mirror { PayRedaction.mirror(self, redactedFields) }")
                out.line("")
                out.line("private var redactedFields: [(String, Any)] { [\(fields.joined(separator: ", "))] }")
            }
        }
    }
}
