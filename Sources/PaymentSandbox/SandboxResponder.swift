import Foundation
import HTTPTypes
import NIOCore
import PaymentFlowsCore
import PaymentMocks
import PaymentSchemasRuntime
import PaymentServerCore

/// Turns provider requests into provider calls and provider outcomes into replies, faults
/// included. The provider's transport routes, reads and validates the request with the schemas;
/// this layer answers unknown providers in the same shape, turns faults into replies that really
/// drop or hold the connection, points links at the sandbox and keeps a journal entry for every
/// answer. ``SandboxProviderMiddleware`` gathers the request from Hummingbird and writes the reply.
struct SandboxResponder: Sendable {
    let registry: LockIsolated<[String: MockProviderTransport]>
    let configuration: SandboxConfiguration
    let journal: SandboxJournal
    let links: @Sendable () -> SandboxLinks?

    /// The reply to `head` (a path under `/t/<id>`) with `body`, recorded in the journal with the
    /// exchange in full (for the inspector) and the provider's verdict; `replayOf` names the
    /// exchange a replay repeats.
    func answer(_ head: HTTPRequest, body: ByteBuffer, started: ContinuousClock.Instant) async -> SandboxReply {
        await exchange(head, body: body, started: started, replayOf: nil).reply
    }

    /// ``answer(_:body:started:)`` with the number the journal gave the exchange.
    private func exchange(
        _ head: HTTPRequest, body: ByteBuffer, started: ContinuousClock.Instant, replayOf: Int?, sequence reserved: Int? = nil
    ) async -> (reply: SandboxReply, sequence: Int) {
        let target = head.path ?? "/"
        let id = String(target.dropFirst(3).prefix { $0 != "/" && $0 != "?" })
        let sequence = reserved ?? journal.reserve()
        // Kept for the inspector and replay only up to the journal's limit: a larger body is not copied.
        let requestBody = body.readableBytes <= SandboxJournal.bodyLimit ? Data(buffer: body) : nil
        let scenario = Self.scenarioField.flatMap { head.headerFields[$0] }
        guard let transport = registry.value[id] else {
            let reply = Self.json(
                status: .notFound,
                #"{"error":"NOT_FOUND","message":"no provider is served under this prefix; GET /__admin/health lists them"}"#.utf8)
            journal.record(
                sequence: sequence, provider: "unknown", method: head.method.rawValue, target: target, status: 404, scenario: scenario,
                fault: nil, started: started,
                exchange: Self.record(
                    head, requestBody, bytes: body.readableBytes, reply, status: 404, verdict: nil, replayOf: replayOf, replayable: false))
            return (reply, sequence)
        }
        // HEAD is the provider's GET with the body left off (RFC 9110 9.3.2): same status and headers,
        // the length of the body a GET would carry.
        var asked = head
        if head.method == .head { asked.method = .get }
        let context = MockExchangeContext(sequence: sequence)
        var (reply, status, fault) = await MockExchangeContext.$current.withValue(context) {
            await answer(asked, body: body, provider: id, transport: transport)
        }
        if head.method == .head { reply.headOnly = true }
        if head.headerFields[.connection]?.lowercased() == "close" { reply.close = true }
        journal.record(
            sequence: sequence, provider: id, method: head.method.rawValue, target: target, status: status, scenario: scenario,
            fault: fault, started: started,
            exchange: Self.record(
                head, requestBody, bytes: body.readableBytes, reply, status: status, verdict: context.verdict.value, replayOf: replayOf,
                replayable: requestBody != nil))
        return (reply, sequence)
    }

    /// Sends exchange `sequence`'s request again, as it came (headers and body), and returns the
    /// new exchange's number once it is answered, or after 5 seconds (a replayed timeout fault
    /// holds its answer for ``SandboxConfiguration/timeoutHold``; it is journaled when it ends).
    /// `nil` when the exchange is gone or cannot be replayed.
    func replay(_ sequence: Int) async -> Int? {
        guard let record = journal.exchange(sequence)?.record, record.replayable, let body = record.requestBody else { return nil }
        let replay = journal.reserve()
        let done = OneShot<Int>()
        Task {
            _ = await exchange(record.request, body: ByteBuffer(bytes: body), started: .now, replayOf: sequence, sequence: replay)
            done.resolve(replay)
        }
        _ = await done.wait(timeout: .seconds(5))
        return replay
    }

    /// The journal's full record of one exchange.
    static func record(
        _ head: HTTPRequest, _ body: Data?, bytes: Int, _ reply: SandboxReply, status: Int, verdict: MockVerdict?, replayOf: Int?,
        replayable: Bool
    ) -> SandboxExchangeRecord {
        // At most the journal's limit of the answer is copied.
        let sent = reply.headOnly ? Data() : Data(reply.body.readableBytesView.prefix(SandboxJournal.bodyLimit))
        var headers = reply.headers
        headers[.contentLength] = nil
        return SandboxExchangeRecord(
            request: head, requestBody: body, requestBytes: bytes,
            status: status, responseHeaders: headers, responseBody: sent, responseBytes: reply.headOnly ? 0 : reply.body.readableBytes,
            verdict: verdict, replayOf: replayOf, replayable: replayable)
    }

    /// The request header that chooses a scenario.
    private static let scenarioField = HTTPField.Name(MockProviderTransport.scenarioHeader)

    /// What one request to `transport` (served as `id`) gets: the reply, the status the journal records (0 for
    /// a dropped connection) and the fault it met.
    private func answer(
        _ request: HTTPRequest, body: ByteBuffer, provider id: String, transport: MockProviderTransport
    ) async -> (reply: SandboxReply, status: Int, fault: String?) {
        // The provider sees the path under its prefix, as it would in memory.
        let target = request.path ?? "/"
        let prefix = "/t/\(id)"
        let rest = target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
        var head = request
        head.path = rest.isEmpty || rest.hasPrefix("?") ? "/" + rest : rest
        var mock = ServerRequest(
            http: head, body: Data(buffer: body), operationID: MockProviderTransport.operationHeader.flatMap { head.headerFields[$0] } ?? ""
        )
        let links = links()
        if let links { mock.answerRewrite = { links.rewrite($0) } }
        let exchange: MockExchange
        do {
            exchange = try await transport.serve(mock)
        } catch ServerRouteError.unexpectedRequest {
            let refusal = transport.refusals.notFound(mock.path)
            MockExchangeContext.current?.verdict.withValue { $0.rule = refusal.rule }
            return (Self.reply(refusal), refusal.status, nil)
        } catch let error as ServerRouteError {
            return (Self.json(status: .internalServerError, Self.sandboxBug(error.description)), 500, nil)
        } catch {
            // The provider could not be reached (a mock gone offline): the connection drops.
            return (Self.dropped(after: Data(), promising: 64), 0, "connection failed")
        }
        switch exchange {
        case .answered(let provided):
            return (Self.reply(rewritingLinks(provided, with: links)), provided.status, nil)
        case .serviceUnavailable(let body):
            return (Self.json(status: .serviceUnavailable, body), 503, MockFault.serverError.rawValue)
        case .malformed(let code):
            return (Self.json(status: .init(code: code), MockExchange.truncatedBody), code, MockFault.malformedBody.rawValue)
        case .failedBeforeAnswer:
            // A timeout: hold the connection past the client's deadline, then close it unanswered.
            try? await Task.sleep(for: configuration.timeoutHold)
            return (Self.dropped(after: Data(), promising: 64), 0, MockFault.timeout.rawValue)
        case .lostAfterAnswer(let lost):
            // The provider acted; the client sees the connection close mid-answer.
            let reply = Self.dropped(
                after: lost.body.prefix(lost.body.count / 2), promising: max(lost.body.count, 64), status: .init(code: lost.status))
            return (reply, 0, MockFault.lostResponse.rawValue)
        }
    }

    /// `answer` with its links rewritten onto the sandbox. A schema operation's answer was
    /// rewritten (and checked as rewritten) by the transport; an answer no schema declares (a
    /// merchant server's page or plain JSON) is rewritten here.
    private func rewritingLinks(_ answer: ServerResponse, with links: SandboxLinks?) -> ServerResponse {
        guard answer.checkedBy == nil, HTTPMediaType.isJSON(answer.contentType), let links else { return answer }
        var changed = answer
        changed.body = links.rewrite(answer.body)
        return changed
    }

    /// 413: the body is larger than ``SandboxConfiguration/maximumBodyBytes`` (announced or sent).
    var tooLarge: SandboxReply {
        Self.json(
            status: .contentTooLarge,
            #"{"error":"PAYLOAD_TOO_LARGE","message":"the body is larger than \#(configuration.maximumBodyBytes) bytes"}"#.utf8, close: true
        )
    }

    /// 408: the body did not arrive within ``SandboxConfiguration/bodyReadTimeout``.
    var requestTimeout: SandboxReply {
        Self.json(status: .requestTimeout, #"{"error":"REQUEST_TIMEOUT","message":"the body did not arrive in time"}"#.utf8, close: true)
    }

    /// 400: the request could not be read to its end.
    var unreadable: SandboxReply {
        Self.json(status: .badRequest, #"{"error":"BAD_REQUEST","message":"the request could not be read"}"#.utf8, close: true)
    }

    /// A provider's answer as a reply: its status, media type, headers and body.
    static func reply(_ answer: ServerResponse) -> SandboxReply {
        var headers: HTTPFields = [.contentType: answer.contentType]
        if !answer.headers.isEmpty {
            for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
                if let field = HTTPField.Name(name) { headers[field] = value }
            }
        }
        return SandboxReply(status: .init(code: answer.status), headers: headers, body: ByteBuffer(bytes: answer.body))
    }

    /// A JSON answer of the sandbox itself (not of a provider).
    static func json(status: HTTPResponse.Status, _ body: some Sequence<UInt8>, close: Bool = false) -> SandboxReply {
        var headers: HTTPFields = [.contentType: "application/json"]
        if close { headers[.connection] = "close" }
        return SandboxReply(status: status, headers: headers, body: ByteBuffer(bytes: body), close: close)
    }

    /// The body of a 500 that is the sandbox's own fault.
    static func sandboxBug(_ message: String) -> Data {
        Data((["error": "SANDBOX_BUG", "message": .string(message)] as PayJSON).jsonText.utf8)
    }

    /// A reply that promises `promising` bytes, sends `prefix` and drops the connection.
    static func dropped(after prefix: Data, promising length: Int, status: HTTPResponse.Status = .ok) -> SandboxReply {
        SandboxReply(
            status: status, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: prefix), dropAfterPrefix: true,
            promisedLength: length)
    }
}
