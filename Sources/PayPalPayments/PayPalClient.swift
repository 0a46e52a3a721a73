import Foundation
import Logging
import PaymentFlowsCore

/// The native pay sheet (PayPal's native checkout SDK): shows the order and reports the buyer's
/// shipping changes, then approves or cancels.
public protocol NativePaySheet: Sendable {
    /// Presents `orderID`; `onShippingChange` asks the merchant what to do with each change.
    /// Throws `WebSessionError.canceled` when the buyer cancels.
    func present(
        orderID: String, onShippingChange: @escaping @Sendable (ShippingChange) async -> ShippingChangeDecision
    ) async throws -> Approval
}

/// Sets the order the native checkout pays (the guide's `createOrderAction.set(orderId:)`).
public final class CreateOrderAction: Sendable {
    let shot = OneShot<String>()

    /// Sets the order id; only the first call counts.
    public func set(orderId: String) { shot.resolve(orderId) }
}

/// The merchant's answer to a shipping change, as PayPal's native SDK names it: call exactly one of
/// the methods, once (later calls are ignored). The answer itself is a ``ShippingChangeDecision``.
public final class ShippingChangeAction: Sendable {
    let shot = OneShot<ShippingChangeDecision>()

    /// Accepts the change.
    public func approve() { shot.resolve(.approve) }
    /// Rejects the change; the buyer picks again.
    public func reject() { shot.resolve(.reject) }
    /// Patches the order (new amounts, shipping options) and accepts.
    public func patch() { shot.resolve(.patch) }
}

/// The pay sheet of a client created without one: PayPal's web approval page in the app's web
/// session, as PayPal's native checkout falls back to the web where the native sheet is not
/// available. The buyer changes shipping on PayPal's page itself, so no shipping change reaches
/// the merchant through this sheet; pass a native sheet to `PayPalClient(config:paySheet:)` for
/// `paypalDidShippingAddressChange`.
public struct WebFallbackPaySheet: NativePaySheet {
    let client: PayPalWebCheckoutClient

    /// A sheet that opens PayPal's web checkout for `config` in `webSession` (the app's default
    /// unless given).
    public init(
        config: CoreConfig, webSession: any WebSession = PaymentDefaults.webSession, logger: Logger = Logger(label: "PayPalPayments.native")
    ) {
        self.client = PayPalWebCheckoutClient(config: config, webSession: webSession, logger: logger)
    }

    /// Runs web checkout for `orderID` and returns its approval (a cancel is `checkoutCanceled`).
    public func present(
        orderID: String, onShippingChange: @escaping @Sendable (ShippingChange) async -> ShippingChangeDecision
    ) async throws -> Approval {
        let result = try await client.start(request: PayPalWebCheckoutRequest(orderID: orderID))
        return Approval(orderID: result.orderID, payerID: result.payerID)
    }
}

/// Receives the native checkout's events (the guide's delegate), on the main actor.
@MainActor
public protocol PayPalNativeCheckoutDelegate: AnyObject, Sendable {
    /// The buyer approved.
    func paypal(_ payPalClient: PayPalClient, didFinishWithResult approvalResult: Approval)
    /// Checkout failed.
    func paypal(_ payPalClient: PayPalClient, didFinishWithError error: CoreSDKError)
    /// The buyer canceled.
    func paypalDidCancel(_ payPalClient: PayPalClient)
    /// The pay sheet is about to appear.
    func paypalWillStart(_ payPalClient: PayPalClient)
    /// The buyer changed the shipping address or method; answer through `shippingChangeAction`.
    func paypalDidShippingAddressChange(
        _ payPalClient: PayPalClient, shippingChange: ShippingChange, shippingChangeAction: ShippingChangeAction)
}

/// PayPal native checkout with shipping-change callbacks.
public final class PayPalClient: Sendable {
    let config: CoreConfig
    let paySheet: any NativePaySheet
    let logger: Logger
    /// How long the delegate has to answer a shipping change before it is rejected.
    public let shippingAnswerTimeout: Duration
    /// The clock the timeouts are measured on.
    public let clock: any Clock<Duration>
    private let gate = FlowGate()
    private let delegateReference = LockIsolated(WeakReference<any PayPalNativeCheckoutDelegate>(nil))

    /// Creates a client. Without a `paySheet` the buyer approves on PayPal's web page in the app's
    /// web session (``WebFallbackPaySheet``).
    public init(
        config: CoreConfig, paySheet: (any NativePaySheet)? = nil, shippingAnswerTimeout: Duration = .seconds(30),
        clock: any Clock<Duration> = ContinuousClock(), logger: Logger = Logger(label: "PayPalPayments.native")
    ) {
        self.config = config
        self.paySheet = paySheet ?? WebFallbackPaySheet(config: config, logger: logger)
        self.shippingAnswerTimeout = shippingAnswerTimeout
        self.clock = clock
        self.logger = logger
    }

    /// The delegate (held weakly), called on the main actor.
    public var delegate: (any PayPalNativeCheckoutDelegate)? {
        get { delegateReference.value.object }
        set { delegateReference.setValue(WeakReference(newValue)) }
    }

    /// The guide's `start { createOrderAction in … }`: exactly one of the delegate's finish, error or cancel methods is called.
    public func start(createOrder: @escaping @MainActor @Sendable (CreateOrderAction) -> Void) {
        Task { @MainActor in
            let action = CreateOrderAction()
            createOrder(action)
            guard let orderID = await action.shot.wait(timeout: shippingAnswerTimeout, clock: clock) else {
                delegate?.paypal(self, didFinishWithError: CoreSDKError(PayPalNativeError.getOrderDetails, detail: "(no order id was set)"))
                return
            }
            do {
                let approval = try await start(request: PayPalNativeCheckoutRequest(orderID: orderID))
                delegate?.paypal(self, didFinishWithResult: approval)
            } catch let error as CoreSDKError where error.matches(PayPalClientError.checkoutCanceled) {
                delegate?.paypalDidCancel(self)
            } catch let error as CoreSDKError {
                delegate?.paypal(self, didFinishWithError: error)
            } catch {
                delegate?.paypal(self, didFinishWithError: CoreSDKError(PayPalNativeError.unknown))
            }
        }
    }

    /// Runs native checkout for `request.orderID` and returns the approval.
    public func start(request: PayPalNativeCheckoutRequest) async throws -> Approval {
        guard request.violations.isEmpty else { throw CoreSDKError(PayPalNativeError.getOrderDetails, detail: "(invalid order id)") }
        do {
            return try await gate.run("nativeCheckout") { try await self.run(request.orderID) }
        } catch is FlowInProgressError {
            throw CoreSDKError(PayPalNativeError.unknown, detail: "(another checkout is in progress)")
        }
    }

    private func run(_ orderID: String) async throws -> Approval {
        await delegate?.paypalWillStart(self)
        do {
            let approval = try await paySheet.present(orderID: orderID) { [weak self] change in
                guard let self else { return .reject }
                return await self.answer(change)
            }
            guard approval.orderID == orderID else {
                throw CoreSDKError(PayPalNativeError.nativeCheckoutSDK, detail: "(approved another order)")
            }
            return approval
        } catch WebSessionError.canceled {
            throw CoreSDKError(PayPalClientError.checkoutCanceled)
        } catch let error as CoreSDKError {
            throw error
        } catch {
            throw CoreSDKError(PayPalNativeError.nativeCheckoutSDK)
        }
    }

    private func answer(_ change: ShippingChange) async -> ShippingChangeDecision {
        guard let delegate else { return .approve }
        let responder = ShippingChangeAction()
        await delegate.paypalDidShippingAddressChange(self, shippingChange: change, shippingChangeAction: responder)
        guard let action = await responder.shot.wait(timeout: shippingAnswerTimeout, clock: clock) else {
            logger.warning("no answer to a shipping change; rejecting it")
            return .reject
        }
        return action
    }
}
