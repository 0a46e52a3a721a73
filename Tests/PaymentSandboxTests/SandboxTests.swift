import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import PaymentFlowsCore
import PaymentMocks
import PaymentSandbox
import PaymentScenarios
import PaymentServerCore
import Testing

/// The sandbox on a real loopback socket: every scenario passes over HTTP through the server-side
/// transport (AsyncHTTPClient), and each injected fault reaches the client as the network would make it.
@Suite("HTTP sandbox", .serialized)
struct SandboxTests {
    @Test func everyScenarioPassesOverHTTP() async throws {
        let sandbox = SandboxServer(configuration: .inProcess())
        let running = try await sandbox.start()
        var failed: [String] = []
        for scenario in ScenarioCatalog.all {
            let result = await ScenarioRunner.run(scenario, network: sandbox)
            if !(result.matchesExpectation && result.invariantsHold) { failed.append("\(scenario.id): \(result.outcome)") }
        }
        await running.stop()
        #expect(failed.isEmpty, "\(failed)")
        #expect(ScenarioCatalog.all.count >= 39)
    }

    @Test(arguments: [1, 2, 3, 1012] as [UInt64])
    func faultsOverHTTPKeepEveryInvariant(_ seed: UInt64) async throws {
        // Clients give up after 2 s, and a timeout fault holds the connection 2.3 s: real timeouts.
        let sandbox = SandboxServer(configuration: .inProcess(clientTimeout: 2))
        let running = try await sandbox.start()
        var broken: [String] = []
        for scenario in ScenarioCatalog.all {
            let result = await ScenarioRunner.run(scenario, seed: seed, faultRate: 0.3, network: sandbox)
            if !result.invariantsHold { broken.append("\(scenario.id): charges \(result.doubleCharges) unexpected \(result.unexpected)") }
        }
        await running.stop()
        #expect(broken.isEmpty, "\(broken)")
    }

    /// One provider with a single route whose every request meets `fault`.
    static func provider(_ fault: MockFault) -> MockProviderTransport {
        let transport = MockProviderTransport(name: "Probe", faults: FaultPlan(rate: 1, seed: 1, kinds: [fault]))
        transport.on("POST", "/charges") { _ in ServerResponse(status: 201, body: Data(#"{"id":"ch_1","amount":"10.00"}"#.utf8)) }
        return transport
    }

    static func post(_ endpoint: MockProviderTransport.RemoteEndpoint) async throws -> (HTTPResponse, Data) {
        let (response, body) = try await endpoint.transport.send(
            HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/charges"), body: HTTPBody("{}"),
            baseURL: endpoint.baseURL, operationID: "charge")
        return (response, try await Data(collecting: body ?? HTTPBody(), upTo: 1 << 20))
    }

    @Test func eachFaultIsARealNetworkFault() async throws {
        let sandbox = SandboxServer(configuration: .inProcess())
        let running = try await sandbox.start()
        // 503: the provider did nothing.
        let unavailable = Self.provider(.serverError)
        let (status503, _) = try await Self.post(sandbox.endpoint(for: unavailable))
        #expect(status503.status == .serviceUnavailable)
        // A truncated body: the provider acted, the JSON is cut.
        let truncated = Self.provider(.malformedBody)
        let (status201, body) = try await Self.post(sandbox.endpoint(for: truncated))
        #expect(status201.status.code == 201 && (try? JSONSerialization.jsonObject(with: body)) == nil)
        // A dropped connection before the provider acted, and an answer lost after it acted.
        for fault in [MockFault.timeout, .lostResponse] {
            let probe = Self.provider(fault)
            await #expect(throws: (any Error).self) { _ = try await Self.post(sandbox.endpoint(for: probe)) }
            #expect(probe.requests.count == 1)
        }
        // Every request was served by the provider's own transport, over the socket.
        #expect(unavailable.exchanges == ["POST /charges → fault: 503"])
        #expect(truncated.exchanges == ["POST /charges → 201 (fault: malformed body)"])
        await running.stop()
    }

    /// The server-side transport's deadline is the sandbox's client timeout, and running past it is
    /// `PayTransportError.timeout` (the stable code URLSession's timeout maps to), not an untyped
    /// AsyncHTTPClient error: the timeout fault holds the connection 0.3 s past a 1 s deadline.
    @Test func aHeldConnectionIsATypedTimeoutAtTheClientsDeadline() async throws {
        let sandbox = SandboxServer(configuration: .inProcess(clientTimeout: 1))
        let running = try await sandbox.start()
        let probe = Self.provider(.timeout)
        let clock = ContinuousClock()
        let start = clock.now
        var caught: PayTransportError?
        do {
            _ = try await Self.post(sandbox.endpoint(for: probe))
        } catch let error as PayTransportError {
            caught = error
        }
        let elapsed = clock.now - start
        #expect(caught?.code == .timeout, "\(String(describing: caught))")
        #expect(caught?.operationID == "charge")
        #expect(elapsed >= .milliseconds(900) && elapsed < .milliseconds(1_300), "gave up after \(elapsed)")
        #expect(probe.requests.count == 1)
        await running.stop()
    }

    @Test func anUnknownProviderOrRouteIsAnErrorNotAHang() async throws {
        let sandbox = SandboxServer(configuration: .inProcess())
        let running = try await sandbox.start()
        let transport = URLSessionTransport()
        let (response, _) = try await transport.send(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/t/nobody/x"), body: nil, baseURL: running.baseURL,
            operationID: "x")
        #expect(response.status == .notFound)
        let probe = MockProviderTransport(name: "Probe")
        let endpoint = sandbox.endpoint(for: probe)
        let (unrouted, _) = try await Self.post(endpoint)
        #expect(unrouted.status == .notFound)
        #expect(probe.unexpected == ["POST /charges"])
        await running.stop()
    }
}
