import Foundation

/// Where a hosted page returns to the app.
public indirect enum WebSessionCallback: Sendable, Hashable, CustomStringConvertible {
    /// A custom URL scheme such as `fancyshop` or `amazonpay-ios-v2`.
    case scheme(String)
    /// A universal link on `host`, optionally under `pathPrefix`.
    case universalLink(host: String, pathPrefix: String?)
    /// Exactly this return URL's scheme, host and path (query and fragment may differ): what an
    /// `https` return URL needs, since any https page would match its scheme alone.
    case returnURL(URL)
    /// Any of several callbacks (a return URL and a cancel URL).
    case anyOf([WebSessionCallback])

    /// The callback for an app's return URL: its scheme for a custom scheme, the whole
    /// scheme + host + path for `http` and `https`.
    public static func returning(to url: URL) -> WebSessionCallback {
        switch url.scheme?.lowercased() {
        case "https"?, "http"?: return .returnURL(url)
        default: return .scheme(url.scheme ?? "")
        }
    }

    /// Whether `url` is this callback.
    public func matches(_ url: URL) -> Bool {
        switch self {
        case .scheme(let scheme):
            return url.scheme?.lowercased() == scheme.lowercased()
        case .returnURL(let expected):
            return url.scheme?.lowercased() == expected.scheme?.lowercased()
                && url.host?.lowercased() == expected.host?.lowercased()
                && url.port == expected.port
                && Self.normalizedPath(url) == Self.normalizedPath(expected)
        case .anyOf(let callbacks):
            return callbacks.contains { $0.matches(url) }
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
        case .returnURL(let url): return "\(url.scheme ?? "")://\(url.host ?? "")\(Self.normalizedPath(url))"
        case .anyOf(let callbacks): return callbacks.map(\.description).joined(separator: " or ")
        }
    }

    /// The path without a trailing `/` (`/` itself for an empty path).
    static func normalizedPath(_ url: URL) -> String {
        var path = url.path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "/" : path
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

    /// Whether pages open in the system's browser, Apple's "Secure WebView"
    /// (`SFSafariViewController`, `ASWebAuthenticationSession`: the browser's own cookies, no script
    /// of the app in the page), rather than in a web view the app controls (`WKWebView`). Amazon Pay
    /// requires it for its sign-in and payment pages. `false` unless the session says otherwise.
    var isSecureWebView: Bool { get }
}

extension WebSession {
    /// A web session is the app's own web view unless it says it is the Secure WebView.
    public var isSecureWebView: Bool { false }
}

/// Opens URLs outside the app (the external browser).
public protocol URLOpener: Sendable {
    /// Opens `url`; `false` when nothing could open it.
    func open(_ url: URL) async -> Bool
}
