import Foundation
import Logging
import OpenAPIRuntime
import PaymentFlowsCore

/// Optional hooks around the 3-D Secure challenge's web view, called on the main actor. Card-only
/// apps implement none.
@MainActor
public protocol ThreeDSecureChallengePresentationDelegate: AnyObject, Sendable {
    /// The challenge is about to be shown (show a spinner).
    func threeDSecureWillLaunch(_ cardClient: CardClient)
    /// The challenge finished (clean up UI).
    func threeDSecureDidFinish(_ cardClient: CardClient)
    /// The buyer canceled the challenge.
    func threeDSecureDidCancel(_ cardClient: CardClient)
}

extension ThreeDSecureChallengePresentationDelegate {
    /// Does nothing.
    public func threeDSecureWillLaunch(_ cardClient: CardClient) {}
    /// Does nothing.
    public func threeDSecureDidFinish(_ cardClient: CardClient) {}
    /// Does nothing.
    public func threeDSecureDidCancel(_ cardClient: CardClient) {}
}

/// Approves orders with cards: `approveOrder(request:)` confirms the card as the order's payment
/// source and, when the order needs payer action, runs the 3-D Secure challenge.
public final class CardClient: Sendable {
    let api: OrdersAPI
    let webSession: any WebSession
    let logger: Logger
    private let gate = FlowGate()
    private struct Delegates: Sendable {
        var challenge = WeakReference<any ThreeDSecureChallengePresentationDelegate>(nil)
        var legacy = WeakReference<AnyObject & Sendable>(nil)
    }
    private let delegates = LockIsolated(Delegates())

    /// The challenge's presentation events, for adapters such as the delegate-era API.
    enum ChallengeEvent: Sendable {
        case willLaunch, didFinish, didCancel
    }

    /// Storage for the delegate of the delegate-era API (held weakly).
    var legacyDelegateStorage: (AnyObject & Sendable)? {
        get { delegates.value.legacy.object }
        set { delegates.withValue { $0.legacy = WeakReference(newValue) } }
    }

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - config: the access token and the environment.
    ///   - transport: HTTP; `URLSessionTransport` unless given (`PaymentDefaults.transport`).
    ///   - webSession: shows the 3-D Secure challenge; the app's default unless given (`PaymentDefaults.webSession`).
    ///   - tokens: where request ids (PayPal-Request-Id) come from; random unless given (tests pass a fixed source).
    ///   - logger: where the client logs; never a secret.
    public init(
        config: CoreConfig, transport: any ClientTransport = PaymentDefaults.transport,
        webSession: any WebSession = PaymentDefaults.webSession,
        tokens: TokenSource = .random, logger: Logger = Logger(label: "PayPalPayments.card")
    ) {
        self.api = OrdersAPI(config: config, transport: transport, tokens: tokens, logger: logger)
        self.webSession = webSession
        self.logger = logger
    }

    /// The optional 3-D Secure presentation delegate (held weakly).
    public var threeDSecureChallengeDelegate: (any ThreeDSecureChallengePresentationDelegate)? {
        get { delegates.value.challenge.object }
        set { delegates.withValue { $0.challenge = WeakReference(newValue) } }
    }

    /// Approves `request.orderID` with `request.card`; throws ``CoreSDKError``.
    public func approveOrder(request: CardRequest) async throws -> CardResult {
        try await approveOrder(request: request, events: { _ in })
    }

    /// `approveOrder(request:)` that also reports the challenge's presentation events to `events`.
    func approveOrder(request: CardRequest, events: @escaping @MainActor @Sendable (ChallengeEvent) -> Void) async throws -> CardResult {
        do {
            return try await gate.run("approveOrder") { try await self.approve(request, events: events) }
        } catch is FlowInProgressError {
            throw CoreSDKError(CardClientError.unknown, detail: "(another approveOrder is in progress)")
        }
    }

    static func confirmBody(_ request: CardRequest) -> ConfirmPaymentSourceRequest {
        let card = request.card
        let address = card.billingAddress
        let source = CardPaymentSource(
            number: card.number, expiry: "\(card.expirationYear)-\(card.expirationMonth)", securityCode: card.securityCode,
            name: card.cardholderName, billingAddress: address,
            attributes: request.threeDSecureRequest.map {
                CardAttributes(verification: CardVerification(method: $0.sca == .always ? .scaAlways : .scaWhenRequired))
            })
        let context = request.threeDSecureRequest.map { ApplicationContext(returnUrl: $0.returnUrl, cancelUrl: $0.cancelUrl) }
        return ConfirmPaymentSourceRequest(paymentSource: PayPalPaymentSource(card: source), applicationContext: context)
    }

    private func approve(_ request: CardRequest, events: @escaping @MainActor @Sendable (ChallengeEvent) -> Void) async throws -> CardResult
    {
        let violations = request.violations
        guard violations.isEmpty else {
            throw CoreSDKError(
                CardClientError.encoding, detail: "(invalid: " + violations.map { "\($0.path) [\($0.rule)]" }.joined(separator: ", ") + ")")
        }
        logger.info("confirming payment source", metadata: ["orderID": "\(request.orderID)"])
        let order = try await api.confirm(orderID: request.orderID, body: Self.confirmBody(request))
        guard order.status == .payerActionRequired else {
            return CardResult(orderID: order.id, status: order.status, didAttemptThreeDSecureAuthentication: false)
        }
        guard let threeDS = request.threeDSecureRequest else {
            throw CoreSDKError(
                CardClientError.threeDSecure, detail: "(the order needs 3-D Secure but the request has no threeDSecureRequest)")
        }
        guard let link = order.links?.first(where: { $0.rel == "payer-action" })?.href else {
            throw CoreSDKError(CardClientError.threeDSecureURL)
        }
        let presentation = threeDSecureChallengeDelegate
        let delegate = ChallengeNotifier(client: self, delegate: presentation, events: events)
        await delegate.threeDSecureWillLaunch(self)
        let callback: URL
        do {
            callback = try await webSession.open(
                link, callback: .anyOf([.returning(to: threeDS.returnUrl), .returning(to: threeDS.cancelUrl)]))
        } catch WebSessionError.canceled {
            await delegate.threeDSecureDidCancel(self)
            throw CoreSDKError(CardClientError.threeDSecureCanceled)
        } catch {
            await delegate.threeDSecureDidFinish(self)
            throw CoreSDKError(CardClientError.threeDSecure, detail: "(the challenge could not be shown)")
        }
        // Scheme, host and path must be the app's own return or cancel URL: any https page (or
        // another path of the app's scheme) is not a result.
        if WebSessionCallback.returnURL(threeDS.cancelUrl).matches(callback) {
            await delegate.threeDSecureDidCancel(self)
            throw CoreSDKError(CardClientError.threeDSecureCanceled)
        }
        guard WebSessionCallback.returnURL(threeDS.returnUrl).matches(callback) else {
            await delegate.threeDSecureDidFinish(self)
            throw CoreSDKError(CardClientError.malformedDeeplinkURL)
        }
        await delegate.threeDSecureDidFinish(self)
        let returned = try? CardReturnQuery(url: callback)
        logger.info("3-D Secure finished", metadata: ["liabilityShift": "\(returned?.liabilityShift?.rawValue ?? "none")"])
        let refreshed = try await api.order(order.id)
        if refreshed.status == .payerActionRequired {
            throw CoreSDKError(CardClientError.threeDSVerification)
        }
        return CardResult(orderID: refreshed.id, status: refreshed.status, didAttemptThreeDSecureAuthentication: true)
    }

}

/// Tells the optional presentation delegate and the event callback the same events, on the main actor.
@MainActor
struct ChallengeNotifier {
    let client: CardClient
    let delegate: (any ThreeDSecureChallengePresentationDelegate)?
    let events: @MainActor @Sendable (CardClient.ChallengeEvent) -> Void

    func threeDSecureWillLaunch(_ cardClient: CardClient) {
        delegate?.threeDSecureWillLaunch(cardClient)
        events(.willLaunch)
    }

    func threeDSecureDidFinish(_ cardClient: CardClient) {
        delegate?.threeDSecureDidFinish(cardClient)
        events(.didFinish)
    }

    func threeDSecureDidCancel(_ cardClient: CardClient) {
        delegate?.threeDSecureDidCancel(cardClient)
        events(.didCancel)
    }
}
