/// Receives the checkout request when the button is tapped and the result when checkout ends, on
/// the main actor.
@MainActor
public protocol MCSCheckoutDelegate: AnyObject, Sendable {
    /// Asks for the request of this transaction; call `handler` once with it.
    func getCheckoutRequest(withHandler handler: @escaping (MCSCheckoutRequest) -> Void)
    /// Reports the outcome: `.success` with a transaction id, or `.canceled` without one.
    func checkoutCompleted(withRequest request: MCSCheckoutRequest, status: MCSCheckoutStatus, transactionId: String?)
}

extension MCSCheckoutResult {
    /// A canceled checkout.
    public static let canceled = MCSCheckoutResult(status: .canceled)
}
