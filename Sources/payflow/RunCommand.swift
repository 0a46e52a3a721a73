import ArgumentParser
import Foundation
import PaymentMocks
import PaymentScenarios
import PaymentSandbox

/// `payflow run`: runs scenarios and prints each step and a summary table.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run flows against the mock providers (all providers' happy paths and failure scenarios by default)."
    )

    @Option(name: .customLong("provider"), help: "Only these providers (repeatable): \(ScenarioCatalog.providers.joined(separator: ", ")).")
    var providers: [String] = []

    @Option(name: .customLong("scenario"), help: "Only these scenarios (repeatable), as name or provider/name.")
    var scenarios: [String] = []

    @Option(help: "The seed of tokens, ids and faults.")
    var seed: UInt64 = 1

    @Option(help: "The chance (0…1) that a request meets a fault: latency, timeout, 503, malformed body, lost response.")
    var faults: Double = 0

    @Flag(help: "Print only the summary table.")
    var quiet = false

    @Flag(help: "Carry every provider call over real HTTP: start the sandbox on a free loopback port in this process and send through URLSessionTransport.")
    var http = false

    func validate() throws {
        for provider in providers where !ScenarioCatalog.providers.contains(provider) {
            throw ValidationError("unknown provider '\(provider)'; expected one of \(ScenarioCatalog.providers.joined(separator: ", "))")
        }
        for name in scenarios where !ScenarioCatalog.all.contains(where: { $0.name == name || $0.id == name }) {
            throw ValidationError("unknown scenario '\(name)'; see `payflow list`")
        }
        if !(0...1).contains(faults) { throw ValidationError("--faults must be between 0 and 1") }
    }

    func run() async throws {
        let selected = ScenarioCatalog.all.filter { scenario in
            (providers.isEmpty || providers.contains(scenario.provider))
                && (scenarios.isEmpty || scenarios.contains(scenario.name) || scenarios.contains(scenario.id))
        }
        var rows: [[String]] = []
        var failures = 0
        var network: SandboxServer?
        var server: RunningSandbox?
        if http {
            let sandbox = SandboxServer()
            server = try await sandbox.start()
            network = sandbox
            if !quiet { Output.line("sandbox listening on \(server?.baseURL.absoluteString ?? "?")\n") }
        }
        for scenario in selected {
            let result = await ScenarioRunner.run(scenario, seed: seed, faultRate: faults, network: network)
            let outcome: String
            switch result.outcome {
            case .completed(let summary): outcome = summary
            case .failed(let code, _): outcome = "error \(code)"
            }
            let expected = faults > 0 ? true : result.matchesExpectation
            let ok = expected && result.invariantsHold
            if !ok { failures += 1 }
            if !quiet {
                Output.line("== \(scenario.id): \(scenario.summary)")
                for step in result.steps { Output.line("   \(step)") }
                if case .failed(_, let message) = result.outcome { Output.line("   ✗ \(message)") }
                for charge in result.doubleCharges { Output.line("   !! charged more than once: \(charge)") }
                for leak in result.leakedSecrets { Output.line("   !! a secret leaked (\(leak.count) characters)") }
                for request in result.unexpected { Output.line("   !! unexpected: \(request)") }
                Output.line("   → \(outcome)  [\(ok ? "ok" : "FAILED"); expected \(scenario.expectation)]")
                Output.line()
            }
            rows.append([scenario.provider, scenario.name, faults > 0 ? "(faults)" : scenario.expectation.description, outcome, ok ? "ok" : "FAILED"])
        }
        await server?.stop()
        Output.line(Table.render(header: ["provider", "scenario", "expected", "outcome", "result"], rows: rows))
        Output.line("\(selected.count - failures) passed, \(failures) failed" + (faults > 0 ? " (seed \(seed), faults \(faults))" : "") + (http ? " over HTTP" : ""))
        if failures > 0 { throw ExitCode(1) }
    }
}

/// A plain text table.
enum Table {
    static func render(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { min($0[column].count, 60) }.max() ?? 0 }
        func format(_ row: [String]) -> String {
            row.enumerated().map { index, cell in
                let text = cell.count > 60 ? String(cell.prefix(57)) + "..." : cell
                return text.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: " | ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")
        return ([format(header), rule] + rows.map(format)).joined(separator: "\n")
    }
}
