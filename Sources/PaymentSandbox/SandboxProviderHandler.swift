import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Answers every request under `/t/<id>` on its connection's event loop, straight from the HTTP
/// parts, and passes every other request on to Hummingbird's router (hosted pages, the admin API).
///
/// It sits in the connection's pipeline after Hummingbird's connection state handler (which sees
/// every request, so idle timeouts and graceful shutdown count the provider's requests too) and
/// before Hummingbird's own request loop. A provider request costs no task switch to read its body
/// or to write its answer: the body is gathered from the parts as they arrive (413 past
/// ``SandboxConfiguration/maximumBodyBytes``, 408 when it is not whole within
/// ``SandboxConfiguration/bodyReadTimeout``), the provider's `serve` runs in one task on this loop,
/// and the answer is written as parts. Requests on one connection are answered in order: what
/// arrives while an answer is pending (a pipelining client) waits, and reading stops until it can
/// be handled.
final class SandboxProviderHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum State {
        /// Between requests.
        case idle
        /// A request Hummingbird answers: its parts are passed on; it is done when both its last
        /// part has arrived and its answer's end is written (Hummingbird may answer first).
        case passing(requestEnded: Bool, answered: Bool)
        /// A provider request whose body is arriving.
        case gathering(HTTPRequest, ByteBuffer, started: ContinuousClock.Instant)
        /// A provider request being answered, or refused and the connection closing.
        case answering
    }

    /// What arrived while a request was in progress, handled in order once it is done.
    private enum Held {
        case part(HTTPRequestPart)
        case error(any Error)
        case event(Any)
    }

    private let responder: SandboxResponder
    private let executor: any TaskExecutor
    private var state = State.idle
    private var held = CircularBuffer<Held>()
    private var readPending = false
    private var bodyTimer: Scheduled<Void>?

    init(responder: SandboxResponder, executor: any TaskExecutor) {
        self.responder = responder
        self.executor = executor
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        guard held.isEmpty else { return held.append(.part(part)) }
        handle(part, context: context)
    }

    private func handle(_ part: HTTPRequestPart, context: ChannelHandlerContext) {
        switch (state, part) {
        case (.idle, .head(let head)):
            guard let path = head.path, path.hasPrefix("/t/") else {
                state = .passing(requestEnded: false, answered: false)
                return context.fireChannelRead(wrapInboundOut(part))
            }
            if let announced = head.headerFields[.contentLength].flatMap(Int.init), announced > responder.configuration.maximumBodyBytes {
                return refuse(responder.tooLarge, context: context)
            }
            state = .gathering(head, context.channel.allocator.buffer(capacity: 0), started: .now)
        case (.passing(requestEnded: false, let answered), .end):
            state = answered ? .idle : .passing(requestEnded: true, answered: false)
            context.fireChannelRead(wrapInboundOut(part))
        case (.passing(requestEnded: false, _), _):
            context.fireChannelRead(wrapInboundOut(part))
        case (.gathering(let head, var body, let started), .body(var chunk)):
            if body.readableBytes + chunk.readableBytes > responder.configuration.maximumBodyBytes {
                return refuse(responder.tooLarge, context: context)
            }
            state = .answering  // no copy of `body` while it grows
            body.writeBuffer(&chunk)
            state = .gathering(head, body, started: started)
        case (.gathering(let head, let body, let started), .end):
            bodyTimer?.cancel()
            bodyTimer = nil
            state = .answering
            answer(head, body: body, started: started, context: context)
        default:
            // A part out of order (the parser guarantees head, body…, end): hold it for the next request.
            held.append(.part(part))
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        timeBody(context: context)
        context.fireChannelReadComplete()
    }

    /// Starts the body's clock when a body is not whole after what was read (most arrive with
    /// their head, and never need one).
    private func timeBody(context: ChannelHandlerContext) {
        guard case .gathering = state, bodyTimer == nil else { return }
        let loop = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        bodyTimer = context.eventLoop.scheduleTask(in: TimeAmount(responder.configuration.bodyReadTimeout)) {
            let (handler, context) = loop.value
            handler.bodyTimer = nil
            if case .gathering = handler.state { handler.refuse(handler.responder.requestTimeout, context: context) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A request that cannot be parsed to its end is refused here when it is a provider's.
        if case .gathering = state, held.isEmpty { return refuse(responder.unreadable, context: context) }
        guard held.isEmpty, !isAnswering else { return held.append(.error(error)) }
        context.fireErrorCaught(error)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client's half-close reaches Hummingbird, which then ends the connection's output:
        // not while an answer of this handler is still to be written.
        guard held.isEmpty, !isAnswering else { return held.append(.event(event)) }
        context.fireUserInboundEventTriggered(event)
    }

    func read(context: ChannelHandlerContext) {
        // Parts wait while a request is answered: read no more until they are handled.
        guard held.isEmpty else {
            readPending = true
            return
        }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Hummingbird's answer: its end completes the request it was passed.
        guard case .end = unwrapOutboundIn(data), case .passing(let requestEnded, answered: false) = state else {
            return context.write(data, promise: promise)
        }
        state = requestEnded ? .idle : .passing(requestEnded: false, answered: true)
        context.write(data, promise: promise)
        if requestEnded { resume(context: context) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        bodyTimer?.cancel()
        bodyTimer = nil
        context.fireChannelInactive()
    }

    private var isAnswering: Bool {
        switch state {
        case .gathering, .answering: true
        case .idle, .passing: false
        }
    }

    /// Answers the gathered request with the provider's `serve`, in a task on this loop.
    private func answer(_ head: HTTPRequest, body: ByteBuffer, started: ContinuousClock.Instant, context: ChannelHandlerContext) {
        let responder = self.responder
        let loop = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        Task(executorPreference: executor) {
            let reply = await responder.answer(head, body: body, started: started)
            if eventLoop.inEventLoop {
                let (handler, context) = loop.value
                handler.send(reply, context: context)
            } else {
                eventLoop.execute {
                    let (handler, context) = loop.value
                    handler.send(reply, context: context)
                }
            }
        }
    }

    /// Refuses the request in progress (its body too large or too slow) and closes the connection.
    private func refuse(_ reply: SandboxReply, context: ChannelHandlerContext) {
        bodyTimer?.cancel()
        bodyTimer = nil
        state = .answering
        send(reply, context: context)
    }

    /// Writes `reply`, then closes the connection or goes on with the next request.
    private func send(_ reply: SandboxReply, context: ChannelHandlerContext) {
        var head = HTTPResponse(status: reply.status, headerFields: reply.headers)
        head.headerFields[.date] = httpDate()
        head.headerFields[.server] = SandboxServer.serverName
        if reply.dropAfterPrefix {
            head.headerFields[.contentLength] = String(reply.promisedLength)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            if reply.body.readableBytes > 0 && !reply.headOnly { context.write(wrapOutboundOut(.body(reply.body)), promise: nil) }
            context.flush()
            context.close(promise: nil)
            return
        }
        head.headerFields[.contentLength] = String(reply.body.readableBytes)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if reply.body.readableBytes > 0 && !reply.headOnly { context.write(wrapOutboundOut(.body(reply.body)), promise: nil) }
        if reply.close {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            context.close(promise: nil)
            return
        }
        // Flushed after the answers this loop is computing now: a client then wakes once for
        // several answers, not once for each.
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
        let flush = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.execute { flush.value.flush() }
        state = .idle
        resume(context: context)
    }

    /// Handles what was held while a request was in progress, until another one is.
    private func resume(context: ChannelHandlerContext) {
        // Parts passed on here are outside a read: Hummingbird's channel takes them at a read's
        // completion, so one is signalled after them.
        let passedOn = !held.isEmpty
        defer { if passedOn { context.fireChannelReadComplete() } }
        while !held.isEmpty {
            switch state {
            case .idle, .passing(requestEnded: false, _), .gathering: break
            case .passing(requestEnded: true, _), .answering: return
            }
            switch held.removeFirst() {
            case .part(let part): handle(part, context: context)
            case .error(let error): context.fireErrorCaught(error)
            case .event(let event): context.fireUserInboundEventTriggered(event)
            }
        }
        // A held request whose body is still to come is timed like one read now.
        timeBody(context: context)
        if readPending {
            readPending = false
            context.read()
        }
    }

    private var dateSecond = 0
    private var dateText = ""

    /// The `Date` header's value (IMF-fixdate, as Hummingbird writes it for the router's answers),
    /// formatted again only when the second changes.
    private func httpDate() -> String {
        var now = time(nil)
        guard now != dateSecond else { return dateText }
        var parts = tm()
        gmtime_r(&now, &parts)
        var bytes = [CChar](repeating: 0, count: 40)
        let count = strftime(&bytes, bytes.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        dateSecond = now
        dateText = String(decoding: bytes.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return dateText
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
