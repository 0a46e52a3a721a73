import AmazonPayMobile
import Foundation
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import PaymentFlowsCore
import PaymentMocks
import SuiteMCommerce

/// What a scenario is expected to end in, without injected faults.
package enum ScenarioExpectation: Sendable, Hashable, CustomStringConvertible {
    /// The flow completes and its summary starts with the text.
    case completes(String)
    /// The flow fails with the typed error code (see ``ScenarioRunner/classify(_:)``).
    case fails(String)

    /// `completes: x` or `fails: code`.
    package var description: String {
        switch self {
        case .completes(let prefix): return "completes: \(prefix)"
        case .fails(let code): return "fails: \(code)"
        }
    }
}

/// One flow against the mock providers, in a world of its own.
package struct FlowScenario: Sendable {
    /// The provider: `mcs`, `mit`, `amazonpay`, `paypal` or `mollie`.
    package let provider: String
    /// The scenario's name, unique per provider.
    package let name: String
    /// What it exercises.
    package let summary: String
    /// How it ends without faults.
    package let expectation: ScenarioExpectation
    let body: @MainActor @Sendable (ScenarioContext) async throws -> String

    /// `provider/name`.
    package var id: String { "\(provider)/\(name)" }

    init(
        _ provider: String, _ name: String, _ summary: String, expect expectation: ScenarioExpectation,
        _ body: @escaping @MainActor @Sendable (ScenarioContext) async throws -> String
    ) {
        self.provider = provider
        self.name = name
        self.summary = summary
        self.expectation = expectation
        self.body = body
    }
}

/// The world one scenario runs in: a browser, transports with the run's fault plan, captured logs,
/// the secrets the scenario handles and the charges its providers made.
package final class ScenarioContext: @unchecked Sendable {
    /// The run's seed.
    package let seed: UInt64
    /// The chance of a fault per request.
    package let faultRate: Double
    /// The scripted browser.
    package let browser = MockBrowser()
    /// Every log line.
    package let logs = CapturedLogs()
    /// Each step: requests with their outcome, pages opened.
    package let steps = Recorder<String>()
    private let lock = NSLock()
    private var secretValues: [String] = []
    private var chargeCounts: [String: Int] = [:]
    private var transports: [MockProviderTransport] = []

    /// Where the providers are reached: in memory when `nil`, else over real HTTP.
    let network: (any ScenarioNetwork)?
    /// The web session the flows open hosted pages in: the scripted ``browser``, or a real browser
    /// that loads the pages the sandbox serves.
    package let webSession: any WebSession

    init(seed: UInt64, faultRate: Double, network: (any ScenarioNetwork)? = nil, webSession: (any WebSession)? = nil) {
        self.seed = seed
        self.faultRate = faultRate
        self.network = network
        self.webSession = webSession ?? browser
        let steps = self.steps
        browser.observer = { steps.record($0) }
        if let network { browser.addressMap = { network.providerURL(for: $0) } }
    }

    /// A transport for `name` with this run's faults.
    package func transport(_ name: String) -> MockProviderTransport {
        let transport = MockProviderTransport(name: name, faults: FaultPlan(rate: faultRate, seed: seed &* 31 &+ UInt64(name.utf8.count)))
        let steps = self.steps
        transport.observer = { steps.record($0) }
        lock.withLock { transports.append(transport) }
        if let network { transport.remote = network.endpoint(for: transport) }
        return transport
    }

    /// The providers' transports created for this run.
    var providerTransports: [MockProviderTransport] { lock.withLock { transports } }

    /// Deterministic tokens for this run.
    package var tokens: TokenSource { .seeded(seed) }

    /// Declares values that must never appear in logs, errors or descriptions.
    package func secrets(_ values: String...) {
        lock.withLock { secretValues.append(contentsOf: values) }
    }

    /// Records how many times `what` was charged (more than one is a double charge).
    package func charged(_ what: String, _ times: Int) {
        lock.withLock { chargeCounts[what] = times }
    }

    var declaredSecrets: [String] { lock.withLock { secretValues } }
    var charges: [String: Int] { lock.withLock { chargeCounts } }
    /// Requests no mock expected, answers that broke their declared types, and operations a mock
    /// serves that its schemas do not declare: each one a failure of the run.
    var unexpectedRequests: [String] {
        lock.withLock {
            transports.flatMap { transport in
                transport.unexpected + transport.breaches.map { "contract breach: \($0)" }
                    + transport.missingOperations.map { "undeclared operation \($0)" }
            }
        } + browser.unexpected
    }
}

/// What one run of a scenario produced.
package struct ScenarioResult: Sendable {
    /// How a run ended: exactly one of these.
    package enum Outcome: Sendable, Hashable {
        /// Completed, with a summary.
        case completed(String)
        /// Failed with a typed error: its code and description.
        case failed(code: String, message: String)
    }

    /// The scenario.
    package let scenario: FlowScenario
    /// The seed.
    package let seed: UInt64
    /// The outcome.
    package let outcome: Outcome
    /// Each step.
    package let steps: [String]
    /// Every log line.
    package let logLines: [String]
    /// Charges per charged thing.
    package let charges: [String: Int]
    /// Secrets found in logs, the outcome or steps (must be empty).
    package let leakedSecrets: [String]
    /// The secrets the scenario declared handling (passwords, keys, tokens), for checks of what
    /// else shows its exchanges (the sandbox's inspector).
    package let secrets: [String]
    /// Requests or pages no mock expected (must be empty).
    package let unexpected: [String]

    /// Whether the outcome is what the scenario expects (meaningful without faults).
    package var matchesExpectation: Bool {
        switch (scenario.expectation, outcome) {
        case (.completes(let prefix), .completed(let summary)): return summary.hasPrefix(prefix)
        case (.fails(let code), .failed(let actual, _)): return code == actual
        default: return false
        }
    }

    /// Things charged more than once (must be empty).
    package var doubleCharges: [String] { charges.filter { $0.value > 1 }.map(\.key).sorted() }

    /// Whether the run kept every invariant: no double charge, no leak, nothing unexpected.
    package var invariantsHold: Bool { doubleCharges.isEmpty && leakedSecrets.isEmpty && unexpected.isEmpty }
}

/// Runs scenarios.
package enum ScenarioRunner {
    /// Runs `scenario` once.
    /// Runs `scenario` once, in memory or, with a `network`, with every provider call over HTTP.
    /// With a `webSession` (a real browser), the sandbox serves the hosted pages it loads.
    package static func run(
        _ scenario: FlowScenario, seed: UInt64 = 1, faultRate: Double = 0, network: (any ScenarioNetwork)? = nil,
        webSession: (any WebSession)? = nil
    ) async -> ScenarioResult {
        let context = ScenarioContext(seed: seed, faultRate: faultRate, network: network, webSession: webSession)
        if webSession != nil { network?.servePages(of: context.browser) }
        defer { if webSession != nil { network?.stopServingPages(of: context.browser) } }
        let outcome: ScenarioResult.Outcome
        do {
            outcome = .completed(try await scenario.body(context))
        } catch {
            let (code, message) = classify(error)
            outcome = .failed(code: code, message: message)
        }
        network?.release(context.providerTransports)
        let logs = context.logs.all
        let steps = context.steps.events
        var haystack = logs + steps
        switch outcome {
        case .completed(let summary): haystack.append(summary)
        case .failed(let code, let message): haystack.append(code + " " + message)
        }
        let text = haystack.joined(separator: "\n")
        let leaks = SecretScanner.leaks(of: context.declaredSecrets, in: text)
        return ScenarioResult(
            scenario: scenario, seed: seed, outcome: outcome, steps: steps, logLines: logs, charges: context.charges,
            leakedSecrets: leaks, secrets: context.declaredSecrets, unexpected: context.unexpectedRequests)
    }

    /// A stable code for a typed error: `Module.code` (or MIT's catalog code, or PayPal's `domain.code`).
    package static func classify(_ error: any Error) -> (code: String, message: String) {
        switch error {
        case let error as MCSCommerceWebError: return ("MCSCommerceWeb.\(error.code)", error.description)
        case let error as SuiteError: return (error.code, error.description)
        case let error as AmazonPayError: return ("AmazonPay.\(error.code)", error.description)
        case let error as CoreSDKError: return ("\(error.domain).\(error.code)", error.description)
        case let error as MollieCheckoutError: return ("MollieCheckout.\(error.code)", error.description)
        case let error as PayTransportError: return ("PayTransport.\(error.code)", error.description)
        default: return ("untyped", "an untyped error: \(type(of: error))")
        }
    }
}

/// Finds secrets in output the way they leak: written as a value, a whole token. A security code
/// `737` is a leak in `securityCode=737` or `"737"`, but not inside an unrelated random id such as
/// `…610737f`: a token is bounded by characters that are not letters or digits.
package enum SecretScanner {
    /// The secrets of `secrets` that appear in `text` as whole tokens.
    package static func leaks(of secrets: [String], in text: String) -> [String] {
        secrets.filter { secret in !secret.isEmpty && containsToken(secret, in: text) }
    }

    /// Whether `token` occurs in `text` with no letter or digit right before or after it.
    package static func containsToken(_ token: String, in text: String) -> Bool {
        var searchStart = text.startIndex
        while let range = text.range(of: token, range: searchStart..<text.endIndex) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : nil
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            searchStart = text.index(after: range.lowerBound)
        }
        return false
    }

    private static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber
    }
}
