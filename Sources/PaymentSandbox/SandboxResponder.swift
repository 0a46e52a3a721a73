import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PaymentFlowsCore
import PaymentMocks

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

    func respond(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let started = ContinuousClock.now
        let target = request.uri.description
        guard let id = context.parameters.get("id"), let transport = registry.value[id] else {
            journal.record(provider: "unknown", method: request.method.rawValue, target: target, status: 404, scenario: nil, fault: nil, started: started)
            return Self.json(status: .notFound, Data(#"{"error":"NOT_FOUND","message":"no provider is served under this prefix; GET /__admin/health lists them"}"#.utf8))
        }
        var status = 0
        var fault: String?
        let scenario = request.headers[HTTPField.Name(MockProviderTransport.scenarioHeader)!]
        defer { journal.record(provider: id, method: request.method.rawValue, target: target, status: status, scenario: scenario, fault: fault, started: started) }
        let body: ByteBuffer
        switch await readBody(request) {
        case .body(let read): body = read
        case .refused(let refusal):
            status = Int(refusal.status.code)
            return refusal
        }
        // The provider sees the path under its prefix, as it would in memory.
        let prefix = "/t/\(id)"
        let rest = target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
        var head = request.head
        head.path = rest.isEmpty || rest.hasPrefix("?") ? "/" + rest : rest
        let mock = MockRequest(http: head, body: Data(buffer: body), operationID: MockProviderTransport.operationHeader.flatMap { head.headerFields[$0] } ?? "")
        let exchange: MockExchange
        do {
            exchange = try await transport.serve(mock)
        } catch MockTransportError.unexpectedRequest {
            let answer = transport.refusals.notFound(mock.path)
            status = answer.status
            return Self.response(answer)
        } catch let error as MockTransportError {
            status = 500
            return Self.json(status: .internalServerError, Self.sandboxBug(error.description))
        } catch {
            // The provider could not be reached (a mock gone offline): the connection drops.
            fault = "connection failed"
            return Self.dropped(after: Data(), promising: 64)
        }
        switch exchange {
        case .answered(var answer):
            if answer.contentType.hasPrefix("application/json"), let links = links() {
                let rewritten = links.rewrite(answer.body)
                if rewritten != answer.body, answer.checkedBy.map({ $0.responseProblems(status: answer.status, body: rewritten).isEmpty }) ?? true {
                    answer.body = rewritten
                }
            }
            status = answer.status
            return Self.response(answer)
        case .serviceUnavailable:
            status = 503
            fault = MockFault.serverError.rawValue
            return Self.json(status: .serviceUnavailable, MockExchange.unavailableBody)
        case .malformed(let code):
            status = code
            fault = MockFault.malformedBody.rawValue
            return Self.json(status: .init(code: code), MockExchange.truncatedBody)
        case .failedBeforeAnswer:
            // A timeout: hold the connection past the client's deadline, then close it unanswered.
            fault = MockFault.timeout.rawValue
            try? await Task.sleep(for: configuration.timeoutHold)
            return Self.dropped(after: Data(), promising: 64)
        case .lostAfterAnswer(let answer):
            // The provider acted; the client sees the connection close mid-answer.
            fault = MockFault.lostResponse.rawValue
            return Self.dropped(after: answer.body.prefix(answer.body.count / 2), promising: max(answer.body.count, 64), status: .init(code: answer.status))
        }
    }

    /// The body, at most ``SandboxConfiguration/maximumBodyBytes`` (413 otherwise, as soon as a
    /// `Content-Length` announces more), read within ``SandboxConfiguration/bodyReadTimeout`` (408).
    func readBody(_ request: Request) async -> BodyRead {
        let limit = configuration.maximumBodyBytes
        let tooLarge = Self.json(status: .contentTooLarge, Data(#"{"error":"PAYLOAD_TOO_LARGE","message":"the body is larger than \#(limit) bytes"}"#.utf8), close: true)
        if let announced = request.headers[.contentLength].flatMap(Int.init), announced > limit { return .refused(tooLarge) }
        let timeout = configuration.bodyReadTimeout
        let body = request.body
        do {
            return .body(try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await body.collect(upTo: limit) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let buffer = first else { throw SandboxBodyTimeout() }
                return buffer
            })
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
        for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
            if let field = HTTPField.Name(name) { headers[field] = value }
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
        (try? JSONSerialization.data(withJSONObject: ["error": "SANDBOX_BUG", "message": message], options: [.sortedKeys])) ?? Data()
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
