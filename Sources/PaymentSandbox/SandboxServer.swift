import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import PaymentFlowsCore
import PaymentMocks
import ServiceLifecycle

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The loopback HTTP sandbox: the stateful mock providers served over HTTP/1.1 with Hummingbird.
///
/// Each provider is the same ``MockProviderTransport`` the in-memory flows use; the sandbox
/// registers it under `/t/<id>/` and answers every request with its ``MockProviderTransport/serve(_:)``,
/// which routes, reads and validates the request with the schemas, and turns network faults into
/// real ones: a 503, a connection held past the client's deadline, a truncated body, or an answer
/// lost after the provider acted. Hosted pages are served under `/h/<host>/`, the admin API under
/// `/__admin/` (``SandboxAdmin``).
package final class SandboxServer: ScenarioNetwork, Sendable {
    private let registry = LockIsolated<[String: MockProviderTransport]>([:])
    private let resets = LockIsolated<[String: @Sendable () -> Void]>([:])
    private let apiHosts = LockIsolated<[String: String]>([:])
    private let counter = LockIsolated(0)
    private let browsers = LockIsolated<[MockBrowser]>([])
    private let address = LockIsolated<URL?>(nil)
    private let linksCache = LockIsolated<(key: SandboxLinks.Key, links: SandboxLinks)?>(nil)
    /// The base links and pages use: the public URL, or the address once the server listens.
    private let publicBase: LockIsolated<URL?>
    private let journal: SandboxJournal
    private let token = LockIsolated<String?>(nil)
    private let logger: Logger
    /// The limits and options.
    package let configuration: SandboxConfiguration
    /// The webhook deliveries of every provider served (``WebhookDeliveries``).
    package let webhooks: WebhookDeliveries
    /// The `Server` header of every answer.
    static let serverName = "PaymentSchemas sandbox"

    /// Creates a sandbox that is not running yet.
    package init(configuration: SandboxConfiguration = SandboxConfiguration(), logger: Logger = Logger(label: "PaymentSandbox")) {
        self.configuration = configuration
        self.logger = logger
        self.journal = SandboxJournal(limit: configuration.journalLimit)
        self.publicBase = LockIsolated(configuration.publicURL)
        self.webhooks = WebhookDeliveries(configuration: configuration, providers: registry)
    }

    /// The base URL clients and links use: ``SandboxConfiguration/publicURL``, or `http://HOST:PORT`
    /// once the server runs.
    package var baseURL: URL? { publicBase.value }

    /// The token the admin API and the inspector need (``SandboxConfiguration/adminToken`` or a
    /// random one), set when the application is made: beyond loopback or through a proxy every admin
    /// route needs it; on loopback the routes that change something need it or
    /// `X-Sandbox-Client: 1` (``SandboxAdminGate``).
    package var adminToken: String? { token.value }

    /// `url` with an unspecified host (`0.0.0.0`, `::`), which no browser can open, replaced by the
    /// loopback address of its family: the address printed for the inspector and the providers.
    package static func reachable(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        switch components.host {
        case "0.0.0.0", "": components.host = "127.0.0.1"
        case "::", "[::]", "0:0:0:0:0:0:0:0": components.percentEncodedHost = "[::1]"
        default: return url
        }
        return components.url ?? url
    }

    /// Whether `host` is a loopback address (`127.0.0.0/8` as four decimal parts, `::1`,
    /// `localhost`): reading the admin API is open there. A name that only starts like one
    /// (`127.0.0.1.example`) is not.
    package static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" || bare == "0:0:0:0:0:0:0:1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy {
                !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && Int($0).map { $0 <= 255 } == true
            }
    }

    /// A random token of 32 hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    /// Serves `transport` under a new prefix and returns how clients reach it: a
    /// ``ServerHTTPTransport`` (AsyncHTTPClient, one connection pool per provider) to the prefix.
    package func endpoint(for transport: MockProviderTransport) -> MockProviderTransport.RemoteEndpoint {
        let id = counter.withValue { next -> String in
            next += 1
            return "\(transport.name.lowercased())-\(next)"
        }
        register(transport, as: id)
        let base = (address.value ?? URL(fileURLWithPath: "/")).appending(path: "t/\(id)")
        return MockProviderTransport.RemoteEndpoint(
            transport: ServerHTTPTransport(provider: transport.name, timeout: configuration.clientTimeout), baseURL: base)
    }

    /// Serves the hosted pages of `browser` as HTML under `/h/<host>/<path>`.
    package func servePages(of browser: MockBrowser) {
        browsers.withValue { $0.append(browser) }
    }

    /// Stops serving the hosted pages of `browser`.
    package func stopServingPages(of browser: MockBrowser) {
        browsers.withValue { $0.removeAll { $0 === browser } }
    }

    private var pages: SandboxPages { SandboxPages(browsers: browsers, base: publicBase) }

    /// Where a browser reaches `url` on the sandbox: `/h/<host>/<path>?<query>` when one of the
    /// served pages answers it; `url` itself otherwise (a callback, a deep link).
    package func pageURL(for url: URL) -> URL {
        pages.resolve(url)
    }

    /// The provider's URL a sandbox page URL stands for (`<base>/h/<host>/<path>` is
    /// `https://<host>/<path>`); any other URL as it is.
    package func providerURL(for url: URL) -> URL {
        pages.providerURL(for: url)
    }

    /// Serves `transport` under `/t/<id>/`. `reset` is what `POST /__admin/reset` does to the
    /// provider's state; `apiHost` is the provider's real API host, whose links in answers are
    /// rewritten to `/t/<id>/`. The notifications it posts are delivered by ``webhooks``.
    package func register(_ transport: MockProviderTransport, as id: String, apiHost: String? = nil, reset: (@Sendable () -> Void)? = nil) {
        registry.withValue { $0[id] = transport }
        let webhooks = self.webhooks
        transport.webhooks.sink = { webhooks.enqueue($0) }
        if let reset { resets.withValue { $0[id] = reset } }
        if let apiHost { apiHosts.withValue { $0[apiHost] = id } }
    }

    /// Stops serving `transports`.
    package func release(_ transports: [MockProviderTransport]) {
        registry.withValue { registered in
            let gone = registered.filter { entry in transports.contains { $0 === entry.value } }.map(\.key)
            for id in gone {
                registered[id]?.webhooks.sink = nil
                registered[id] = nil
            }
            resets.withValue { resets in for id in gone { resets[id] = nil } }
        }
    }

    /// The links rewriter for the pages and API hosts served now, built once per change of the
    /// base URL, the served pages or the API hosts (not per request).
    private func links() -> SandboxLinks? {
        guard let base = baseURL else { return nil }
        let served = browsers.value
        let apis = apiHosts.value
        let key = SandboxLinks.Key(base: base, browsers: served, apis: apis)
        return linksCache.withValue { cache in
            if let cache, cache.key == key { return cache.links }
            let links = SandboxLinks(base: base, pages: served.flatMap(\.hostedPages), apis: apis)
            cache = (key, links)
            return links
        }
    }

    /// The Hummingbird application; `onRunning` gets `http://HOST:PORT` once it listens (port 0
    /// picks a free one).
    package func application(
        host: String, port: Int, onRunning: @escaping @Sendable (URL) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        // Every GET route also answers HEAD: the same status and headers, no body (RFC 9110 9.3.2).
        let router = Router(options: .autoGenerateHeadEndpoints)
        let responder = SandboxResponder(registry: registry, configuration: configuration, journal: journal, links: { [self] in links() })
        // Every request under `/t/<id>`, whatever its method (QUERY and custom ones included),
        // reaches the provider, which answers 405 with `Allow` for one its path does not take: the
        // first middleware, before any route is matched.
        router.add(middleware: SandboxProviderMiddleware(responder: responder))
        let adminToken = configuration.adminToken ?? Self.randomToken()
        token.setValue(adminToken)
        // The names the admin answers on: loopback ones, the bound address, and the configured ones.
        let hosts = Set((configuration.adminHosts + [host]).map { $0.lowercased() })
        let index = SandboxAdmin(
            registry: registry, resets: resets, journal: journal, responder: responder, webhooks: webhooks, token: adminToken,
            loopback: Self.isLoopback(host), hosts: hosts)
        router.get("/") { _, _ in index.index() }
        index.install(on: router)
        let pages = self.pages
        let journal = self.journal
        for method in [HTTPRequest.Method.get, .post] {
            for path in ["/h/:host/**", "/h/:host"] {
                router.on(RouterPath(path), method: method) { request, context in
                    let started = ContinuousClock.now
                    // The provider state a page's button moves is noted against this exchange.
                    let sequence = journal.reserve()
                    let response = try await MockExchangeContext.$current.withValue(MockExchangeContext(sequence: sequence)) {
                        try await pages.respond(request, context: context)
                    }
                    var headers = HTTPFields()
                    for field in response.headers where field.name != .contentLength { headers.append(field) }
                    let record = SandboxExchangeRecord(
                        request: request.head, requestBody: nil, requestBytes: 0, status: Int(response.status.code),
                        responseHeaders: headers,
                        responseBody: Data(), responseBytes: 0, verdict: nil, replayOf: nil, replayable: false)
                    journal.record(
                        sequence: sequence, provider: "pages", method: request.method.rawValue, target: request.uri.description,
                        status: Int(response.status.code),
                        scenario: nil, fault: nil, started: started, exchange: record)
                    return response
                }
            }
        }
        let address = self.address
        let publicBase = self.publicBase
        let publicURL = configuration.publicURL
        return Application(
            router: router,
            server: .http1(configuration: HTTP1Channel.Configuration(idleTimeout: TimeAmount(configuration.idleTimeout))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: Self.serverName),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                let shown = host.contains(":") ? "[\(host)]" : host
                guard let url = URL(string: "http://\(shown):\(bound)") else { return }
                address.setValue(url)
                publicBase.setValue(publicURL ?? url)
                await onRunning(url)
            },
            logger: logger)
    }

    /// Starts the server on `host` and a free port (by default) and returns once it listens.
    package func start(host: String = "127.0.0.1", port: Int = 0) async throws -> RunningSandbox {
        let ready = OneShot<URL>()
        let app = application(host: host, port: port) { ready.resolve($0) }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let task = Task { try await group.run() }
        guard let url = await ready.wait(timeout: .seconds(30)) else {
            await group.triggerGracefulShutdown()
            task.cancel()
            throw SandboxError.didNotStart("the sandbox did not start listening on \(host):\(port)")
        }
        return RunningSandbox(baseURL: configuration.publicURL ?? url, group: group, task: task)
    }
}

/// A sandbox running in this process.
package struct RunningSandbox: Sendable {
    /// `http://HOST:PORT`.
    package let baseURL: URL
    let group: ServiceGroup
    let task: Task<Void, any Error>

    /// Stops accepting connections, lets open requests finish and waits until the server is down.
    package func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}

/// Why the sandbox could not run.
package enum SandboxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server did not start listening.
    case didNotStart(String)

    /// A readable explanation.
    package var description: String {
        switch self {
        case .didNotStart(let message): return message
        }
    }
}
