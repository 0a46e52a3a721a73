import ArgumentParser
import Foundation
import PaymentMocks
import PaymentSandbox
import PaymentScenarios

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

    @Option(
        help:
            "Run every selected scenario for this many consecutive seeds from --seed and print only the totals (one typed outcome per flow, no double charge, no leaked secret, nothing unexpected)."
    )
    var seeds = 1

    @Flag(help: "Print only the summary table.")
    var quiet = false

    @Flag(
        help:
            "Carry every provider call over real HTTP: start the sandbox on a free loopback port in this process and send through AsyncHTTPClient (the server-side transport; apps use URLSession)."
    )
    var http = false

    func validate() throws {
        for provider in providers where !ScenarioCatalog.providers.contains(provider) {
            throw ValidationError("unknown provider '\(provider)'; expected one of \(ScenarioCatalog.providers.joined(separator: ", "))")
        }
        for name in scenarios where !ScenarioCatalog.all.contains(where: { $0.name == name || $0.id == name }) {
            throw ValidationError("unknown scenario '\(name)'; see `payflow list`")
        }
        if !(0...1).contains(faults) { throw ValidationError("--faults must be between 0 and 1") }
        if seeds < 1 { throw ValidationError("--seeds must be at least 1") }
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
            let sandbox = SandboxServer(configuration: .inProcess())
            server = try await sandbox.start()
            network = sandbox
            if !quiet { Output.line("sandbox listening on \(server?.baseURL.absoluteString ?? "?")\n") }
        }
        if seeds > 1 {
            let totals = await runSeeds(selected, network: network)
            await server?.stop()
            Output.line(totals.report(firstSeed: seed, count: seeds, faults: faults, http: http))
            if !totals.clean { throw ExitCode(1) }
            return
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
            rows.append([
                scenario.provider, scenario.name, faults > 0 ? "(faults)" : scenario.expectation.description, outcome, ok ? "ok" : "FAILED",
            ])
        }
        await server?.stop()
        Output.line(Table.render(header: ["provider", "scenario", "expected", "outcome", "result"], rows: rows))
        Output.line(
            "\(selected.count - failures) passed, \(failures) failed" + (faults > 0 ? " (seed \(seed), faults \(faults))" : "")
                + (http ? " over HTTP" : ""))
        if failures > 0 { throw ExitCode(1) }
    }
}

extension RunCommand {
    /// What many seeded runs produced, counted.
    struct Totals {
        var flows = 0
        var completed = 0
        var failedByCode: [String: Int] = [:]
        var untyped = 0
        var unexpectedOutcome = 0
        var doubleCharges = 0
        var leaks = 0
        var unexpectedRequests = 0

        /// Every flow ended in exactly one typed outcome and kept every invariant.
        var clean: Bool { untyped == 0 && unexpectedOutcome == 0 && doubleCharges == 0 && leaks == 0 && unexpectedRequests == 0 }

        /// The report of `count` runs from `firstSeed` on (seeds wrap around past `UInt64.max`).
        func report(firstSeed: UInt64, count: Int, faults: Double, http: Bool) -> String {
            let failed = failedByCode.values.reduce(0, +)
            let lastSeed = firstSeed &+ UInt64(max(count, 1) - 1)
            var lines = [
                "\(flows) flows (seeds \(firstSeed)…\(lastSeed), faults \(faults)\(http ? ", over HTTP" : ", in memory"))",
                "  completed: \(completed)",
                "  failed with a typed error: \(failed) (\(failedByCode.count) codes)",
                "  untyped errors: \(untyped)",
                "  not the expected outcome (without faults): \(unexpectedOutcome)",
                "  double charges: \(doubleCharges)",
                "  leaked secrets: \(leaks)",
                "  unexpected requests or pages: \(unexpectedRequests)",
            ]
            for (code, count) in failedByCode.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(12) {
                lines.append("    \(code): \(count)")
            }
            lines.append(clean ? "every flow ended in one typed outcome; no double charge, no leak" : "FAILED")
            return lines.joined(separator: "\n")
        }
    }

    func runSeeds(_ selected: [FlowScenario], network: SandboxServer?) async -> Totals {
        var totals = Totals()
        let progress = Progress(total: seeds * selected.count)
        defer { progress.finish() }
        for offset in 0..<UInt64(seeds) {
            for scenario in selected {
                defer { progress.advance(to: totals.flows) }
                let result = await ScenarioRunner.run(scenario, seed: seed &+ offset, faultRate: faults, network: network)
                totals.flows += 1
                switch result.outcome {
                case .completed: totals.completed += 1
                case .failed(let code, _):
                    if code == "untyped" { totals.untyped += 1 } else { totals.failedByCode[code, default: 0] += 1 }
                }
                if faults == 0 && !result.matchesExpectation { totals.unexpectedOutcome += 1 }
                totals.doubleCharges += result.doubleCharges.count
                totals.leaks += result.leakedSecrets.count
                totals.unexpectedRequests += result.unexpected.count
            }
        }
        return totals
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

/// `flows done / total` on standard error while a long run goes on: redrawn at most every 0.5 s,
/// only when standard error is a terminal (quiet in CI logs and pipes).
final class Progress {
    private let total: Int
    private let enabled: Bool
    private let started = ContinuousClock.now
    private var lastDrawn = ContinuousClock.now
    private var drawn = false

    init(total: Int, enabled: Bool = isatty(STDERR_FILENO) != 0) {
        self.total = total
        self.enabled = enabled && total > 1
    }

    func advance(to done: Int) {
        guard enabled else { return }
        let now = ContinuousClock.now
        // Runs shorter than two seconds stay silent.
        guard now - started > .seconds(2), now - lastDrawn > .milliseconds(500) || done == total else { return }
        lastDrawn = now
        drawn = true
        FileHandle.standardError.write(Data("\rflows \(done)/\(total) (\(done * 100 / max(total, 1))%)".utf8))
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
