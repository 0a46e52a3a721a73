import Foundation

/// What the app's web view does next after a message from the merchant's page, as the guide's
/// WebView app does it: load the next page, restore the page after the buyer closed the Secure
/// WebView, or show the merchant's error page. Every outcome is a step; nothing is left for the
/// app to work out from an error.
public enum AmazonPayWebViewStep: Sendable, Hashable {
    /// Load this page: the merchant's checkout review after login, its thanks page after payment.
    case load(URL)
    /// Run this JavaScript in the web view. After the buyer taps Done in the Secure WebView, the
    /// cart page is still blank from `coverScreen()`; the guide runs
    /// ``AmazonPayWebViewBridge/uncoverScreenScript`` (`uncoverScreen()`) to restore it.
    case evaluateJavaScript(String)
    /// The flow failed: load the merchant's error page (`/static/sample/error.html`, as the guide's
    /// app does); the error says why (a token that does not match, a declined payment…).
    case showError(URL, AmazonPayError)
    /// Nothing to do: another checkout is already running in this web view, or the message is not
    /// one the guide handles (unknown or malformed: the guide's `default: return`).
    case ignore
}

extension AmazonPayWebViewStep {
    /// The JavaScript the guide's app runs for this step (`webView.evaluateJavaScript(…)`, in
    /// `viewDidLoad`): `loadUrl("<page>")` for a page, as the guide loads the review and thanks
    /// pages (the merchant's page navigates itself: `function loadUrl(url) { location.href = url; }`),
    /// the step's own script, or `nil` when there is nothing to do. The URL is written as a JSON
    /// string (a JavaScript string literal), so no character of it can end the call.
    public var javaScript: String? {
        switch self {
        case .load(let url), .showError(let url, _): return "loadUrl(\(PayJSON.string(url.absoluteString).jsonText))"
        case .evaluateJavaScript(let script): return script
        case .ignore: return nil
        }
    }
}
