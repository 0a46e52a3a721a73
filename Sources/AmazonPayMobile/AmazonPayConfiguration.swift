import Foundation

/// Where the mobile flow's pages live and what the merchant sends.
public struct AmazonPayConfiguration: Sendable, Hashable {
    /// The merchant's app-login page (`https://<host>/appLogin`), opened in the Secure WebView.
    public var appLoginURL: URL
    /// The universal link Amazon returns to after login (its host, and a path prefix).
    public var reviewReturn: WebSessionCallback
    /// The custom scheme the relay page opens after the payment page.
    public var relayScheme: String
    /// Where the payment page returns (the relay page for apps).
    public var checkoutResultReturnURL: URL
    /// The ledger currency.
    public var ledgerCurrency: String
    /// The account's region.
    public var region: AmazonPayRegion
    /// The store name shown to the buyer.
    public var merchantStoreName: String
    /// A note to the buyer.
    public var noteToBuyer: String
    /// Data not shared with the buyer.
    public var customInformation: String

    /// Creates a configuration; the defaults are the sample's.
    public init(
        appLoginURL: URL, reviewReturn: WebSessionCallback, relayScheme: String = "amazonpay-ios-v2",
        checkoutResultReturnURL: URL, ledgerCurrency: String = "JPY", region: AmazonPayRegion = .jp,
        merchantStoreName: String = "MY-SHOP", noteToBuyer: String = "Thank you!", customInformation: String = "This isn't shared with AmazonPayBuyer"
    ) {
        self.appLoginURL = appLoginURL
        self.reviewReturn = reviewReturn
        self.relayScheme = relayScheme
        self.checkoutResultReturnURL = checkoutResultReturnURL
        self.ledgerCurrency = ledgerCurrency
        self.region = region
        self.merchantStoreName = merchantStoreName
        self.noteToBuyer = noteToBuyer
        self.customInformation = customInformation
    }
}

/// What a completed checkout produced.
public struct AmazonPayReceipt: Sendable, Hashable {
    /// The order, with its totals and reference id.
    public var order: MerchantOrder
    /// The completed session.
    public var session: CheckoutSession
}
