import CLITestSupport
import Foundation
import MollieCheckout
import PayPalPayments
import PaymentMocks
import PaymentSandbox
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The providers' webhooks from `payflow serve`, received by a merchant's endpoint on a real
/// socket: Mollie's `id=tr_…` to a payment's `webhookUrl` on each status change; PayPal's signed
/// events to the webhooks registered through its own API, each verified by its
/// `verify-webhook-signature` (a forged or altered one is not); retries on the provider's schedule
/// (compressed), a hanging receiver that does not hold the sandbox, a redirect never followed, and
/// deliveries triggered and sent again with `payflow webhooks`.
@Suite("Webhooks over the socket", .serialized)
struct WebhookSocketTests {
    typealias Served = SandboxHardeningTests.Served

    /// `payflow serve` with the providers' retry delays divided by 60,000 (a minute is a
    /// millisecond) and `timeout` seconds for a receiver to answer.
    static func serve(timeout: Int = 10) async throws -> Served {
        try await Served.start(["--webhook-time-scale", "60000", "--webhook-timeout", String(timeout)])
    }

    /// An open Mollie payment whose webhook is `webhook`.
    static func molliePayment(_ served: Served, webhook: String) async throws -> MolliePayment {
        let (status, body) = try await MollieAPISocketTests.call(
            served, "POST", "/v2/payments",
            #"{"amount":{"currency":"EUR","value":"12.50"},"description":"Order 7","redirectUrl":"https://shop.example/return","webhookUrl":""#
                + webhook + #""}"#)
        #expect(status == 201)
        return try PayWire.readJSON(MolliePayment.self, from: body)
    }

    /// The admin API's deliveries, newest first.
    static func deliveries(_ served: Served) async throws -> [[String: Any]] {
        let (_, _, body) = try await served.http("GET", "/__admin/webhooks")
        return try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["deliveries"] as? [[String: Any]])
    }

    /// Mollie calls the payment's `webhookUrl` with its id, a form body and nothing else, once per
    /// status change and in order; the receiver learns the status by fetching the payment.
    @Test func mollieCallsThePaymentsWebhookOnEachStatusChange() async throws {
        let served = try await Self.serve()
        defer { served.stop() }
        let receiver = try await WebhookReceiver.start()
        defer { receiver.stop() }
        let paid = try await Self.molliePayment(served, webhook: receiver.url("/ok/mollie"))
        let canceled = try await Self.molliePayment(served, webhook: receiver.url("/ok/mollie"))
        let silent = try await MollieAPISocketTests.call(
            served, "POST", "/v2/payments",
            #"{"amount":{"currency":"EUR","value":"1.00"},"description":"No webhook","redirectUrl":"https://shop.example/return"}"#)
        #expect(silent.0 == 201)
        let checkout = try #require(paid.links?.checkout?.href)
        #expect(try await ProviderRuleTablesSocketTests.tap(served, checkout.path, button: "paid").status == 303)
        #expect(try await MollieAPISocketTests.call(served, "DELETE", "/v2/payments/\(canceled.id)").0 == 200)
        let calls = await receiver.wait(for: 2, on: "/ok/mollie")
        #expect(calls.map(\.text) == ["id=\(paid.id)", "id=\(canceled.id)"])
        for call in calls {
            #expect(call.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(call.headers["user-agent"] == "Mollie.nl HTTP client/1.0")
            // What the receiver does next: fetch the payment by the id it was given.
            let id = String(call.text.dropFirst(3))
            let payment = try PayWire.readJSON(
                MolliePayment.self, from: try await MollieAPISocketTests.call(served, "GET", "/v2/payments/\(id)").1)
            #expect(payment.status == (id == paid.id ? .paid : .canceled))
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(receiver.received.count == 2, "a payment without a webhookUrl, or a change already told, calls nobody")
        let journal = try await Self.deliveries(served)
        #expect(journal.map { $0["event"] as? String } == ["payment.canceled", "payment.paid"])
        #expect(journal.allSatisfy { $0["state"] as? String == "delivered" && ($0["attempts"] as? [Any])?.count == 1 })
    }

    /// PayPal posts each change of an order, its capture and its refund to the webhook registered
    /// for them, with its transmission headers; every delivery verifies with PayPal's
    /// `verify-webhook-signature`, an altered event or another webhook's id does not.
    @Test func payPalPostsSignedEventsThatVerify() async throws {
        let merchant = try await PayPalPaymentsSocketTests.Merchant.start()
        defer { merchant.served.stop() }
        let receiver = try await WebhookReceiver.start()
        defer { receiver.stop() }
        let (created, body) = try await merchant.post(
            "/v1/notifications/webhooks",
            #"{"url":""# + receiver.url("/ok/paypal")
                + #"","event_types":[{"name":"CHECKOUT.ORDER.APPROVED"},{"name":"PAYMENT.CAPTURE.COMPLETED"},{"name":"PAYMENT.CAPTURE.REFUNDED"}]}"#
        )
        #expect(created == 201)
        let webhook = try PayWire.readJSON(PayPalWebhook.self, from: body)
        let webhookID = try #require(webhook.id)
        // The same URL twice is refused (the document's 422, the issue named); the webhook reads back.
        let again = try await merchant.post(
            "/v1/notifications/webhooks", #"{"url":""# + receiver.url("/ok/paypal") + #"","event_types":[{"name":"*"}]}"#)
        #expect(again.0 == 422 && String(decoding: again.1, as: UTF8.self).contains("WEBHOOK_URL_ALREADY_EXISTS"))
        #expect(
            try PayWire.readJSON(PayPalWebhook.self, from: try await merchant.get("/v1/notifications/webhooks/\(webhookID)").1).url
                == webhook.url)

        let capture = try await merchant.capture("10.00")
        #expect(try await merchant.post("/v2/payments/captures/\(capture)/refund", PayPalPaymentsSocketTests.amount("4.00")).0 == 201)
        let calls = await receiver.wait(for: 3, on: "/ok/paypal")
        let events = try calls.map { try PayWire.readJSON(PayPalEvent.self, from: $0.body) }
        #expect(events.map(\.eventType) == ["CHECKOUT.ORDER.APPROVED", "PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.REFUNDED"])
        // The resources, read with the generated types.
        let captured = try PayWire.readJSON(PaymentsCapture.self, from: try PayWire.encodeJSON(try #require(events[1].resource)))
        #expect(captured.id == capture && captured.status == .completed && captured.amount?.value == "10.00")
        let refund = try PayWire.readJSON(Refund.self, from: try PayWire.encodeJSON(try #require(events[2].resource)))
        #expect(refund.amount?.value == "4.00" && refund.status == .completed)

        for (call, event) in zip(calls, events) {
            #expect(call.headers["content-type"] == "application/json")
            #expect(call.headers["paypal-auth-algo"] == "SHA256withRSA")
            #expect(try await Self.verify(merchant, call, webhookID: webhookID, event: call.text) == "SUCCESS", "\(event.eventType ?? "")")
        }
        // Forged: the event altered (another amount), another webhook's id, a signature of another delivery.
        let first = calls[1]
        let altered = first.text.replacingOccurrences(of: #""value":"10.00""#, with: #""value":"1000.00""#)
        #expect(altered != first.text)
        #expect(try await Self.verify(merchant, first, webhookID: webhookID, event: altered) == "FAILURE")
        #expect(try await Self.verify(merchant, first, webhookID: "8PT597110X687430LKGECATA", event: first.text) == "FAILURE")
        let swapped = WebhookReceiver.Received(
            path: first.path,
            headers: first.headers.merging(["paypal-transmission-sig": calls[0].headers["paypal-transmission-sig"] ?? ""]) { $1 },
            body: first.body)
        #expect(try await Self.verify(merchant, swapped, webhookID: webhookID, event: first.text) == "FAILURE")

        // Deleted, the webhook is told nothing more.
        let (deleted, _, _) = try await merchant.served.http(
            "DELETE", "/t/paypal/v1/notifications/webhooks/\(webhookID)", headers: merchant.headers)
        #expect(deleted == 204)
        _ = try await merchant.capture("3.00")
        try await Task.sleep(for: .milliseconds(300))
        #expect(receiver.received.count == 3)
    }

    /// `verify-webhook-signature` for `call` as `webhookID`, with `event` as the webhook event.
    static func verify(
        _ merchant: PayPalPaymentsSocketTests.Merchant, _ call: WebhookReceiver.Received, webhookID: String, event: String
    ) async throws -> String? {
        let fields = [
            "auth_algo": call.headers["paypal-auth-algo"] ?? "", "cert_url": call.headers["paypal-cert-url"] ?? "",
            "transmission_id": call.headers["paypal-transmission-id"] ?? "",
            "transmission_sig": call.headers["paypal-transmission-sig"] ?? "",
            "transmission_time": call.headers["paypal-transmission-time"] ?? "", "webhook_id": webhookID,
        ]
        let head = String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
        let (status, body) = try await merchant.post(
            "/v1/notifications/verify-webhook-signature", String(head.dropLast()) + #","webhook_event":"# + event + "}")
        #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
        return try PayWire.readJSON(PayPalVerifyWebhookSignatureResponse.self, from: body).verificationStatus.rawValue
    }

    /// A receiver that answers 500 twice gets the third attempt (Mollie's schedule, a minute and two
    /// compressed to milliseconds); the admin API shows the three attempts.
    @Test func aReceiverThatFailsTwiceGetsTheThirdAttempt() async throws {
        let served = try await Self.serve()
        defer { served.stop() }
        let receiver = try await WebhookReceiver.start()
        defer { receiver.stop() }
        let payment = try await Self.molliePayment(served, webhook: receiver.url("/fail-twice/mollie"))
        #expect(try await MollieAPISocketTests.call(served, "DELETE", "/v2/payments/\(payment.id)").0 == 200)
        let calls = await receiver.wait(for: 3, on: "/fail-twice/mollie")
        #expect(calls.count == 3 && calls.allSatisfy { $0.text == "id=\(payment.id)" })
        var delivery: [String: Any] = [:]
        for _ in 0..<50 {
            delivery = try #require(try await Self.deliveries(served).first)
            if delivery["state"] as? String == "delivered" { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let attempts = try #require(delivery["attempts"] as? [[String: Any]])
        #expect(attempts.map { $0["status"] as? Int } == [500, 500, 200])
        #expect(delivery["state"] as? String == "delivered")
        let schedule = try #require(delivery["schedule"] as? [String: Any])
        #expect(schedule["attempts"] as? Int == 10 && schedule["spanSeconds"] as? Int == 26 * 3_600)
    }

    /// A receiver that never answers does not hold the sandbox: it answers other requests at once,
    /// and the attempt fails after the timeout with the next one scheduled. A redirect is never
    /// followed: the attempt fails naming where it pointed, and nothing reaches that place.
    @Test func aHangingOrRedirectingReceiverGetsNothingMore() async throws {
        let served = try await Self.serve(timeout: 3)
        defer { served.stop() }
        let receiver = try await WebhookReceiver.start()
        defer { receiver.stop() }
        let hanging = try await Self.molliePayment(served, webhook: receiver.url("/hang/mollie"))
        #expect(try await MollieAPISocketTests.call(served, "DELETE", "/v2/payments/\(hanging.id)").0 == 200)
        _ = await receiver.wait(for: 1, on: "/hang/mollie")
        // While the receiver holds the attempt (no attempt recorded yet), the sandbox answers.
        for _ in 0..<5 { #expect(try await served.http("GET", "/__admin/health").0 == 200) }
        let during = try #require(try await Self.deliveries(served).first { $0["url"] as? String == receiver.url("/hang/mollie") })
        #expect((during["attempts"] as? [Any])?.isEmpty == true && during["state"] as? String == "pending", "\(during)")
        // Then the attempt fails as timed out, and the next is scheduled.
        var first: [String: Any] = [:]
        for _ in 0..<400 {
            let held = try #require(try await Self.deliveries(served).first { $0["url"] as? String == receiver.url("/hang/mollie") })
            if let attempt = (held["attempts"] as? [[String: Any]])?.first {
                first = attempt
                break
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect((first["failure"] as? String)?.hasPrefix("no answer within 3 s") == true, "\(first)")

        let redirected = try await Self.molliePayment(served, webhook: receiver.url("/redirect/mollie"))
        #expect(try await MollieAPISocketTests.call(served, "DELETE", "/v2/payments/\(redirected.id)").0 == 200)
        _ = await receiver.wait(for: 2, on: "/redirect/mollie")
        try await Task.sleep(for: .milliseconds(200))
        let delivery = try #require(try await Self.deliveries(served).first { $0["url"] as? String == receiver.url("/redirect/mollie") })
        let attempt = try #require((delivery["attempts"] as? [[String: Any]])?.first)
        #expect(attempt["status"] as? Int == 302 && (attempt["failure"] as? String)?.contains("redirect not followed") == true)
        #expect(receiver.received.allSatisfy { !$0.path.hasPrefix("/elsewhere") })
    }

    /// `payflow webhooks trigger` makes a provider's notification of a resource as it is now,
    /// `payflow webhooks replay` sends a delivery again, `payflow webhooks list` shows both; a
    /// resource that does not exist, or one with nobody to tell, is refused with exit code 1.
    @Test func deliveriesAreTriggeredAndReplayedFromTheCommandLine() async throws {
        let served = try await Self.serve()
        defer { served.stop() }
        let receiver = try await WebhookReceiver.start()
        defer { receiver.stop() }
        let payment = try await Self.molliePayment(served, webhook: receiver.url("/ok/trigger"))
        let sandbox = ["--sandbox", served.base.absoluteString]
        let triggered = try CLIRunner.run(
            "payflow", ["webhooks", "trigger", "--provider", "mollie-api", "--resource", payment.id] + sandbox)
        #expect(triggered.status == 0 && triggered.stdout.contains("whd_1"), "\(triggered.stderr)")
        #expect(await receiver.wait(for: 1, on: "/ok/trigger").map(\.text) == ["id=\(payment.id)"])
        let replayed = try CLIRunner.run("payflow", ["webhooks", "replay", "whd_1"] + sandbox)
        #expect(replayed.status == 0 && replayed.stdout.contains("\"replayOf\":\"whd_1\""), "\(replayed.stderr)")
        #expect(await receiver.wait(for: 2, on: "/ok/trigger").count == 2)
        let listed = try CLIRunner.run("payflow", ["webhooks", "list"] + sandbox)
        #expect(listed.status == 0 && listed.stdout.contains("\"cause\":\"replay\"") && listed.stdout.contains("\"cause\":\"trigger\""))
        let missing = try CLIRunner.run(
            "payflow", ["webhooks", "trigger", "--provider", "mollie-api", "--resource", "tr_nothing"] + sandbox)
        #expect(missing.status == 1 && missing.stderr.contains("no payment tr_nothing"))
        let nobody = try CLIRunner.run(
            "payflow", ["webhooks", "trigger", "--provider", "paypal", "--event", "PAYMENT.CAPTURE.COMPLETED", "--resource", "X"] + sandbox)
        #expect(nobody.status == 1 && nobody.stderr.contains("no capture X"))
    }

    /// The providers' schedules are the counts and spans their guides give: Mollie ten calls over
    /// 26 hours, PayPal the first post and 25 more over three days.
    @Test func theSchedulesAreTheProviders() {
        #expect(WebhookSchedule.mollie.attempts == 10 && WebhookSchedule.mollie.span == 26 * 3_600)
        #expect(WebhookSchedule.payPal.attempts == 26 && WebhookSchedule.payPal.span == 3 * 86_400)
    }
}

/// What the deliveries keep and hold, in process: at most ``SandboxConfiguration/webhookLimit``
/// waiting (one beyond is recorded as dropped, never queued), a URL that is not http(s) never
/// called, and `payflow serve --paypal-webhook` registrations kept through a reset.
@Suite("Webhook deliveries' limits", .serialized)
struct WebhookLimitsTests {
    @Test func aDeliveryBeyondTheLimitIsDroppedNotQueued() async throws {
        let receiver = try await WebhookReceiver.start()
        defer { receiver.stop() }
        var configuration = SandboxConfiguration.inProcess()
        configuration.webhookLimit = 2
        configuration.webhookTimeout = .seconds(2)
        let sandbox = SandboxServer(configuration: configuration)
        func notice(_ url: String) throws -> WebhookNotice {
            WebhookNotice(
                provider: "mollie-api", event: "payment.paid", resource: "tr_1", url: try #require(URL(string: url)),
                contentType: "application/x-www-form-urlencoded", body: Data("id=tr_1".utf8), schedule: .mollie)
        }
        let first = sandbox.webhooks.enqueue(try notice(receiver.url("/hang/a")))
        let second = sandbox.webhooks.enqueue(try notice(receiver.url("/hang/b")))
        let third = sandbox.webhooks.enqueue(try notice(receiver.url("/ok/c")))
        let local = sandbox.webhooks.enqueue(try notice("file:///etc/passwd"))
        #expect([first, second, third, local] == ["whd_1", "whd_2", "whd_3", "whd_4"])
        #expect(sandbox.webhooks.delivery(third)?.state == .failed)
        #expect(sandbox.webhooks.delivery(third)?.attempts.first?.failure?.hasPrefix("dropped: 2 deliveries are waiting") == true)
        #expect(sandbox.webhooks.delivery(local)?.attempts.first?.failure == "dropped: not an http or https URL")
        try await Task.sleep(for: .milliseconds(300))
        #expect(receiver.received.allSatisfy { $0.path.hasPrefix("/hang/") })
    }

    @Test func payflowServesPayPalWebhookOptionSurvivesAReset() async throws {
        let receiver = try await WebhookReceiver.start()
        defer { receiver.stop() }
        let served = try await SandboxHardeningTests.Served.start(["--paypal-webhook", receiver.url("/ok/standing")])
        defer { served.stop() }
        #expect(try await served.http("POST", "/__admin/reset", headers: ["X-Sandbox-Client": "1"]).0 == 204)
        let token = try await served.payPalToken()
        let (status, _, body) = try await served.http(
            "GET", "/t/paypal/v1/notifications/webhooks", headers: ["Authorization": "Bearer \(token)"])
        #expect(status == 200)
        let list = try PayWire.readJSON(PayPalWebhookList.self, from: body)
        #expect(list.webhooks?.map(\.url.absoluteString) == [receiver.url("/ok/standing")])
        #expect(list.webhooks?.first?.eventTypes.map(\.name) == ["*"])
    }
}

/// An event's times as RFC 3339 writes them, which PayPal's Webhooks document types as `date-time`:
/// any offset hour 00 to 23, read to the exact instant.
@Suite("PayPal's event times")
struct PayPalEventTimeTests {
    @Test func everyOffsetRFC3339AllowsIsReadExactly() throws {
        let written: TimeInterval = 1_796_274_219
        let cases: [(String, TimeInterval)] = [
            ("2026-12-03T05:03:39Z", written), ("2026-12-03T05:03:39-23:08", written + 83_280),
            ("2026-12-03T05:03:39+19:40", written - 70_800),
        ]
        for (text, seconds) in cases {
            let body = Data((#"{"create_time":""# + text + #""}"#).utf8)
            let event = try PayWire.readJSON(PayPalEvent.self, from: body)
            #expect(event.createTime?.timeIntervalSince1970 == seconds, "\(text)")
        }
        #expect(throws: (any Error).self) {
            try PayWire.readJSON(PayPalEvent.self, from: Data(#"{"create_time":"2026-12-03T05:03:39+24:00"}"#.utf8))
        }
    }
}

/// PayPal's Webhooks API refuses what its document refuses, over the socket: the rules the schema
/// language cannot say held by the sandbox (a URL's 2,048 characters, `cert_url`'s 500, the
/// transmission's look-ahead pattern), a closed `anchor_type`, and the business refusals as the
/// document's 422 with the issue named.
@Suite("PayPal's Webhooks API refusals", .serialized)
struct PayPalWebhookRefusalTests {
    @Test func theWebhooksDocumentsRulesAreKept() async throws {
        let merchant = try await PayPalPaymentsSocketTests.Merchant.start()
        defer { merchant.served.stop() }
        func issue(_ answer: (Int, Data)) throws -> (Int, String?) {
            let error = try PayWire.readJSON(PayPalError.self, from: answer.1)
            return (answer.0, error.details?.first?.issue ?? error.name)
        }
        let long = "https://shop.example/" + String(repeating: "a", count: 2_028)
        #expect(long.count == 2_049)
        #expect(
            try issue(try await merchant.post("/v1/notifications/webhooks", #"{"url":""# + long + #"","event_types":[{"name":"*"}]}"#)) == (
                400, "INVALID_STRING_MAX_LENGTH"
            ))
        #expect(
            try issue(
                try await merchant.post("/v1/notifications/webhooks", #"{"url":"ftp://shop.example/hook","event_types":[{"name":"*"}]}"#))
                == (422, "INVALID_PARAMETER_SYNTAX"))
        var ids: [String] = []
        for number in 0..<10 {
            let (status, body) = try await merchant.post(
                "/v1/notifications/webhooks",
                #"{"url":"https://shop.example/hook/\#(number)","event_types":[{"name":"PAYMENT.CAPTURE.COMPLETED"}]}"#)
            #expect(status == 201)
            ids.append(try #require(try PayWire.readJSON(PayPalWebhook.self, from: body).id))
        }
        #expect(
            try issue(
                try await merchant.post(
                    "/v1/notifications/webhooks", #"{"url":"https://shop.example/hook/10","event_types":[{"name":"*"}]}"#)) == (
                    422, "WEBHOOK_NUMBER_LIMIT_EXCEEDED"
                ))
        #expect(try issue(try await merchant.get("/v1/notifications/webhooks/NOPE")) == (404, "INVALID_RESOURCE_ID"))
        #expect(try await merchant.get("/v1/notifications/webhooks?anchor_type=APPLICATION").0 == 200)
        #expect(try await merchant.get("/v1/notifications/webhooks?anchor_type=SOMETHING").0 == 400)
        #expect(
            try issue(
                try await merchant.post(
                    "/v1/notifications/simulate-event", #"{"webhook_id":"\#(ids[0])","event_type":"PAYMENT.AUTHORIZATION.VOIDED"}"#)) == (
                    422, "INVALID_PARAMETER_VALUE"
                ))
        #expect(
            try issue(
                try await merchant.post(
                    "/v1/notifications/simulate-event", #"{"url":"https://shop.example/x","event_type":"PAYMENT.NOTHING"}"#)) == (
                    422, "INVALID_PARAMETER_VALUE"
                ))
        let simulated = try await merchant.post(
            "/v1/notifications/simulate-event", #"{"webhook_id":"\#(ids[0])","event_type":"PAYMENT.CAPTURE.COMPLETED"}"#)
        #expect(simulated.0 == 202)
        #expect(try PayWire.readJSON(PayPalEvent.self, from: simulated.1).resourceType == "capture")
        let simulatedDelivery = try #require(try await WebhookSocketTests.deliveries(merchant.served).first)
        #expect(
            simulatedDelivery["cause"] as? String == "simulate-event"
                && simulatedDelivery["event"] as? String == "PAYMENT.CAPTURE.COMPLETED")

        func verify(
            id: String, sig: String, cert: String = "https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-1"
        ) async throws -> (Int, Data) {
            try await merchant.post(
                "/v1/notifications/verify-webhook-signature",
                #"{"auth_algo":"SHA256withRSA","cert_url":""# + cert + #"","transmission_id":""# + id + #"","transmission_sig":""# + sig
                    + #"","transmission_time":"2026-12-03T05:03:39Z","webhook_id":"\#(ids[0])","webhook_event":{"event_type":"PAYMENT.CAPTURE.COMPLETED"}}"#
            )
        }
        #expect(try issue(try await verify(id: "12345", sig: "abc")) == (400, "INVALID_PARAMETER_SYNTAX"))
        #expect(try issue(try await verify(id: "a b", sig: "abc")) == (400, "INVALID_PARAMETER_SYNTAX"))
        #expect(try issue(try await verify(id: "ab", sig: "-x")) == (400, "INVALID_PARAMETER_SYNTAX"))
        #expect(
            try issue(try await verify(id: "ab", sig: "abc", cert: "https://shop.example/" + String(repeating: "c", count: 480))) == (
                400, "INVALID_STRING_MAX_LENGTH"
            ))
        let unknown = try await verify(id: "12ab", sig: "x1")
        #expect(unknown.0 == 200)
        #expect(try PayWire.readJSON(PayPalVerifyWebhookSignatureResponse.self, from: unknown.1).verificationStatus == .failure)
    }
}

/// `POST /__admin/webhooks/trigger`'s refusals, as docs/sandbox.md lists them.
@Suite("The webhook trigger's refusals", .serialized)
struct WebhookTriggerRefusalTests {
    @Test func theTriggerSaysWhyNothingWasSent() async throws {
        let served = try await WebhookSocketTests.serve()
        defer { served.stop() }
        let (_, silent) = try await MollieAPISocketTests.call(
            served, "POST", "/v2/payments",
            #"{"amount":{"currency":"EUR","value":"1.00"},"description":"No webhook","redirectUrl":"https://shop.example/return"}"#)
        let id = try PayWire.readJSON(MolliePayment.self, from: silent).id
        func trigger(_ body: String) async throws -> (Int, String) {
            let (status, _, data) = try await served.http(
                "POST", "/__admin/webhooks/trigger", headers: ["X-Sandbox-Client": "1", "Content-Type": "application/json"], body: body)
            return (status, String(decoding: data, as: UTF8.self))
        }
        let unknown = try await trigger(#"{"provider":"mollie-api","resource":"tr_none"}"#)
        #expect(unknown.0 == 404 && unknown.1.contains("NOT_FOUND"))
        let nobody = try await trigger(#"{"provider":"mollie-api","resource":""# + id + #""}"#)
        #expect(nobody.0 == 409 && nobody.1.contains("NO_RECEIVER"))
        let event = try await trigger(#"{"provider":"paypal","event":"PAYMENT.NOTHING","resource":"X"}"#)
        #expect(event.0 == 422 && event.1.contains("UNKNOWN_EVENT"))
        let provider = try await trigger(#"{"provider":"nowhere"}"#)
        #expect(provider.0 == 404)
        #expect(try await trigger("not json").0 == 400)
        // Without the header a cross-site form cannot send, nothing is triggered.
        let (forged, _, _) = try await served.http(
            "POST", "/__admin/webhooks/trigger", headers: ["Content-Type": "text/plain"], body: #"{"provider":"mollie-api","resource":"x"}"#
        )
        #expect(forged == 403 || forged == 401)
        #expect(try await WebhookSocketTests.deliveries(served).isEmpty)
    }
}

/// PayPal's authorization events over the socket: an order authorized tells
/// `PAYMENT.AUTHORIZATION.CREATED`, its void `PAYMENT.AUTHORIZATION.VOIDED`, each with the
/// authorization as the Payments API answers it, and each verifies; a webhook subscribed to other
/// events is told none of them.
@Suite("PayPal's authorization webhooks", .serialized)
struct PayPalAuthorizationWebhookTests {
    @Test func anAuthorizationsCreationAndVoidAreTold() async throws {
        let merchant = try await PayPalPaymentsSocketTests.Merchant.start()
        defer { merchant.served.stop() }
        let receiver = try await WebhookReceiver.start()
        defer { receiver.stop() }
        let (created, body) = try await merchant.post(
            "/v1/notifications/webhooks",
            #"{"url":""# + receiver.url("/ok/authorizations")
                + #"","event_types":[{"name":"PAYMENT.AUTHORIZATION.CREATED"},{"name":"PAYMENT.AUTHORIZATION.VOIDED"}]}"#)
        #expect(created == 201)
        let webhookID = try #require(try PayWire.readJSON(PayPalWebhook.self, from: body).id)
        let (other, _) = try await merchant.post(
            "/v1/notifications/webhooks",
            #"{"url":""# + receiver.url("/ok/refunds-only") + #"","event_types":[{"name":"PAYMENT.CAPTURE.REFUNDED"}]}"#)
        #expect(other == 201)
        let authorization = try await merchant.authorization("40.00")
        #expect(try await merchant.post("/v2/payments/authorizations/\(authorization)/void").0 == 200)
        let calls = await receiver.wait(for: 2, on: "/ok/authorizations")
        let events = try calls.map { try PayWire.readJSON(PayPalEvent.self, from: $0.body) }
        #expect(events.map(\.eventType) == ["PAYMENT.AUTHORIZATION.CREATED", "PAYMENT.AUTHORIZATION.VOIDED"])
        #expect(events.allSatisfy { $0.resourceType == "authorization" })
        let states = try events.map {
            try PayWire.readJSON(PaymentsAuthorization.self, from: try PayWire.encodeJSON(try #require($0.resource)))
        }
        #expect(states.map(\.id) == [authorization, authorization] && states.map(\.status) == [.created, .voided])
        for call in calls {
            #expect(try await WebhookSocketTests.verify(merchant, call, webhookID: webhookID, event: call.text) == "SUCCESS")
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(receiver.received.allSatisfy { $0.path == "/ok/authorizations" })
    }
}
