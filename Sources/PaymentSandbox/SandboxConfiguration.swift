import Foundation

/// The sandbox's limits and options: what a client may send, how long it may take, and where the
/// links in answers point. Every limit is enforced before a provider sees a request.
package struct SandboxConfiguration: Sendable {
    /// The largest request body; a larger one (announced or sent) is answered 413.
    package var maximumBodyBytes = 1 << 20
    /// How long a client may take to send a request's body once its head arrived; slower is 408.
    package var bodyReadTimeout: Duration = .seconds(10)
    /// How long a connection may stay idle (no request in progress, or a head that never ends)
    /// before the server closes it.
    package var idleTimeout: Duration = .seconds(30)
    /// How long a `timeout` fault holds the connection before closing it without an answer: past
    /// the client's deadline (60 s is URLSession's default request timeout).
    package var timeoutHold: Duration = .seconds(65)
    /// The request timeout of the HTTP clients the sandbox hands out (``SandboxServer/endpoint(for:)``):
    /// shorter than ``timeoutHold``, so a `timeout` fault is one for them.
    package var clientTimeout: TimeInterval = 30
    /// How many requests the journal keeps (the oldest go first).
    package var journalLimit = 1_000
    /// The base URL links in answers point at (`--public-url`, for a device on the network); the
    /// address the server listens on when `nil`.
    package var publicURL: URL?
    /// The token the admin API and the inspector need beyond loopback (and every change needs on
    /// loopback, or `X-Sandbox-Client: 1`); a random one is made (and printed by `payflow serve`)
    /// when `nil`.
    package var adminToken: String?
    /// Names besides loopback ones and the bound address that the admin answers on (a `Host` it
    /// does not know is refused, so a name pointed at 127.0.0.1 cannot reach it).
    package var adminHosts: [String] = []
    /// How long a webhook receiver may take to answer one delivery before the attempt fails.
    package var webhookTimeout: Duration = .seconds(10)
    /// What the providers' retry delays are divided by (`--webhook-time-scale`): 1 waits as the
    /// provider does (a minute, then hours); 60,000 turns a minute into a millisecond.
    package var webhookTimeScale = 1
    /// How many webhook deliveries are kept, and the most waiting at once.
    package var webhookLimit = 500

    /// The defaults: 1 MiB bodies, 10 s to send one, 30 s idle, timeouts held 65 s, 1,000 journal
    /// entries.
    package init() {}

    /// Settings for a sandbox inside a test process: clients give up after `clientTimeout` seconds
    /// and a `timeout` fault holds a little longer (0.3 s), so a fault run with a short deadline
    /// costs a few seconds per timeout, not a minute.
    package static func inProcess(clientTimeout: TimeInterval = 30) -> SandboxConfiguration {
        var configuration = SandboxConfiguration()
        configuration.clientTimeout = clientTimeout
        configuration.timeoutHold = .milliseconds(Int64(clientTimeout * 1_000) + 300)
        return configuration
    }
}
