import Foundation
import PaymentSchemasRuntime

/// How one provider words the refusals its contract makes before any business logic runs: a path
/// it does not serve, a method a known path does not take, and a request that breaks the
/// operation's schema. Each provider's mock builds these from its own generated error type, so a
/// refusal has the provider's shape and status.
public struct ProviderRefusals: Sendable {
    /// The answer to a path no operation serves.
    public var notFound: @Sendable (_ path: String) -> ServerResponse
    /// The answer to a method a known path does not take (the transport adds `Allow`).
    public var methodNotAllowed: @Sendable (_ method: String, _ allowed: [String]) -> ServerResponse
    /// The answer to a request that breaks its operation's schema, naming every violation.
    public var invalid: @Sendable (_ operation: PayOperationDescriptor, _ violations: [PayRequestViolation]) -> ServerResponse

    /// Creates the refusals of a provider.
    public init(
        notFound: @escaping @Sendable (_ path: String) -> ServerResponse,
        methodNotAllowed: @escaping @Sendable (_ method: String, _ allowed: [String]) -> ServerResponse,
        invalid: @escaping @Sendable (_ operation: PayOperationDescriptor, _ violations: [PayRequestViolation]) -> ServerResponse
    ) {
        self.notFound = notFound
        self.methodNotAllowed = methodNotAllowed
        self.invalid = invalid
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
