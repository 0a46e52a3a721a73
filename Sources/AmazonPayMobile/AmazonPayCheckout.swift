import Foundation
import Logging
import OpenAPIRuntime
import PaymentFlowsCore

/// The guide's native app version: the app shows the review itself and the buyer confirms before
/// the purchase. The cart page's `{op: 'login'}` opens the merchant's app-login page in the Secure
/// WebView with a fresh token; Amazon returns through a universal link whose token must match; the
/// app asks the merchant server for the review (`/sample/checkoutReview`, totals computed on the
/// server), the buyer confirms, the server updates the session (`/sample/checkoutSession`), the
/// payment page opens and relays to `amazonpay-ios-v2://thanks`, and the server completes the
/// session (`/sample/thanks`).
///
/// The app talks only to the merchant server: it never calls Amazon Pay and holds no key.
public final class AmazonPayCheckout: Sendable {
    /// The configuration.
    public let configuration: AmazonPayConfiguration
    private let server: MerchantServerClient
    private let pages: AmazonPayPages
    private let logger: Logger
    private let gate = FlowGate()

    /// Creates the flow over `transport` (`URLSessionTransport` unless given, `PaymentDefaults.transport`).
    public init(
        configuration: AmazonPayConfiguration, transport: any ClientTransport = PaymentDefaults.transport, webSession: any WebSession,
        tokens: TokenSource = .random, retryPolicy: RetryPolicy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(20)),
        logger: Logger = Logger(label: "AmazonPayMobile")
    ) {
        self.configuration = configuration
        self.logger = logger
        self.server = MerchantServerClient(configuration: configuration, transport: transport, retryPolicy: retryPolicy, logger: logger)
        self.pages = AmazonPayPages(configuration: configuration, webSession: webSession, tokens: tokens, logger: logger)
    }

    /// Decodes and validates a message posted by the page's JavaScript.
    public func bridgeMessage(from body: Data) throws -> BridgeMessage {
        try AmazonPayPages.bridgeMessage(from: body)
    }

    /// Runs the whole sequence, started by the cart page's message `body` (`{op: 'login'}`), for
    /// `cart`; `confirm` shows the server's review on the main actor and returns whether the buyer
    /// confirms the purchase.
    public func checkout(
        bridgeMessage body: Data, cart: SampleCart, confirm: @escaping @MainActor @Sendable (CheckoutReview) async -> Bool
    ) async throws -> AmazonPayReceipt {
        do {
            return try await gate.run("checkout") { try await self.runCheckout(body, cart, confirm) }
        } catch let error as FlowInProgressError {
            throw AmazonPayError(.flowInProgress, error.description)
        }
    }

    private func runCheckout(
        _ body: Data, _ cart: SampleCart, _ confirm: @MainActor @Sendable (CheckoutReview) async -> Bool
    ) async throws -> AmazonPayReceipt {
        guard case .login = try bridgeMessage(from: body) else {
            throw AmazonPayError(.invalidBridgeMessage, "the checkout starts with {op: 'login'}")
        }
        guard cart.violations.isEmpty, cart.hd8 + cart.hd10 > 0 else {
            throw AmazonPayError(.invalidBridgeMessage, "the cart is empty or a quantity is out of range")
        }
        // 1. Secure WebView login; the universal link must bring the app's token back.
        let sessionId = try await pages.login()
        // 2. The review, with the totals computed on the merchant server.
        let review = try await server.call(
            MerchantCheckoutReviewOperation(
                amazonCheckoutSessionId: CheckoutSessionID(sessionId), client: server.configuration.client, hd8: CartQuantity(cart.hd8),
                hd10: CartQuantity(cart.hd10)))
        try MerchantServerClient.requireOpen(review.checkoutSession)
        logger.info("review", metadata: ["price": "\(review.order.price)", "chargeAmount": "\(review.order.chargeAmount)"])
        // 3. The buyer confirms on the app's own review screen.
        guard await confirm(review) else {
            throw AmazonPayError(.buyerDeclinedPurchase, "the buyer did not confirm the purchase")
        }
        // 4. The server numbers the order and updates the session; the page would post {op: 'auth', url}.
        let updated = try await server.call(MerchantUpdateCheckoutSessionOperation(session: sessionId))
        guard let redirect = updated.webCheckoutDetails?.amazonPayRedirectUrl else {
            throw AmazonPayError(.apiError, "the updated session has no amazonPayRedirectUrl")
        }
        guard case .auth(let auth) = try bridgeMessage(from: try PayWire.encodeJSON(BridgeMessage.auth(AuthMessage(url: redirect)))) else {
            throw AmazonPayError(.invalidBridgeMessage, "expected {op: 'auth'}")
        }
        // 5. The payment page relays to the app's custom scheme.
        try await pages.authorize(auth.url)
        // 6. The server completes the session with the order's charge amount.
        let thanks = try await server.call(MerchantThanksOperation(session: sessionId))
        guard thanks.checkoutSession.statusDetails.state == .completed else {
            throw MerchantServerClient.stateError(thanks.checkoutSession.statusDetails)
        }
        logger.info("checkout completed", metadata: ["reference": "\(thanks.order.merchantReferenceId ?? "")"])
        return AmazonPayReceipt(order: thanks.order, session: thanks.checkoutSession)
    }
}
