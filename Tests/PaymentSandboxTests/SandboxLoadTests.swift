import Foundation
import MollieCheckout
import PaymentFlowsCore
import PaymentMocks
import PaymentSandbox
import PaymentScenarios
import Testing

/// Bounded load on loopback: 200 flows at once through the sandbox, and 200 concurrent writes to
/// one shared stateful provider.
@Suite("HTTP sandbox under load", .serialized)
struct SandboxLoadTests {
    @Test func twoHundredConcurrentFlowsEndCleanly() async throws {
        let sandbox = SandboxServer(configuration: .inProcess(clientTimeout: 30))
        let running = try await sandbox.start()
        let scenarios = ScenarioCatalog.all
        let results = await withTaskGroup(of: ScenarioResult.self, returning: [ScenarioResult].self) { group in
            for index in 0..<200 {
                let scenario = scenarios[index % scenarios.count]
                group.addTask { await ScenarioRunner.run(scenario, seed: UInt64(index + 1), network: sandbox) }
            }
            var all: [ScenarioResult] = []
            for await result in group { all.append(result) }
            return all
        }
        await running.stop()
        #expect(results.count == 200)
        let wrong = results.filter { !($0.matchesExpectation && $0.invariantsHold) }.map { "\($0.scenario.id)#\($0.seed): \($0.outcome)" }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(results.allSatisfy { $0.doubleCharges.isEmpty })
    }

    @Test func concurrentWritesToOneProviderAreAllKept() async throws {
        let sandbox = SandboxServer(configuration: .inProcess(clientTimeout: 30))
        let running = try await sandbox.start()
        let backend = MockMollieBackend(transport: MockProviderTransport(name: "MollieBackend"), browser: MockBrowser())
        let endpoint = sandbox.endpoint(for: backend.transport)
        let device = DeviceUUID(UUID().uuidString.lowercased())
        let payments = PaymentsService(baseUrl: endpoint.baseURL, device: device, transport: endpoint.transport)
        let ids = try await withThrowingTaskGroup(of: Int.self, returning: [Int].self) { group in
            for index in 0..<200 {
                group.addTask {
                    try await payments.createPayment(
                        CreatePaymentRequest(paymentDescription: "Order #\(index)", amount: Decimal(index + 1))
                    ).id
                }
            }
            var all: [Int] = []
            for try await id in group { all.append(id) }
            return all
        }
        let listed = try await payments.getPayments()
        await running.stop()
        #expect(Set(ids).count == 200, "every create got its own payment")
        #expect(listed.count == 200, "no write was lost")
        #expect(Set(listed.map(\.amount)).count == 200)
    }
}
