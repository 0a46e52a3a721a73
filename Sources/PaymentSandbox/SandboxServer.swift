import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import OpenAPIURLSession
import PaymentFlowsCore
import PaymentMocks
import PaymentScenarios
import ServiceLifecycle

/// The loopback HTTP sandbox: the stateful mock providers served over HTTP/1.1 with Hummingbird.
///
/// Each provider is the same ``MockProviderTransport`` the in-memory flows use; the sandbox
/// registers it under `/t/<id>/` and answers every request with its ``MockProviderTransport/serve(_:)``,
/// turning network faults into real ones: a 503, a dropped connection before the provider acted,
/// a truncated body, or an answer lost after the provider acted.
public final class SandboxServer: ScenarioNetwork, Sendable {
    private let registry = LockIsolated<[String: MockProviderTransport]>([:])
    private let counter = LockIsolated(0)
    private let sessions = LockIsolated<[String: URLSession]>([:])
    private let browsers = LockIsolated<[MockBrowser]>([])
    private let address = LockIsolated<URL?>(nil)
    private let logger: Logger

    /// Creates a sandbox that is not running yet.
    public init(logger: Logger = Logger(label: "PaymentSandbox")) {
        self.logger = logger
    }

    /// `http://HOST:PORT` once the server runs.
    public var baseURL: URL? { address.value }

    /// Serves `transport` under a new prefix and returns how clients reach it (a `URLSessionTransport`).
    public func endpoint(for transport: MockProviderTransport) -> MockProviderTransport.RemoteEndpoint {
        let id = counter.withValue { next -> String in
            next += 1
            return "\(transport.name.lowercased())-\(next)"
        }
        register(transport, as: id)
        let base = (baseURL ?? URL(fileURLWithPath: "/")).appending(path: "t/\(id)")
        return MockProviderTransport.RemoteEndpoint(transport: URLSessionTransport(configuration: .init(session: session(for: transport.name))), baseURL: base)
    }

    /// One connection pool per provider: a server-side component (the Amazon Pay merchant server)
    /// calls another provider while serving a request, and must not wait for a connection held by
    /// the very requests it serves.
    private func session(for provider: String) -> URLSession {
        sessions.withValue { sessions in
            if let session = sessions[provider] { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 256
            configuration.timeoutIntervalForRequest = 30
            let session = URLSession(configuration: configuration)
            sessions[provider] = session
            return session
        }
    }

    /// Serves the hosted pages of `browser` as HTML under `/h/<host>/<path>`.
    public func servePages(of browser: MockBrowser) {
        browsers.withValue { $0.append(browser) }
    }

    /// Stops serving the hosted pages of `browser`.
    public func stopServingPages(of browser: MockBrowser) {
        browsers.withValue { $0.removeAll { $0 === browser } }
    }

    /// Where a browser reaches `url` on the sandbox: `/h/<host>/<path>?<query>` when one of the
    /// served pages answers it; `url` itself otherwise (a callback, a deep link).
    public func pageURL(for url: URL) -> URL {
        SandboxPages(browsers: browsers, base: address).resolve(url)
    }

    /// Serves `transport` under `/t/<id>/`.
    public func register(_ transport: MockProviderTransport, as id: String) {
        registry.withValue { $0[id] = transport }
    }

    /// Stops serving `transports`.
    public func release(_ transports: [MockProviderTransport]) {
        registry.withValue { registered in
            registered = registered.filter { entry in !transports.contains { $0 === entry.value } }
        }
    }

    /// The Hummingbird application; `onRunning` gets `http://HOST:PORT` once it listens (port 0
    /// picks a free one).
    public func application(host: String, port: Int, onRunning: @escaping @Sendable (URL) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router()
        let responder = SandboxResponder(registry: registry)
        router.get("/") { _, _ in responder.index() }
        let pages = SandboxPages(browsers: browsers, base: address)
        for method in [HTTPRequest.Method.get, .post] {
            router.on("/h/:host/**", method: method) { request, context in try await pages.respond(request, context: context) }
            router.on("/h/:host", method: method) { request, context in try await pages.respond(request, context: context) }
        }
        for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
            router.on("/t/:id/**", method: method) { request, context in
                try await responder.respond(request, context: context)
            }
        }
        let address = self.address
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "PaymentSchemas sandbox"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                guard let url = URL(string: "http://\(host):\(bound)") else { return }
                address.setValue(url)
                await onRunning(url)
            },
            logger: logger)
    }

    /// Starts the server on `host` and a free port (by default) and returns once it listens.
    public func start(host: String = "127.0.0.1", port: Int = 0) async throws -> RunningSandbox {
        let ready = OneShot<URL>()
        let app = application(host: host, port: port) { ready.resolve($0) }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let task = Task { try await group.run() }
        guard let url = await ready.wait(timeout: .seconds(30)) else {
            await group.triggerGracefulShutdown()
            task.cancel()
            throw SandboxError.didNotStart("the sandbox did not start listening on \(host):\(port)")
        }
        return RunningSandbox(baseURL: url, group: group, task: task)
    }
}

/// A sandbox running in this process.
public struct RunningSandbox: Sendable {
    /// `http://HOST:PORT`.
    public let baseURL: URL
    let group: ServiceGroup
    let task: Task<Void, any Error>

    /// Stops accepting connections, lets open requests finish and waits until the server is down.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}

/// Why the sandbox could not run.
public enum SandboxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server did not start listening.
    case didNotStart(String)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .didNotStart(let message): return message
        }
    }
}
