import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PaymentFlowsCore
import PaymentMocks
import PaymentSchemasRuntime
import PaymentServerCore

/// Serves the providers' hosted pages as real HTML under `/h/<host>/<path>`: each page's buttons
/// are a form a browser submits; the provider's action runs on the server and the answer is a
/// `303 See Other` to where the page leads (the next hosted page, rewritten onto the sandbox, or
/// the app's callback URL or deep link, left as it is so the browser's navigation shows it).
struct SandboxPages: Sendable {
    let browsers: LockIsolated<[MockBrowser]>
    let base: LockIsolated<URL?>

    /// The hosted page that answers `url`.
    func page(for url: URL) -> HostedPage? {
        for browser in browsers.value.reversed() {
            if let page = browser.hostedPages.last(where: { $0.answers(url) }) { return page }
        }
        return nil
    }

    /// The provider's URL a sandbox page URL (`<base>/h/<host>/<path>?<query>`) stands for; any
    /// other URL as it is.
    func providerURL(for url: URL) -> URL {
        guard let base = base.value, url.scheme == base.scheme, url.host == base.host, url.port == base.port,
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url }
        let path = components.percentEncodedPath
        guard path.hasPrefix("/h/") else { return url }
        let rest = path.dropFirst(3)
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty else { return url }
        var provider = URLComponents()
        provider.scheme = "https"
        provider.host = String(host)
        provider.percentEncodedPath = rest.dropFirst(host.count).isEmpty ? "/" : String(rest.dropFirst(host.count))
        provider.percentEncodedQuery = components.percentEncodedQuery
        return provider.url ?? url
    }

    /// `url` on the sandbox when a hosted page answers it; otherwise `url` itself.
    func resolve(_ url: URL) -> URL {
        guard let base = base.value, let host = url.host, page(for: url) != nil else { return url }
        // Relative to the base, which may sit under a path of its own.
        let relative = String(Self.pagePath(host: host, path: "").dropFirst())
        var components = URLComponents(url: base.appending(path: relative), resolvingAgainstBaseURL: false)
        components?.percentEncodedPath +=
            url.path.isEmpty ? "/" : URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
        components?.percentEncodedQuery = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        return components?.url ?? url
    }

    /// Where the sandbox serves a provider's page at `host` and `path`: `/h/<host><path>`, from the
    /// sandbox's root. Every sandbox page URL is built here, and read back by ``providerURL(for:)``.
    static func pagePath(host: String, path: String) -> String {
        "/h/\(host.lowercased())\(path.isEmpty || path.hasPrefix("/") ? path : "/" + path)"
    }

    /// The provider's URL a sandbox request `/h/<host>/<path>?<query>` stands for.
    static func providerURL(_ request: Request, host: String) -> URL? {
        let target = request.uri.description
        let prefix = pagePath(host: host, path: "")
        guard target.hasPrefix(prefix) else { return nil }
        var rest = String(target.dropFirst(prefix.count))
        if rest.isEmpty || rest.hasPrefix("?") { rest = "/" + rest }
        return URL(string: "https://\(host)\(rest)")
    }

    /// The largest form a page accepts.
    static let maximumFormBytes = 64 << 10

    func respond(_ request: Request, context: BasicRequestContext) async throws -> Response {
        guard let host = context.parameters.get("host")?.lowercased(), let url = Self.providerURL(request, host: host),
            let page = page(for: url)
        else {
            return Self.html(.notFound, HTMLText.page(title: "Not found", body: "<h3 id=\"error\">No hosted page here.</h3>"))
        }
        // A page of a resource that does not exist (an order never created) is not found.
        guard page.exists(url) else {
            return Self.html(
                .notFound, HTMLText.page(title: page.title, body: "<h3 id=\"error\">No such \(HTMLText.escape(page.title)) resource.</h3>"))
        }
        if let document = page.document {
            // A file (not a page): served as it is to a GET, with no redirect, as the OS that
            // fetches it requires; nothing else is allowed.
            guard request.method == .get || request.method == .head else {
                return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD", .contentType: "text/plain; charset=utf-8"])
            }
            return Response(
                status: .ok, headers: [.contentType: document.contentType], body: ResponseBody(byteBuffer: ByteBuffer(bytes: document.body))
            )
        }
        let resolve: @Sendable (URL) -> URL = { self.resolve($0) }
        if request.method == .get || request.method == .head {
            if let script = page.script { return Self.html(.ok, script(url, resolve)) }
            return Self.html(.ok, Self.render(page))
        }
        let form: ByteBuffer
        do {
            form = try await request.body.collect(upTo: Self.maximumFormBytes)
        } catch {
            return Self.html(.contentTooLarge, HTMLText.page(title: page.title, body: "<h3 id=\"error\">The form is too large.</h3>"))
        }
        let fields = (try? PayQueryText.items(Substring(String(decoding: form.readableBytesView, as: UTF8.self)))) ?? []
        guard let button = fields.first(where: { $0.name == "button" })?.value, page.buttons.contains(where: { $0.id == button }) else {
            return Self.html(.badRequest, HTMLText.page(title: page.title, body: "<h3 id=\"error\">Choose one of the page's buttons.</h3>"))
        }
        do {
            let end = try await page.tap(url, button)
            return Response(
                status: .seeOther, headers: [.location: resolve(end).absoluteString, .contentType: "text/plain; charset=utf-8"])
        } catch WebSessionError.canceled {
            return Self.html(.ok, HTMLText.page(title: page.title, body: "<h3 id=\"closed\">The page was closed.</h3>"))
        } catch let refusal as HostedPageError {
            let status: HTTPResponse.Status
            switch refusal {
            case .notFound: status = .notFound
            case .conflict: status = .conflict
            case .unregisteredRedirect: status = .badRequest
            }
            return Self.html(
                status, HTMLText.page(title: page.title, body: "<h3 id=\"error\">\(HTMLText.escape(refusal.description))</h3>"))
        } catch {
            return Self.html(
                .badRequest, HTMLText.page(title: page.title, body: "<h3 id=\"error\">\(HTMLText.escape(String(describing: error)))</h3>"))
        }
    }

    /// A page with its buttons as one form (`button=<id>`), posted to the page's own URL.
    static func render(_ page: HostedPage) -> String {
        let buttons = page.buttons.map { button in
            "<button type=\"submit\" name=\"button\" value=\"\(HTMLText.escape(button.id))\" id=\"\(HTMLText.escape(button.id))\">\(HTMLText.escape(button.label))</button>"
        }.joined(separator: "\n")
        return HTMLText.page(
            title: page.title,
            body: """
                <h3>\(HTMLText.escape(page.title))</h3>
                <p>\(HTMLText.escape(page.text))</p>
                <form method="post">
                \(buttons)
                </form>
                """)
    }

    static func html(_ status: HTTPResponse.Status, _ page: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
    }
}
