import Foundation
import OpenAPIURLSession
import PaymentFlowsCore
import PaymentMocks
import PaymentSandbox
import PaymentScenarios

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Completed flows per second per provider (each provider's happy path, fresh mock world per
/// flow): in memory, over the loopback sandbox with the server-side transport (AsyncHTTPClient),
/// and over the same sandbox with URLSession (what the sandbox's clients used before), one run.
enum FlowBench {
    static let happyPaths = ["mcs/success", "mit/hosted-approved", "amazonpay/success", "paypal/card-3ds", "mollie/in-app-paid"]

    /// One row: flows per second in memory, over AsyncHTTPClient and over URLSession, each the
    /// median of its samples with min and max.
    struct Row {
        var label: String
        var inMemory: Stats.Summary
        var asyncHTTPClient: Stats.Summary
        var urlSession: Stats.Summary
    }

    /// The sandbox with URLSession as its clients' transport (one session per provider, 256
    /// connections per host, as the sandbox had it before AsyncHTTPClient).
    struct URLSessionNetwork: ScenarioNetwork {
        let sandbox: SandboxServer
        let sessions = LockIsolated<[String: URLSession]>([:])

        func endpoint(for transport: MockProviderTransport) -> MockProviderTransport.RemoteEndpoint {
            var endpoint = sandbox.endpoint(for: transport)
            let session = sessions.withValue { sessions -> URLSession in
                if let session = sessions[transport.name] { return session }
                let configuration = URLSessionConfiguration.ephemeral
                configuration.httpMaximumConnectionsPerHost = 256
                configuration.timeoutIntervalForRequest = sandbox.configuration.clientTimeout
                let session = URLSession(configuration: configuration)
                sessions[transport.name] = session
                return session
            }
            endpoint.transport = URLSessionTransport(configuration: .init(session: session))
            return endpoint
        }
        func release(_ transports: [MockProviderTransport]) { sandbox.release(transports) }
        func servePages(of browser: MockBrowser) { sandbox.servePages(of: browser) }
        func stopServingPages(of browser: MockBrowser) { sandbox.stopServingPages(of: browser) }
        func providerURL(for url: URL) -> URL { sandbox.providerURL(for: url) }
    }

    /// Flows per second one after the other (`concurrency` 1) and with `concurrency` flows in
    /// flight at all times, per provider and for all scenarios mixed, `seconds` per sample and
    /// `samples` samples per figure; each round measures the three transports in a rotated order,
    /// so none always runs first.
    static func compare(seconds: Double, concurrency: Int, samples: Int) async throws -> [Row] {
        let sandbox = SandboxServer(configuration: .inProcess())
        let running = try await sandbox.start()
        let urlSession = URLSessionNetwork(sandbox: sandbox)
        var rows: [Row] = []
        // BENCH_FLOW_ONLY=<scenario id> and BENCH_FLOW_HTTP_ONLY=1 narrow the run (for profiling).
        let environment = ProcessInfo.processInfo.environment
        let httpOnly = environment["BENCH_FLOW_HTTP_ONLY"] == "1"
        for (width, label) in [(1, "one at a time"), (concurrency, "\(concurrency) at once")] where !httpOnly || width > 1 {
            for id in happyPaths + ["all"] where environment["BENCH_FLOW_ONLY"].map({ $0 == id }) ?? true {
                let scenarios = id == "all" ? ScenarioCatalog.all : ScenarioCatalog.scenario(id).map { [$0] } ?? []
                guard !scenarios.isEmpty else { continue }
                let networks: [(any ScenarioNetwork)?] = [nil, sandbox, urlSession]
                var figures: [[Double]] = [[], [], []]
                for round in 0..<samples {
                    for step in 0..<3 {
                        let which = (round + step) % 3
                        if httpOnly && which != 1 { continue }
                        figures[which].append(await rate(scenarios, concurrency: width, seconds: seconds, network: networks[which]))
                    }
                }
                let summaries = figures.map { $0.isEmpty ? Stats.Summary(median: 0, min: 0, max: 0) : Stats.summarize($0) }
                rows.append(
                    Row(
                        label: "\(id == "all" ? "all \(scenarios.count) scenarios" : id), \(label)",
                        inMemory: summaries[0], asyncHTTPClient: summaries[1], urlSession: summaries[2]))
            }
        }
        await running.stop()
        return rows
    }

    /// Completed flows per second with `concurrency` flows in flight until `seconds` have passed
    /// (flows that miss their expectation do not count).
    static func rate(_ scenarios: [FlowScenario], concurrency: Int, seconds: Double, network: (any ScenarioNetwork)?) async -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start.advanced(by: .milliseconds(Int64(seconds * 1_000)))
        let next = LockIsolated(0)
        let completed = await withTaskGroup(of: Int.self, returning: Int.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var done = 0
                    while clock.now < deadline {
                        let index = next.withValue { value -> Int in
                            value += 1
                            return value
                        }
                        let scenario = scenarios[index % scenarios.count]
                        if await ScenarioRunner.run(scenario, seed: UInt64(index), network: network).matchesExpectation { done += 1 }
                    }
                    return done
                }
            }
            var total = 0
            for await done in group { total += done }
            return total
        }
        let elapsed = clock.now - start
        return Double(completed) / Stats.seconds(elapsed)
    }
}
