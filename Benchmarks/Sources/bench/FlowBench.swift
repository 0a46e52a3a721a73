import Foundation
import PaymentMocks

/// Completed flows per second per provider (each provider's happy path, fresh mock world per flow).
enum FlowBench {
    static let happyPaths = ["mcs/success", "mit/hosted-approved", "amazonpay/success", "paypal/card-3ds", "mollie/in-app-paid"]

    static func run(seconds: Double) async -> [(String, Double, Int)] {
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
                let result = await ScenarioRunner.run(scenario, seed: seed)
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
