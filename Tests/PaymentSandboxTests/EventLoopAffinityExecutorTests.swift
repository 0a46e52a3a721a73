import Foundation
import HTTPTypes
import OpenAPIRuntime
import PaymentFlowsCore
import PaymentMocks
import PaymentServerCore
import Testing

@testable import PaymentSandbox

/// The sandbox answers each request on its connection's event loop: the provider's handler (and
/// the body read before it) never crosses to Swift's global pool and back.
@Suite("Event-loop affinity")
struct EventLoopAffinityExecutorTests {
    @Test func aServedHandlerRunsOnAnEventLoop() async throws {
        let sandbox = SandboxServer(configuration: .inProcess())
        let running = try await sandbox.start()
        let seen = LockIsolated<[Bool]>([])
        let transport = MockProviderTransport(name: "Probe")
        transport.on("POST", "/charges") { _ in
            seen.withValue { $0.append(EventLoopAffinityExecutor.isOnEventLoop) }
            return ServerResponse(status: 201, body: Data(#"{"id":"ch_1"}"#.utf8))
        }
        let endpoint = sandbox.endpoint(for: transport)
        for _ in 0..<20 {
            let (response, _) = try await endpoint.transport.send(
                HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/charges"), body: HTTPBody(#"{"amount":"1.00"}"#),
                baseURL: endpoint.baseURL, operationID: "charge")
            #expect(response.status.code == 201)
        }
        await running.stop()
        #expect(seen.value == Array(repeating: true, count: 20))
    }

    /// A job enqueued from outside the loops (a test's task, a timer) runs on one of them, and
    /// sleeping inside it does not hold the loop.
    @Test func aTaskStartedOffTheLoopsRunsOnOne() async throws {
        #expect(!EventLoopAffinityExecutor.isOnEventLoop)
        let executor = EventLoopAffinityExecutor()
        let onLoop = await Task(executorPreference: executor) { () async -> [Bool] in
            let before = EventLoopAffinityExecutor.isOnEventLoop
            try? await Task.sleep(for: .milliseconds(20))
            return [before, EventLoopAffinityExecutor.isOnEventLoop]
        }.value
        #expect(onLoop == [true, true])
    }
}
