import AmazonPayMerchantServer
import ArgumentParser
import Foundation
import MCSCommerceWeb
import PaymentMocks
import PaymentSandbox
import _CryptoExtras

/// `payflow serve`: the stateful mock providers over HTTP on loopback, for apps in the Simulator.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the mock providers over HTTP/1.1 (Hummingbird) until Ctrl-C.",
        discussion: """
            Prints each provider's base URL and the callback schemes an app configures. Every request is \
            routed and validated by the schemas; the admin API is under /__admin/ (health, requests, \
            reset, scenarios). Per request: Sandbox-Scenario, Sandbox-Fault and Sandbox-Delay headers.
            """
    )

    @Option(help: "The address to listen on (loopback by default).")
    var host = "127.0.0.1"

    @Option(help: "The port (0 picks a free one).")
    var port = 8080

    @Option(help: "The seed of ids and faults.")
    var seed: UInt64 = 1

    @Option(help: "The chance (0…1) that a request meets a fault: latency, timeout, 503, a truncated body, a lost answer.")
    var faults: Double = 0

    @Option(help: "The base URL links in answers point at, for a device on the network (e.g. http://192.168.1.20:8080).")
    var publicURL: String?

    @Option(help: "A merchant's Amazon Pay RSA public key (PEM) to accept signed requests from, as Amazon takes the key a merchant uploads.")
    var amazonPublicKey: String?

    @Option(help: "The public key id of --amazon-public-key (the PublicKeyId of the Authorization header).")
    var amazonPublicKeyId: String?

    @Option(help: "Seconds a timeout fault holds the connection before closing it (past the client's deadline).")
    var timeoutHold: Double = 65

    @Option(help: "The largest request body in bytes (413 above it).")
    var maxBody = 1 << 20

    /// Every per-request scenario `serve` offers, by provider prefix.
    static var requestScenarios: [RequestScenario] {
        MockPayPalServer.requestScenarios + MockMollieBackend.requestScenarios + MockAmazonPayServer.requestScenarios + MockMITServer.requestScenarios
    }

    func validate() throws {
        if !(0...1).contains(faults) { throw ValidationError("--faults must be between 0 and 1") }
        if !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if !(timeoutHold > 0 && timeoutHold <= 3_600) { throw ValidationError("--timeout-hold must be between 0 and 3600 seconds") }
        if !(1_024...(64 << 20)).contains(maxBody) { throw ValidationError("--max-body must be between 1024 and 67108864 bytes") }
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--public-url must be an absolute http(s) URL such as http://192.168.1.20:8080")
            }
        }
        if (amazonPublicKey == nil) != (amazonPublicKeyId == nil) {
            throw ValidationError("--amazon-public-key and --amazon-public-key-id go together")
        }
        if let amazonPublicKey {
            _ = try Self.publicKey(at: amazonPublicKey)
        }
    }

    /// The RSA public key in the PEM file at `path`.
    static func publicKey(at path: String) throws -> _RSA.Signing.PublicKey {
        guard let data = FileManager.default.contents(atPath: path), let pem = String(data: data, encoding: .utf8) else {
            throw ValidationError("--amazon-public-key: cannot read '\(path)'")
        }
        do {
            return try _RSA.Signing.PublicKey(pemRepresentation: pem)
        } catch {
            throw ValidationError("--amazon-public-key: '\(path)' is not an RSA public key in PEM form")
        }
    }

    func run() async throws {
        var configuration = SandboxConfiguration()
        configuration.publicURL = publicURL.flatMap(URL.init(string:))
        configuration.timeoutHold = .milliseconds(Int64(timeoutHold * 1_000))
        configuration.maximumBodyBytes = maxBody
        let sandbox = SandboxServer(configuration: configuration)
        let browser = MockBrowser()
        func transport(_ name: String, _ salt: UInt64) -> MockProviderTransport {
            MockProviderTransport(name: name, faults: FaultPlan(rate: faults, seed: seed &+ salt, latency: .milliseconds(250)))
        }
        let payPal = MockPayPalServer(transport: transport("PayPal", 1), browser: browser, seed: seed)
        let amazon = MockAmazonPayServer(transport: transport("AmazonPay", 2), browser: browser, seed: seed)
        let mollie = MockMollieBackend(transport: transport("MollieBackend", 3), browser: browser)
        let mit = MockMITServer(transport: transport("MIT", 4), browser: browser, seed: seed)
        // The app talks to the merchant server; only the merchant server calls Amazon Pay, signed.
        let merchant = try SampleMerchantServer.sandbox(amazon: amazon, browser: browser, transport: transport("AmazonPayMerchant", 5))
        if let path = amazonPublicKey, let id = amazonPublicKeyId {
            // Like a merchant's key uploaded to Amazon: requests signed with its private half are accepted.
            amazon.signatureVerifier = (amazon.signatureVerifier ?? AmazonPaySignatureVerifier(publicKeys: [:])).adding(try Self.publicKey(at: path), id: id)
        }
        MockSRCCheckout.install(on: browser, callbackScheme: "fancyshop", outcome: { .success }, transactionIds: .random)
        sandbox.servePages(of: browser)
        let providers: [(id: String, provider: String, transport: MockProviderTransport, scheme: String, apiHost: String?, reset: @Sendable () -> Void)] = [
            ("paypal", "PayPal OAuth and Orders API (PayPalPayments)", payPal.transport, "sdk.ios.paypal", "api-m.sandbox.paypal.com", { payPal.reset() }),
            ("amazonpay-merchant", "Amazon Pay sample merchant server (AmazonPayMobile's merchantServerURL)", merchant.transport, "amazonpay-ios-v2", nil, { merchant.reset() }),
            ("amazonpay", "Amazon Pay API v2 (signed requests only)", amazon.transport, "amazonpay-ios-v2", nil, { amazon.reset() }),
            ("mollie", "Mollie demo backend (MollieCheckout)", mollie.transport, "mollie-checkout", nil, { mollie.reset() }),
            ("mit", "MIT Suite mCommerce (SuiteMCommerce)", mit.transport, "suitemcommerce", nil, { mit.reset() }),
        ]
        for entry in providers {
            sandbox.register(entry.transport, as: entry.id, apiHost: entry.apiHost, reset: entry.reset)
            entry.transport.observer = { Output.line("  \($0)") }
        }
        let publicBase = configuration.publicURL
        let app = sandbox.application(host: host, port: port) { listening in
            let base = publicBase ?? listening
            Output.line("PaymentSchemas sandbox on \(base.absoluteString)  (Ctrl-C stops it)")
            for entry in providers {
                Output.line("  \(entry.provider): \(base.appending(path: "t/\(entry.id)").absoluteString)  callback scheme \(entry.scheme)://")
            }
            Output.line("  Mastercard SRC has no REST API: its checkout is a hosted page; callback scheme fancyshop://")
            Output.line("Hosted pages (open in a browser or a web view; each ends in the app's callback URL):")
            for page in browser.hostedPages {
                Output.line("  \(page.title): \(base.appending(path: "h/\(page.host)").absoluteString)\(page.pathPrefix)…")
            }
            Output.line("Admin: \(base.appending(path: "__admin/health").absoluteString), /__admin/requests, /__admin/reset, /__admin/scenarios")
        }
        withExtendedLifetime((payPal, amazon, mollie, mit, merchant)) {}
        do {
            try await app.runService()
        } catch where "\(error)".contains("Address already in use") || "\(error)".contains("EADDRINUSE") {
            Output.error("error: port \(port) on \(host) is already in use; pick another with --port (0 picks a free one)")
            throw ExitCode(1)
        }
        withExtendedLifetime((payPal, amazon, mollie, mit, merchant)) {}
    }
}
