import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import PaymentFlowsCore

/// The server side's HTTP client: AsyncHTTPClient, as Swift on a Linux server calls HTTP. The
/// sandbox's clients (`payflow run --http`, the benchmarks) and the merchant servers it hosts
/// (the Amazon Pay sample calling Amazon Pay) send through it; apps keep `URLSessionTransport`
/// (`PaymentDefaults.transport`).
///
/// Pooling and limits, set on purpose:
/// - one `HTTPClient` (one connection pool) per provider name, made once per process and never
///   shut down (as `HTTPClient.shared`): a merchant server serving a request calls another provider
///   on the same host and port, and must never wait for a connection held by the very requests
///   it serves, which one pool per host would allow;
/// - up to ``connectionsPerHost`` HTTP/1.1 connections per pool (AsyncHTTPClient's default is 8,
///   which queues 200 concurrent flows behind 8 sockets), idle ones closed after
///   ``idleTimeout``; connections open in at most ``connectTimeout``;
/// - each request's deadline is the sandbox's `clientTimeout`: past it the request fails with
///   ``PayTransportError/Code/timeout``, as URLSession's `timeoutIntervalForRequest` does.
///
/// Transport failures leave as ``PayTransportError`` with the same stable codes URLSession's
/// errors map to in ``PayAPIClient``: a deadline or read timeout is `.timeout`, a cancellation
/// `.cancelled`, anything else `.connection`.
package struct ServerHTTPTransport: ClientTransport {
    /// HTTP/1.1 connections one provider's pool keeps open to one host at most.
    package static let connectionsPerHost = 256
    /// How long an unused pooled connection stays open.
    package static let idleTimeout: TimeAmount = .seconds(60)
    /// How long opening a connection may take.
    package static let connectTimeout: TimeAmount = .seconds(5)

    private let inner: AsyncHTTPClientTransport

    /// A transport through `provider`'s pool whose requests fail after `timeout` seconds.
    package init(provider: String, timeout: TimeInterval) {
        let milliseconds = Int64((timeout * 1_000).rounded(.up))
        inner = AsyncHTTPClientTransport(
            configuration: .init(client: Self.client(for: provider), timeout: .milliseconds(max(1, milliseconds))))
    }

    /// Sends `request` to `baseURL`, mapping AsyncHTTPClient's failures to ``PayTransportError``.
    package func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?)
    {
        do {
            return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        } catch let error as HTTPClientError {
            throw PayTransportError(Self.code(of: error), operationID: operationID, message: "AsyncHTTPClient: \(error.shortDescription)")
        } catch is CancellationError {
            throw PayTransportError(.cancelled, operationID: operationID, message: "the request was cancelled")
        } catch {
            throw PayTransportError(.connection, operationID: operationID, message: "the connection failed: \(type(of: error))")
        }
    }

    /// The stable code of an AsyncHTTPClient failure.
    static func code(of error: HTTPClientError) -> PayTransportError.Code {
        switch error {
        case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: .timeout
        case .cancelled: .cancelled
        default: .connection
        }
    }

    private static let clients = LockIsolated<[String: HTTPClient]>([:])

    /// The process's pool for `provider`, made on first use.
    static func client(for provider: String) -> HTTPClient {
        clients.withValue { clients in
            if let client = clients[provider] { return client }
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool = .init(idleTimeout: idleTimeout, concurrentHTTP1ConnectionsPerHostSoftLimit: connectionsPerHost)
            configuration.timeout = .init(connect: connectTimeout)
            configuration.httpVersion = .http1Only
            configuration.decompression = .disabled
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[provider] = client
            return client
        }
    }
}

extension HTTPClientError {
    /// The error's case without request details (which could carry a URL with secrets).
    fileprivate var shortDescription: String {
        switch self {
        case .deadlineExceeded: "deadline exceeded"
        case .readTimeout: "read timeout"
        case .connectTimeout: "connect timeout"
        case .writeTimeout: "write timeout"
        case .cancelled: "cancelled"
        case .remoteConnectionClosed: "the server closed the connection"
        default: "request failed"
        }
    }
}
