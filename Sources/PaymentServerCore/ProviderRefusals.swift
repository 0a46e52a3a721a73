import Foundation
import PaymentSchemasRuntime

/// How one provider words the refusals its contract makes before any business logic runs: a path
/// it does not serve, a method a known path does not take, a body in a media type the operation
/// does not take, an `Accept` it cannot answer, an outage, and a request that breaks the
/// operation's schema. Each provider's mock builds these from its own generated error type, so a
/// refusal has the provider's shape and status.
public struct ProviderRefusals: Sendable {
    /// The answer to a path no operation serves.
    public var notFound: @Sendable (_ path: String) -> ServerResponse
    /// The answer to a method a known path does not take (the transport adds `Allow`).
    public var methodNotAllowed: @Sendable (_ method: String, _ allowed: [String]) -> ServerResponse
    /// The answer to a request that breaks its operation's schema, naming every violation.
    public var invalid: @Sendable (_ operation: PayOperationDescriptor, _ violations: [PayRequestViolation]) -> ServerResponse
    /// The answer to a body whose `Content-Type` (its essence, ``HTTPMediaType/essence(_:)``) is not
    /// the operation's media type, before the body is read; `nil` (the closure, or its answer) reads
    /// the body as the operation's media type whatever the header says.
    public var unsupportedMediaType: (@Sendable (_ operation: PayOperationDescriptor, _ contentType: String) -> ServerResponse?)?
    /// The answer to an `Accept` that does not admit the operation's JSON; `nil` answers anyway.
    public var notAcceptable: (@Sendable (_ operation: PayOperationDescriptor, _ accept: String) -> ServerResponse?)?
    /// Whether the provider takes a JSON operation's body as a form too, its names nesting by
    /// brackets (`amount[value]=10.00`), and reads no body in any other media type (the operation
    /// sees an empty object): Mollie's API, whose `Content-Type` must be JSON or a form. `false`
    /// (the default) leaves a foreign media type to ``unsupportedMediaType``.
    public var takesBracketedForms: Bool

    /// The provider's own 503 body for an outage the fault plan plays (`Sandbox-Fault: serverError`);
    /// `nil` answers the sandbox's neutral one.
    public var unavailable: (@Sendable () -> ServerResponse)?

    /// Creates the refusals of a provider.
    public init(
        notFound: @escaping @Sendable (_ path: String) -> ServerResponse,
        methodNotAllowed: @escaping @Sendable (_ method: String, _ allowed: [String]) -> ServerResponse,
        invalid: @escaping @Sendable (_ operation: PayOperationDescriptor, _ violations: [PayRequestViolation]) -> ServerResponse,
        unsupportedMediaType: (@Sendable (_ operation: PayOperationDescriptor, _ contentType: String) -> ServerResponse?)? = nil,
        notAcceptable: (@Sendable (_ operation: PayOperationDescriptor, _ accept: String) -> ServerResponse?)? = nil,
        unavailable: (@Sendable () -> ServerResponse)? = nil,
        takesBracketedForms: Bool = false
    ) {
        self.takesBracketedForms = takesBracketedForms
        self.notFound = notFound
        self.methodNotAllowed = methodNotAllowed
        self.invalid = invalid
        self.unsupportedMediaType = unsupportedMediaType
        self.notAcceptable = notAcceptable
        self.unavailable = unavailable
    }

    /// The refusal of `request`'s media types for `operation`, when the provider words one: a
    /// `Content-Type` that is not the operation's (for an operation that takes a body), then an
    /// `Accept` that does not admit JSON.
    public func mediaTypeRefusal(_ request: ServerRequest, _ operation: PayOperationDescriptor) -> ServerResponse? {
        if takesBracketedForms {
            return notAcceptableRefusal(request, operation)
        }
        if operation.hasRequestBody, let unsupportedMediaType, let header = request.header("content-type"),
            let essence = HTTPMediaType.essence(header),
            essence != (operation.requestFormat == .query ? "application/x-www-form-urlencoded" : "application/json"),
            let answer = unsupportedMediaType(operation, essence)
        {
            return answer
        }
        return notAcceptableRefusal(request, operation)
    }

    private func notAcceptableRefusal(_ request: ServerRequest, _ operation: PayOperationDescriptor) -> ServerResponse? {
        if let notAcceptable, let accept = request.header("accept"), !HTTPMediaType.accepts(accept, "application/json") {
            return notAcceptable(operation, accept)
        }
        return nil
    }

    /// How the body of `request` is read for `operation`: as the operation's media type, or for a
    /// provider that ``takesBracketedForms``, as a form when it says it is one and not at all when
    /// it names another media type than JSON.
    public func bodyEncoding(_ request: ServerRequest, _ operation: PayOperationDescriptor) -> PayBodyEncoding {
        guard takesBracketedForms, operation.hasRequestBody, operation.requestFormat == .json,
            let essence = request.header("content-type").flatMap(HTTPMediaType.essence)
        else { return .operationMediaType }
        switch essence {
        case "application/x-www-form-urlencoded": return .bracketedForm
        case _ where HTTPMediaType.isJSON(essence): return .operationMediaType
        default: return .unread
        }
    }

    /// A provider-neutral JSON shape, `{"error": …, "violations": [{"location", "field", "message"}]}`,
    /// for transports that serve no provider (tests' probes).
    public static let plain = ProviderRefusals(
        notFound: { _ in ServerResponse(status: 404, body: Data(#"{"error":"not found"}"#.utf8)) },
        methodNotAllowed: { method, _ in ServerResponse(status: 405, body: Data(#"{"error":"method \#(method) not allowed"}"#.utf8)) },
        invalid: { _, violations in
            let list = violations.map {
                ["location": .string($0.location.rawValue), "field": .string($0.field), "message": .string($0.message)] as PayJSON
            }
            let body: PayJSON = ["error": "invalid request", "violations": .array(list)]
            return ServerResponse(status: 400, body: Data(body.jsonText.utf8))
        })
}
