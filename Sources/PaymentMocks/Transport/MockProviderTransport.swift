import Foundation
import HTTPTypes
import OpenAPIRuntime
import PaymentFlowsCore

/// An in-memory provider behind the `ClientTransport` seam: requests are routed to handlers by
/// method and path template, recorded, and optionally hit by injected faults. A request that no
/// route expects is recorded as unexpected and fails.
public final class MockProviderTransport: ClientTransport, @unchecked Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (MockRequest) async throws -> MockResponse

    struct Route {
        var method: String
        var segments: [String]
        var handler: Handler
    }

    /// The provider's name, for messages.
    public let name: String
    private let lock = NSLock()
    private var routes: [Route] = []
    private var captured: [MockRequest] = []
    private var unexpectedRequests: [String] = []
    private var injected: [MockFault] = []
    private var exchangeLog: [String] = []
    private let faults: FaultPlan

    /// Creates a transport with no routes.
    public init(name: String, faults: FaultPlan = .none) {
        self.name = name
        self.faults = faults
    }

    /// Routes `method path` (with `{placeholders}`) to `handler`.
    public func on(_ method: String, _ path: String, _ handler: @escaping Handler) {
        lock.withLock {
            routes.append(Route(method: method, segments: path.split(separator: "/").map(String.init), handler: handler))
        }
    }

    /// Every request received, in order.
    public var requests: [MockRequest] { lock.withLock { captured } }

    /// Requests no route expected.
    public var unexpected: [String] { lock.withLock { unexpectedRequests } }

    /// Each exchange as `METHOD /path → status` (or the fault), in order; no headers or bodies.
    public var exchanges: [String] { lock.withLock { exchangeLog } }

    private var observerValue: (@Sendable (String) -> Void)?

    /// Told each exchange as it completes (for step-by-step output).
    public var observer: (@Sendable (String) -> Void)? {
        get { lock.withLock { observerValue } }
        set { lock.withLock { observerValue = newValue } }
    }

    private func note(_ request: MockRequest, _ outcome: String) {
        let line = "\(name): \(request.method) \(request.path) → \(outcome)"
        let observer = lock.withLock { () -> (@Sendable (String) -> Void)? in
            exchangeLog.append("\(request.method) \(request.path) → \(outcome)")
            return observerValue
        }
        observer?(line)
    }

    /// The faults injected so far.
    public var faultsInjected: [MockFault] { lock.withLock { injected } }

    /// Where requests go when the provider is served over HTTP: the transport that carries them
    /// (`URLSessionTransport`) and the provider's base URL on the sandbox.
    public struct RemoteEndpoint: Sendable {
        /// The real client transport.
        public var transport: any ClientTransport
        /// `http://127.0.0.1:PORT/t/<id>`: the provider's prefix on the sandbox.
        public var baseURL: URL

        /// Creates an endpoint.
        public init(transport: any ClientTransport, baseURL: URL) {
            self.transport = transport
            self.baseURL = baseURL
        }
    }

    private let remoteEndpoint = LockIsolated<RemoteEndpoint?>(nil)

    /// When set, `send` carries each request over HTTP to the sandbox, which answers it with
    /// ``serve(_:)`` of this same transport: one implementation of the provider, reached two ways.
    public var remote: RemoteEndpoint? {
        get { remoteEndpoint.value }
        set { remoteEndpoint.setValue(newValue) }
    }

    /// Sends the request: in memory, or over HTTP to the sandbox when ``remote`` is set.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        if let remote {
            var forwarded = request
            if let name = Self.operationHeader { forwarded.headerFields[name] = operationID }
            return try await remote.transport.send(forwarded, body: body, baseURL: remote.baseURL, operationID: operationID)
        }
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: 8 << 20) }
        let mock = MockRequest(http: request, body: data, operationID: operationID)
        switch try await serve(mock) {
        case .answered(let answer):
            return (HTTPResponse(status: .init(code: answer.status)), HTTPBody(answer.body))
        case .failedBeforeAnswer, .lostAfterAnswer:
            throw URLError(.timedOut)
        case .serviceUnavailable:
            return (HTTPResponse(status: .serviceUnavailable), HTTPBody(MockExchange.unavailableBody))
        case .malformed(let status):
            return (HTTPResponse(status: .init(code: status)), HTTPBody(MockExchange.truncatedBody))
        }
    }

    /// The header that carries the operation id to the sandbox.
    public static let operationHeader = HTTPField.Name("x-pay-operation-id")

    /// Answers one request as the provider: records it, matches a route, draws a fault and runs
    /// the handler. The in-memory transport and the HTTP sandbox both come here.
    public func serve(_ request: MockRequest) async throws -> MockExchange {
        var mock = request
        let fault = faults.draw()
        let route: Route? = lock.withLock {
            captured.append(mock)
            if let fault { injected.append(fault) }
            return match(mock)
        }
        guard let route else {
            note(mock, "unexpected (no route)")
            lock.withLock { unexpectedRequests.append(mock.description) }
            throw MockTransportError.unexpectedRequest("\(name): \(mock.description)")
        }
        mock.pathParameters = parameters(of: mock.path, in: route.segments)
        switch fault {
        case .timeout?:
            note(mock, "fault: timeout")
            return .failedBeforeAnswer
        case .serverError?:
            note(mock, "fault: 503")
            return .serviceUnavailable
        case .latency?:
            try await Task.sleep(for: .milliseconds(2))
        default:
            break
        }
        let answer: MockResponse
        do {
            answer = try await route.handler(mock)
        } catch {
            note(mock, "connection failed")
            throw error
        }
        switch fault {
        case .malformedBody?:
            note(mock, "\(answer.status) (fault: malformed body)")
            return .malformed(status: answer.status)
        case .lostResponse?:
            note(mock, "\(answer.status) (fault: response lost)")
            return .lostAfterAnswer(answer)
        default:
            note(mock, "\(answer.status)" + (fault == .latency ? " (fault: latency)" : ""))
            return .answered(answer)
        }
    }

    private func match(_ request: MockRequest) -> Route? {
        let segments = request.path.split(separator: "/").map(String.init)
        return routes.first { route in
            route.method == request.method && route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { pattern, value in pattern.hasPrefix("{") || pattern == value }
        }
    }

    private func parameters(of path: String, in pattern: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for (key, value) in zip(pattern, path.split(separator: "/").map(String.init)) where key.hasPrefix("{") {
            values[String(key.dropFirst().dropLast())] = value.removingPercentEncoding ?? value
        }
        return values
    }
}

/// What a provider did with one request: answered it, or failed the way a network does.
public enum MockExchange: Sendable {
    /// The provider answered.
    case answered(MockResponse)
    /// Nothing reached the provider and nothing came back (a timeout before it acted).
    case failedBeforeAnswer
    /// The provider was unavailable (503) and did nothing.
    case serviceUnavailable
    /// The provider acted, but the body of its answer is cut off.
    case malformed(status: Int)
    /// The provider acted, but its answer never arrived.
    case lostAfterAnswer(MockResponse)

    /// The body of a 503.
    public static let unavailableBody = Data(#"{"error":"unavailable"}"#.utf8)
    /// A body cut off in the middle.
    public static let truncatedBody = Data(#"{"truncated": "#.utf8)
}
