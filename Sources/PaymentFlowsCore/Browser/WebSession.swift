import Foundation

/// Where a hosted page returns to the app.
public enum WebSessionCallback: Sendable, Hashable, CustomStringConvertible {
    /// A custom URL scheme such as `fancyshop` or `amazonpay-ios-v2`.
    case scheme(String)
    /// A universal link on `host`, optionally under `pathPrefix`.
    case universalLink(host: String, pathPrefix: String?)

    /// Whether `url` is this callback.
    public func matches(_ url: URL) -> Bool {
        switch self {
        case .scheme(let scheme):
            return url.scheme?.lowercased() == scheme.lowercased()
        case .universalLink(let host, let prefix):
            guard url.scheme?.lowercased() == "https", url.host?.lowercased() == host.lowercased() else { return false }
            return prefix.map { url.path.hasPrefix($0) } ?? true
        }
    }

    /// `scheme://` or `https://host/prefix`.
    public var description: String {
        switch self {
        case .scheme(let scheme): return "\(scheme)://"
        case .universalLink(let host, let prefix): return "https://\(host)\(prefix ?? "")"
        }
    }
}

/// Why a web session ended without a callback.
public enum WebSessionError: Error, Hashable, Sendable {
    /// The user closed the page.
    case canceled
    /// The page could not be shown.
    case presentationFailed(String)
}

/// Presents a hosted page (an in-app browser, `ASWebAuthenticationSession`, a `WKWebView`) and
/// waits until it navigates to `callback`.
///
/// Implementations return the callback URL exactly once, or throw ``WebSessionError``.
public protocol WebSession: Sendable {
    /// Opens `url` and returns the first URL that matches `callback`.
    func open(_ url: URL, callback: WebSessionCallback) async throws -> URL
}

/// Opens URLs outside the app (the external browser).
public protocol URLOpener: Sendable {
    /// Opens `url`; `false` when nothing could open it.
    func open(_ url: URL) async -> Bool
}
