import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PaymentFlowsCore
import PaymentMocks
import PaymentSchemasRuntime

/// The admin API under `/__admin/` (WireMock's is the model): health, the redacted request
/// journal, each exchange in full (redacted), replay, the providers' state, reset, and the
/// scenarios a request can choose.
///
/// Off loopback (the sandbox bound to any other address) every admin route, the inspector
/// included, needs the token the sandbox prints at start (``SandboxServer/adminToken``), as
/// `X-Sandbox-Token: <token>`, `Authorization: Bearer <token>` or `?token=<token>`; without it: 401.
///
/// - `GET /__admin/`: the inspector, an HTML page of the exchanges (``SandboxInspector``)
/// - `GET /__admin/health`: `200 {"status":"ok","providers":[…]}`
/// - `GET /__admin/requests[?provider=paypal]`: the journal, oldest first
/// - `GET /__admin/requests/<n>`: exchange `n` in full: headers and bodies redacted, the generated
///   types, the verdict (violations or the provider's refusing rule), copy as curl, the state changes it caused
/// - `POST /__admin/requests/<n>/replay`: sends exchange `n`'s request again; `{"sequence": new}`
/// - `GET /__admin/state`: every provider's orders, payments, sessions and tokens with their transitions
/// - `DELETE /__admin/requests`: clears the journal
/// - `POST /__admin/reset`: every provider forgets its orders, payments, sessions, tokens and
///   recorded requests, and the journal is cleared
/// - `GET /__admin/scenarios`: the `Sandbox-Scenario` values per provider, and the faults
struct SandboxAdmin: Sendable {
    let registry: LockIsolated<[String: MockProviderTransport]>
    let resets: LockIsolated<[String: @Sendable () -> Void]>
    let journal: SandboxJournal
    let responder: SandboxResponder
    /// The token every admin route needs, `nil` on loopback (open).
    let token: String?

    static let prefix = "/__admin"

    func install(on router: Router<BasicRequestContext>) {
        let group = router.group(RouterPath(Self.prefix)).add(middleware: SandboxAdminGate(token: token))
        group.get { _, _ in SandboxInspector.page() }
        group.get("health") { _, _ in health() }
        group.get("requests") { request, _ in requests(provider: request.uri.queryParameters.get("provider")) }
        group.get("requests/:sequence") { request, context in
            detail(context.parameters.get("sequence", as: Int.self), base: Self.base(of: request))
        }
        group.post("requests/:sequence/replay") { _, context in
            await replay(context.parameters.get("sequence", as: Int.self))
        }
        group.delete("requests") { _, _ in
            journal.clear()
            return Response(status: .noContent)
        }
        group.get("state") { _, _ in state() }
        group.post("reset") { _, _ in reset() }
        group.get("scenarios") { _, _ in scenarios() }
    }

    /// `http://<Host>` of an admin request: where the curl of an exchange sends it again.
    static func base(of request: Request) -> String {
        let host = request.head.authority.map { String($0.prefix(256)) } ?? "127.0.0.1"
        return "http://" + host.filter { !$0.isWhitespace && $0 != "'" }
    }

    /// `GET /__admin/requests/<n>`.
    func detail(_ sequence: Int?, base: String) -> Response {
        guard let sequence, let (entry, record) = journal.exchange(sequence) else {
            return Self.json(
                ["error": "NOT_FOUND", "message": .string("no such exchange in the journal (it keeps the most recent \(journal.limit))")],
                status: .notFound)
        }
        let transitions = registry.value.sorted { $0.key < $1.key }.flatMap { id, transport in
            transport.ledger.all.flatMap { resource in
                resource.history.filter { $0.exchange == sequence }.map { transition -> PayJSON in
                    [
                        "provider": .string(id), "kind": .string(resource.kind), "id": .string(resource.id),
                        "state": .string(transition.state),
                    ]
                }
            }
        }
        return Self.json(SandboxExchangeDetail.json(entry: entry, record: record, base: base, transitions: transitions))
    }

    /// `POST /__admin/requests/<n>/replay`.
    func replay(_ sequence: Int?) async -> Response {
        guard let sequence, let (_, record) = journal.exchange(sequence) else {
            return Self.json(["error": "NOT_FOUND", "message": "no such exchange in the journal"], status: .notFound)
        }
        guard record?.replayable == true, let replayed = await responder.replay(sequence) else {
            return Self.json(
                ["error": "NOT_REPLAYABLE", "message": "only a provider request whose body the journal kept can be replayed"],
                status: .conflict)
        }
        return Self.json(["sequence": .number(String(replayed)), "replayOf": .number(String(sequence))], status: .created)
    }

    /// `GET /__admin/state`.
    func state() -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        struct Provider: Encodable {
            let provider: String
            let resources: [ProviderLedger.Resource]
        }
        let providers = registry.value.sorted { $0.key < $1.key }.map { Provider(provider: $0.key, resources: $0.value.ledger.all) }
        let body = (try? encoder.encode(["providers": providers])) ?? Data()
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `GET /`: 200 once the server is ready, with the providers and where to look next.
    func index() -> Response {
        let names = registry.value.keys.sorted()
        let body =
            "PaymentSchemas sandbox\n" + names.map { "/t/\($0)/\n" }.joined()
            + "admin: \(Self.prefix)/ (the inspector), \(Self.prefix)/health, \(Self.prefix)/requests, \(Self.prefix)/state, \(Self.prefix)/reset, \(Self.prefix)/scenarios"
            + (token == nil ? "\n" : " (with the token printed at start)\n")
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    func health() -> Response {
        Self.json(["status": "ok", "providers": .array(registry.value.keys.sorted().map(PayJSON.string))])
    }

    func requests(provider: String?) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let body = (try? encoder.encode(["requests": journal.entries(provider: provider)])) ?? Data()
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    func reset() -> Response {
        for (_, reset) in resets.value { reset() }
        for (_, transport) in registry.value { transport.resetRecords() }
        journal.clear()
        return Response(status: .noContent)
    }

    func scenarios() -> Response {
        var providers: [String: PayJSON] = [:]
        for (id, transport) in registry.value {
            providers[id] = .array(
                transport.scenarios.map {
                    ["name": .string($0.name), "operations": .array($0.operations.map(PayJSON.string)), "summary": .string($0.summary)]
                })
        }
        return Self.json([
            "header": "Sandbox-Scenario", "providers": .object(providers),
            "faults": ["header": "Sandbox-Fault", "values": .array(MockFault.allCases.map { .string($0.rawValue) })],
            "delay": [
                "header": "Sandbox-Delay", "unit": "milliseconds",
                "maximum": .number(String(Int(MockProviderTransport.maximumDelay.components.seconds) * 1_000)),
            ],
        ])
    }

    static func json(_ value: PayJSON, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: value.jsonText)))
    }
}

/// The admin routes' gate: open on loopback (no token); otherwise the printed token, as
/// `X-Sandbox-Token`, a bearer `Authorization` or the `token` query item, or 401.
struct SandboxAdminGate: RouterMiddleware {
    typealias Context = BasicRequestContext
    let token: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token else { return try await next(request, context) }
        let given =
            Self.tokenField.flatMap { request.headers[$0] }
            ?? request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
            ?? request.uri.queryParameters.get("token")
        guard let given, Self.same(given, token) else {
            return Response(
                status: .unauthorized,
                headers: [.contentType: "application/json", .wwwAuthenticate: "Bearer realm=\"sandbox admin\""],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        string:
                            #"{"error":"UNAUTHORIZED","message":"the sandbox listens beyond loopback: the admin API and the inspector need the token it printed at start (X-Sandbox-Token, or ?token= for the page)"}"#
                    )))
        }
        return try await next(request, context)
    }

    /// The header that carries the token.
    static let tokenField = HTTPField.Name("X-Sandbox-Token")

    /// Compares without stopping at the first difference.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
