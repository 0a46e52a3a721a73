import Foundation
import PaymentMocks
import PaymentSandbox
import PaymentScenarios

/// Completed flows per second per provider (each provider's happy path, fresh mock world per flow).
enum FlowBench {
    static let happyPaths = ["mcs/success", "mit/hosted-approved", "amazonpay/success", "paypal/card-3ds", "mollie/in-app-paid"]

    /// Flows per second in memory and over loopback HTTP, side by side, in one run.
    static func compare(seconds: Double) async throws -> [(String, Double, Double)] {
        let inMemory = await run(seconds: seconds)
        let sandbox = SandboxServer(configuration: .inProcess())
        let running = try await sandbox.start()
        let overHTTP = await run(seconds: seconds, network: sandbox)
        let concurrent = await concurrentRate(flows: 200, network: sandbox)
        await running.stop()
        let concurrentInMemory = await concurrentRate(flows: 200, network: nil)
        var rows = zip(inMemory, overHTTP).map { ($0.0, $0.1, $1.1) }
        rows.append(("200 concurrent flows (all scenarios)", concurrentInMemory, concurrent))
        return rows
    }

    /// Flows per second when `flows` flows run at once.
    static func concurrentRate(flows: Int, network: SandboxServer?) async -> Double {
        let scenarios = ScenarioCatalog.all
        let clock = ContinuousClock()
        let start = clock.now
        let completed = await withTaskGroup(of: Bool.self, returning: Int.self) { group in
            for index in 0..<flows {
                let scenario = scenarios[index % scenarios.count]
                group.addTask { await ScenarioRunner.run(scenario, seed: UInt64(index + 1), network: network).matchesExpectation }
            }
            var count = 0
            for await ok in group where ok { count += 1 }
            return count
        }
        let elapsed = clock.now - start
        return Double(completed) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    static func run(seconds: Double, network: SandboxServer? = nil) async -> [(String, Double, Int)] {
        var results: [(String, Double, Int)] = []
        for id in happyPaths {
            guard let scenario = ScenarioCatalog.scenario(id) else { continue }
            let clock = ContinuousClock()
            let start = clock.now
            var completed = 0
            var seed: UInt64 = 1
            while true {
                let elapsed = clock.now - start
                if Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18 >= seconds { break }
                let result = await ScenarioRunner.run(scenario, seed: seed, network: network)
                if result.matchesExpectation { completed += 1 }
                seed += 1
            }
            let elapsed = clock.now - start
            let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            results.append((id, Double(completed) / total, completed))
        }
        return results
    }
}
