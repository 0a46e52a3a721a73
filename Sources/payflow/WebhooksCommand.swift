import ArgumentParser
import Foundation
import PaymentSandbox
import PaymentSchemasVocabulary

/// `payflow webhooks`: a running sandbox's webhook deliveries, as `stripe trigger` and
/// `stripe events resend` work with Stripe's: list them with their attempts, make a provider's
/// notification on demand, send one again.
struct WebhooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhooks",
        abstract: "List, trigger and replay the webhook deliveries of a running `payflow serve`.",
        discussion: """
            A merchant registers where to be told as with the provider: Mollie posts `id=tr_…` to a payment's \
            webhookUrl; PayPal posts its signed events to the webhooks registered with POST /t/paypal/v1/notifications/webhooks \
            (or `payflow serve --paypal-webhook URL`); Amazon Pay posts its IPNs to `payflow serve --amazon-ipn URL`. \
            Every delivery, its attempts and the provider's retries are \
            at /__admin/webhooks and in the inspector's Webhooks tab.
            """,
        subcommands: [List.self, Trigger.self, Replay.self])

    /// Where the sandbox is and how to reach its admin API.
    struct Target: ParsableArguments {
        @Option(help: "The sandbox's base URL.")
        var sandbox = "http://127.0.0.1:8080"

        @Option(help: "The admin token `payflow serve` printed (needed beyond loopback).")
        var token: String?

        func client() throws -> SandboxAdminClient {
            guard let url = URL(string: sandbox), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--sandbox must be an http(s) URL such as http://127.0.0.1:8080")
            }
            return SandboxAdminClient(base: url, token: token)
        }
    }

    /// Prints an admin answer: its body on success, its message and exit code 1 otherwise.
    static func report(_ answer: (status: Int, body: Data)) throws {
        guard (200..<300).contains(answer.status) else {
            let message = (try? PayJSONParser.parse(answer.body))?["message"]?.stringValue ?? "HTTP \(answer.status)"
            Output.error("error: \(message)")
            throw ExitCode(1)
        }
        Output.line(String(decoding: answer.body, as: UTF8.self))
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every delivery kept, newest first, with its attempts (JSON).")
        @OptionGroup var target: Target

        func run() async throws {
            try WebhooksCommand.report(try await target.client().send("GET", "webhooks"))
        }
    }

    struct Trigger: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send a provider's notification about a resource as it is now.",
            discussion: """
                payflow webhooks trigger --provider mollie-api --resource tr_0000007919
                payflow webhooks trigger --provider paypal --event PAYMENT.CAPTURE.COMPLETED --resource <capture id>
                payflow webhooks trigger --provider amazonpay --resource <charge, refund or charge permission id>
                """)
        @OptionGroup var target: Target

        @Option(help: "The provider's prefix: mollie-api, paypal or amazonpay.")
        var provider: String

        @Option(
            help:
                "The event (PayPal's event type; Mollie's is the payment's status, payment.paid; Amazon Pay's the object's type and state, CHARGE.Captured)."
        )
        var event: String?

        @Option(help: "The resource: a Mollie payment (tr_…), a PayPal order, authorization, capture or refund.")
        var resource: String?

        func run() async throws {
            var asked: [String: PayJSON] = ["provider": .string(provider)]
            if let event { asked["event"] = .string(event) }
            if let resource { asked["resource"] = .string(resource) }
            try WebhooksCommand.report(
                try await target.client().send("POST", "webhooks/trigger", json: Data(PayJSON.object(asked).jsonText.utf8)))
        }
    }

    struct Replay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send a delivery's notification again, as a new delivery.")
        @OptionGroup var target: Target

        @Argument(help: "The delivery (whd_…).")
        var delivery: String

        func run() async throws {
            try WebhooksCommand.report(try await target.client().send("POST", "webhooks/\(delivery)/replay"))
        }
    }
}
