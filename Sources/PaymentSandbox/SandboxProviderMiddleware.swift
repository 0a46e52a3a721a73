import HTTPTypes
import Hummingbird
import NIOCore

/// Serves every request under `/t/<id>`, whatever its method (QUERY and custom ones included), as
/// the first middleware of the sandbox's Hummingbird router: hosted pages, the admin API and the
/// index are the router's routes, and the providers are this middleware, so one router carries
/// every request. The body is gathered up to ``SandboxConfiguration/maximumBodyBytes`` (413 when
/// it announces or sends more) within ``SandboxConfiguration/bodyReadTimeout`` (408 when it does
/// not arrive), the provider's `serve` answers (``SandboxResponder``), and the reply is written as
/// Hummingbird writes any answer, or, for a fault, as the fault needs: the connection closed after
/// the answer, or dropped after part of it.
struct SandboxProviderMiddleware<Context: RequestContext>: RouterMiddleware {
    let responder: SandboxResponder

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let path = request.head.path, path.hasPrefix("/t/") else { return try await next(request, context) }
        let started = ContinuousClock.now
        let limit = responder.configuration.maximumBodyBytes
        if let announced = request.headers[.contentLength].flatMap(Int.init), announced > limit {
            return Self.response(responder.tooLarge)
        }
        let body: ByteBuffer
        // A request with neither a length nor a transfer coding has no body (RFC 9112 6.3): it is
        // answered without waiting for one.
        let hasBody = request.headers[.contentLength].map { $0 != "0" } ?? (request.headers[.transferEncoding] != nil)
        switch hasBody
            ? await Self.gather(request.body, limit: limit, within: responder.configuration.bodyReadTimeout) : .success(ByteBuffer())
        {
        case .success(let gathered): body = gathered
        case .failure(.tooLarge): return Self.response(responder.tooLarge)
        case .failure(.late): return Self.response(responder.requestTimeout)
        case .failure(.unreadable): return Self.response(responder.unreadable)
        }
        return Self.response(await responder.answer(request.head, body: body, started: started))
    }

    /// Why a body could not be gathered.
    enum BodyProblem: Error {
        case tooLarge, late, unreadable
    }

    /// The whole body, at most `limit` bytes, arrived within `within`.
    static func gather(_ body: RequestBody, limit: Int, within: Duration) async -> Result<ByteBuffer, BodyProblem> {
        await withTaskGroup(of: Result<ByteBuffer, BodyProblem>?.self) { group in
            group.addTask {
                do {
                    return .success(try await body.collect(upTo: limit))
                } catch is NIOTooManyBytesError {
                    return .failure(.tooLarge)
                } catch {
                    return .failure(Task.isCancelled ? .late : .unreadable)
                }
            }
            group.addTask {
                try? await Task.sleep(for: within)
                return Task.isCancelled ? nil : .failure(.late)
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(.late)
        }
    }

    /// The connection ends after an answer that says so (a refusal, `Connection: close`) or
    /// mid-answer (a fault): thrown by the answer's body once it is written, it makes Hummingbird
    /// close the connection instead of reading the next request.
    struct ConnectionEnds: Error {}

    /// `reply` as Hummingbird's response.
    static func response(_ reply: SandboxReply) -> Response {
        var headers = reply.headers
        let bytes = reply.body
        if reply.dropAfterPrefix {
            headers[.contentLength] = String(reply.promisedLength)
            return Response(
                status: reply.status, headers: headers,
                body: ResponseBody(contentLength: reply.promisedLength) { writer in
                    if bytes.readableBytes > 0 && !reply.headOnly { try await writer.write(bytes) }
                    throw ConnectionEnds()
                })
        }
        headers[.contentLength] = String(bytes.readableBytes)
        if reply.headOnly {
            return Response(
                status: reply.status, headers: headers,
                body: ResponseBody(contentLength: bytes.readableBytes) { writer in
                    try await writer.finish(nil)
                    if reply.close { throw ConnectionEnds() }
                })
        }
        guard reply.close else { return Response(status: reply.status, headers: headers, body: ResponseBody(byteBuffer: bytes)) }
        return Response(
            status: reply.status, headers: headers,
            body: ResponseBody(contentLength: bytes.readableBytes) { writer in
                try await writer.write(bytes)
                try await writer.finish(nil)
                throw ConnectionEnds()
            })
    }
}

/// What the sandbox sends for one provider request, whatever carries it.
struct SandboxReply: Sendable {
    /// The status.
    var status: HTTPResponse.Status
    /// The header fields (the length is set when it is written).
    var headers: HTTPFields
    /// The body, or the part of it sent before the connection drops.
    var body: ByteBuffer
    /// Close the connection after the answer.
    var close = false
    /// Send `body` as the first part of `promisedLength` bytes, then drop the connection (a fault).
    var dropAfterPrefix = false
    /// The length the head announces when the connection drops after `body`.
    var promisedLength = 0
    /// Answer a HEAD: the head announces the body's length and no body is sent.
    var headOnly = false
}
