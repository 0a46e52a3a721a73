import Foundation
import Logging
import PaymentFlowsCore

/// Receives the outcome of web checkout on the main actor (the guide's "current" API;
/// `start(request:)` is the async one).
@MainActor
public protocol PayPalWebCheckoutDelegate: AnyObject, Sendable {
    /// The buyer approved.
    func payPal(_ payPalClient: PayPalWebCheckoutClient, didFinishWithResult result: PayPalWebCheckoutResult)
    /// Checkout failed.
    func payPal(_ payPalClient: PayPalWebCheckoutClient, didFinishWithError error: CoreSDKError)
    /// The buyer canceled.
    func payPalDidCancel(_ payPalClient: PayPalWebCheckoutClient)
}

/// Runs PayPal web checkout: opens `checkoutnow?token=<order>` and reads the return URL.
public final class PayPalWebCheckoutClient: Sendable {
    /// The scheme the checkout returns to.
    public static let returnScheme = "sdk.ios.paypal"
    /// The full return URL.
    public static let redirectURI = "sdk.ios.paypal://x-callback-url/paypal-sdk/paypal-checkout"

    let config: CoreConfig
    let webSession: any WebSession
    let logger: Logger
    private let gate = FlowGate()
    private let delegateReference = LockIsolated(WeakReference<any PayPalWebCheckoutDelegate>(nil))

    /// Creates a client; `webSession` defaults to the app's (`PaymentDefaults.webSession`).
    public init(
        config: CoreConfig, webSession: any WebSession = PaymentDefaults.webSession, logger: Logger = Logger(label: "PayPalPayments.web")
    ) {
        self.config = config
        self.webSession = webSession
        self.logger = logger
    }

    /// The delegate of ``start(request:context:)`` (held weakly), called on the main actor.
    public var delegate: (any PayPalWebCheckoutDelegate)? {
        get { delegateReference.value.object }
        set { delegateReference.setValue(WeakReference(newValue)) }
    }

    /// The checkout URL for `request`.
    public func checkoutURL(for request: PayPalWebCheckoutRequest) throws -> URL? {
        let query = PayPalWebCheckoutURLQuery(
            token: request.orderID, fundingSource: request.fundingSource, redirectUri: Self.redirectURI, nativeXO: "1")
        return try query.url(appendingTo: config.environment.webCheckoutURL)
    }

    /// Runs web checkout; a cancel is `checkoutCanceled` (PayPalClientErrorDomain 5).
    public func start(request: PayPalWebCheckoutRequest) async throws -> PayPalWebCheckoutResult {
        do {
            return try await gate.run("webCheckout") { try await self.run(request) }
        } catch is FlowInProgressError {
            throw CoreSDKError(PayPalClientError.unknown, detail: "(another checkout is in progress)")
        }
    }

    /// The delegate-based start of the guide: exactly one delegate method is called.
    public func start(request: PayPalWebCheckoutRequest, context: Any? = nil) {
        Task { @MainActor in
            do {
                let result = try await start(request: request)
                delegate?.payPal(self, didFinishWithResult: result)
            } catch let error as CoreSDKError where error.matches(PayPalClientError.checkoutCanceled) {
                delegate?.payPalDidCancel(self)
            } catch let error as CoreSDKError {
                delegate?.payPal(self, didFinishWithError: error)
            } catch {
                delegate?.payPal(self, didFinishWithError: CoreSDKError(PayPalClientError.unknown))
            }
        }
    }

    private func run(_ request: PayPalWebCheckoutRequest) async throws -> PayPalWebCheckoutResult {
        guard request.violations.isEmpty, let url = try? checkoutURL(for: request) else { throw CoreSDKError(PayPalClientError.payPalURL) }
        logger.info("opening web checkout", metadata: ["orderID": "\(request.orderID)"])
        let callback: URL
        do {
            callback = try await webSession.open(url, callback: .scheme(Self.returnScheme))
        } catch WebSessionError.canceled {
            throw CoreSDKError(PayPalClientError.checkoutCanceled)
        } catch {
            throw CoreSDKError(PayPalClientError.webSession)
        }
        guard WebSessionCallback.scheme(Self.returnScheme).matches(callback), let query = try? WebCheckoutReturnQuery(url: callback) else {
            throw CoreSDKError(PayPalClientError.malformedResult)
        }
        if query.opType == "cancel" { throw CoreSDKError(PayPalClientError.checkoutCanceled) }
        guard let token = query.token, let payerID = query.payerID, !payerID.isEmpty, token == request.orderID else {
            throw CoreSDKError(PayPalClientError.malformedResult)
        }
        return PayPalWebCheckoutResult(orderID: token, payerID: payerID)
    }
}
