import Foundation
import Logging
import OpenAPIRuntime
import PaymentFlowsCore

/// The pages both app versions open in the Secure WebView: the merchant's app-login page with the
/// universal-link token check, and Amazon's payment page with the relay to the custom scheme.
struct AmazonPayPages: Sendable {
    let configuration: AmazonPayConfiguration
    let webSession: any WebSession
    let tokens: TokenSource
    let logger: Logger

    /// Decodes and validates a message posted by the page's JavaScript.
    static func bridgeMessage(from body: Data) throws -> BridgeMessage {
        let message: BridgeMessage
        do {
            message = try PayWire.decodeJSON(BridgeMessage.self, from: body)
        } catch let error as PayloadDecodingError {
            throw AmazonPayError(.invalidBridgeMessage, error.issues.map { "\($0.path): \($0.kind.rawValue)" }.joined(separator: ", "))
        } catch {
            throw AmazonPayError(.invalidBridgeMessage, "the message is not JSON")
        }
        let violations = message.violations
        guard violations.isEmpty else {
            throw AmazonPayError(.invalidBridgeMessage, violations.map { "\($0.path) [\($0.rule)]" }.joined(separator: ", "))
        }
        return message
    }

    /// `{op: 'login'}`: opens the merchant's app-login page with a fresh token in the Secure WebView
    /// and returns the checkout session id once the universal link brings the same token back.
    func login() async throws -> String {
        let token = tokens.lowercaseUUID()
        guard let loginURL = try AppLoginQuery(client: configuration.client, token: token).url(appendingTo: configuration.appLoginURL)
        else {
            throw AmazonPayError(.invalidCallback, "the app-login URL cannot be built")
        }
        logger.info("opening app login", metadata: ["host": "\(configuration.merchantServerURL.host ?? "")"])
        let review = try await open(loginURL, callback: configuration.reviewReturn)
        let returned: ReviewReturnQuery
        do {
            returned = try ReviewReturnQuery(url: review)
        } catch {
            throw AmazonPayError(.invalidCallback, "the universal link lacks token or amazonCheckoutSessionId")
        }
        guard ConstantTime.equals(returned.token, token) else {
            logger.warning("token mismatch on the universal link")
            throw AmazonPayError(.tokenMismatch, "the universal link's token does not match the one the app sent")
        }
        return returned.amazonCheckoutSessionId
    }

    /// `{op: 'auth', url}`: opens the payment page and waits for the relay page's custom scheme.
    func authorize(_ url: URL) async throws {
        let relay = try await open(url, callback: .scheme(configuration.relayScheme))
        switch relay.host.flatMap(RelayResult.init(rawValue:)) {
        case .thanks?: return
        case .cancel?: throw AmazonPayError(.buyerCanceled, "the buyer canceled on the payment page")
        case nil: throw AmazonPayError(.invalidCallback, "the relay page returned to an unknown URL")
        }
    }

    private func open(_ url: URL, callback: WebSessionCallback) async throws -> URL {
        guard webSession.isSecureWebView || !configuration.requiresSecureWebView else {
            throw AmazonPayError(
                .secureWebViewRequired, "Amazon Pay's pages open only in the Secure WebView, and this web session is the app's web view")
        }
        let end: URL
        do {
            end = try await webSession.open(url, callback: callback)
        } catch WebSessionError.canceled {
            throw AmazonPayError(.buyerCanceled, "the buyer closed the Secure WebView")
        } catch {
            throw AmazonPayError(.webSessionFailed, "the Secure WebView failed")
        }
        guard callback.matches(end) else {
            throw AmazonPayError(.invalidCallback, "the page returned to \(end.scheme ?? "?")://\(end.host ?? "") instead of \(callback)")
        }
        return end
    }
}
