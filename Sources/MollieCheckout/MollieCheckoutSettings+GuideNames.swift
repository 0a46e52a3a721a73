import Foundation

/// The demo's `Settings.swift` names (`kBaseUrl`, `kSelectPaymentMethod`, `kPaymentFlow`), so code
/// written from the guide's settings table reads and sets the same values.
extension MollieCheckoutSettings {
    /// The guide's settings, by their `Settings.swift` names.
    public init(kBaseUrl: URL, kSelectPaymentMethod: Bool = false, kPaymentFlow: PaymentFlow = .externalBrowser) {
        self.init(baseUrl: kBaseUrl, selectPaymentMethod: kSelectPaymentMethod, paymentFlow: kPaymentFlow)
    }

    /// `kBaseUrl`: the base URL of the backend in use (``baseUrl``).
    public var kBaseUrl: URL {
        get { baseUrl }
        set { baseUrl = newValue }
    }

    /// `kSelectPaymentMethod`: select the payment method when creating the payment (``selectPaymentMethod``).
    public var kSelectPaymentMethod: Bool {
        get { selectPaymentMethod }
        set { selectPaymentMethod = newValue }
    }

    /// `kPaymentFlow`: the flow used when executing a payment (``paymentFlow``).
    public var kPaymentFlow: PaymentFlow {
        get { paymentFlow }
        set { paymentFlow = newValue }
    }
}
