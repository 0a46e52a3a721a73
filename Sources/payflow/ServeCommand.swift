import AmazonPayMerchantServer
import ArgumentParser
import Foundation
import MCSCommerceWeb
import PaymentMocks
import PaymentSandbox
import _CryptoExtras

/// `payflow serve`: the stateful mock providers over HTTP on loopback, for apps in the Simulator.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the mock providers over HTTP/1.1 (Hummingbird) until Ctrl-C.",
        discussion: """
            Prints each provider's base URL and the callback schemes an app configures. Every request is \
            routed and validated by the schemas; the inspector is at /__admin/ and the admin API under it \
            (health, requests, state, reset, scenarios); beyond loopback both need the token printed at start, and \
            a change (reset, replay) always needs it or the header X-Sandbox-Client: 1. Per request: Sandbox-Scenario, Sandbox-Fault and Sandbox-Delay headers.
            """
    )

    @Option(help: "The address to listen on (loopback by default).")
    var host = "127.0.0.1"

    @Option(help: "The port (0 picks a free one).")
    var port = 8080

    @Option(help: "The seed of ids and faults.")
    var seed: UInt64 = 1

    @Option(help: "The chance (0…1) that a request meets a fault: latency, timeout, 503, a truncated body, a lost answer.")
    var faults: Double = 0

    @Option(help: "The base URL links in answers point at, for a device on the network (e.g. http://192.168.1.20:8080).")
    var publicURL: String?

    @Option(
        help: "A merchant's Amazon Pay RSA public key (PEM) to accept signed requests from, as Amazon takes the key a merchant uploads.")
    var amazonPublicKey: String?

    @Option(help: "The public key id of --amazon-public-key (the PublicKeyId of the Authorization header).")
    var amazonPublicKeyId: String?

    @Option(help: "Seconds a timeout fault holds the connection before closing it (past the client's deadline).")
    var timeoutHold: Double = 65

    @Option(help: "The largest request body in bytes (413 above it).")
    var maxBody = 1 << 20

    @Option(help: "Seconds a connection may stay idle (or take to send a request's head) before it is closed.")
    var idleTimeout: Double = 30

    @Option(help: "Seconds a client may take to send a request's body (408 after that).")
    var bodyTimeout: Double = 10

    @Option(
        name: .customLong("admin-host"),
        help: "A host name besides loopback ones and --host that the admin answers on (repeatable); any other Host gets 403.")
    var adminHosts: [String] = []

    @Option(help: "Seconds a webhook receiver may take to answer a delivery before the attempt fails.")
    var webhookTimeout: Double = 10

    @Option(help: "Divide the providers' webhook retry delays by this (60000 turns a minute into a millisecond).")
    var webhookTimeScale = 1

    @Option(
        name: .customLong("paypal-webhook"),
        help: "A URL to register as a PayPal webhook for every event type at start (repeatable), as POST /v1/notifications/webhooks would.")
    var payPalWebhooks: [String] = []

    @Option(
        name: .customLong("amazon-ipn"),
        help:
            "The IPN endpoint of the Amazon Pay merchant configuration: every charge, refund and charge permission change is posted there.")
    var amazonIPN: String?

    /// Every per-request scenario `serve` offers, by provider prefix.
    static var requestScenarios: [RequestScenario] { SandboxProviders.requestScenarios }

    func validate() throws {
        if !(0...1).contains(faults) { throw ValidationError("--faults must be between 0 and 1") }
        if !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if port != 0, let holder = Self.portInUse(host: host, port: port) {
            throw ValidationError("port \(port) on \(host) is already in use\(holder); pick another with --port (0 picks a free one)")
        }
        if !(timeoutHold > 0 && timeoutHold <= 3_600) { throw ValidationError("--timeout-hold must be between 0 and 3600 seconds") }
        if !(1_024...(64 << 20)).contains(maxBody) { throw ValidationError("--max-body must be between 1024 and 67108864 bytes") }
        if !(idleTimeout >= 0.1 && idleTimeout <= 3_600) { throw ValidationError("--idle-timeout must be between 0.1 and 3600 seconds") }
        if !(bodyTimeout >= 0.1 && bodyTimeout <= 3_600) { throw ValidationError("--body-timeout must be between 0.1 and 3600 seconds") }
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--public-url must be an absolute http(s) URL such as http://192.168.1.20:8080")
            }
        }
        if (amazonPublicKey == nil) != (amazonPublicKeyId == nil) {
            throw ValidationError("--amazon-public-key and --amazon-public-key-id go together")
        }
        if let amazonPublicKey {
            _ = try Self.publicKey(at: amazonPublicKey)
        }
        if !(webhookTimeout >= 0.1 && webhookTimeout <= 600) {
            throw ValidationError("--webhook-timeout must be between 0.1 and 600 seconds")
        }
        if !(1...86_400_000).contains(webhookTimeScale) { throw ValidationError("--webhook-time-scale must be between 1 and 86400000") }
        for url in payPalWebhooks where URL(string: url).map(WebhookNotice.isDeliverable) != true {
            throw ValidationError("--paypal-webhook must be an http(s) URL such as http://127.0.0.1:9000/paypal/webhook")
        }
        if let amazonIPN, URL(string: amazonIPN).map(WebhookNotice.isDeliverable) != true {
            throw ValidationError("--amazon-ipn must be an http(s) URL such as http://127.0.0.1:9000/amazon/ipn")
        }
    }

    /// `""` when something already listens on `host:port` (a bind attempt says so before any
    /// work starts), `nil` when the port is free or the check cannot tell (the bind itself then reports).
    static func portInUse(host: String, port: Int) -> String? {
        var hints = addrinfo()
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let info = found else { return nil }
        defer { freeaddrinfo(found) }
        let handle = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard handle >= 0 else { return nil }
        defer { close(handle) }
        var reuse: Int32 = 1
        setsockopt(handle, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        return bind(handle, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 && errno == EADDRINUSE ? "" : nil
    }

    /// The RSA public key in the PEM file at `path`.
    static func publicKey(at path: String) throws -> _RSA.Signing.PublicKey {
        guard let data = FileManager.default.contents(atPath: path), let pem = String(data: data, encoding: .utf8) else {
            throw ValidationError("--amazon-public-key: cannot read '\(path)'")
        }
        do {
            return try _RSA.Signing.PublicKey(pemRepresentation: pem)
        } catch {
            throw ValidationError("--amazon-public-key: '\(path)' is not an RSA public key in PEM form")
        }
    }

    func run() async throws {
        var configuration = SandboxConfiguration()
        configuration.publicURL = publicURL.flatMap(URL.init(string:))
        configuration.adminHosts = adminHosts
        configuration.timeoutHold = .milliseconds(Int64(timeoutHold * 1_000))
        configuration.maximumBodyBytes = maxBody
        configuration.idleTimeout = .milliseconds(Int64(idleTimeout * 1_000))
        configuration.bodyReadTimeout = .milliseconds(Int64(bodyTimeout * 1_000))
        configuration.webhookTimeout = .milliseconds(Int64(webhookTimeout * 1_000))
        configuration.webhookTimeScale = webhookTimeScale
        let sandbox = SandboxServer(configuration: configuration)
        let served = try SandboxProviders(on: sandbox, seed: seed, faultRate: faults)
        if let path = amazonPublicKey, let id = amazonPublicKeyId {
            // Like a merchant's key uploaded to Amazon: requests signed with its private half are accepted.
            let amazon = served.amazonPay
            amazon.signatureVerifier = (amazon.signatureVerifier ?? AmazonPaySignatureVerifier(publicKeys: [:])).adding(
                try Self.publicKey(at: path), id: id)
        }
        for text in payPalWebhooks {
            if let url = URL(string: text) { _ = served.payPal.registerWebhook(url: url) }
        }
        served.amazonPay.notificationEndpoint = amazonIPN.flatMap { URL(string: $0) }
        let exchanges = BufferedLines()
        let flusher = exchanges.flushing(every: .milliseconds(200))
        defer {
            flusher.cancel()
            exchanges.flush()
        }
        for entry in served.entries {
            entry.transport.observer = { exchanges.append("  \($0)") }
        }
        let browser = served.browser
        let providers = served.entries
        let publicBase = configuration.publicURL
        let loopback = SandboxServer.isLoopback(host)
        let app = sandbox.application(host: host, port: port) { listening in
            // Bound to every address (0.0.0.0, ::), the printed URLs name loopback: an address a browser here reaches.
            let base = publicBase ?? SandboxServer.reachable(listening)
            Output.line("PaymentSchemas sandbox on \(base.absoluteString)  (Ctrl-C stops it)")
            for entry in providers {
                Output.line(
                    "  \(entry.summary): \(base.appending(path: "t/\(entry.id)").absoluteString)  callback scheme \(entry.callbackScheme)://"
                )
            }
            Output.line("  Mastercard SRC has no REST API: its checkout is a hosted page; callback scheme fancyshop://")
            Output.line("Hosted pages (open in a browser or a web view; each ends in the app's callback URL):")
            for page in browser.hostedPages {
                Output.line("  \(page.title): \(base.appending(path: "h/\(page.host)").absoluteString)\(page.pathPrefix)…")
            }
            let token = sandbox.adminToken ?? ""
            Output.line(
                "Webhooks: Mollie posts to a payment's webhookUrl, PayPal to the webhooks registered at /t/paypal/v1/notifications/webhooks;"
                    + " deliveries and their attempts at /__admin/webhooks (payflow webhooks list|trigger|replay)")
            if !loopback {
                // Beyond loopback the exchanges' bodies hold personal data: the admin API and the
                // inspector need this token (printed here only).
                Output.line("Inspector: \(base.appending(path: "__admin/").absoluteString)?token=\(token)")
                Output.line(
                    "Admin (header X-Sandbox-Token: \(token)): /__admin/health, /__admin/requests, /__admin/state, /__admin/reset, /__admin/scenarios"
                )
            } else {
                Output.line(
                    "Inspector: \(base.appending(path: "__admin/").absoluteString)  (every exchange, its verdict, the providers' state, replay)"
                )
                Output.line(
                    "Admin: \(base.appending(path: "__admin/health").absoluteString), /__admin/requests, /__admin/state, /__admin/reset, /__admin/scenarios;"
                        + " a change (reset, replay) needs the header X-Sandbox-Client: 1 or X-Sandbox-Token: \(token)"
                )
            }
        }
        do {
            try await app.runService()
        } catch  where "\(error)".contains("Address already in use") || "\(error)".contains("EADDRINUSE") {
            Output.error("error: port \(port) on \(host) is already in use; pick another with --port (0 picks a free one)")
            throw ExitCode(1)
        }
        withExtendedLifetime(served) {}
    }
}
