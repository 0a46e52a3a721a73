import AmazonPayMobile
import Foundation
import PaymentFlowsCore

extension ScenarioCatalog {
    @MainActor
    static func amazonCheckout(_ context: ScenarioContext, _ outcome: MockAmazonPayServer.Outcome) async throws -> String {
        let server = MockAmazonPayServer(outcome: outcome, transport: context.transport("AmazonPay"), browser: context.browser, seed: context.seed &+ 0x5EED)
        let checkout = AmazonPayCheckout(
            configuration: MockAmazonPayServer.configuration, transport: server.transport, webSession: context.browser, tokens: context.tokens,
            retryPolicy: RetryPolicy(maxAttempts: 3, initialDelay: .zero), logger: context.logs.logger("AmazonPayMobile"))
        context.secrets(TokenSource.seeded(context.seed).lowercaseUUID())
        defer {
            for (session, count) in server.completionsBySession { context.charged("Amazon Pay session \(session)", count) }
        }
        let receipt = try await checkout.checkout(bridgeMessage: Data(#"{"op":"login"}"#.utf8), items: OrderCalculator.sampleCart(hd8: 1, hd10: 1))
        return "completed \(receipt.order.merchantReferenceId ?? "") charge=\(receipt.order.chargeAmount) \(receipt.session.paymentDetails?.chargeAmount?.currencyCode ?? "")"
    }

    static let amazonPay: [FlowScenario] = [
        FlowScenario("amazonpay", "success", "Login, token check, get, update, payment page, relay, complete", expect: .completes("completed MY-ORDER-1 charge=27456")) {
            try await amazonCheckout($0, .success)
        },
        FlowScenario("amazonpay", "token-mismatch", "The universal link carries another token: nothing proceeds", expect: .fails("AmazonPay.tokenMismatch")) {
            try await amazonCheckout($0, .tokenMismatch)
        },
        FlowScenario("amazonpay", "expired", "The session expired before the purchase page", expect: .fails("AmazonPay.sessionExpired")) {
            try await amazonCheckout($0, .expired)
        },
        FlowScenario("amazonpay", "canceled", "The buyer cancels on the payment page (amazonpay-ios-v2://cancel)", expect: .fails("AmazonPay.buyerCanceled")) {
            try await amazonCheckout($0, .canceledAtPayment)
        },
        FlowScenario("amazonpay", "declined", "The payment is declined: complete answers InvalidCheckoutSessionStatus", expect: .fails("AmazonPay.declined")) {
            try await amazonCheckout($0, .declined)
        },
        FlowScenario("amazonpay", "closed-login", "The buyer closes the Secure WebView at login", expect: .fails("AmazonPay.buyerCanceled")) {
            try await amazonCheckout($0, .closedAtLogin)
        },
    ]
}
