import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PaymentFlowsCore
import PaymentMocks
import PaymentSchemasRuntime

/// The admin API under `/__admin/` (WireMock's is the model): health, the redacted request
/// journal, reset, and the scenarios a request can choose.
///
/// - `GET /__admin/`: the inspector, an HTML page of the exchanges (``SandboxInspector``)
/// - `GET /__admin/health`: `200 {"status":"ok","providers":[…]}`
/// - `GET /__admin/requests[?provider=paypal]`: the journal, oldest first
/// - `DELETE /__admin/requests`: clears the journal
/// - `POST /__admin/reset`: every provider forgets its orders, payments, sessions, tokens and
///   recorded requests, and the journal is cleared
/// - `GET /__admin/scenarios`: the `Sandbox-Scenario` values per provider, and the faults
struct SandboxAdmin: Sendable {
    let registry: LockIsolated<[String: MockProviderTransport]>
    let resets: LockIsolated<[String: @Sendable () -> Void]>
    let journal: SandboxJournal

    static let prefix = "/__admin"

    func install(on router: Router<BasicRequestContext>) {
        router.get("\(Self.prefix)") { _, _ in SandboxInspector.page() }
        router.get("\(Self.prefix)/health") { _, _ in health() }
        router.get("\(Self.prefix)/requests") { request, _ in requests(provider: request.uri.queryParameters.get("provider")) }
        router.delete("\(Self.prefix)/requests") { _, _ in
            journal.clear()
            return Response(status: .noContent)
        }
        router.post("\(Self.prefix)/reset") { _, _ in reset() }
        router.get("\(Self.prefix)/scenarios") { _, _ in scenarios() }
    }

    /// `GET /`: 200 once the server is ready, with the providers and where to look next.
    func index() -> Response {
        let names = registry.value.keys.sorted()
        let body = "PaymentSchemas sandbox\n" + names.map { "/t/\($0)/\n" }.joined() + "admin: \(Self.prefix)/ (the inspector), \(Self.prefix)/health, \(Self.prefix)/requests, \(Self.prefix)/reset, \(Self.prefix)/scenarios\n"
        return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    func health() -> Response {
        Self.json(["status": "ok", "providers": .array(registry.value.keys.sorted().map(PayJSON.string))])
    }

    func requests(provider: String?) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let body = (try? encoder.encode(["requests": journal.entries(provider: provider)])) ?? Data()
        return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
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
            providers[id] = .array(transport.scenarios.map {
                ["name": .string($0.name), "operations": .array($0.operations.map(PayJSON.string)), "summary": .string($0.summary)]
            })
        }
        return Self.json([
            "header": "Sandbox-Scenario", "providers": .object(providers),
            "faults": ["header": "Sandbox-Fault", "values": .array(MockFault.allCases.map { .string($0.rawValue) })],
            "delay": ["header": "Sandbox-Delay", "unit": "milliseconds", "maximum": .number(String(Int(MockProviderTransport.maximumDelay.components.seconds) * 1_000))],
        ])
    }

    static func json(_ value: PayJSON, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: value.jsonText)))
    }
}
