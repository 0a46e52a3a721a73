import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

/// What clients use when an app does not pass its own: a `URLSession` transport (what an iOS app
/// uses; FoundationNetworking on Linux) and the web session the app sets once at launch.
///
/// ```swift
/// PaymentDefaults.setWebSession(MyWebAuthenticationSession())   // once, in the app delegate
/// let cardClient = CardClient(config: config)                   // the guide's spelling
/// ```
public enum PaymentDefaults {
    private static let webSessionBox = LockIsolated<(any WebSession)?>(nil)

    /// A new `URLSessionTransport` on `URLSession.shared`.
    public static var transport: any ClientTransport { URLSessionTransport() }

    /// Sets the web session clients created without one use (an `ASWebAuthenticationSession` or
    /// `WKWebView` wrapper in an app).
    public static func setWebSession(_ webSession: any WebSession) {
        webSessionBox.setValue(webSession)
    }

    /// The web session clients created without one use: the one set with ``setWebSession(_:)``,
    /// looked up when a page opens, so an app may set it after creating its clients.
    public static var webSession: any WebSession { DeferredWebSession() }

    /// Forwards to the web session set at the time a page opens.
    struct DeferredWebSession: WebSession {
        /// The Secure WebView when the session set now is.
        var isSecureWebView: Bool { PaymentDefaults.webSessionBox.value?.isSecureWebView ?? false }

        func open(_ url: URL, callback: WebSessionCallback) async throws -> URL {
            guard let session = PaymentDefaults.webSessionBox.value else {
                throw WebSessionError.presentationFailed("no web session: call PaymentDefaults.setWebSession(_:) once at launch")
            }
            return try await session.open(url, callback: callback)
        }
    }
}
