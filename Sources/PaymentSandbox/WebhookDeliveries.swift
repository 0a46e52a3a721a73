import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import PaymentFlowsCore
import PaymentMocks
import PaymentSchemasVocabulary
import PaymentServerCore

/// The sandbox's webhook deliveries: every notification a provider posts (``WebhookNotice``) sent
/// to the URL the merchant registered, and only there, as the provider sends it.
///
/// - Each destination (scheme, host and port) gets its notifications' first attempts one at a time,
///   in the order they were posted, so a receiver sees a payment's states in order; retries run on
///   their own, after the provider's delay (``WebhookSchedule``) divided by
///   ``SandboxConfiguration/webhookTimeScale``.
/// - An attempt succeeds on a 2xx. A redirect is never followed (it fails the attempt, naming where
///   it pointed); an attempt that takes longer than ``SandboxConfiguration/webhookTimeout`` (a
///   receiver that hangs) fails as timed out, and the sandbox goes on serving meanwhile.
/// - The most recent ``SandboxConfiguration/webhookLimit`` deliveries are kept with their attempts
///   (`GET /__admin/webhooks`, the inspector's Webhooks tab); at most that many are waiting at once,
///   a notification beyond is recorded as failed (`dropped`), never queued without bound.
/// - A delivery can be sent again (``replay(_:)``), and a provider's notification made on demand
///   (``trigger(provider:event:resource:)``).
package final class WebhookDeliveries: Sendable {
    /// What became of a delivery.
    package enum State: String, Sendable, Codable, Hashable {
        /// Waiting for its first attempt.
        case pending
        /// A receiver answered 2xx.
        case delivered
        /// An attempt failed; another is scheduled.
        case retrying
        /// Every attempt failed, or it was dropped.
        case failed
    }

    /// One attempt of a delivery.
    package struct Attempt: Sendable, Codable, Hashable {
        /// 1 for the first.
        package let number: Int
        /// When it started.
        package let started: Date
        /// The receiver's status, when it answered.
        package let status: Int?
        /// Why it is not a success (`nil` for a 2xx).
        package let failure: String?
        /// How long it took.
        package let milliseconds: Int
    }

    /// One notification and its attempts.
    package struct Delivery: Sendable, Codable, Hashable {
        /// `whd_<n>`.
        package let id: String
        /// What was sent.
        package let notice: WebhookNotice
        /// Why it was sent: `state change`, `simulate-event`, `trigger` or `replay`.
        package let cause: String
        /// The delivery it sends again, for a replay.
        package let replayOf: String?
        /// When it was posted.
        package let created: Date
        /// Where it stands.
        package var state: State
        /// Its attempts, oldest first.
        package var attempts: [Attempt]
        /// When the next attempt is due, while retrying.
        package var nextAttempt: Date?
    }

    private struct Book: Sendable {
        var deliveries: BoundedStore<Int, Delivery>
        var order: [Int] = []
        var next = 1
        /// First attempts waiting, per destination, and the destinations being drained.
        var queues: [String: [Int]] = [:]
        var draining: Set<String> = []
        /// Deliveries not finished (pending or retrying).
        var open = 0
    }

    private let book: LockIsolated<Book>
    private let providers: LockIsolated<[String: MockProviderTransport]>
    /// The limits and the time scale.
    package let configuration: SandboxConfiguration

    init(configuration: SandboxConfiguration, providers: LockIsolated<[String: MockProviderTransport]>) {
        self.configuration = configuration
        self.providers = providers
        book = LockIsolated(Book(deliveries: BoundedStore(capacity: max(1, configuration.webhookLimit))))
    }

    /// Every delivery kept, newest first.
    package var all: [Delivery] {
        book.withValue { book in book.order.reversed().compactMap { book.deliveries[$0] } }
    }

    /// The delivery `id` (`whd_<n>`).
    package func delivery(_ id: String) -> Delivery? {
        guard let number = Self.number(id) else { return nil }
        return book.withValue { $0.deliveries[number] }
    }

    /// Forgets every delivery that is finished (a reset); those under way finish.
    package func clear() {
        book.withValue { book in
            for number in book.order where [State.delivered, .failed].contains(book.deliveries[number]?.state) {
                book.deliveries[number] = nil
            }
            book.order.removeAll { book.deliveries[$0] == nil }
        }
    }

    static func number(_ id: String) -> Int? {
        guard id.hasPrefix("whd_") else { return nil }
        return Int(id.dropFirst(4))
    }

    /// Sends `notice` (a provider's state changed, or the notice's own ``WebhookNotice/cause``,
    /// unless `cause` names another: `trigger`, `replay`); the delivery's id.
    @discardableResult
    package func enqueue(_ notice: WebhookNotice, cause: String? = nil, replayOf: String? = nil) -> String {
        let cause = cause ?? notice.cause ?? "state change"
        let destination = Self.destination(notice.url)
        let (number, start) = book.withValue { book -> (Int, Bool) in
            let number = book.next
            book.next += 1
            let dropped = book.open >= configuration.webhookLimit || !WebhookNotice.isDeliverable(notice.url)
            var delivery = Delivery(
                id: "whd_\(number)", notice: notice, cause: cause, replayOf: replayOf, created: Date(), state: .pending, attempts: [],
                nextAttempt: nil)
            if dropped {
                delivery.state = .failed
                let why =
                    WebhookNotice.isDeliverable(notice.url)
                    ? "dropped: \(configuration.webhookLimit) deliveries are waiting already" : "dropped: not an http or https URL"
                delivery.attempts = [Attempt(number: 0, started: Date(), status: nil, failure: why, milliseconds: 0)]
            }
            book.deliveries[number] = delivery
            book.order.append(number)
            book.order.removeAll { book.deliveries[$0] == nil }
            guard !dropped else { return (number, false) }
            book.open += 1
            book.queues[destination, default: []].append(number)
            return (number, book.draining.insert(destination).inserted)
        }
        if start { Task { await drain(destination) } }
        return "whd_\(number)"
    }

    /// Sends delivery `id`'s notice again, as a new delivery; `nil` when the journal has no such delivery.
    package func replay(_ id: String) -> String? {
        guard let delivery = delivery(id) else { return nil }
        return enqueue(delivery.notice, cause: "replay", replayOf: delivery.id)
    }

    /// Asks provider `provider` (its prefix: `paypal`, `mollie-api`) for the notifications of
    /// `event` about `resource` and sends them; their delivery ids, or why none was made.
    package func trigger(provider: String, event: String?, resource: String?) -> Result<[String], WebhookOutbox.TriggerRefusal> {
        guard let transport = providers.value[provider] else {
            return .failure(.init("NOT_FOUND", "no provider \(provider): one of " + providers.value.keys.sorted().joined(separator: ", ")))
        }
        switch transport.webhooks.trigger?(event, resource) ?? .failure(.init("UNKNOWN_EVENT", "\(provider) sends no notifications")) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let notices): return .success(notices.map { enqueue($0, cause: "trigger") })
        }
    }

    /// `scheme://host:port` of `url`: deliveries to one destination start in order.
    static func destination(_ url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        return "\(components?.scheme ?? "")://\(components?.host ?? ""):\(components?.port.map(String.init) ?? "")"
    }

    /// First attempts to `destination`, one at a time, until its queue is empty.
    private func drain(_ destination: String) async {
        while let number = book.withValue({ book -> Int? in
            guard var queue = book.queues[destination], !queue.isEmpty else {
                book.queues[destination] = nil
                book.draining.remove(destination)
                return nil
            }
            let number = queue.removeFirst()
            book.queues[destination] = queue
            return number
        }) {
            await attempt(number)
        }
    }

    /// One attempt of delivery `number`; schedules the next when it fails and the schedule has one.
    private func attempt(_ number: Int) async {
        guard let delivery = book.withValue({ $0.deliveries[number] }) else { return }
        let started = Date()
        let clock = ContinuousClock.now
        let (status, failure) = await send(delivery.notice)
        let elapsed = ContinuousClock.now - clock
        let milliseconds = elapsed.wholeMilliseconds
        let retry = book.withValue { book -> Duration? in
            guard var delivery = book.deliveries[number] else {
                book.open -= 1
                return nil
            }
            delivery.attempts.append(
                Attempt(number: delivery.attempts.count + 1, started: started, status: status, failure: failure, milliseconds: milliseconds)
            )
            var retry: Duration?
            if failure == nil {
                delivery.state = .delivered
                delivery.nextAttempt = nil
            } else if delivery.attempts.count < delivery.notice.schedule.attempts {
                let seconds = delivery.notice.schedule.retrySeconds[delivery.attempts.count - 1]
                let delay = Duration.milliseconds(Int64(seconds) * 1_000 / Int64(max(1, configuration.webhookTimeScale)))
                delivery.state = .retrying
                delivery.nextAttempt = Date().addingTimeInterval(TimeInterval(delay.wholeMilliseconds) / 1_000)
                retry = delay
            } else {
                delivery.state = .failed
                delivery.nextAttempt = nil
            }
            if retry == nil { book.open -= 1 }
            book.deliveries[number] = delivery
            return retry
        }
        if let retry {
            Task {
                try? await Task.sleep(for: retry)
                await attempt(number)
            }
        }
    }

    /// Posts `notice` once: the receiver's status and, unless it is a 2xx, why it failed.
    private func send(_ notice: WebhookNotice) async -> (status: Int?, failure: String?) {
        var request = HTTPClientRequest(url: notice.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: notice.contentType)
        if !notice.headers.contains(where: { $0.name.lowercased() == "user-agent" }) {
            request.headers.add(name: "User-Agent", value: SandboxServer.serverName)
        }
        for header in notice.headers { request.headers.add(name: header.name, value: header.value) }
        request.body = .bytes(ByteBuffer(bytes: notice.body))
        let timeout = configuration.webhookTimeout
        let prepared = request
        do {
            let status = try await Self.withDeadline(timeout) {
                let response = try await Self.client.execute(prepared, timeout: TimeAmount(timeout))
                // The answer is read (at most 64 KiB) so the connection can be used again; its text is not kept.
                _ = try await response.body.collect(upTo: 64 << 10)
                return (Int(response.status.code), response.headers.first(name: "location"))
            }
            switch status.0 {
            case 200..<300: return (status.0, nil)
            case 300..<400:
                return (
                    status.0,
                    "redirect not followed (to \(status.1.map { String($0.prefix(200)) } ?? "nowhere")): only the registered URL is called"
                )
            default: return (status.0, "the receiver answered \(status.0)")
            }
        } catch is DeadlineExceeded {
            return (nil, "no answer within \(Self.text(timeout))")
        } catch let error as HTTPClientError where [.deadlineExceeded, .readTimeout, .connectTimeout].contains(error) {
            return (nil, "no answer within \(Self.text(timeout))")
        } catch {
            return (nil, "could not reach the receiver (\(Self.reason(error)))")
        }
    }

    private struct DeadlineExceeded: Error {}

    /// `body`, abandoned after `limit` (a receiver that sends its head and then nothing).
    private static func withDeadline<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw DeadlineExceeded()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw DeadlineExceeded() }
            return first
        }
    }

    static func text(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        return milliseconds % 1_000 == 0 ? "\(milliseconds / 1_000) s" : "\(milliseconds) ms"
    }

    /// A failure's kind, without the request's details.
    static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .remoteConnectionClosed: return "the receiver closed the connection"
            case .cancelled: return "cancelled"
            default: return "connection failed"
            }
        }
        if error is NIOConnectionError { return "connection refused" }
        return "connection failed"
    }

    /// The deliveries' HTTP client: no redirect is ever followed, connections time out in 5 s.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(5))
        configuration.httpVersion = .http1Only
        configuration.decompression = .disabled
        configuration.connectionPool = .init(idleTimeout: .seconds(10), concurrentHTTP1ConnectionsPerHostSoftLimit: 4)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
}
