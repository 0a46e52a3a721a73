import Foundation
import PaymentMocks
import PaymentScenarios
import Testing

@Suite("Scenarios")
struct ScenarioTests {
    @Test(arguments: ScenarioCatalog.all.map(\.id))
    func scenarioEndsAsExpectedWithoutFaults(_ id: String) async throws {
        let scenario = try #require(ScenarioCatalog.scenario(id))
        let result = await ScenarioRunner.run(scenario, seed: 1)
        #expect(result.matchesExpectation, "\(id): \(result.outcome)")
        #expect(
            result.invariantsHold,
            "\(id): double \(result.doubleCharges), leaked \(result.leakedSecrets.count), unexpected \(result.unexpected)")
    }

    @Test func everyProviderHasAHappyPathAndFailures() {
        for provider in ScenarioCatalog.providers {
            let scenarios = ScenarioCatalog.all.filter { $0.provider == provider }
            #expect(scenarios.contains { if case .completes = $0.expectation { return true } else { return false } })
            #expect(scenarios.contains { if case .fails = $0.expectation { return true } else { return false } })
        }
        #expect(Set(ScenarioCatalog.all.map(\.id)).count == ScenarioCatalog.all.count)
    }
}

/// Hundreds of seeded runs with random faults (latency, timeouts, 5xx, malformed bodies, answers
/// lost after the server acted): every run ends in exactly one typed outcome, nothing is charged
/// or completed twice, no secret reaches a log line, an error or a step, and no mock sees a request
/// it does not expect.
@Suite("Flows under random faults")
struct ScenarioPropertyTests {
    static let seeds: [UInt64] = Array(1...6)

    @Test(arguments: seeds)
    func invariantsHoldUnderFaults(_ seed: UInt64) async {
        var outcomes = 0
        var failedWithFaults = 0
        for scenario in ScenarioCatalog.all {
            let result = await ScenarioRunner.run(scenario, seed: seed, faultRate: 0.35)
            outcomes += 1
            if case .failed(let code, _) = result.outcome {
                #expect(code != "untyped", "\(scenario.id) seed \(seed): an untyped error")
                if !result.matchesExpectation { failedWithFaults += 1 }
            }
            #expect(result.doubleCharges.isEmpty, "\(scenario.id) seed \(seed): charged twice \(result.doubleCharges)")
            #expect(result.leakedSecrets.isEmpty, "\(scenario.id) seed \(seed): a secret leaked")
            #expect(result.unexpected.isEmpty, "\(scenario.id) seed \(seed): unexpected \(result.unexpected)")
        }
        #expect(outcomes == ScenarioCatalog.all.count)
        #expect(failedWithFaults > 0, "faults at 35% should make some flows fail")
    }

    @Test func theSameSeedGivesTheSameRun() async throws {
        let scenario = try #require(ScenarioCatalog.scenario("amazonpay/success"))
        let first = await ScenarioRunner.run(scenario, seed: 11, faultRate: 0.4)
        let second = await ScenarioRunner.run(scenario, seed: 11, faultRate: 0.4)
        #expect(first.outcome == second.outcome)
        #expect(first.steps == second.steps)
    }

    @Test func totalRunsAreInTheHundreds() {
        #expect(Self.seeds.count * ScenarioCatalog.all.count >= 200)
    }
}
