/// Receives the checkout request when the button is tapped and the result when checkout ends.
public protocol MCSCheckoutDelegate: AnyObject, Sendable {
    /// Asks for the request of this transaction; call `handler` once with it.
    func getCheckoutRequest(withHandler handler: @escaping @Sendable (MCSCheckoutRequest) -> Void)
    /// Reports the outcome: `.success` with a transaction id, or `.canceled` without one.
    func checkoutCompleted(withRequest request: MCSCheckoutRequest, status: MCSCheckoutStatus, transactionId: String?)
}

/// The outcome of one checkout.
public struct MCSCheckoutResult: Sendable, Hashable {
    /// Success or canceled.
    public var status: MCSCheckoutStatus
    /// The transaction id (`oauth_token`), present exactly when `status` is success.
    public var transactionId: String?
    /// The checkout resource, when the callback carried one.
    public var checkoutResourceURL: String?

    /// Creates a result.
    public init(status: MCSCheckoutStatus, transactionId: String?, checkoutResourceURL: String? = nil) {
        self.status = status
        self.transactionId = transactionId
        self.checkoutResourceURL = checkoutResourceURL
    }

    /// A canceled checkout.
    public static let canceled = MCSCheckoutResult(status: .canceled, transactionId: nil)
}
