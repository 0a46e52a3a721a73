import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PaymentFlowsCore
import PaymentMocks
import PaymentSchemasRuntime

/// Turns HTTP requests into provider calls and provider outcomes into HTTP, faults included. The
/// provider's transport routes, reads and validates the request with the schemas; this layer keeps
/// the socket honest: bounded bodies read in bounded time, unknown paths answered in the provider's
/// own shape, faults that really drop or hold the connection, links rewritten onto the sandbox and a
/// journal entry for every answer.
struct SandboxResponder: Sendable {
    let registry: LockIsolated<[String: MockProviderTransport]>
    let configuration: SandboxConfiguration
    let journal: SandboxJournal
    let links: @Sendable () -> SandboxLinks?
    /// Bounds the time each body read may take.
    let deadlines: SandboxBodyDeadlines

    func respond(_ request: Request, provider id: String) async throws -> Response {
        let started = ContinuousClock.now
        let target = request.uri.description
        guard let transport = registry.value[id] else {
            journal.record(provider: "unknown", method: request.method.rawValue, target: target, status: 404, scenario: nil, fault: nil, started: started)
            return Self.json(status: .notFound, Data(#"{"error":"NOT_FOUND","message":"no provider is served under this prefix; GET /__admin/health lists them"}"#.utf8))
        }
        let scenario = request.headers.first { $0.name.canonicalName == MockProviderTransport.scenarioHeader }?.value
        let outcome = await answer(request, provider: id, transport: transport)
        journal.record(provider: id, method: request.method.rawValue, target: target, status: outcome.status, scenario: scenario, fault: outcome.fault, started: started)
        return outcome.response
    }

    /// What one request to `transport` gets: the response, the status the journal records (0 for
    /// a dropped connection) and the fault it met.
    private func answer(_ request: Request, provider id: String, transport: MockProviderTransport) async -> (response: Response, status: Int, fault: String?) {
        let body: ByteBuffer
        switch await readBody(request) {
        case .body(let read): body = read
        case .refused(let refusal): return (refusal, Int(refusal.status.code), nil)
        }
        // The provider sees the path under its prefix, as it would in memory.
        let target = request.uri.description
        let prefix = "/t/\(id)"
        let rest = target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
        var head = request.head
        head.path = rest.isEmpty || rest.hasPrefix("?") ? "/" + rest : rest
        var mock = MockRequest(http: head, body: Data(buffer: body), operationID: MockProviderTransport.operationHeader.flatMap { head.headerFields[$0] } ?? "")
        let links = links()
        if let links { mock.answerRewrite = { links.rewrite($0) } }
        let exchange: MockExchange
        do {
            exchange = try await transport.serve(mock)
        } catch MockTransportError.unexpectedRequest {
            let refusal = transport.refusals.notFound(mock.path)
            return (Self.response(refusal), refusal.status, nil)
        } catch let error as MockTransportError {
            return (Self.json(status: .internalServerError, Self.sandboxBug(error.description)), 500, nil)
        } catch {
            // The provider could not be reached (a mock gone offline): the connection drops.
            return (Self.dropped(after: Data(), promising: 64), 0, "connection failed")
        }
        switch exchange {
        case .answered(let provided):
            return (Self.response(rewritingLinks(provided, with: links)), provided.status, nil)
        case .serviceUnavailable:
            return (Self.json(status: .serviceUnavailable, MockExchange.unavailableBody), 503, MockFault.serverError.rawValue)
        case .malformed(let code):
            return (Self.json(status: .init(code: code), MockExchange.truncatedBody), code, MockFault.malformedBody.rawValue)
        case .failedBeforeAnswer:
            // A timeout: hold the connection past the client's deadline, then close it unanswered.
            try? await Task.sleep(for: configuration.timeoutHold)
            return (Self.dropped(after: Data(), promising: 64), 0, MockFault.timeout.rawValue)
        case .lostAfterAnswer(let lost):
            // The provider acted; the client sees the connection close mid-answer.
            let response = Self.dropped(after: lost.body.prefix(lost.body.count / 2), promising: max(lost.body.count, 64), status: .init(code: lost.status))
            return (response, 0, MockFault.lostResponse.rawValue)
        }
    }

    /// `answer` with its links rewritten onto the sandbox. A schema operation's answer was
    /// rewritten (and checked as rewritten) by the transport; an answer no schema declares (a
    /// merchant server's page or plain JSON) is rewritten here.
    private func rewritingLinks(_ answer: MockResponse, with links: SandboxLinks?) -> MockResponse {
        guard answer.checkedBy == nil, answer.contentType.hasPrefix("application/json"), let links else { return answer }
        var changed = answer
        changed.body = links.rewrite(answer.body)
        return changed
    }

    /// The body, at most ``SandboxConfiguration/maximumBodyBytes`` (413 otherwise, as soon as a
    /// `Content-Length` announces more), read within ``SandboxConfiguration/bodyReadTimeout`` (408).
    func readBody(_ request: Request) async -> BodyRead {
        let limit = configuration.maximumBodyBytes
        var tooLarge: Response {
            Self.json(status: .contentTooLarge, Data(#"{"error":"PAYLOAD_TOO_LARGE","message":"the body is larger than \#(limit) bytes"}"#.utf8), close: true)
        }
        let announced = request.headers[.contentLength].flatMap(Int.init)
        if let announced, announced > limit { return .refused(tooLarge) }
        // No body announced and none chunked (a GET): nothing to wait for.
        if announced == 0 || (announced == nil && request.headers[.transferEncoding] == nil) { return .body(ByteBuffer()) }
        do {
            guard let buffer = try await deadlines.collect(request.body, upTo: limit, within: configuration.bodyReadTimeout) else { throw SandboxBodyTimeout() }
            return .body(buffer)
        } catch is NIOTooManyBytesError {
            return .refused(tooLarge)
        } catch is SandboxBodyTimeout {
            return .refused(Self.json(status: .requestTimeout, Data(#"{"error":"REQUEST_TIMEOUT","message":"the body did not arrive in time"}"#.utf8), close: true))
        } catch {
            return .refused(Self.json(status: .badRequest, Data(#"{"error":"BAD_REQUEST","message":"the body could not be read"}"#.utf8), close: true))
        }
    }

    /// A provider's answer as HTTP: its status, media type, headers and body.
    static func response(_ answer: MockResponse) -> Response {
        var headers: HTTPFields = [.contentType: answer.contentType]
        if !answer.headers.isEmpty {
            for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
                if let field = HTTPField.Name(name) { headers[field] = value }
            }
        }
        return Response(status: .init(code: answer.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    /// A JSON answer of the sandbox itself (not of a provider).
    static func json(status: HTTPResponse.Status, _ body: Data, close: Bool = false) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if close { headers[.connection] = "close" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The body of a 500 that is the sandbox's own fault.
    static func sandboxBug(_ message: String) -> Data {
        Data((["error": "SANDBOX_BUG", "message": .string(message)] as PayJSON).jsonText.utf8)
    }

    /// A response that promises `promising` bytes, writes `prefix` and closes the connection.
    static func dropped(after prefix: Data, promising length: Int, status: HTTPResponse.Status = .ok) -> Response {
        let bytes = Array(prefix)
        return Response(
            status: status, headers: [.contentType: "application/json", .contentLength: String(length)],
            body: ResponseBody(contentLength: length) { writer in
                if !bytes.isEmpty { try await writer.write(ByteBuffer(bytes: bytes)) }
                throw SandboxConnectionDropped()
            })
    }
}

/// A request body, or the answer that refuses it.
enum BodyRead {
    /// The whole body.
    case body(ByteBuffer)
    /// Too large, too slow or unreadable: the answer to send instead.
    case refused(Response)
}

/// Ends a response early, closing the connection (a dropped or lost answer).
struct SandboxConnectionDropped: Error {}

/// A body that did not arrive within the read timeout.
struct SandboxBodyTimeout: Error {}
