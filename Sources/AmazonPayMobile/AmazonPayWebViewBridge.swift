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
    public init(
        configuration: AmazonPayConfiguration, webSession: any WebSession, tokens: TokenSource = .random,
        logger: Logger = Logger(label: "AmazonPayMobile")
    ) {
        self.configuration = configuration
        self.pages = AmazonPayPages(configuration: configuration, webSession: webSession, tokens: tokens, logger: logger)
    }

    /// The guide's script that restores the cart page after the buyer closed the Secure WebView
    /// (`webView.evaluateJavaScript(…)` in `viewDidLoad`); harmless on a page without it.
    public static let uncoverScreenScript = "if(window.uncoverScreen) {uncoverScreen();}"

    /// Handles a message the page posted and says what the web view does next: the next page, the
    /// guide's `uncoverScreen()` when the buyer closed the Secure WebView, nothing for a message that
    /// is not one of the guide's (its `switch` ends in `default: return`), or the merchant's error
    /// page for any other failure (a universal-link token that does not match included). Never throws.
    public func step(for message: Data) async -> AmazonPayWebViewStep {
        do {
            return .load(try await handle(message: message))
        } catch let error as AmazonPayError {
            switch error.code {
            case .buyerCanceled: return .evaluateJavaScript(Self.uncoverScreenScript)
            case .flowInProgress, .invalidBridgeMessage: return .ignore
            default: return .showError(configuration.errorPageURL, error)
            }
        } catch {
            return .showError(configuration.errorPageURL, AmazonPayError(.webSessionFailed, "the Secure WebView failed"))
        }
    }

    /// The name the app registers its message handler under and the pages post to
    /// (`userContentController.add(self, name: "iosApp")`, `webkit.messageHandlers.iosApp`).
    ///
    /// The guide's handler then switches on `case "IOSApp"`; WebKit compares handler names exactly,
    /// so that case never matches the registered `iosApp`. The bridge takes the registered name.
    public static let messageHandlerName = "iosApp"

    /// The JSON of a message as WebKit hands it over (`WKScriptMessage.body`): the page's
    /// `postMessage({op: 'login'})` arrives as a dictionary (an `NSDictionary`), which the guide's
    /// handler reads with `message.body as? NSDictionary`; a string posted as text arrives as
    /// that text. `nil` for anything that is not JSON (a number alone, a date), which ``step(for:)``
    /// would ignore anyway. Converted on the caller's actor, before the bridge's `await`, so the
    /// web view's value never crosses actors.
    public static func messageData(fromBody body: Any) -> Data? {
        if let text = body as? String { return Data(text.utf8) }
        if let data = body as? Data { return data }
        guard JSONSerialization.isValidJSONObject(body) else { return nil }
        return try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    /// ``step(for:)`` for a message that arrived through the handler named `handlerName`
    /// (`WKScriptMessage.name`): a message from any handler but ``messageHandlerName`` is ignored,
    /// as the guide's `switch message.name` ignores names it does not know.
    public func step(for message: Data, handlerName: String) async -> AmazonPayWebViewStep {
        guard handlerName == Self.messageHandlerName else { return .ignore }
        return await step(for: message)
    }

    /// Handles a message the page posted and returns the URL the web view loads next; throws an
    /// ``AmazonPayError`` for every failure (``step(for:)`` turns those into steps).
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
