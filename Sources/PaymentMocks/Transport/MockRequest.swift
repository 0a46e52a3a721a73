import Foundation
import HTTPTypes
import PaymentFlowsCore
import PaymentSchemasRuntime

/// A request a mock provider received.
public struct MockRequest: Sendable, CustomStringConvertible {
    /// The HTTP method.
    public var method: String
    /// The path without the query.
    public var path: String
    /// The query items.
    public var query: [URLQueryItem]
    /// Headers by lowercased name.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// The operation the client named.
    public var operationID: String
    /// Values of the route's `{placeholders}`.
    public var pathParameters: [String: String] = [:]
    /// The body as the operation's generated request type decoded and validated it, set by the
    /// transport before a handler of a schema operation runs.
    public var input: (any Sendable)?
    /// The scenario the client chose for this request (`Sandbox-Scenario`), checked against the
    /// provider's ``MockProviderTransport/scenarios`` before a handler runs.
    public var scenario: String?
    /// How the carrier rewrites a JSON answer before it leaves (the sandbox points provider links
    /// at itself). The transport applies it before checking the answer against its declared type,
    /// so the body checked is the body sent; an answer the rewrite would break is sent unrewritten.
    public var answerRewrite: (@Sendable (Data) -> Data)?

    /// `url` as the carrier serves it: a provider link pointed at the sandbox by ``answerRewrite``
    /// (the very rewrite whole answers get), itself in memory. A provider builds with it the links
    /// of fields its schema leaves unconstrained, so its answer is checked as built and not read
    /// back after a rewrite; a link into a constrained field (`https` only, say) is left to the
    /// rewrite of the whole answer, which keeps the provider's link where the sandbox's would break it.
    public func link(_ url: URL) -> URL {
        guard let answerRewrite else { return url }
        // A URL's text never holds a quote or a backslash, so it is its own JSON string literal.
        let literal = Data(("\"" + url.absoluteString + "\"").utf8)
        let rewritten = answerRewrite(literal)
        guard rewritten != literal, rewritten.count > 2, let text = String(data: rewritten.dropFirst().dropLast(), encoding: .utf8) else {
            return url
        }
        return URL(string: text) ?? url
    }

    /// Creates a request from its parts.
    public init(method: String, path: String, query: [URLQueryItem], headers: [String: String], body: Data, operationID: String) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.operationID = operationID
    }

    /// The request an HTTP client sent: `path` is the request target (path and query).
    public init(http request: HTTPRequest, body: Data, operationID: String) {
        let target = request.path ?? "/"
        let (path, query) = PayQueryText.target(target)
        self.init(
            method: request.method.rawValue, path: String(path), query: query.flatMap { try? PayQueryText.items($0) } ?? [],
            headers: Self.headers(request.headerFields),
            body: body, operationID: operationID)
    }

    /// Header fields by lowercased name; repeated fields joined as HTTP combines them (`Cookie`
    /// crumbs with `; `, others with `, `).
    static func headers(_ fields: HTTPFields) -> [String: String] {
        var headers: [String: String] = [:]
        for field in fields {
            let name = field.name.canonicalName
            if let previous = headers[name] {
                headers[name] = previous + (field.name == .cookie ? "; " : ", ") + field.value
            } else {
                headers[name] = field.value
            }
        }
        return headers
    }

    /// A header's value (case-insensitive name).
    public func header(_ name: String) -> String? {
        // Names are usually given in lower case already: no lowercased copy for them.
        if let value = headers[name] { return value }
        return name.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ? headers[name.lowercased()] : nil
    }

    /// The first query item called `name`.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The body decoded as JSON with the generated decoders (for tests that inspect what a mock
    /// received; handlers read ``body(as:)``).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try PayWire.decodeJSON(T.self, from: body)
    }

    /// The request body the contract already decoded and validated (``input``) as `T`; throws
    /// when the route is not a schema operation taking `T` (a mock bug, never the client's).
    public func body<T>(as type: T.Type) throws -> T {
        guard let value = input as? T else { throw MockTransportError.noDecodedBody("\(method) \(path) carries no decoded \(T.self)") }
        return value
    }

    /// `METHOD /path?name&name`: the query's names without their values, and card numbers in the
    /// path and names redacted (``CardNumberRedaction``). Headers, values and the body are not
    /// shown: they may hold secrets, and this text reaches errors and logs.
    public var description: String {
        let names = query.isEmpty ? "" : "?" + query.map(\.name).joined(separator: "&")
        return CardNumberRedaction.redacting(Substring("\(method) \(path)\(names)"))
    }
}

/// What a mock provider answers.
public struct MockResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The body. An answer built from a value (``json(_:status:)``) is encoded when its body is
    /// first read, not when it is built: a mock decides its answer under its own lock, and the
    /// encoding, most of an answer's cost, then runs after the lock is released (the transport
    /// reads the body once the handler has returned), so concurrent requests do not queue behind
    /// each other's encoding. Copies share the one encoding.
    public var body: Data {
        get { content.bytes }
        set { content = MockBody(newValue) }
    }
    /// The value `body` encodes, when the answer was built from one (``json(_:status:)``), the
    /// value could be written and the body was not changed since: the transport checks it against
    /// the declared type as it is, without reading the body back.
    public var typedBody: (any Sendable)? { content.value }
    private var content: MockBody
    /// Headers besides `Content-Type` (`Set-Cookie`, `Location`), by lowercased name.
    public var headers: [String: String]
    /// The media type of `body`.
    public var contentType: String
    /// The operation whose declared types this answer was checked against (set by the transport),
    /// so whoever changes it afterwards (the sandbox rewriting links) can check it again.
    public var checkedBy: PayOperationDescriptor?
    /// The provider's rule that refused the request, by the provider's own code
    /// (`CANNOT_BE_ZERO_OR_NEGATIVE`, `InvalidParameterValue`, `C002`), when the answer is a refusal
    /// built by the provider's error helpers; the sandbox's inspector shows it.
    public var rule: String?

    /// Creates a response.
    public init(status: Int, body: Data = Data(), contentType: String = "application/json", headers: [String: String] = [:]) {
        self.status = status
        self.content = MockBody(body)
        self.contentType = contentType
        self.headers = headers
    }

    /// An HTML page.
    public static func html(_ page: String, status: Int = 200, headers: [String: String] = [:]) -> MockResponse {
        MockResponse(status: status, body: Data(page.utf8), contentType: "text/html; charset=utf-8", headers: headers)
    }

    /// A `303 See Other` to `location`: how a page's button ends in the next page or a callback.
    public static func redirect(to location: URL) -> MockResponse {
        MockResponse(status: 303, contentType: "text/plain; charset=utf-8", headers: ["location": location.absoluteString])
    }

    /// A JSON body encoded with the generated encoders when it is first read (empty, with no
    /// ``typedBody``, when `value` cannot be written, which the transport's check then reports).
    public static func json<T: Encodable & Sendable>(_ value: T, status: Int = 200) -> MockResponse {
        var response = MockResponse(status: status)
        response.content = MockBody(encoding: value)
        return response
    }
}

/// A response body: bytes as given, or a value encoded as JSON once, on first read.
private final class MockBody: Sendable {
    /// The bytes once known (`nil` until a value is encoded) and whether the value could be written.
    private let state: LockIsolated<(bytes: Data?, written: Bool)>
    private let typed: (any Sendable)?
    private let encode: (@Sendable () throws -> Data)?

    init(_ bytes: Data) {
        state = LockIsolated((bytes, true))
        typed = nil
        encode = nil
    }

    init<T: Encodable & Sendable>(encoding value: T) {
        state = LockIsolated((nil, true))
        typed = value
        encode = { try PayWire.encodeJSON(value) }
    }

    var bytes: Data { encoded().bytes }

    /// The value, once it is known to have been written.
    var value: (any Sendable)? {
        guard let typed, encoded().written else { return nil }
        return typed
    }

    /// The bytes, encoding the value on the first call, and whether it could be written.
    private func encoded() -> (bytes: Data, written: Bool) {
        state.withValue { state in
            if let bytes = state.bytes { return (bytes, state.written) }
            let bytes = try? encode?()
            state = (bytes ?? Data(), bytes != nil)
            return (bytes ?? Data(), bytes != nil)
        }
    }
}

/// Why a mock refused a request.
public enum MockTransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No route matched: a request nothing expects.
    case unexpectedRequest(String)
    /// A handler asked for a decoded body its route does not provide (a mock bug).
    case noDecodedBody(String)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .unexpectedRequest(let request): return "unexpected request \(request): no mock route matches"
        case .noDecodedBody(let message): return "mock bug: \(message)"
        }
    }
}
