import Foundation
import Logging
import PaymentFlowsCore

/// The guide's WebView app version: the app hosts the merchant's pages in a web view and answers
/// the messages they post (`webkit.messageHandlers.iosApp.postMessage(…)`). Each answer is the URL
/// the web view loads next: after `{op: 'login'}` and a matching universal-link token, the
/// merchant's `/sample/checkoutReview?amazonCheckoutSessionId=…`; after `{op: 'auth', url}` and the
/// relay to `amazonpay-ios-v2://thanks`, `/sample/thanks` (which completes the purchase on the
/// server). The app never calls Amazon Pay and holds no key.
public final class AmazonPayWebViewBridge: Sendable {
    /// The configuration.
    public let configuration: AmazonPayConfiguration
    private let pages: AmazonPayPages
    private let gate = FlowGate()

    /// Creates the bridge. It calls no HTTP endpoint itself: the web view loads the pages.
    public init(configuration: AmazonPayConfiguration, webSession: any WebSession, tokens: TokenSource = .random, logger: Logger = Logger(label: "AmazonPayMobile")) {
        self.configuration = configuration
        self.pages = AmazonPayPages(configuration: configuration, webSession: webSession, tokens: tokens, logger: logger)
    }

    /// Handles a message the page posted and returns the URL the web view loads next.
    public func handle(message body: Data) async throws -> URL {
        let message = try AmazonPayPages.bridgeMessage(from: body)
        do {
            return try await gate.run("webview") {
                switch message {
                case .login:
                    let sessionId = try await self.pages.login()
                    return self.configuration.checkoutReviewURL(checkoutSessionId: sessionId)
                case .auth(let auth):
                    try await self.pages.authorize(auth.url)
                    return self.configuration.thanksURL
                }
            }
        } catch let error as FlowInProgressError {
            throw AmazonPayError(.flowInProgress, error.description)
        }
    }
}
