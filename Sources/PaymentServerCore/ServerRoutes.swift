import PaymentSchemasRuntime

/// Where a server installs its routes: the carrier that checks each request against its schema
/// operation before the handler runs, answers refusals in the server's words, and serves the
/// routes in memory or over HTTP. A merchant server describes its endpoints through this protocol
/// alone; the carrier (the mocks' `MockProviderTransport`, which the sandbox serves) is chosen by
/// whoever wires the server up.
public protocol ServerRoutes: AnyObject, Sendable {
    /// How the server words the contract's refusals (unknown path, method, invalid request).
    var refusals: ProviderRefusals { get set }

    /// Serves the generated operation `Operation` (one of `operations`, a module's
    /// `<Module>Schema.operations`) with `handler`, which receives the request and its decoded,
    /// validated body.
    func handle<Operation: PayOperation>(
        _ operation: Operation.Type, of operations: [PayOperationDescriptor],
        _ handler: @escaping @Sendable (ServerRequest, Operation.RequestBody) async throws -> ServerResponse)

    /// Routes `method path` (with `{placeholders}`) to `handler`, for what no schema operation
    /// describes (an HTML page). Requests reach the handler unchecked.
    func on(_ method: String, _ path: String, _ handler: @escaping @Sendable (ServerRequest) async throws -> ServerResponse)
}
