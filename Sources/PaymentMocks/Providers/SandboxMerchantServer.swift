import AmazonPayMerchantServer
import Foundation
import Logging
import PaymentFlowsCore

extension SampleMerchantServer {
    /// The guide's merchant server wired to the mocks: it signs with the process's sandbox key
    /// (``AmazonPayRequestSigner/sandbox()``) in front of `amazon`, which is told to verify every
    /// call with the key's public half (and nothing else); its endpoints go on `transport`, its pages
    /// to `browser`, and it sends the buyer to the mock's sign-in page. A plain browser's cart page
    /// loads the mock's `checkout.js` from `checkoutScriptURL` (where the pages are served).
    public static func sandbox(
        amazon: MockAmazonPayServer, browser: MockBrowser,
        transport: MockProviderTransport = MockProviderTransport(name: "AmazonPayMerchant"),
        tokens: TokenSource = .random, logger: Logger = Logger(label: "AmazonPayMerchantServer"),
        checkoutScriptURL: URL = MockAmazonPayServer.checkoutScriptURL
    ) throws -> SampleMerchantServer {
        let signer = try AmazonPayRequestSigner.sandbox()
        amazon.signatureVerifier = AmazonPaySignatureVerifier(publicKeys: [signer.publicKeyID: signer.publicKey])
        let server = SampleMerchantServer(
            configuration: SampleMerchantServer.Configuration(
                amazonPaySignInURL: MockAmazonPayServer.signInURL, amazonPayCheckoutScriptURL: checkoutScriptURL),
            signer: signer, amazonPay: amazon.transport, routes: transport, tokens: tokens, logger: logger)
        for page in server.hostedPages { browser.host(page) }
        return server
    }
}
