import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PaymentFlowsCore
import PaymentMocks
import PaymentSchemasRuntime
import PaymentSchemasVocabulary
import PaymentServerCore

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
/// - `GET /__admin/requests[?provider=paypal][&after=<n>]`: the journal, oldest first (after exchange
///   `n` only), with its `epoch` (changed by every clearing) and `limit`
/// - `GET /__admin/requests/<n>`: exchange `n` in full: headers and bodies redacted, the generated
///   types, the verdict (violations or the provider's refusing rule), copy as curl, the state changes it caused
/// - `POST /__admin/requests/<n>/replay`: sends exchange `n`'s request again; `{"sequence": new}`
/// - `GET /__admin/state`: every provider's orders, payments, sessions and tokens with their
///   transitions, ids and states redacted as a client's text; `304` for the `ETag` it last gave
/// - `DELETE /__admin/requests`: clears the journal
/// - `POST /__admin/reset`: every provider forgets its orders, payments, sessions, tokens and
///   recorded requests, and the journal is cleared
/// - `GET /__admin/scenarios`: the `Sandbox-Scenario` values per provider, and the faults
/// - `GET /__admin/webhooks`: the webhook deliveries, newest first, each with its attempts
///   (``WebhookDeliveries``); `GET /__admin/webhooks/<id>` one of them
/// - `POST /__admin/webhooks/<id>/replay`: sends a delivery's notification again, as a new delivery
/// - `POST /__admin/webhooks/trigger` with `{"provider": "paypal", "event": "PAYMENT.CAPTURE.COMPLETED",
///   "resource": "<id>"}`: the provider's notification of that resource as it is now, sent to what is
///   registered (Mollie's needs only the payment's `resource`)
struct SandboxAdmin: Sendable {
    let registry: LockIsolated<[String: MockProviderTransport]>
    let resets: LockIsolated<[String: @Sendable () -> Void]>
    let journal: SandboxJournal
    let responder: SandboxResponder
    let webhooks: WebhookDeliveries
    /// The token the sandbox printed at start (``SandboxAdminGate``).
    let token: String
    /// Whether the sandbox listens on loopback only.
    let loopback: Bool
    /// The names `Host` may give besides loopback ones (``SandboxConfiguration/adminHosts``).
    let hosts: Set<String>

    static let prefix = "/__admin"

    func install(on router: Router<BasicRequestContext>) {
        let group = router.group(RouterPath(Self.prefix)).add(middleware: SandboxAdminGate(token: token, loopback: loopback, hosts: hosts))
        group.get { _, _ in SandboxInspector.page(entries: journal.entries()) }
        group.get("inspector.js") { _, _ in SandboxInspector.script() }
        group.get("health") { _, _ in health() }
        group.get("requests") { request, _ in
            requests(provider: request.uri.queryParameters.get("provider"), after: request.uri.queryParameters.get("after", as: Int.self))
        }
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
        group.get("state") { request, _ in state(ifNoneMatch: request.headers[.ifNoneMatch]) }
        group.post("reset") { _, _ in reset() }
        group.get("scenarios") { _, _ in scenarios() }
        group.get("webhooks") { _, _ in Self.json(["deliveries": .array(webhooks.all.map(Self.json))]) }
        group.get("webhooks/:id") { _, context in
            guard let delivery = webhooks.delivery(context.parameters.get("id") ?? "") else {
                return Self.json(
                    [
                        "error": "NOT_FOUND",
                        "message": .string("no such delivery (the sandbox keeps the most recent \(webhooks.configuration.webhookLimit))"),
                    ], status: .notFound)
            }
            return Self.json(Self.json(delivery))
        }
        group.post("webhooks/trigger") { request, _ in
            let body = try await request.body.collect(upTo: 16 << 10)
            guard let asked = try? PayJSONParser.parse(Data(buffer: body)), let provider = asked["provider"]?.stringValue else {
                return Self.json(
                    ["error": "INVALID_REQUEST", "message": "send {\"provider\": …, \"event\": …, \"resource\": …} as JSON"],
                    status: .badRequest)
            }
            switch webhooks.trigger(provider: provider, event: asked["event"]?.stringValue, resource: asked["resource"]?.stringValue) {
            case .success(let ids): return Self.json(["deliveries": .array(ids.map(PayJSON.string))], status: .created)
            case .failure(let refusal):
                let status: HTTPResponse.Status =
                    refusal.code == "NOT_FOUND" ? .notFound : refusal.code == "NO_RECEIVER" ? .conflict : .unprocessableContent
                return Self.json(["error": .string(refusal.code), "message": .string(refusal.message)], status: status)
            }
        }
        group.post("webhooks/:id/replay") { _, context in
            let id = context.parameters.get("id") ?? ""
            guard let replayed = webhooks.replay(id) else {
                return Self.json(["error": "NOT_FOUND", "message": "no such delivery"], status: .notFound)
            }
            return Self.json(["id": .string(replayed), "replayOf": .string(id)], status: .created)
        }
    }

    /// A delivery as the admin API shows it: the notification's request as sent (its body as text)
    /// and every attempt.
    static func json(_ delivery: WebhookDeliveries.Delivery) -> PayJSON {
        let time = { (date: Date) in PayJSON.string(PayDateFormat.iso8601().format(date)) }
        let notice = delivery.notice
        return [
            "id": .string(delivery.id), "provider": .string(notice.provider), "event": .string(notice.event),
            "resource": .string(ExchangeRedaction.text(notice.resource)), "url": .string(notice.url.absoluteString),
            "state": .string(delivery.state.rawValue), "cause": .string(delivery.cause),
            "replayOf": delivery.replayOf.map(PayJSON.string) ?? .null,
            "created": time(delivery.created), "nextAttempt": delivery.nextAttempt.map(time) ?? .null,
            "schedule": [
                "name": .string(notice.schedule.name), "attempts": .number(String(notice.schedule.attempts)),
                "spanSeconds": .number(String(notice.schedule.span)),
            ],
            "request": [
                "method": "POST",
                "headers": .array(
                    ([("Content-Type", notice.contentType)] + notice.headers.map { ($0.name, $0.value) }).map {
                        .array([.string($0.0), .string($0.1)])
                    }),
                "body": .string(ExchangeRedaction.text(String(decoding: notice.body.prefix(64 << 10), as: UTF8.self))),
            ],
            "attempts": .array(
                delivery.attempts.map { attempt in
                    [
                        "number": .number(String(attempt.number)), "started": time(attempt.started),
                        "status": attempt.status.map { .number(String($0)) } ?? .null,
                        "failure": attempt.failure.map(PayJSON.string) ?? .null,
                        "milliseconds": .number(String(attempt.milliseconds)),
                    ]
                }),
        ]
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
                        "provider": .string(id), "kind": .string(ExchangeRedaction.text(resource.kind)),
                        "id": .string(ExchangeRedaction.text(resource.id)), "state": .string(ExchangeRedaction.text(transition.state)),
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

    /// `GET /__admin/state`, with an `ETag` of its body: asked again with that `If-None-Match`
    /// while nothing changed, it answers `304` with no body (the inspector asks every second).
    func state(ifNoneMatch: String? = nil) -> Response {
        // Ids and states can be a client's text (MIT's references, Mollie's ids): shown redacted.
        let providers: [PayJSON] = registry.value.sorted { $0.key < $1.key }.map { id, transport in
            [
                "provider": .string(id),
                "resources": .array(
                    transport.ledger.all.map { resource in
                        [
                            "kind": .string(ExchangeRedaction.text(resource.kind)), "id": .string(ExchangeRedaction.text(resource.id)),
                            "state": .string(ExchangeRedaction.text(resource.state)),
                            "history": .array(
                                resource.history.map { transition in
                                    var members: [String: PayJSON] = [
                                        "state": .string(ExchangeRedaction.text(transition.state)),
                                        "time": .string(PayDateFormat.iso8601().format(transition.time)),
                                    ]
                                    if let exchange = transition.exchange { members["exchange"] = .number(String(exchange)) }
                                    return .object(members)
                                }),
                        ]
                    }),
            ]
        }
        let body = Array(PayJSON.object(["providers": .array(providers)]).jsonText.utf8)
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in body {
            hash ^= UInt64(byte)
            hash = hash &* 1_099_511_628_211
        }
        let tag = "\"" + String(hash, radix: 36) + "\""
        if ifNoneMatch == tag {
            return Response(status: .notModified, headers: [.eTag: tag, .cacheControl: "no-store"])
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store", .eTag: tag],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `GET /`: 200 once the server is ready, with the providers and where to look next.
    func index() -> Response {
        let names = registry.value.keys.sorted()
        let body =
            "PaymentSchemas sandbox\n" + names.map { "/t/\($0)/\n" }.joined()
            + "admin: \(Self.prefix)/ (the inspector), \(Self.prefix)/health, \(Self.prefix)/requests, \(Self.prefix)/state, \(Self.prefix)/reset, \(Self.prefix)/scenarios, \(Self.prefix)/webhooks"
            + (loopback ? " (changes need X-Sandbox-Client: 1 or the token printed at start)\n" : " (with the token printed at start)\n")
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    func health() -> Response {
        Self.json(["status": "ok", "providers": .array(registry.value.keys.sorted().map(PayJSON.string))])
    }

    /// `GET /__admin/requests[?provider=…][&after=<n>]`: the entries (after exchange `n` only, for a
    /// reader that has the rest), the journal's `epoch` (it changes when the journal is cleared: the
    /// reader starts over) and the `limit` it keeps.
    func requests(provider: String?, after: Int?) -> Response {
        let (entries, epoch) = journal.entriesAndEpoch(provider: provider, after: after)
        let page: PayJSON = [
            "requests": .array(entries.map(\.json)), "epoch": .number(String(epoch)), "limit": .number(String(journal.limit)),
        ]
        let body = Array(page.jsonText.utf8)
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    func reset() -> Response {
        for (_, reset) in resets.value { reset() }
        for (_, transport) in registry.value { transport.resetRecords() }
        journal.clear()
        webhooks.clear()
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

/// The admin routes' gate, safe by default (Jupyter's and Vite's dev servers are the model):
///
/// - **Host.** Bound to loopback, the admin answers only requests whose `Host` is a loopback name,
///   the bound address or a name given by ``SandboxConfiguration/adminHosts``: a page whose name
///   an attacker points at 127.0.0.1 (DNS rebinding) gets 403 before any route runs.
/// - **Reads.** Open on loopback; beyond loopback, or through a proxy (a request with `Forwarded`,
///   `X-Forwarded-For`, `X-Forwarded-Host` or `X-Real-IP`: a proxy that forwards from off the
///   machine is treated as off the machine), they need the token the sandbox printed at start, as
///   `X-Sandbox-Token`, a bearer `Authorization` or the `token` query item; without it 401.
/// - **Changes** (any method but GET and HEAD: replay, reset, clearing the journal), on loopback
///   too: the token or `X-Sandbox-Client: 1`, a header a cross-site form cannot send and a
///   cross-site script cannot send without a preflight the sandbox never allows; and an `Origin`
///   or `Sec-Fetch-Site` that says another site is refused even with the header. Without: 403.
/// - **Every answer** carries `X-Content-Type-Options: nosniff`, a `Content-Security-Policy` with
///   `frame-ancestors 'none'` and `Referrer-Policy: no-referrer` (the page's `?token=` never leaves
///   in a referrer).
struct SandboxAdminGate: RouterMiddleware {
    typealias Context = BasicRequestContext
    /// The token the sandbox printed at start.
    let token: String
    /// Whether the sandbox listens on loopback only (reads need no token there).
    let loopback: Bool
    /// The names besides loopback ones that `Host` may give (lowercased, without a port).
    let hosts: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await gated(request, context: context, next: next)
        response.headers[.xContentTypeOptions] = "nosniff"
        if response.headers[.contentSecurityPolicy] == nil { response.headers[.contentSecurityPolicy] = "frame-ancestors 'none'" }
        if let referrer = HTTPField.Name("Referrer-Policy") { response.headers[referrer] = "no-referrer" }
        return response
    }

    func gated(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let host = Self.hostName(request.head.authority)
        if loopback, !(host.map { SandboxServer.isLoopback($0) || hosts.contains($0) } ?? false) {
            return Self.refusal(
                .forbidden, "HOST_NOT_ALLOWED",
                "the admin answers on loopback names and the names given to payflow serve --admin-host, not on this Host")
        }
        let given =
            Self.tokenField.flatMap { request.headers[$0] }
            ?? HTTPAuthorization.credentials(request.headers[.authorization], scheme: "Bearer")
            ?? request.uri.queryParameters.get("token").map { String($0) }
        let authorized = given.map { Self.same($0, token) } ?? false
        let forwarded = Self.forwardingFields.contains { request.headers[$0] != nil }
        let isScript = request.uri.path == SandboxAdmin.prefix + "/inspector.js"
        if !authorized, !isScript, !loopback || forwarded {
            return Response(
                status: .unauthorized,
                headers: [.contentType: "application/json", .wwwAuthenticate: "Bearer realm=\"sandbox admin\""],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        string:
                            #"{"error":"UNAUTHORIZED","message":"beyond loopback or through a proxy, the admin API and the inspector need the token the sandbox printed at start (X-Sandbox-Token, or ?token= for the page)"}"#
                    )))
        }
        if request.method != .get && request.method != .head {
            let client = Self.clientField.flatMap { request.headers[$0] } == "1"
            guard authorized || client else {
                return Self.refusal(
                    .forbidden, "CLIENT_HEADER_REQUIRED",
                    "a change needs X-Sandbox-Client: 1 or the token (X-Sandbox-Token): a cross-site form or script cannot send either")
            }
            let origin = Self.originField.flatMap { request.headers[$0] }
            let crossSite = Self.fetchSiteField.flatMap { request.headers[$0] }.map { $0 == "cross-site" || $0 == "same-site" } ?? false
            if crossSite || (origin.map { !Self.sameOrigin($0, authority: request.head.authority) } ?? false) {
                return Self.refusal(.forbidden, "CROSS_ORIGIN", "a change from a page of another origin is refused")
            }
        }
        return try await next(request, context)
    }

    /// A refusal as JSON.
    static func refusal(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> Response {
        SandboxAdmin.json(.object(["error": .string(code), "message": .string(message)]), status: status)
    }

    /// The host of an authority (`host[:port]`, `[v6]:port`), lowercased; `nil` when there is none.
    static func hostName(_ authority: String?) -> String? {
        guard let authority, !authority.isEmpty else { return nil }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close]).lowercased()
        }
        return String(authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]).lowercased()
    }

    /// Whether `origin` is `http://<authority>` (the page's own origin).
    static func sameOrigin(_ origin: String, authority: String?) -> Bool {
        guard let authority else { return false }
        return origin.lowercased() == "http://" + authority.lowercased()
    }

    /// The header the inspector's own script sends with every request.
    static let clientField = HTTPField.Name("X-Sandbox-Client")
    /// Where a browser names the requesting page's origin.
    static let originField = HTTPField.Name("Origin")
    /// Where a browser says how the requesting page relates to this one.
    static let fetchSiteField = HTTPField.Name("Sec-Fetch-Site")
    /// The fields a forwarding proxy adds.
    static let forwardingFields = ["Forwarded", "X-Forwarded-For", "X-Forwarded-Host", "X-Real-IP"].compactMap { HTTPField.Name($0) }

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
