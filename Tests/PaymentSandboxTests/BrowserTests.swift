import Foundation
import PaymentFlowsCore
import PaymentMocks
import PaymentSandbox
import PaymentScenarios
import Testing

/// Every provider's hosted pages in a real browser engine: headless Chromium loads each page from
/// the sandbox, a tester's taps drive it (pay, cancel, fail, sign in, Next), and the Swift client
/// finishes the checkout from the navigation the browser made to the callback URL or deep link.
///
/// Chromium, chromedriver and Selenium come from `.ci/run`; without them the suite says so and
/// passes, unless `PAYMENTSCHEMAS_REQUIRE_BROWSER=1` (set by `.ci/run`) makes their absence a failure.
@Suite("Hosted pages in a real browser", .serialized)
struct BrowserTests {
    /// A scenario and the buttons the tester taps through its pages.
    static let cases: [(scenario: String, taps: [String])] = [
        ("mcs/success", ["success"]), ("mcs/cancel", ["cancel"]), ("mcs/failure", ["failure"]),
        ("mit/hosted-approved", ["approved"]), ("mit/hosted-denied", ["denied"]), ("mit/token-payment", ["authenticated"]), ("mit/3ds-failed", ["failed"]),
        ("amazonpay/success", ["continue", "nextButton", "pay"]), ("amazonpay/canceled", ["continue", "nextButton", "cancel"]),
        ("amazonpay/declined", ["continue", "nextButton", "decline"]), ("amazonpay/token-mismatch", ["forge", "nextButton"]),
        ("paypal/card-3ds", ["passes"]), ("paypal/web", ["approve"]), ("paypal/web-cancel", ["cancel"]),
        ("mollie/in-app-paid", ["paid"]), ("mollie/canceled", ["canceled"]), ("mollie/expired", ["expired"]),
    ]

    @Test func everyProvidersHostedFlowCompletesInChromium() async throws {
        guard ChromiumWebSession.isAvailable else {
            let required = ProcessInfo.processInfo.environment["PAYMENTSCHEMAS_REQUIRE_BROWSER"] == "1"
            #expect(!required, "Chromium, chromedriver or Selenium is missing; .ci/run installs them")
            print("note: Chromium, chromedriver or Selenium is not installed; the real-browser test did not run")
            return
        }
        let sandbox = SandboxServer()
        let running = try await sandbox.start()
        let browser = try ChromiumWebSession(sandbox: sandbox)
        defer { browser.close() }
        #expect(try await !browser.ready().isEmpty)
        var wrong: [String] = []
        var providers: Set<String> = []
        for entry in Self.cases {
            guard let scenario = ScenarioCatalog.all.first(where: { $0.id == entry.scenario }) else {
                wrong.append("\(entry.scenario): no such scenario")
                continue
            }
            browser.taps = entry.taps
            let before = browser.pages.count
            let result = await ScenarioRunner.run(scenario, network: sandbox, webSession: browser)
            let tapped = browser.pages.dropFirst(before)
            if !(result.matchesExpectation && result.invariantsHold) || tapped.isEmpty {
                wrong.append("\(entry.scenario): \(result.outcome) pages \(Array(tapped))")
            } else {
                providers.insert(scenario.provider)
            }
        }
        await running.stop()
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(providers == Set(ScenarioCatalog.providers))
        // Amazon Pay's rescue path ran in the browser: sign-in, the redirector's JavaScript, next.html's Next.
        #expect(browser.pages.contains { $0.hasPrefix("Amazon Login processing completed [nextButton]") })
    }
}
