import Foundation

/// A provider's hosted page: what it shows a tester (its buttons) and what tapping each does on the
/// provider's side. One description serves both browsers: the scripted browser (`MockBrowser`) taps the button the
/// scenario chose, and the HTTP sandbox renders the page as HTML whose buttons a real browser taps.
public struct HostedPage: Sendable {
    /// A button on the page.
    public struct Button: Sendable, Hashable {
        /// The element id a tester or a WebDriver taps (`pay`, `cancel`, `fail`, …).
        public var id: String
        /// The label shown.
        public var label: String

        /// Creates a button.
        public init(_ id: String, _ label: String) {
            self.id = id
            self.label = label
        }
    }

    /// The host the page lives on.
    public var host: String
    /// The path prefix it answers.
    public var pathPrefix: String
    /// The page's title.
    public var title: String
    /// What the page tells the buyer.
    public var text: String
    /// The buttons, in order. Pages with a ``script`` have none.
    public var buttons: [Button]
    /// The button the scripted browser taps for `url` (the scenario's choice).
    public var choose: @Sendable (URL) -> String
    /// Where tapping `button` on the page at `url` leads: the next page or a callback URL. Throws
    /// `WebSessionError.canceled` when the buyer's choice closes the page.
    public var tap: @Sendable (_ url: URL, _ button: String) async throws -> URL
    /// For pages that run their own JavaScript (the guide's app-login page, redirector, `next.html`,
    /// `dispatcher.html`): the page's HTML for `url`; `resolve` maps a hosted page's URL to where the
    /// browser reaches it. The scripted browser runs ``tap`` with `""` instead.
    public var script: (@Sendable (_ url: URL, _ resolve: @Sendable (URL) -> URL) -> String)?
    /// For a file the host serves as it is rather than a page (such as the links host's
    /// `apple-app-site-association`): what a `GET` answers. No browser navigates to one; the
    /// operating system fetches it.
    public var document: Document?
    /// Whether the resource the page at `url` shows exists (an order, a payment, a session): the
    /// sandbox answers 404 and the scripted browser fails when it does not. Every page exists by
    /// default.
    public var exists: @Sendable (URL) -> Bool = { _ in true }

    /// Creates a page with buttons.
    public init(
        host: String, pathPrefix: String = "/", title: String, text: String = "", buttons: [Button],
        choose: @escaping @Sendable (URL) -> String, tap: @escaping @Sendable (_ url: URL, _ button: String) async throws -> URL
    ) {
        self.host = host.lowercased()
        self.pathPrefix = pathPrefix
        self.title = title
        self.text = text
        self.buttons = buttons
        self.choose = choose
        self.tap = tap
    }

    /// Creates a page that runs its own HTML and JavaScript; `follow` is what that script does, for
    /// the scripted browser.
    public init(
        host: String, pathPrefix: String, title: String,
        html: @escaping @Sendable (_ url: URL, _ resolve: @Sendable (URL) -> URL) -> String, follow: @escaping @Sendable (URL) throws -> URL
    ) {
        self.init(host: host, pathPrefix: pathPrefix, title: title, buttons: [], choose: { _ in "" }, tap: { url, _ in try follow(url) })
        self.script = html
    }

    /// A file served as it is: its media type and its bytes.
    public struct Document: Sendable, Hashable {
        /// The `Content-Type` it is served with.
        public var contentType: String
        /// The bytes.
        public var body: Data

        /// Creates a document.
        public init(contentType: String, body: Data) {
            self.contentType = contentType
            self.body = body
        }
    }

    /// Creates a file the host serves at `path` as it is (``document``); a tap on it goes nowhere.
    public init(host: String, path: String, title: String, document: Document) {
        self.init(host: host, pathPrefix: path, title: title, buttons: [], choose: { _ in "" }, tap: { url, _ in url })
        self.document = document
    }

    /// This page, showing only resources for which `exists` holds.
    public func showing(only exists: @escaping @Sendable (URL) -> Bool) -> HostedPage {
        var copy = self
        copy.exists = exists
        return copy
    }

    /// Whether the page answers `url`.
    public func answers(_ url: URL) -> Bool {
        url.host?.lowercased() == host && url.path.hasPrefix(pathPrefix)
    }
}

/// Why a hosted page refused a tap: the sandbox answers each with its own status.
public enum HostedPageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The page's resource does not exist (404).
    case notFound
    /// The resource's state does not allow the action, such as canceling a paid payment (409).
    case conflict(String)
    /// The page was asked to return somewhere its resource did not register (400).
    case unregisteredRedirect

    /// A readable explanation.
    public var description: String {
        switch self {
        case .notFound: return "no such resource"
        case .conflict(let reason): return reason
        case .unregisteredRedirect: return "the return URL is not the one registered for this resource"
        }
    }
}
