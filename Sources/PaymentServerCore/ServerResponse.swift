import Foundation
import PaymentFlowsCore
import PaymentSchemasRuntime

/// What a server answers: a mock provider or a merchant server.
public struct ServerResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The body. An answer built from a value (``json(_:status:)``) is encoded when its body is
    /// first read, not when it is built: a mock decides its answer under its own lock, and the
    /// encoding, most of an answer's cost, then runs after the lock is released (the transport
    /// reads the body once the handler has returned), so concurrent requests do not queue behind
    /// each other's encoding. Copies share the one encoding.
    public var body: Data {
        get { content.bytes }
        set { content = ServerBody(newValue) }
    }
    /// The value `body` encodes, when the answer was built from one (``json(_:status:)``), the
    /// value could be written and the body was not changed since: the transport checks it against
    /// the declared type as it is, without reading the body back.
    public var typedBody: (any Sendable)? { content.value }
    private var content: ServerBody
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
        self.content = ServerBody(body)
        self.contentType = contentType
        self.headers = headers
    }

    /// An HTML page.
    public static func html(_ page: String, status: Int = 200, headers: [String: String] = [:]) -> ServerResponse {
        ServerResponse(status: status, body: Data(page.utf8), contentType: "text/html; charset=utf-8", headers: headers)
    }

    /// A `303 See Other` to `location`: how a page's button ends in the next page or a callback.
    public static func redirect(to location: URL) -> ServerResponse {
        ServerResponse(status: 303, contentType: "text/plain; charset=utf-8", headers: ["location": location.absoluteString])
    }

    /// A JSON body encoded with the generated encoders when it is first read (empty, with no
    /// ``typedBody``, when `value` cannot be written, which the transport's check then reports).
    public static func json<T: Encodable & Sendable>(_ value: T, status: Int = 200) -> ServerResponse {
        var response = ServerResponse(status: status)
        response.content = ServerBody(encoding: value)
        return response
    }
}

/// A response body: bytes as given, or a value encoded as JSON once, on first read.
final class ServerBody: Sendable {
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
