import Foundation
import HTTPTypes
import OpenAPIRuntime
import PaymentFlowsCore
import PaymentSchemasRuntime
import PaymentServerCore

/// An in-memory provider behind the `ClientTransport` seam: requests are routed to handlers by
/// the schemas' operation descriptors (or, for what no schema describes, by method and path),
/// read and validated with the generated types before a handler runs, answered in the provider's
/// error shape when they break the contract, recorded, and optionally hit by injected faults.
/// Every answer to an operation is checked against its declared type before it leaves. A request
/// that no route expects is recorded as unexpected and fails.
public final class MockProviderTransport: ClientTransport, ServerRoutes, @unchecked Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (ServerRequest) async throws -> ServerResponse

    struct Route {
        var method: String
        /// The path template's segments: a literal to match, or the name of a `{placeholder}`.
        var segments: [Segment]
        var handler: Handler
        var operation: PayOperationDescriptor?

        enum Segment {
            case literal(String)
            case parameter(String)
        }

        init(method: String, template: String, handler: @escaping Handler, operation: PayOperationDescriptor? = nil) {
            self.method = method
            self.segments = MockProviderTransport.segments(of: template).map { segment in
                segment.hasPrefix("{") ? .parameter(String(segment.dropFirst().dropLast())) : .literal(String(segment))
            }
            self.handler = handler
            self.operation = operation
        }

        /// Whether `path`'s segments fit the template.
        func matches(_ path: [Substring]) -> Bool {
            guard segments.count == path.count else { return false }
            for (segment, value) in zip(segments, path) {
                if case .literal(let literal) = segment, literal != value { return false }
            }
            return true
        }
    }

    /// The most requests ``requests`` keeps (the oldest go first), and the most body bytes they
    /// hold together: a long-running sandbox keeps a window of recent traffic, not all of it.
    public static let captureLimit = (requests: 1_000, bodyBytes: 16 << 20)
    /// The most entries ``unexpected``, ``exchanges`` and ``breaches`` keep each.
    public static let logLimit = 1_000

    /// The provider's name, for messages.
    public let name: String
    private let lock = NSLock()
    private var routes: [Route] = []
    private var captured = BoundedLog<ServerRequest>(limit: MockProviderTransport.captureLimit.requests)
    private var capturedBytes = 0
    private var unexpectedRequests = BoundedLog<String>(limit: MockProviderTransport.logLimit)
    private var injected = BoundedLog<MockFault>(limit: MockProviderTransport.logLimit)
    private var exchangeLog = BoundedLog<Exchange>(limit: MockProviderTransport.logLimit)
    private var breachLog = BoundedLog<ContractBreach>(limit: MockProviderTransport.logLimit)
    private var missing: [String] = []
    private var refusalsValue: ProviderRefusals = .plain
    private var idempotencyValue: IdempotencyPolicy?
    private let replies = IdempotentReplies()
    private let faults: FaultPlan

    /// Creates a transport with no routes.
    public init(name: String, faults: FaultPlan = .none) {
        self.name = name
        self.faults = faults
    }

    /// Routes `method path` (with `{placeholders}`) to `handler`: for what no schema operation
    /// describes (a merchant server's HTML page). Requests reach the handler unchecked.
    public func on(_ method: String, _ path: String, _ handler: @escaping Handler) {
        lock.withLock {
            routes.append(Route(method: method, template: path, handler: handler))
        }
    }

    /// Serves the generated operation `Operation` (one of `operations`, a module's
    /// `<Module>Schema.operations`) with `handler`, which receives the request and its decoded,
    /// validated body: the route, the parameters and the body come from the schemas, and the handler
    /// sees only requests that keep the contract. Idempotency keys are replayed here, by the
    /// provider's ``idempotency`` policy, before the handler runs; the answer is checked against its
    /// declared type after. An operation the schemas do not declare is listed in ``missingOperations``.
    public func handle<Operation: PayOperation>(
        _ operation: Operation.Type, of operations: [PayOperationDescriptor],
        _ handler: @escaping @Sendable (ServerRequest, Operation.RequestBody) async throws -> ServerResponse
    ) {
        handle(Operation.operationID, of: operations) { request in
            guard let body = request.input as? Operation.RequestBody ?? PayNoBody() as? Operation.RequestBody else {
                throw ServerRouteError.noDecodedBody("\(request.method) \(request.path) carries no decoded \(Operation.RequestBody.self)")
            }
            return try await handler(request, body)
        }
    }

    /// Serves the operation `operationID` of `operations` with `handler`, which finds the decoded
    /// body in ``ServerRequest/input``: for tests that answer an operation by its id.
    public func handle(_ operationID: String, of operations: [PayOperationDescriptor], _ handler: @escaping Handler) {
        guard let operation = operations.first(where: { $0.operationID == operationID }) else {
            lock.withLock { missing.append(operationID) }
            return
        }
        lock.withLock {
            routes.append(
                Route(method: operation.method.rawValue, template: operation.pathTemplate, handler: handler, operation: operation))
        }
    }

    private var authenticateValue: (@Sendable (ServerRequest, PayOperationDescriptor) -> ServerResponse?)?

    /// Checks a request's credentials before its contract is checked, as providers answer 401
    /// before 400: the refusal to send, or `nil` to go on. Runs for schema operations only.
    public var authenticate: (@Sendable (ServerRequest, PayOperationDescriptor) -> ServerResponse?)? {
        get { lock.withLock { authenticateValue } }
        set { lock.withLock { authenticateValue = newValue } }
    }

    /// How the provider replays idempotency keys on the operations that declare one; `nil` (the
    /// default) honours none.
    public var idempotency: IdempotencyPolicy? {
        get { lock.withLock { idempotencyValue } }
        set { lock.withLock { idempotencyValue = newValue } }
    }

    /// Forgets every answer kept under an idempotency key (a provider's reset).
    public func forgetIdempotencyKeys() { replies.removeAll() }

    /// How the provider words contract refusals (``ProviderRefusals/plain`` until a mock sets its own).
    public var refusals: ProviderRefusals {
        get { lock.withLock { refusalsValue } }
        set { lock.withLock { refusalsValue = newValue } }
    }

    /// The request header that chooses a scenario for one request (`Sandbox-Scenario: card-declined`).
    public static let scenarioHeader = "sandbox-scenario"
    /// The request header that chooses a fault for one request (`Sandbox-Fault: timeout`; the
    /// values are ``MockFault``'s raw values).
    public static let faultHeader = "sandbox-fault"
    /// The request header that delays one answer (`Sandbox-Delay: 2000`, in milliseconds, at most
    /// ``maximumDelay``).
    public static let delayHeader = "sandbox-delay"
    /// The longest delay `Sandbox-Delay` may ask for.
    public static let maximumDelay: Duration = .seconds(60)

    private var scenarioList: [RequestScenario] = []

    /// Registers the scenarios a client may choose per request for this provider.
    public func offer(_ scenarios: [RequestScenario]) {
        lock.withLock { scenarioList.append(contentsOf: scenarios) }
    }

    /// The scenarios a client may choose per request.
    public var scenarios: [RequestScenario] { lock.withLock { scenarioList } }

    /// Operation ids a mock asked to handle that its module's schemas do not declare (a mock bug).
    public var missingOperations: [String] { lock.withLock { missing } }

    /// Answers that broke their operation's declared type (each was replaced by a 500): sandbox bugs.
    public var breaches: [ContractBreach] { lock.withLock { breachLog.elements } }

    /// The schema operations this transport serves.
    public var operations: [PayOperationDescriptor] { lock.withLock { routes.compactMap(\.operation) } }

    /// The requests received, in order (the most recent ``captureLimit``).
    public var requests: [ServerRequest] { lock.withLock { captured.elements } }

    /// Requests no route expected.
    public var unexpected: [String] { lock.withLock { unexpectedRequests.elements } }

    /// Each exchange as `METHOD /path → status` (or the fault), in order; no headers or bodies, and
    /// card numbers in the path redacted.
    public var exchanges: [String] { lock.withLock { exchangeLog.elements.map(\.text) } }

    private var observerValue: (@Sendable (String) -> Void)?

    /// Told each exchange as it completes (for step-by-step output).
    public var observer: (@Sendable (String) -> Void)? {
        get { lock.withLock { observerValue } }
        set { lock.withLock { observerValue = newValue } }
    }

    /// One exchange as recorded: its parts, written out only when someone reads them.
    private struct Exchange: Sendable {
        var method: String
        var path: String
        var outcome: String

        /// The exchange redacted (``ExchangeRedaction``): the method, target and outcome hold a
        /// client's text, printed by `payflow serve`.
        var text: String {
            "\(ExchangeRedaction.text(method)) \(ExchangeRedaction.target(path)) → \(ExchangeRedaction.text(outcome))"
        }
    }

    private func note(_ request: ServerRequest, _ outcome: String) {
        let entry = Exchange(method: request.method, path: request.path, outcome: outcome)
        let observer = lock.withLock { () -> (@Sendable (String) -> Void)? in
            exchangeLog.append(entry)
            return observerValue
        }
        observer?("\(name): \(entry.text)")
    }

    /// The faults injected so far (the most recent ``logLimit``).
    public var faultsInjected: [MockFault] { lock.withLock { injected.elements } }

    /// Where requests go when the provider is served over HTTP: the transport that carries them
    /// (AsyncHTTPClient in the sandbox, `URLSessionTransport` in an app) and the provider's base URL on the sandbox.
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
        let mock = ServerRequest(http: request, body: data, operationID: operationID)
        switch try await serve(mock) {
        case .answered(let answer):
            return (HTTPResponse(status: .init(code: answer.status)), HTTPBody(answer.body))
        case .failedBeforeAnswer, .lostAfterAnswer:
            throw URLError(.timedOut)
        case .serviceUnavailable(let body):
            return (HTTPResponse(status: .serviceUnavailable), HTTPBody(body))
        case .malformed(let status):
            return (HTTPResponse(status: .init(code: status)), HTTPBody(MockExchange.truncatedBody))
        }
    }

    /// The header that carries the operation id to the sandbox.
    public static let operationHeader = HTTPField.Name("x-pay-operation-id")

    /// Answers one request as the provider: records it, routes it, reads and validates it with its
    /// operation's generated types, draws a fault, runs the handler and checks the answer against
    /// the declared type. The in-memory transport and the HTTP sandbox both come here.
    public func serve(_ request: ServerRequest) async throws -> MockExchange {
        var mock = request
        if let refusal = controlRefusal(mock) {
            note(mock, "\(refusal.status) (bad sandbox control)")
            Self.judge { $0.outcome = "bad sandbox control" }
            return .answered(refusal)
        }
        let chosen = mock.header(Self.faultHeader).flatMap { MockFault(rawValue: $0) }
        let fault = chosen ?? faults.draw()
        mock.scenario = mock.header(Self.scenarioHeader)
        let segments = Self.segments(of: mock.path)
        let (candidates, refusals) = lock.withLock { () -> ([Route], ProviderRefusals) in
            capture(mock)
            if let fault { injected.append(fault) }
            return (match(segments), refusalsValue)
        }
        guard !candidates.isEmpty else {
            note(mock, "unexpected (no route)")
            Self.judge { $0.outcome = "no route" }
            lock.withLock { unexpectedRequests.append(mock.description) }
            throw ServerRouteError.unexpectedRequest("\(name): \(mock.description)")
        }
        guard let route = candidates.first(where: { $0.method == mock.method }) else {
            let allowed = Array(Set(candidates.map(\.method))).sorted()
            var answer = refusals.methodNotAllowed(mock.method, allowed)
            answer.headers["allow"] = allowed.joined(separator: ", ")
            note(mock, "\(answer.status) (method not allowed)")
            let rule = answer.rule
            Self.judge { verdict in
                verdict.outcome = "method not allowed"
                verdict.rule = rule
            }
            return .answered(answer)
        }
        mock.pathParameters = parameters(of: segments, in: route.segments)
        if let operation = route.operation {
            Self.judge { verdict in
                verdict.operationID = operation.operationID
                verdict.requestType = operation.requestTypeName
                verdict.responseType = operation.responseTypeName
            }
        }
        switch fault {
        case .timeout?:
            note(mock, "fault: timeout")
            Self.judge { $0.outcome = "fault: timeout" }
            return .failedBeforeAnswer
        case .serverError?:
            note(mock, "fault: 503")
            let unavailable = refusals.unavailable?()
            Self.judge { verdict in
                verdict.outcome = "fault: 503"
                verdict.rule = unavailable?.rule
            }
            return .serviceUnavailable(body: unavailable?.body ?? MockExchange.unavailableBody)
        case .latency?:
            try await Task.sleep(for: faults.latency)
        default:
            break
        }
        if let delay = mock.header(Self.delayHeader).flatMap(Int.init) {
            try await Task.sleep(for: .milliseconds(delay))
        }
        if let operation = route.operation, let refusal = authenticate?(mock, operation) {
            note(mock, "\(refusal.status) (not authenticated)")
            Self.judge { verdict in
                verdict.outcome = "not authenticated"
                verdict.rule = refusal.rule
            }
            return .answered(refusal)
        }
        if let operation = route.operation, let refusal = refusals.mediaTypeRefusal(mock, operation) {
            note(mock, "\(refusal.status) (media type)")
            Self.judge { verdict in
                verdict.outcome = "refused by the provider"
                verdict.rule = refusal.rule
            }
            return .answered(refusal)
        }
        if let operation = route.operation {
            let read = operation.read(
                pathParameters: mock.pathParameters, query: mock.query, header: { mock.header($0) }, body: mock.body,
                bodyEncoding: refusals.bodyEncoding(mock, operation))
            // A violation's message may quote what the client sent (`'X' is not a valid …`): card
            // numbers in it are redacted before any provider words a refusal or a log line from it.
            let input = (
                body: read.body,
                violations: read.violations.map { violation in
                    PayRequestViolation(
                        location: violation.location, field: violation.field,
                        message: CardNumberRedaction.redacting(Substring(violation.message)),
                        rule: violation.rule, value: violation.value.map { CardNumberRedaction.redacting(Substring($0)) })
                }
            )
            guard input.violations.isEmpty else {
                let answer = refusals.invalid(operation, input.violations)
                note(mock, "\(answer.status) (\(input.violations.count) violation\(input.violations.count == 1 ? "" : "s"))")
                Self.judge { verdict in
                    verdict.outcome = "refused by the schema"
                    verdict.rule = answer.rule
                    verdict.responseType = operation.errorTypeName
                    verdict.violations = input.violations.map { violation in
                        MockVerdict.Violation(
                            path: violation.field.isEmpty
                                ? violation.location.rawValue : "\(violation.location.rawValue).\(violation.field)",
                            rule: violation.rule, message: violation.message)
                    }
                }
                return .answered(answer)
            }
            mock.input = input.body
        }
        var answer: ServerResponse
        do {
            if let operation = route.operation, let policy = idempotency {
                answer = try await replies.answer(mock, operation, policy: policy) { try await route.handler(mock) }
            } else {
                answer = try await route.handler(mock)
            }
        } catch {
            note(mock, "connection failed")
            throw error
        }
        // JSON answers (`+json` ones too) keep the declared types; a merchant server's HTML
        // rendering of the same operation (for a web view that asked for HTML) is a page, not the API's body.
        if let operation = route.operation, HTTPMediaType.isJSON(answer.contentType) {
            var problems: [String]
            if let rewrite = mock.answerRewrite, case let rewritten = rewrite(answer.body), rewritten != answer.body {
                problems = operation.responseProblems(status: answer.status, body: rewritten)
                if problems.isEmpty {
                    answer.body = rewritten
                } else {
                    // The rewritten links break the declared type (an `https`-only field on a
                    // plain-HTTP sandbox): the provider's own links are sent instead.
                    problems = Self.problems(of: answer, for: operation)
                }
            } else {
                problems = Self.problems(of: answer, for: operation)
            }
            if !problems.isEmpty {
                let breach = ContractBreach(provider: name, operationID: operation.operationID, status: answer.status, problems: problems)
                lock.withLock { breachLog.append(breach) }
                answer = Self.breachAnswer(breach)
                Self.judge { $0.outcome = "contract breach" }
            } else {
                answer.checkedBy = operation
                let refused = answer.status >= 400
                let rule = answer.rule
                Self.judge { verdict in
                    verdict.outcome = refused ? "refused by the provider" : "answered"
                    verdict.rule = refused ? rule : nil
                    if refused { verdict.responseType = operation.errorTypeName }
                }
            }
        }
        switch fault {
        case .malformedBody?:
            note(mock, "\(answer.status) (fault: malformed body)")
            Self.judge { $0.outcome = "fault: malformed body" }
            return .malformed(status: answer.status)
        case .lostResponse?:
            note(mock, "\(answer.status) (fault: response lost)")
            Self.judge { $0.outcome = "fault: response lost" }
            return .lostAfterAnswer(answer)
        default:
            note(mock, "\(answer.status)" + (fault == .latency ? " (fault: latency)" : ""))
            return .answered(answer)
        }
    }

    /// Writes to the verdict of the exchange a carrier watches (``MockExchangeContext/current``);
    /// nothing in memory, where nobody does.
    private static func judge(_ update: (inout MockVerdict) -> Void) {
        MockExchangeContext.current?.verdict.withValue(update)
    }

    /// A 400 for a sandbox control header the provider does not know (a scenario it does not offer,
    /// an unknown fault, a delay out of range), or `nil` when the controls are valid or absent.
    private func controlRefusal(_ request: ServerRequest) -> ServerResponse? {
        var problems: [String] = []
        if let name = request.header(Self.scenarioHeader) {
            let known = scenarios.map(\.name)
            if !known.contains(name) {
                problems.append(
                    "Sandbox-Scenario '\(String(name.prefix(64)))' is not a scenario of \(self.name); known: \(known.joined(separator: ", "))"
                )
            }
        }
        if let fault = request.header(Self.faultHeader), MockFault(rawValue: fault) == nil {
            problems.append("Sandbox-Fault must be one of \(MockFault.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let delay = request.header(Self.delayHeader) {
            let limit = Int(Self.maximumDelay.components.seconds) * 1_000
            if !(Int(delay).map { (0...limit).contains($0) } ?? false) {
                problems.append("Sandbox-Delay must be milliseconds from 0 to \(limit)")
            }
        }
        guard !problems.isEmpty else { return nil }
        let body: PayJSON = ["error": "SANDBOX_CONTROL_INVALID", "problems": .array(problems.map(PayJSON.string))]
        return ServerResponse(status: 400, body: Data(body.jsonText.utf8))
    }

    /// What is wrong with `answer` under `operation`'s declared types: judged on the value it was
    /// built from when it has one of the declared type (no reading back), else on its body. Debug
    /// builds (every test) judge both ways and report a disagreement as a breach, so the shortcut
    /// is held to the wire check on every answer the tests see.
    static func problems(of answer: ServerResponse, for operation: PayOperationDescriptor) -> [String] {
        guard let value = answer.typedBody, let typed = operation.responseProblems(status: answer.status, value: value) else {
            return operation.responseProblems(status: answer.status, body: answer.body)
        }
        #if DEBUG
        let wire = operation.responseProblems(status: answer.status, body: answer.body)
        if wire != typed { return ["the answer's value and its body disagree: \(typed) on the value, \(wire) on the body"] }
        #endif
        return typed
    }

    /// The 500 that replaces an answer breaking its declared type: a sandbox bug, said plainly.
    static func breachAnswer(_ breach: ContractBreach) -> ServerResponse {
        let body: PayJSON = [
            "error": "SANDBOX_CONTRACT_BREACH",
            "message": .string("the sandbox's answer broke the schema of \(breach.operationID); this is a bug in the sandbox"),
            "status": .number(String(breach.status)), "problems": .array(breach.problems.map(PayJSON.string)),
        ]
        return ServerResponse(status: 500, body: Data(body.jsonText.utf8))
    }

    /// Keeps `request`, dropping the oldest past ``captureLimit``. Call under the lock.
    private func capture(_ request: ServerRequest) {
        if captured.count == Self.captureLimit.requests, let oldest = captured.first {
            capturedBytes -= oldest.body.count
        }
        captured.append(request)
        capturedBytes += request.body.count
        while captured.count > 1, capturedBytes > Self.captureLimit.bodyBytes, let oldest = captured.first {
            capturedBytes -= oldest.body.count
            captured.dropFirst()
        }
    }

    /// Forgets every request, exchange, fault and breach recorded (the state of the provider's
    /// business logic is the mock's own to reset).
    public func resetRecords() {
        lock.withLock {
            captured.removeAll()
            capturedBytes = 0
            unexpectedRequests.removeAll()
            injected.removeAll()
            exchangeLog.removeAll()
            breachLog.removeAll()
        }
        ledger.clear()
        webhooks.clear()
    }

    /// What the provider holds (orders, payments, sessions, tokens) and the transitions that led
    /// there; the mock notes them where its state moves, the sandbox's inspector shows them.
    public let ledger = ProviderLedger()

    /// The notifications the provider sends merchants' servers (``WebhookNotice``): the mock posts
    /// them where its state moves, the sandbox delivers them.
    public let webhooks = WebhookOutbox()

    /// The routes whose path matches the request's (split at `/`), in registration order.
    private func match(_ segments: [Substring]) -> [Route] {
        routes.filter { $0.matches(segments) }
    }

    /// `path`'s non-empty segments between `/`, found on its bytes (a `/` is never part of a
    /// multi-byte character, so every cut is a character boundary).
    static func segments(of path: String) -> [Substring] {
        var segments: [Substring] = []
        var start = path.startIndex
        var index = start
        let utf8 = path.utf8
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                if start != index { segments.append(path[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex { segments.append(path[start...]) }
        return segments
    }

    /// The values of the route's `{placeholders}`, percent-decoded (kept as sent when they do not decode).
    private func parameters(of segments: [Substring], in pattern: [Route.Segment]) -> [String: String] {
        var values: [String: String] = [:]
        for (segment, value) in zip(pattern, segments) {
            guard case .parameter(let name) = segment else { continue }
            values[name] = value.utf8.contains(UInt8(ascii: "%")) ? (value.removingPercentEncoding ?? String(value)) : String(value)
        }
        return values
    }
}

/// What a provider did with one request: answered it, or failed the way a network does.
public enum MockExchange: Sendable {
    /// The provider answered.
    case answered(ServerResponse)
    /// Nothing reached the provider and nothing came back (a timeout before it acted).
    case failedBeforeAnswer
    /// The provider was unavailable (503) and did nothing; `body` is the provider's own 503 body
    /// (``ProviderRefusals/unavailable``) or ``unavailableBody``.
    case serviceUnavailable(body: Data)
    /// The provider acted, but the body of its answer is cut off.
    case malformed(status: Int)
    /// The provider acted, but its answer never arrived.
    case lostAfterAnswer(ServerResponse)

    /// The body of a 503.
    public static let unavailableBody = Data(#"{"error":"unavailable"}"#.utf8)
    /// A body cut off in the middle.
    public static let truncatedBody = Data(#"{"truncated": "#.utf8)
}
