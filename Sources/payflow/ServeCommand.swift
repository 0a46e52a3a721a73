import AmazonPayMerchantServer
import ArgumentParser
import Foundation
import MCSCommerceWeb
import PaymentMocks
import PaymentSandbox

/// `payflow serve`: the stateful mock providers over HTTP on loopback, for apps in the Simulator.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the mock providers over HTTP/1.1 (Hummingbird) until Ctrl-C.",
        discussion: "Prints each provider's base URL and the callback schemes an app configures."
    )

    @Option(help: "The address to listen on (loopback by default).")
    var host = "127.0.0.1"

    @Option(help: "The port (0 picks a free one).")
    var port = 8080

    @Option(help: "The seed of ids and faults.")
    var seed: UInt64 = 1

    @Option(help: "The chance (0…1) that a request meets a fault: latency, 503, a dropped connection, a truncated body, a lost answer.")
    var faults: Double = 0

    func validate() throws {
        if !(0...1).contains(faults) { throw ValidationError("--faults must be between 0 and 1") }
        if !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let sandbox = SandboxServer()
        let browser = MockBrowser()
        func transport(_ name: String, _ salt: UInt64) -> MockProviderTransport {
            MockProviderTransport(name: name, faults: FaultPlan(rate: faults, seed: seed &+ salt))
        }
        let payPal = MockPayPalServer(threeDSecure: .passes, transport: transport("PayPal", 1), browser: browser)
        let amazon = MockAmazonPayServer(transport: transport("AmazonPay", 2), browser: browser, seed: seed)
        let mollie = MockMollieBackend(transport: transport("MollieBackend", 3), browser: browser)
        let mit = MockMITServer(transport: transport("MIT", 4), browser: browser, seed: seed)
        // The app talks to the merchant server; only the merchant server calls Amazon Pay, signed.
        let merchant = try SampleMerchantServer.sandbox(amazon: amazon, browser: browser, transport: transport("AmazonPayMerchant", 5))
        MockSRCCheckout.install(on: browser, callbackScheme: "fancyshop", outcome: { .success }, transactionIds: .random)
        sandbox.servePages(of: browser)
        let providers: [(id: String, provider: String, transport: MockProviderTransport, scheme: String)] = [
            ("paypal", "PayPal Orders API (PayPalPayments)", payPal.transport, "sdk.ios.paypal"),
            ("amazonpay-merchant", "Amazon Pay sample merchant server (AmazonPayMobile's merchantServerURL)", merchant.transport, "amazonpay-ios-v2"),
            ("amazonpay", "Amazon Pay API v2 (called by the merchant server only, signed)", amazon.transport, "amazonpay-ios-v2"),
            ("mollie", "Mollie demo backend (MollieCheckout)", mollie.transport, "mollie-checkout"),
            ("mit", "MIT Suite mCommerce (SuiteMCommerce)", mit.transport, "suitemcommerce"),
        ]
        for entry in providers {
            sandbox.register(entry.transport, as: entry.id)
            entry.transport.observer = { Output.line("  \($0)") }
        }
        let app = sandbox.application(host: host, port: port) { base in
            Output.line("PaymentSchemas sandbox on \(base.absoluteString)  (Ctrl-C stops it)")
            for entry in providers {
                Output.line("  \(entry.provider): \(base.appending(path: "t/\(entry.id)").absoluteString)  callback scheme \(entry.scheme)://")
            }
            Output.line("  Mastercard SRC has no REST API: its checkout is a hosted page; callback scheme fancyshop://")
            Output.line("Hosted pages (open in a browser or a web view; each ends in the app's callback URL):")
            for page in browser.hostedPages {
                Output.line("  \(page.title): \(base.appending(path: "h/\(page.host)").absoluteString)\(page.pathPrefix)…")
            }
        }
        withExtendedLifetime((payPal, amazon, mollie, mit, merchant)) {}
        try await app.runService()
        withExtendedLifetime((payPal, amazon, mollie, mit, merchant)) {}
    }
}
