import Foundation
import Hummingbird
import Logging
import PaymentFlowsCore

/// A merchant's webhook endpoint on a real loopback socket (Hummingbird), recording every request
/// it gets. Its paths choose how it answers: `/ok/…` 200, `/fail-twice/…` 500 to the first two
/// requests on the path and 200 after, `/hang/…` nothing for 30 s, `/redirect/…` a 302 to
/// `/elsewhere/…` (which records what reaches it, and nothing should), `/merchant/…` what the
/// test's merchant handler answers.
final class WebhookReceiver: Sendable {
    /// One request received.
    struct Received: Sendable {
        let path: String
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let base: URL
    private let log: LockIsolated<[Received]>
    private let task: Task<Void, any Error>

    private init(base: URL, log: LockIsolated<[Received]>, task: Task<Void, any Error>) {
        self.base = base
        self.log = log
        self.task = task
    }

    /// Everything received, in order.
    var received: [Received] { log.value }

    /// The URL of `path` on the receiver.
    func url(_ path: String) -> String { base.absoluteString + path }

    static func start(merchant: (@Sendable (Received) async -> Int)? = nil) async throws -> WebhookReceiver {
        let log = LockIsolated<[Received]>([])
        let counts = LockIsolated<[String: Int]>([:])
        let router = Router()
        router.post("**") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let path = request.uri.path
            log.withValue { $0.append(Received(path: path, headers: headers, body: Data(buffer: body))) }
            let seen = counts.withValue { counts -> Int in
                counts[path, default: 0] += 1
                return counts[path] ?? 0
            }
            if path.hasPrefix("/merchant/"), let merchant {
                let status = await merchant(Received(path: path, headers: headers, body: Data(buffer: body)))
                return Response(status: HTTPResponse.Status(code: status))
            }
            if path.hasPrefix("/fail-twice/"), seen <= 2 { return Response(status: .internalServerError) }
            if path.hasPrefix("/hang/") { try await Task.sleep(for: .seconds(30)) }
            if path.hasPrefix("/redirect/") {
                return Response(status: .found, headers: [.location: "/elsewhere" + path.dropFirst("/redirect".count)])
            }
            return Response(status: .ok)
        }
        let ready = OneShot<Int>()
        // Its shutdown at the end of a test is not news.
        var logger = Logger(label: "receiver")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in ready.resolve(channel.localAddress?.port ?? 0) }, logger: logger)
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        guard let port = await ready.wait(timeout: .seconds(30)), let base = URL(string: "http://127.0.0.1:\(port)") else {
            task.cancel()
            throw URLError(.cannotConnectToHost)
        }
        return WebhookReceiver(base: base, log: log, task: task)
    }

    /// The requests received on paths starting with `prefix`, once there are `count` of them (or
    /// after `timeout`, however many there are).
    func wait(for count: Int, on prefix: String, timeout: Duration = .seconds(20)) async -> [Received] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let matching = received.filter { $0.path.hasPrefix(prefix) }
            if matching.count >= count || ContinuousClock.now >= deadline { return matching }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    func stop() { task.cancel() }
}
