import Foundation
import Logging
import OpenAPIRuntime
import PaymentFlowsCore

/// The Amazon Pay mobile sequence of the guide: the cart page's `{op: 'login'}` opens the
/// app-login page in the Secure WebView with a fresh token; Amazon returns through a universal link
/// whose token must match; the session is read, the order computed and the session updated; the
/// page's `{op: 'auth', url}` opens the payment page; the relay page returns to
/// `amazonpay-ios-v2://thanks`; the session is completed with the charge amount.
public final class AmazonPayCheckout: Sendable {
    /// The configuration.
    public let configuration: AmazonPayConfiguration
    private let client: PayAPIClient
    private let webSession: any WebSession
    private let tokens: TokenSource
    private let logger: Logger
    private let gate = FlowGate()
    private let nextReference = LockIsolated(1)

    /// Creates the flow. Retries use the same idempotency key, so a lost answer never charges twice.
    public init(
        configuration: AmazonPayConfiguration, transport: any ClientTransport, webSession: any WebSession,
        apiBaseURL: URL = URL(string: "https://pay-api.amazon.jp")!, tokens: TokenSource = .random,
        retryPolicy: RetryPolicy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(20)),
        logger: Logger = Logger(label: "AmazonPayMobile")
    ) {
        self.configuration = configuration
        self.webSession = webSession
        self.tokens = tokens
        self.logger = logger
        self.client = PayAPIClient(transport: transport, baseURL: apiBaseURL, retryPolicy: retryPolicy, logger: logger)
    }

    /// Decodes and validates a message posted by the page's JavaScript.
    public func bridgeMessage(from body: Data) throws -> BridgeMessage {
        let message: BridgeMessage
        do {
            message = try PayWire.decodeJSON(BridgeMessage.self, from: body)
        } catch let error as PayloadDecodingError {
            throw AmazonPayError(.invalidBridgeMessage, error.issues.map { "\($0.path): \($0.kind.rawValue)" }.joined(separator: ", "))
        }
        let violations = message.violations
        guard violations.isEmpty else {
            throw AmazonPayError(.invalidBridgeMessage, violations.map { "\($0.path) [\($0.rule)]" }.joined(separator: ", "))
        }
        return message
    }

    /// The next merchant reference id: `MY-ORDER-1`, `MY-ORDER-2`, …
    func newMerchantReferenceId() -> String {
        nextReference.withValue { next in
            defer { next += 1 }
            return "MY-ORDER-\(next)"
        }
    }

    /// Runs the whole sequence, started by the cart page's message `body` (`{op: 'login'}`), for `items`.
    public func checkout(bridgeMessage body: Data, items: [MerchantOrderItem]) async throws -> AmazonPayReceipt {
        do {
            return try await gate.run("checkout") { try await self.runCheckout(body, items) }
        } catch let error as FlowInProgressError {
            throw AmazonPayError(.flowInProgress, error.description)
        }
    }

    private func runCheckout(_ body: Data, _ items: [MerchantOrderItem]) async throws -> AmazonPayReceipt {
        guard case .login = try bridgeMessage(from: body) else {
            throw AmazonPayError(.invalidBridgeMessage, "the checkout starts with {op: 'login'}")
        }
        // 1. App-login page with a fresh lowercase UUID token.
        let token = tokens.lowercaseUUID()
        let login = AppLoginQuery(client: .iosApp, token: token)
        guard let loginURL = try login.url(appendingTo: configuration.appLoginURL) else {
            throw AmazonPayError(.invalidCallback, "the app-login URL cannot be built")
        }
        logger.info("opening app login", metadata: ["host": "\(configuration.appLoginURL.host ?? "")"])
        let review = try await open(loginURL, callback: configuration.reviewReturn)
        // 2. The universal link must carry the same token (constant time); otherwise nothing proceeds.
        let returned: ReviewReturnQuery
        do {
            returned = try ReviewReturnQuery(url: review)
        } catch {
            throw AmazonPayError(.invalidCallback, "the review return URL lacks token or amazonCheckoutSessionId")
        }
        guard ConstantTime.equals(returned.token, token) else {
            logger.warning("token mismatch on the review return URL")
            throw AmazonPayError(.tokenMismatch, "the universal link's token does not match the one the app sent")
        }
        let sessionId = returned.amazonCheckoutSessionId
        // 3. Read the session and compute the order.
        let session = try await call(GetCheckoutSessionOperation(checkoutSessionId: sessionId, region: configuration.region))
        try requireOpen(session)
        let reference = newMerchantReferenceId()
        let order = OrderCalculator.order(items: items, merchantReferenceId: reference, checkoutSessionId: sessionId)
        let charge = AmazonPayPrice(amount: String(order.chargeAmount), currencyCode: configuration.ledgerCurrency)
        logger.info("order computed", metadata: ["price": "\(order.price)", "chargeAmount": "\(order.chargeAmount)", "reference": "\(reference)"])
        // 4. Update the session with the amount, order number and result URL.
        let update = UpdateCheckoutSessionRequest(
            webCheckoutDetails: UpdateWebCheckoutDetails(checkoutResultReturnUrl: configuration.checkoutResultReturnURL),
            paymentDetails: PaymentDetails(paymentIntent: .authorize, canHandlePendingAuthorization: false, chargeAmount: charge),
            merchantMetadata: MerchantMetadata(
                merchantReferenceId: reference, merchantStoreName: configuration.merchantStoreName,
                noteToBuyer: configuration.noteToBuyer, customInformation: configuration.customInformation))
        let updated = try await call(UpdateCheckoutSessionOperation(
            checkoutSessionId: sessionId, idempotencyKey: IdempotencyKey(tokens.idempotencyKey()), region: configuration.region, body: update))
        guard let redirect = updated.webCheckoutDetails?.amazonPayRedirectUrl else {
            throw AmazonPayError(.apiError, "the updated session has no amazonPayRedirectUrl")
        }
        // 5. The page posts {op: 'auth', url}; open the payment page, which relays to the custom scheme.
        let auth = try bridgeMessage(from: try PayWire.encodeJSON(BridgeMessage.auth(AuthMessage(url: redirect))))
        guard case .auth(let authMessage) = auth else { throw AmazonPayError(.invalidBridgeMessage, "expected {op: 'auth'}") }
        let relay = try await open(authMessage.url, callback: .scheme(configuration.relayScheme))
        switch relay.host {
        case "thanks": break
        case "cancel": throw AmazonPayError(.buyerCanceled, "the buyer canceled on the payment page")
        default: throw AmazonPayError(.invalidCallback, "the relay page returned to an unknown URL")
        }
        // 6. Complete the session with the charge amount; retries reuse the idempotency key.
        let completed = try await call(CompleteCheckoutSessionOperation(
            checkoutSessionId: sessionId, idempotencyKey: IdempotencyKey(tokens.idempotencyKey()), region: configuration.region,
            body: CompleteCheckoutSessionRequest(chargeAmount: charge)))
        guard completed.statusDetails.state == .completed else {
            throw AmazonPayError(.invalidSessionStatus, "the session is \(completed.statusDetails.state.rawValue) after completion")
        }
        logger.info("checkout completed", metadata: ["reference": "\(reference)"])
        return AmazonPayReceipt(order: order, session: completed)
    }

    private func open(_ url: URL, callback: WebSessionCallback) async throws -> URL {
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

    private func requireOpen(_ session: CheckoutSession) throws {
        switch session.statusDetails.state {
        case .open: return
        default: throw stateError(session.statusDetails)
        }
    }

    private func stateError(_ status: StatusDetails) -> AmazonPayError {
        switch status.reasonCode {
        case .expired?: return AmazonPayError(.sessionExpired, "the checkout session expired", reasonCode: status.reasonCode?.rawValue)
        case .declined?: return AmazonPayError(.declined, "the payment was declined", reasonCode: status.reasonCode?.rawValue)
        case .buyerCanceled?: return AmazonPayError(.buyerCanceled, "the buyer canceled", reasonCode: status.reasonCode?.rawValue)
        default: return AmazonPayError(.invalidSessionStatus, "the session is \(status.state.rawValue)", reasonCode: status.reasonCode?.rawValue)
        }
    }

    private func call<Operation: PayOperation>(_ operation: Operation) async throws -> CheckoutSession
    where Operation.ResponseBody == CheckoutSession, Operation.ErrorBody == AmazonPayErrorResponse {
        let response: PayAPIResponse<Operation>
        do {
            response = try await client.send(operation)
        } catch let error as PayTransportError {
            throw AmazonPayError(.transport, "\(error.code) on \(Operation.operationID)")
        }
        switch response {
        case .success(_, let session):
            return session
        case .failure(let status, let body):
            switch body?.reasonCode {
            case .invalidCheckoutSessionStatus?:
                if let id = Self.sessionId(of: operation),
                   case .success(_, let session)? = try? await client.send(GetCheckoutSessionOperation(checkoutSessionId: id, region: configuration.region)) {
                    throw stateError(session.statusDetails)
                }
                throw AmazonPayError(.invalidSessionStatus, "the session does not allow \(Operation.operationID)", reasonCode: body?.reasonCode.rawValue)
            case .duplicateIdempotencyKey?:
                throw AmazonPayError(.duplicateIdempotencyKey, "an idempotency key was reused with another body", reasonCode: body?.reasonCode.rawValue)
            default:
                throw AmazonPayError(.apiError, "HTTP \(status) on \(Operation.operationID)", reasonCode: body?.reasonCode.rawValue)
            }
        }
    }

    private static func sessionId<Operation: PayOperation>(of operation: Operation) -> String? {
        let parts = operation.path.split(separator: "/")
        guard let index = parts.firstIndex(of: "checkoutSessions"), index + 1 < parts.count else { return nil }
        return String(parts[index + 1]).removingPercentEncoding
    }
}
