import Foundation
import HTTPTypes
import PaymentFlowsCore
import PaymentSchemasRuntime

/// A request a server received: a mock provider's or a merchant server's, in memory or from the
/// HTTP sandbox.
public struct ServerRequest: Sendable, CustomStringConvertible {
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
    /// server's offered scenarios before a handler runs.
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

    /// The body decoded as JSON with the generated decoders (for tests that inspect what a server
    /// received; handlers read ``body(as:)``).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try PayWire.decodeJSON(T.self, from: body)
    }

    /// The request body the contract already decoded and validated (``input``) as `T`; throws
    /// when the route is not a schema operation taking `T` (a server bug, never the client's).
    public func body<T>(as type: T.Type) throws -> T {
        guard let value = input as? T else { throw ServerRouteError.noDecodedBody("\(method) \(path) carries no decoded \(T.self)") }
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
