import Foundation
import PaymentFlowsCore
import PaymentServerCore

/// A scripted browser: each hosted page (matched by host and path prefix) decides which URL the
/// page ends on; when that is another scripted page (a redirect chain such as Amazon's login →
/// redirector → `next.html`), the browser follows it, as a web view does, until the session's
/// callback or an unscripted URL. It records every URL it was asked to open, and fails loudly on a
/// page nothing scripted. It serves as the `WebSession` (in-app pages) and the `URLOpener`
/// (external browser), and holds the ``HostedPage``s the HTTP sandbox renders as HTML.
public final class MockBrowser: WebSession, URLOpener, @unchecked Sendable {
    /// Decides where a page ends: a URL (a callback, a deep link) or an error such as `WebSessionError.canceled`.
    public typealias Page = @Sendable (URL) async throws -> URL

    private struct Script {
        var host: String
        var pathPrefix: String
        var page: Page
    }

    private let lock = NSLock()
    private var scripts: [Script] = []
    private var hosted: [HostedPage] = []
    private var opened: [URL] = []
    private var ended: [URL] = []
    private var externallyOpened: [URL] = []
    private var pendingDeepLinks: [URL] = []
    private var unexpectedPages: [String] = []

    private var observerValue: (@Sendable (String) -> Void)?

    /// Creates a browser with no pages.
    public init() {}

    private var addressMapValue: (@Sendable (URL) -> URL)?

    /// Maps a URL the browser is asked to open to the provider's URL it stands for: a sandbox
    /// rewrites the links in its answers to its own `/h/<host>/…` pages, and the scripted browser,
    /// which runs the pages in process, follows the provider's URL instead.
    public var addressMap: (@Sendable (URL) -> URL)? {
        get { lock.withLock { addressMapValue } }
        set { lock.withLock { addressMapValue = newValue } }
    }

    private func translate(_ url: URL) -> URL {
        lock.withLock { addressMapValue }?(url) ?? url
    }

    /// Told each page opened (host and path only: queries may carry tokens).
    public var observer: (@Sendable (String) -> Void)? {
        get { lock.withLock { observerValue } }
        set { lock.withLock { observerValue = newValue } }
    }

    private func notify(_ kind: String, _ url: URL) {
        let observer = lock.withLock { observerValue }
        observer?("\(kind) ▸ \(url.scheme ?? "")://\(url.host ?? "")\(url.path)")
    }

    /// Scripts the pages on `host` under `pathPrefix`.
    public func page(host: String, pathPrefix: String = "/", _ page: @escaping Page) {
        lock.withLock { scripts.append(Script(host: host.lowercased(), pathPrefix: pathPrefix, page: page)) }
    }

    /// Adds a hosted page: the scripted browser taps the button the page's `choose` picks.
    public func host(_ page: HostedPage) {
        lock.withLock { hosted.append(page) }
        self.page(host: page.host, pathPrefix: page.pathPrefix) { url in
            guard page.exists(url) else { throw WebSessionError.presentationFailed("\(page.title): \(HostedPageError.notFound)") }
            do {
                return try await page.tap(url, page.choose(url))
            } catch let refusal as HostedPageError {
                // A page that refuses shows an error page; the web view's session fails.
                throw WebSessionError.presentationFailed("\(page.title): \(refusal)")
            }
        }
    }

    /// The hosted pages, in the order they were added.
    public var hostedPages: [HostedPage] { lock.withLock { hosted } }

    /// How many pages ``hostedPages`` holds (pages are only ever added, so the count tells whether
    /// the list changed).
    public var hostedPageCount: Int { lock.withLock { hosted.count } }

    /// The longest redirect chain the browser follows.
    static let maximumHops = 8

    /// Every URL opened in a web session, in order.
    public var openedURLs: [URL] { lock.withLock { opened } }

    /// Where each web session ended (the URL handed back to the app), in order.
    public var endedURLs: [URL] { lock.withLock { ended } }

    /// Every URL opened in the external browser, in order.
    public var externalURLs: [URL] { lock.withLock { externallyOpened } }

    /// Pages nothing scripted.
    public var unexpected: [String] { lock.withLock { unexpectedPages } }

    /// Deep links the external browser produced, waiting for the app to handle them.
    public func takeDeepLinks() -> [URL] {
        lock.withLock {
            defer { pendingDeepLinks.removeAll() }
            return pendingDeepLinks
        }
    }

    private func script(for url: URL) -> Script? {
        lock.withLock {
            scripts.first { url.host?.lowercased() == $0.host && url.path.hasPrefix($0.pathPrefix) }
        }
    }

    /// The scripted browser stands for the system's browser (the Secure WebView).
    public var isSecureWebView: Bool { true }

    /// Runs the page's script and returns the URL it ends on. Like a web view that intercepts every
    /// custom scheme, it does not filter by `callback`: checking the callback is the client's job.
    public func open(_ url: URL, callback: WebSessionCallback) async throws -> URL {
        let url = translate(url)
        lock.withLock { opened.append(url) }
        notify("web session", url)
        guard let script = script(for: url) else {
            lock.withLock { unexpectedPages.append(url.absoluteString) }
            throw WebSessionError.presentationFailed("no mock page for \(url.host ?? url.absoluteString)")
        }
        let end = try await follow(script, from: url, kind: "web session") { callback.matches($0) }
        lock.withLock { ended.append(end) }
        return end
    }

    /// Runs `first` on `url` and, while the page ends on another scripted page and not on what
    /// `done` accepts, that page too (a redirect chain); returns the URL the chain ends on.
    private func follow(_ first: Script, from url: URL, kind: String, until done: (URL) -> Bool) async throws -> URL {
        var end = try await first.page(url)
        for _ in 1..<Self.maximumHops {
            guard !done(end), let next = script(for: end) else { return end }
            notify(kind, end)
            end = try await next.page(end)
        }
        throw WebSessionError.presentationFailed("more than \(Self.maximumHops) pages in a row")
    }

    /// Opens `url` "outside the app": runs the page and keeps the URL it ends on as a pending deep link.
    public func open(_ url: URL) async -> Bool {
        let url = translate(url)
        lock.withLock { externallyOpened.append(url) }
        notify("external browser", url)
        guard let script = script(for: url) else {
            lock.withLock { unexpectedPages.append(url.absoluteString) }
            return false
        }
        // A deep link (any scheme but http and https) ends the chain: the app receives it.
        if let end = try? await follow(script, from: url, kind: "external browser", until: { $0.scheme != "http" && $0.scheme != "https" })
        {
            lock.withLock { pendingDeepLinks.append(end) }
        }
        return true
    }
}
