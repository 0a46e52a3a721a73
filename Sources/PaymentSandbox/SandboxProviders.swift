import AmazonPayMerchantServer
import Foundation
import PaymentMocks

/// The providers `payflow serve` serves, each under its fixed prefix: what an app in the Simulator
/// and the contract tests talk to. Tests build the same set, so what they prove is what `serve` runs.
package struct SandboxProviders: Sendable {
    /// One served provider.
    package struct Entry: Sendable {
        /// The prefix under `/t/`.
        package let id: String
        /// What it is.
        package let summary: String
        /// Its transport.
        package let transport: MockProviderTransport
        /// The callback scheme an app registers for it.
        package let callbackScheme: String
    }

    /// PayPal's OAuth, Orders and Payments API.
    package let payPal: MockPayPalServer
    /// Amazon Pay API v2.
    package let amazonPay: MockAmazonPayServer
    /// The guide's Amazon Pay merchant server.
    package let merchant: SampleMerchantServer
    /// The Mollie demo backend.
    package let mollie: MockMollieBackend
    /// Mollie's own API, where the demo backend makes its payments.
    package let mollieAPI: MockMollieAPI
    /// MIT Suite mCommerce.
    package let mit: MockMITServer
    /// The browser whose hosted pages the sandbox serves.
    package let browser: MockBrowser
    /// Every provider, in the order `serve` prints them.
    package let entries: [Entry]

    /// Builds every provider with faults at `faultRate` (seeded by `seed`) and registers each on
    /// `sandbox` under its prefix, with its reset and its pages.
    package init(on sandbox: SandboxServer, seed: UInt64 = 1, faultRate: Double = 0, latency: Duration = .milliseconds(250)) throws {
        func transport(_ name: String, _ salt: UInt64) -> MockProviderTransport {
            MockProviderTransport(name: name, faults: FaultPlan(rate: faultRate, seed: seed &+ salt, latency: latency))
        }
        let browser = MockBrowser()
        let payPal = MockPayPalServer(transport: transport("PayPal", 1), browser: browser, seed: seed)
        let amazon = MockAmazonPayServer(transport: transport("AmazonPay", 2), browser: browser, seed: seed)
        let mollieAPI = MockMollieAPI(transport: transport("MollieAPI", 6))
        let mollie = MockMollieBackend(transport: transport("MollieBackend", 3), api: mollieAPI, browser: browser)
        let mit = MockMITServer(transport: transport("MIT", 4), browser: browser, seed: seed)
        // The app talks to the merchant server; only the merchant server calls Amazon Pay, signed.
        let merchantTransport = transport("AmazonPayMerchant", 5)
        // The cart page's checkout.js is the mock's, where the sandbox serves it (same origin).
        let checkoutScript = URL(
            string: SandboxPages.pagePath(host: MockAmazonPayServer.paymentHost, path: MockAmazonPayServer.checkoutScriptURL.path))
        let merchant = try SampleMerchantServer.sandbox(
            amazon: amazon, browser: browser, transport: merchantTransport,
            checkoutScriptURL: checkoutScript ?? MockAmazonPayServer.checkoutScriptURL)
        MockSRCCheckout.install(on: browser, callbackScheme: "fancyshop", outcome: { .success }, transactionIds: .random)
        self.payPal = payPal
        self.amazonPay = amazon
        self.merchant = merchant
        self.mollie = mollie
        self.mollieAPI = mollieAPI
        self.mit = mit
        self.browser = browser
        entries = [
            Entry(
                id: "paypal", summary: "PayPal OAuth, Orders and Payments API (PayPalPayments)", transport: payPal.transport,
                callbackScheme: "sdk.ios.paypal"),
            Entry(
                id: "amazonpay-merchant", summary: "Amazon Pay sample merchant server (AmazonPayMobile's merchantServerURL)",
                transport: merchantTransport, callbackScheme: "amazonpay-ios-v2"),
            Entry(
                id: "amazonpay", summary: "Amazon Pay API v2 (signed requests only)", transport: amazon.transport,
                callbackScheme: "amazonpay-ios-v2"),
            Entry(
                id: "mollie", summary: "Mollie demo backend (MollieCheckout)", transport: mollie.transport,
                callbackScheme: "mollie-checkout"),
            Entry(
                id: "mollie-api", summary: "Mollie's API: payments, methods and refunds (Bearer test_ keys)",
                transport: mollieAPI.transport,
                callbackScheme: "mollie-checkout"),
            Entry(id: "mit", summary: "MIT Suite mCommerce (SuiteMCommerce)", transport: mit.transport, callbackScheme: "suitemcommerce"),
        ]
        sandbox.register(payPal.transport, as: "paypal", apiHost: "api-m.sandbox.paypal.com", reset: { payPal.reset() })
        sandbox.register(merchantTransport, as: "amazonpay-merchant", reset: { merchant.reset() })
        sandbox.register(amazon.transport, as: "amazonpay", reset: { amazon.reset() })
        sandbox.register(mollie.transport, as: "mollie", reset: { mollie.reset() })
        sandbox.register(mollieAPI.transport, as: "mollie-api", apiHost: MockMollieAPI.apiHost, reset: { mollieAPI.reset() })
        sandbox.register(mit.transport, as: "mit", reset: { mit.reset() })
        sandbox.servePages(of: browser)
    }

    /// Every per-request scenario the providers offer.
    package static var requestScenarios: [RequestScenario] {
        MockPayPalServer.requestScenarios + MockMollieBackend.requestScenarios + MockAmazonPayServer.requestScenarios
            + MockMITServer.requestScenarios
    }
}
