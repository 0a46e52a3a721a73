import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PaymentFlowsCore
import PaymentMocks

/// Turns HTTP requests into provider calls and provider outcomes into HTTP, faults included.
struct SandboxResponder: Sendable {
    let registry: LockIsolated<[String: MockProviderTransport]>

    /// A page listing the providers being served.
    func index() -> Response {
        let names = registry.value.keys.sorted()
        let body = "PaymentSchemas sandbox\n" + names.map { "/t/\($0)/\n" }.joined()
        return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    func respond(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let target = request.uri.description
        guard let id = context.parameters.get("id"), let transport = registry.value[id] else {
            return Self.json(status: .notFound, Data(#"{"error":"no such provider"}"#.utf8))
        }
        // The provider sees the path under its prefix, as it would in memory.
        let prefix = "/t/\(id)"
        let rest = target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
        var head = request.head
        head.path = rest.isEmpty ? "/" : rest
        let body = try await request.body.collect(upTo: 8 << 20)
        let mock = MockRequest(http: head, body: Data(buffer: body), operationID: MockProviderTransport.operationHeader.flatMap { head.headerFields[$0] } ?? "")
        let exchange: MockExchange
        do {
            exchange = try await transport.serve(mock)
        } catch let error as MockTransportError {
            return Self.json(status: .notImplemented, Data(#"{"error":"unexpected request"}"#.utf8), detail: error.description)
        }
        switch exchange {
        case .answered(let answer):
            return Self.response(answer)
        case .serviceUnavailable:
            return Self.json(status: .serviceUnavailable, MockExchange.unavailableBody)
        case .malformed(let status):
            return Self.json(status: .init(code: status), MockExchange.truncatedBody)
        case .failedBeforeAnswer:
            return Self.dropped(after: Data(), promising: 64)
        case .lostAfterAnswer(let answer):
            // The provider acted; the client sees the connection close mid-answer.
            return Self.dropped(after: answer.body.prefix(answer.body.count / 2), promising: max(answer.body.count, 64), status: .init(code: answer.status))
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

    static func json(status: HTTPResponse.Status, _ body: Data, detail: String? = nil) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let detail, let name = HTTPField.Name("x-sandbox-detail") { headers[name] = String(detail.prefix(200)) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
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

/// Ends a response early, closing the connection (a dropped or lost answer).
struct SandboxConnectionDropped: Error {}
