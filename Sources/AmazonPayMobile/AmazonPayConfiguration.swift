import Foundation

/// Where the app's merchant server lives and how Amazon Pay's pages come back to the app.
///
/// The app talks only to the merchant server (`https://<host>/appLogin`, `/sample/…`); the server
/// alone calls Amazon Pay API v2 and signs those calls. No key of any kind is configured here.
public struct AmazonPayConfiguration: Sendable, Hashable {
    /// The merchant server (`https://<host>`): its app-login page and its `/sample/…` endpoints.
    public var merchantServerURL: URL
    /// The universal link Amazon returns to after login (its host, and a path prefix).
    public var reviewReturn: WebSessionCallback
    /// The custom scheme the relay page (`dispatcher.html`) opens after the payment page.
    public var relayScheme: String
    /// The client kind the app announces (`iosApp`).
    public var client: ClientKind
    /// The app-login page opened in the Secure WebView: `<merchantServerURL>/appLogin` unless given
    /// (the HTTP sandbox serves it at `/h/<host>/appLogin`).
    public var appLoginURL: URL
    /// Whether Amazon Pay's pages may open only in the Secure WebView (the guide: "the Amazon Pay
    /// process needs to be executed on the Secure WebView"). With `true`, the default, a web
    /// session whose `isSecureWebView` is `false` (the app's own `WKWebView`) fails
    /// with ``AmazonPayErrorCode/secureWebViewRequired`` before any page opens.
    public var requiresSecureWebView: Bool

    /// Creates a configuration; the defaults are the sample's.
    public init(
        merchantServerURL: URL, reviewReturn: WebSessionCallback, relayScheme: String = "amazonpay-ios-v2", client: ClientKind = .iosApp,
        appLoginURL: URL? = nil, requiresSecureWebView: Bool = true
    ) {
        self.merchantServerURL = merchantServerURL
        self.reviewReturn = reviewReturn
        self.relayScheme = relayScheme
        self.client = client
        self.appLoginURL = appLoginURL ?? merchantServerURL.appending(path: "appLogin")
        self.requiresSecureWebView = requiresSecureWebView
    }

    /// `https://<host>/sample/checkoutReview?amazonCheckoutSessionId=…`: the review the WebView loads.
    public func checkoutReviewURL(checkoutSessionId: String) -> URL {
        merchantServerURL.appending(path: "sample/checkoutReview").appending(queryItems: [
            URLQueryItem(name: "amazonCheckoutSessionId", value: checkoutSessionId)
        ])
    }

    /// `https://<host>/sample/thanks`: the page the WebView loads after the relay.
    public var thanksURL: URL { merchantServerURL.appending(path: "sample/thanks") }

    /// `https://<host>/static/sample/error.html`: where the guide sends the WebView after a failure.
    public var errorPageURL: URL { merchantServerURL.appending(path: "static/sample/error.html") }
}

/// What a completed checkout produced.
public struct AmazonPayReceipt: Sendable, Hashable {
    /// The order as the merchant server computed it, with its totals and reference id.
    public var order: MerchantOrder
    /// The completed session.
    public var session: CheckoutSession
}
