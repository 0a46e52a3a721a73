import Foundation
import HTTPTypes
import OpenAPIRuntime

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

    /// Routes the request, injecting a fault when the plan draws one.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: 8 << 20) }
        let components = URLComponents(string: request.path ?? "/")
        var mock = MockRequest(
            method: request.method.rawValue, path: components?.percentEncodedPath ?? "/", query: components?.queryItems ?? [],
            headers: Dictionary(request.headerFields.map { ($0.name.canonicalName, $0.value) }, uniquingKeysWith: { first, _ in first }),
            body: data, operationID: operationID)
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
            throw URLError(.timedOut)
        case .serverError?:
            note(mock, "fault: 503")
            return (HTTPResponse(status: .serviceUnavailable), HTTPBody("{\"error\":\"unavailable\"}"))
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
            return (HTTPResponse(status: .init(code: answer.status)), HTTPBody("{\"truncated\": "))
        case .lostResponse?:
            note(mock, "\(answer.status) (fault: response lost)")
            throw URLError(.timedOut)
        default:
            note(mock, "\(answer.status)" + (fault == .latency ? " (fault: latency)" : ""))
            return (HTTPResponse(status: .init(code: answer.status)), HTTPBody(answer.body))
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
