import AmazonPayMerchantServer
import AmazonPayMobile
import Foundation
import PaymentFlowsCore
import PaymentMocks

extension ScenarioCatalog {
    /// Amazon Pay as the guide builds it: the app talks to the sample merchant server, which signs
    /// every call to Amazon Pay; the Amazon Pay mock verifies each signature.
    @MainActor
    static func amazonCheckout(
        _ context: ScenarioContext, _ outcome: MockAmazonPayServer.Outcome, confirms: Bool = true
    ) async throws -> String {
        let amazon = MockAmazonPayServer(
            outcome: outcome, transport: context.transport("AmazonPay"), browser: context.browser, seed: context.seed &+ 0x5EED)
        let merchantTransport = context.transport("AmazonPayMerchant")
        let merchant = try SampleMerchantServer.sandbox(
            amazon: amazon, browser: context.browser, transport: merchantTransport,
            tokens: .seeded(context.seed &+ 0xA11), logger: context.logs.logger("AmazonPayMerchantServer"))
        let checkout = AmazonPayCheckout(
            configuration: merchant.configuration.appConfiguration(), transport: merchantTransport, webSession: context.webSession,
            tokens: context.tokens,
            retryPolicy: RetryPolicy(maxAttempts: 3, initialDelay: .zero), logger: context.logs.logger("AmazonPayMobile"))
        context.secrets(TokenSource.seeded(context.seed).lowercaseUUID())
        defer {
            for (session, count) in amazon.completionsBySession { context.charged("Amazon Pay session \(session)", count) }
        }
        let receipt = try await checkout.checkout(bridgeMessage: Data(#"{"op":"login"}"#.utf8), cart: SampleCart(hd8: 1, hd10: 1)) { _ in
            confirms
        }
        return
            "completed \(receipt.order.merchantReferenceId ?? "") charge=\(receipt.order.chargeAmount) \(receipt.session.paymentDetails?.chargeAmount?.currencyCode ?? "")"
    }

    static let amazonPay: [FlowScenario] = [
        FlowScenario(
            "amazonpay", "success", "Login, token check, server review, confirm, server update, payment page, relay, server completes",
            expect: .completes("completed MY-ORDER-1 charge=27456")
        ) {
            try await amazonCheckout($0, .success)
        },
        FlowScenario(
            "amazonpay", "token-mismatch", "The universal link carries another token: nothing proceeds",
            expect: .fails("AmazonPay.tokenMismatch")
        ) {
            try await amazonCheckout($0, .tokenMismatch)
        },
        FlowScenario("amazonpay", "expired", "The session expired before the purchase page", expect: .fails("AmazonPay.sessionExpired")) {
            try await amazonCheckout($0, .expired)
        },
        FlowScenario(
            "amazonpay", "canceled", "The buyer cancels on the payment page (amazonpay-ios-v2://cancel)",
            expect: .fails("AmazonPay.buyerCanceled")
        ) {
            try await amazonCheckout($0, .canceledAtPayment)
        },
        FlowScenario(
            "amazonpay", "declined", "The payment is declined: the server's complete is refused with Declined",
            expect: .fails("AmazonPay.declined")
        ) {
            try await amazonCheckout($0, .declined)
        },
        FlowScenario("amazonpay", "closed-login", "The buyer closes the Secure WebView at login", expect: .fails("AmazonPay.buyerCanceled"))
        {
            try await amazonCheckout($0, .closedAtLogin)
        },
        FlowScenario(
            "amazonpay", "not-confirmed", "The buyer leaves the app's review without confirming: nothing is updated or charged",
            expect: .fails("AmazonPay.buyerDeclinedPurchase")
        ) {
            try await amazonCheckout($0, .success, confirms: false)
        },
    ]
}
