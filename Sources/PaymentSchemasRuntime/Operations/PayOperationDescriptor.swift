import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// One parameter of an operation as a server sees it: where it travels, its wire name, whether it
/// must be sent, and how its text is read and checked with the generated type.
public struct PayParameterDescriptor: Sendable {
    /// Where a parameter travels.
    public enum Place: String, Sendable, Hashable {
        /// A `{placeholder}` of the path.
        case path
        /// A URL-query item.
        case query
        /// A header (names compare case-insensitively).
        case header
        /// A cookie of the `Cookie` header.
        case cookie
    }

    /// The wire name: the placeholder, the query item's name or the header's name.
    public let wireName: String
    /// Where it travels.
    public let place: Place
    /// Whether a request must carry it.
    public let required: Bool
    /// Whether its value is a secret (never echoed in an error, a log or a journal).
    public let sensitive: Bool
    /// Whether it is a list (a query item repeated or comma-joined).
    public let isList: Bool
    private let check: @Sendable (String) -> [(message: String, rule: String)]

    /// Describes a parameter read as `type` (a primitive, scalar or enum).
    public init<T: PayQueryValue & Sendable>(
        _ wireName: String, in place: Place, as type: T.Type, required: Bool, sensitive: Bool = false, list: Bool = false
    ) {
        self.wireName = wireName
        self.place = place
        self.required = required
        self.sensitive = sensitive
        self.isList = list
        let typeName = PayTypeName.describe(T.self)
        self.check = { text in
            guard let value = T(queryValue: text) else { return [("is not \(typeName)", "invalid")] }
            return ((value as? any PayValidatable)?.violations ?? []).map { ($0.message, $0.rule) }
        }
    }

    /// The problems of one value of this parameter (empty when it reads and validates).
    public func problems(_ text: String) -> [String] {
        ruledProblems(text).map(\.message)
    }

    /// The problems of one value, each with its rule (`maxLength`, `pattern`, …; `invalid` for a
    /// value that does not read as the parameter's type).
    public func ruledProblems(_ text: String) -> [(message: String, rule: String)] {
        guard isList else { return check(text) }
        return text.split(separator: ",", omittingEmptySubsequences: false).flatMap { check(String($0)) }
    }
}

/// One thing wrong with an incoming request, named the way the provider's error bodies name it.
public struct PayRequestViolation: Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public enum Location: String, Sendable, Hashable {
        /// A path placeholder.
        case path
        /// A query item.
        case query
        /// A header.
        case header
        /// A cookie.
        case cookie
        /// The body.
        case body
    }

    /// Where the problem is.
    public let location: Location
    /// The parameter's wire name, or the body field's path (`payment_source.card.number`; empty
    /// for the body as a whole).
    public let field: String
    /// Why: a readable sentence that never quotes a sensitive value.
    public let message: String
    /// Which rule: a constraint as schemas write it (`minLength`, `pattern`, `format.iso4217`…), a
    /// decoding problem's kind (`missing`, `null`, `typeMismatch`, `invalidValue`, `malformed`), or
    /// `required` and `invalid` for a parameter. A provider words its refusal from it.
    public let rule: String
    /// The offending value as text, for a body field's broken constraint (`<redacted>` for a
    /// sensitive field); `nil` otherwise.
    public let value: String?

    /// Creates a violation.
    public init(location: Location, field: String, message: String, rule: String = "invalid", value: String? = nil) {
        self.location = location
        self.field = field
        self.message = message
        self.rule = rule
        self.value = value
    }

    /// `location field: message`.
    public var description: String {
        field.isEmpty ? "\(location.rawValue): \(message)" : "\(location.rawValue) \(field): \(message)"
    }
}

/// How a request's body is read (``PayOperationDescriptor/read(pathParameters:query:header:body:bodyEncoding:)``).
public enum PayBodyEncoding: Sendable, Hashable {
    /// As the operation's media type: JSON, or a form for a URL-query request type.
    case operationMediaType
    /// As a form whose names nest by brackets (``PayBracketedForm``), for a provider that takes a
    /// JSON operation's body as a form too.
    case bracketedForm
    /// Not read: a body in a media type the provider does not read, which the operation sees as
    /// an empty object (so a required field is missing, as the provider answers).
    case unread
}

/// What reading an incoming request with an operation's generated types gave.
public struct PayOperationInput: Sendable {
    /// The path placeholders' values, percent-decoded, by placeholder name.
    public let pathParameters: [String: String]
    /// The decoded request body, `nil` when the operation takes none or it could not be read.
    public let body: (any Sendable)?
    /// Every problem, in the order path, query, headers, body.
    public let violations: [PayRequestViolation]
}

/// An operation as a server sees it: its route, its parameters and the generated types of its
/// request, success and error bodies. Generated into each module's registry
/// (`<Module>Schema.operations`), so a server routes, reads and checks requests with the very types
/// the app compiles against.
public struct PayOperationDescriptor: Sendable {
    /// The schema's name for the operation.
    public let operationID: String
    /// The HTTP method.
    public let method: PayHTTPMethod
    /// The path with `{placeholder}` segments.
    public let pathTemplate: String
    /// The header carrying the idempotency key, when the operation has one.
    public let idempotencyKeyHeader: String?
    /// The statuses whose body is the success type.
    public let successStatuses: [Int]
    /// The error statuses the provider answers (empty: any 4xx or 5xx).
    public let errorStatuses: [Int]
    /// The parameters, in declaration order.
    public let parameters: [PayParameterDescriptor]
    /// Whether the operation takes a request body.
    public let hasRequestBody: Bool
    /// How the request body is written: JSON, or a form for a URL-query request type.
    public let requestFormat: WireFormat
    /// Whether the request may come without a body (read as `{}`).
    public let isRequestBodyOptional: Bool
    /// Whether a member no field models is refused at every depth of the request body
    /// (``PayOperation/refusesUnknownMembers``).
    public let refusesUnknownMembers: Bool
    /// The generated type of the request body (`CreateOrderRequest`), `nil` when it takes none.
    public let requestTypeName: String?
    /// The generated type of a successful answer's body, `nil` when it has none.
    public let responseTypeName: String?
    /// The generated type of an error answer's body, `nil` when the operation declares none.
    public let errorTypeName: String?
    private let segments: [Segment]
    private let readBody: @Sendable (Data) -> Result<any Sendable, PayloadDecodingError>
    private let readForm: @Sendable (Data) -> Result<any Sendable, PayloadDecodingError>
    private let checkSuccess: @Sendable (Data) -> [String]
    private let checkError: (@Sendable (Data) -> [String])?
    private let checkSuccessValue: @Sendable (any Sendable) -> [String]?
    private let checkErrorValue: @Sendable (any Sendable) -> [String]?

    private enum Segment: Sendable, Hashable {
        case text(String)
        case placeholder(String)
    }

    /// Describes the generated operation `operation`.
    public init<O: PayOperation>(_ operation: O.Type, parameters: [PayParameterDescriptor])
    where O.RequestBody: Decodable, O.ResponseBody: Encodable, O.ErrorBody: Encodable {
        self.operationID = O.operationID
        self.method = O.method
        self.pathTemplate = O.pathTemplate
        self.idempotencyKeyHeader = O.idempotencyKeyHeader
        self.successStatuses = O.successStatuses
        self.errorStatuses = O.errorStatuses
        self.parameters = parameters
        self.hasRequestBody = O.RequestBody.self != PayNoBody.self
        self.requestFormat = O.requestFormat
        self.isRequestBodyOptional = O.isRequestBodyOptional
        self.refusesUnknownMembers = O.refusesUnknownMembers
        self.requestTypeName = O.RequestBody.self == PayNoBody.self ? nil : String(describing: O.RequestBody.self)
        self.responseTypeName = O.ResponseBody.self == PayNoBody.self ? nil : String(describing: O.ResponseBody.self)
        self.errorTypeName = O.ErrorBody.self == PayNoBody.self ? nil : String(describing: O.ErrorBody.self)
        self.segments = O.pathTemplate.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .placeholder(String(part.dropFirst().dropLast())) : .text(String(part))
        }
        self.readBody = { data in
            do {
                if O.requestFormat == .query {
                    guard let form = O.RequestBody.self as? any PayQueryCodable.Type,
                        let text = String(validating: data, as: UTF8.self)
                    else {
                        throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "not a UTF-8 form body")])
                    }
                    guard let value = try form.init(query: text) as? O.RequestBody else {
                        throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "not a form body")])
                    }
                    return .success(value)
                }
                // An optional body that is absent is the empty object the contract stands for.
                let body = data.isEmpty && O.isRequestBodyOptional ? Data("{}".utf8) : data
                return .success(try PayWire.decodeJSON(O.RequestBody.self, from: body))
            } catch let error as PayloadDecodingError {
                return .failure(error)
            } catch {
                return .failure(PayloadDecodingError(issues: PayloadDecodingError.issues(from: error, at: .root)))
            }
        }
        self.readForm = { data in
            do {
                guard let text = String(validating: data, as: UTF8.self) else {
                    throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "not a UTF-8 form body")])
                }
                return .success(try PayWire.decodeBracketedForm(O.RequestBody.self, from: text))
            } catch let error as PayloadDecodingError {
                return .failure(error)
            } catch {
                return .failure(PayloadDecodingError(issues: PayloadDecodingError.issues(from: error, at: .root)))
            }
        }
        if O.ResponseBody.self == PayNoBody.self {
            self.checkSuccess = { _ in [] }
        } else {
            self.checkSuccess = { data in Self.problems(O.ResponseBody.self, data) }
        }
        if O.ErrorBody.self == PayNoBody.self {
            self.checkError = nil
        } else {
            self.checkError = { data in Self.problems(O.ErrorBody.self, data) }
        }
        self.checkSuccessValue = { value in (value as? O.ResponseBody).map(Self.problems(of:)) }
        self.checkErrorValue = { value in (value as? O.ErrorBody).map(Self.problems(of:)) }
    }

    /// The placeholders' values when `path` (without the query) matches the template, else `nil`.
    /// Segments compare exactly; a placeholder takes one non-empty segment, percent-decoded.
    public func match(path: String) -> [String: String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .text(let text):
                guard part == text else { return nil }
            case .placeholder(let name):
                guard !part.isEmpty, let decoded = String(part).removingPercentEncoding else { return nil }
                values[name] = decoded
            }
        }
        return values
    }

    /// Reads a request that matched this operation's route: every required parameter present,
    /// every parameter and the body read and validated with the generated types.
    ///
    /// - Parameters:
    ///   - pathParameters: what ``match(path:)`` returned.
    ///   - query: the query items (the first of a repeated name counts).
    ///   - header: a header's value by case-insensitive name.
    ///   - body: the body's bytes.
    ///   - bodyEncoding: how the body's bytes are read: as the operation's media type (the
    ///     default), as a form whose names nest by brackets, or not at all (a body in a media type
    ///     the provider does not read: the operation sees an empty object).
    ///
    /// A member no field models is refused at every depth of the body when the operation says so
    /// (``refusesUnknownMembers``, ``PayStrictReading``); otherwise a type keeps it unless its
    /// schema refuses it.
    public func read(
        pathParameters: [String: String], query: [URLQueryItem], header: (String) -> String?, body: Data,
        bodyEncoding: PayBodyEncoding = .operationMediaType
    ) -> PayOperationInput {
        var violations: [PayRequestViolation] = []
        let cookies = parameters.contains { $0.place == .cookie } ? Self.cookies(header("Cookie")) : [:]
        for parameter in parameters {
            let value: String?
            let location: PayRequestViolation.Location
            switch parameter.place {
            case .path:
                value = pathParameters[parameter.wireName]
                location = .path
            case .query:
                let items = query.filter { $0.name == parameter.wireName }
                value = items.isEmpty ? nil : items.map { $0.value ?? "" }.joined(separator: ",")
                location = .query
            case .header:
                value = header(parameter.wireName)
                location = .header
            case .cookie:
                value = cookies[parameter.wireName]
                location = .cookie
            }
            guard let value else {
                if parameter.required {
                    violations.append(
                        PayRequestViolation(location: location, field: parameter.wireName, message: "is required", rule: "required"))
                }
                continue
            }
            for problem in parameter.ruledProblems(value) {
                // The value refused goes with the violation, as a body field's does, unless it is a secret.
                violations.append(
                    PayRequestViolation(
                        location: location, field: parameter.wireName, message: problem.message, rule: problem.rule,
                        value: parameter.sensitive ? nil : value))
            }
        }
        var decoded: (any Sendable)?
        if hasRequestBody {
            let reader: () -> Result<any Sendable, PayloadDecodingError> =
                switch bodyEncoding {
                case .operationMediaType: { readBody(body) }
                case .bracketedForm: { readForm(body) }
                case .unread: { readBody(requestFormat == .query ? Data() : Data("{}".utf8)) }
                }
            switch refusesUnknownMembers ? PayStrictReading.refusingUnknownMembers(reader) : reader() {
            case .success(let value):
                decoded = value
                for violation in (value as? any PayValidatable)?.violations ?? [] {
                    violations.append(
                        PayRequestViolation(
                            location: .body, field: Self.field(violation.path), message: violation.message, rule: violation.rule,
                            value: violation.value))
                }
            case .failure(let error):
                for issue in error.issues {
                    violations.append(
                        PayRequestViolation(
                            location: .body, field: Self.field(issue.path), message: issue.message, rule: issue.kind.rawValue))
                }
            }
        }
        return PayOperationInput(pathParameters: pathParameters, body: decoded, violations: violations)
    }

    /// What is wrong with an answer of `status` carrying `body`: a success status must carry the
    /// success type, an error status (400 and above) the error type, each valid. Empty when the
    /// answer keeps the contract.
    public func responseProblems(status: Int, body: Data) -> [String] {
        responseProblems(status: status, success: { checkSuccess(body) }, error: checkError.map { check in { check(body) } }) ?? []
    }

    /// What is wrong with an answer of `status` whose body encodes `value`, judged on the value
    /// itself (its type and its validators, as ``responseProblems(status:body:)`` judges the value
    /// it reads back); `nil` when `value` is not the type `status` calls for, so only its body can say.
    public func responseProblems(status: Int, value: any Sendable) -> [String]? {
        responseProblems(status: status, success: { checkSuccessValue(value) }, error: checkError == nil ? nil : { checkErrorValue(value) })
    }

    /// The rules on statuses, shared by both checks: a success status carries the success type, an
    /// error status (400 and above) a declared error status and the error type.
    private func responseProblems(status: Int, success: () -> [String]?, error: (() -> [String]?)?) -> [String]? {
        if successStatuses.contains(status) { return success() }
        if status >= 400, !errorStatuses.isEmpty, !errorStatuses.contains(status) {
            return [
                "status \(status) is not among the error statuses \(operationID) declares (\(errorStatuses.map(String.init).joined(separator: ", ")))"
            ]
        }
        if status >= 400, let error { return error() }
        if status >= 400 || (200..<300).contains(status) { return ["status \(status) is not declared by \(operationID)"] }
        return []
    }

    /// The cookies of a `Cookie` header (`a=1; b=2`), the first of a repeated name.
    static func cookies(_ header: String?) -> [String: String] {
        var cookies: [String: String] = [:]
        for crumb in (header ?? "").split(separator: ";") {
            let pair = crumb.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "="), equals > pair.startIndex else { continue }
            let name = String(pair[..<equals])
            if cookies[name] == nil { cookies[name] = String(pair[pair.index(after: equals)...]) }
        }
        return cookies
    }

    /// A body path as error bodies name it: empty for the body as a whole.
    private static func field(_ path: PayPath) -> String {
        path.components.isEmpty ? "" : path.description
    }

    private static func problems(of value: some Any) -> [String] {
        ((value as? any PayValidatable)?.violations ?? []).map(\.description)
    }

    private static func problems<T: Decodable>(_ type: T.Type, _ data: Data) -> [String] {
        do {
            return problems(of: try PayWire.decodeJSON(T.self, from: data))
        } catch let error as PayloadDecodingError {
            return error.issues.map(\.description)
        } catch {
            return [String(describing: Swift.type(of: error))]
        }
    }
}
