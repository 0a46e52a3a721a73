import Foundation
import MerchantWebhooks
import MollieCheckout
import OpenAPIURLSession
import PayPalPayments
import PaymentFlowsCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A merchant server receiving the providers' webhooks end to end over real sockets
/// (`payflow serve` and the merchant's endpoint): checkout, capture, refund, each change told by the
/// provider, verified as the provider says (`MerchantWebhooks`), the order updated and 2xx
/// answered; a forged notification refused, a replayed one refused, and the provider told so.
@Suite("A merchant server receives the webhooks", .serialized)
struct MerchantWebhookFlowTests {
    typealias Served = SandboxHardeningTests.Served

    /// The merchant's orders: a resource's id and what the provider last said of it.
    final class OrderBook: Sendable {
        let states = LockIsolated<[String: String]>([:])
        func wait(for id: String, _ state: String) async -> Bool {
            for _ in 0..<500 {
                if states.value[id] == state { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return false
        }
    }

    @Test func payPalCheckoutCaptureAndRefundAreToldVerifiedAndApplied() async throws {
        let merchant = try await PayPalPaymentsSocketTests.Merchant.start()
        defer { merchant.served.stop() }
        let book = OrderBook()
        let webhookID = LockIsolated("")
        let token = merchant.token
        let client = PayAPIClient(transport: URLSessionTransport(), baseURL: merchant.served.base.appending(path: "t/paypal"))
        let receiver = LockIsolated<PayPalWebhookReceiver?>(nil)
        let endpoint = try await WebhookReceiver.start { delivery in
            guard let verifier = receiver.value else { return 503 }
            switch await verifier.receive(headers: delivery.headers, body: delivery.body) {
            case .refused(let refusal): return refusal.status
            case .accepted(let event):
                // Act on it: the resource's id and its new state, as the merchant's order book keeps them.
                if let id = event.resource?["id"]?.stringValue { book.states.withValue { $0[id] = event.eventType ?? "" } }
                return 200
            }
        }
        defer { endpoint.stop() }
        let (created, body) = try await merchant.post(
            "/v1/notifications/webhooks", #"{"url":""# + endpoint.url("/merchant/paypal") + #"","event_types":[{"name":"*"}]}"#)
        #expect(created == 201)
        webhookID.setValue(try #require(try PayWire.readJSON(PayPalWebhook.self, from: body).id))
        receiver.setValue(PayPalWebhookReceiver(client: client, webhookID: webhookID.value) { token })

        let order = try await merchant.settledOrder("CAPTURE", "25.00")
        let capture = try #require(order.purchaseUnits?.first?.payments?.captures?.first?.id)
        #expect(await book.wait(for: order.id, "CHECKOUT.ORDER.COMPLETED"))
        #expect(await book.wait(for: capture, "PAYMENT.CAPTURE.COMPLETED"))
        let (refunded, refundBody) = try await merchant.post(
            "/v2/payments/captures/\(capture)/refund", PayPalPaymentsSocketTests.amount("25.00"))
        #expect(refunded == 201)
        let refund = try PayWire.readJSON(Refund.self, from: refundBody)
        #expect(await book.wait(for: refund.id ?? "", "PAYMENT.CAPTURE.REFUNDED"))

        // Every delivery answered 200 at its first attempt. A delivery the sandbox queued last may
        // not have made its attempt yet when the events above are in the book: wait (up to 30 s)
        // until each has one, then judge them all.
        var deliveries = try await WebhookSocketTests.deliveries(merchant.served)
        for _ in 0..<300 where deliveries.contains(where: { ($0["attempts"] as? [[String: Any]])?.isEmpty ?? true }) {
            try await Task.sleep(for: .milliseconds(100))
            deliveries = try await WebhookSocketTests.deliveries(merchant.served)
        }
        #expect(deliveries.count >= 4)
        #expect(deliveries.allSatisfy { ($0["attempts"] as? [[String: Any]])?.map { $0["status"] as? Int } == [200] }, "\(deliveries)")

        // Forged: a delivery's headers with an altered event (another amount) reach the endpoint.
        let calls = endpoint.received.filter { $0.path == "/merchant/paypal" }
        let real = try #require(calls.first { $0.text.contains("PAYMENT.CAPTURE.COMPLETED") })
        let forged = real.text.replacingOccurrences(of: #""value":"25.00""#, with: #""value":"2500.00""#)
        #expect(forged != real.text)
        let forgedAnswer = try await Self.post(endpoint.url("/merchant/paypal"), headers: real.headers, body: forged)
        #expect(forgedAnswer == 400)
        // Replayed: the provider's delivery sent again as it was (same transmission): refused, 409.
        let captureDelivery = try #require(deliveries.first { $0["event"] as? String == "PAYMENT.CAPTURE.COMPLETED" }?["id"] as? String)
        let (replayed, _, _) = try await merchant.served.http(
            "POST", "/__admin/webhooks/\(captureDelivery)/replay", headers: ["X-Sandbox-Client": "1"])
        #expect(replayed == 201)
        var statuses: [Int?] = []
        for _ in 0..<100 {
            let latest = try #require(try await WebhookSocketTests.deliveries(merchant.served).first)
            statuses = (latest["attempts"] as? [[String: Any]])?.map { $0["status"] as? Int } ?? []
            if !statuses.isEmpty { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(statuses.first == 409, "\(statuses)")
        #expect(book.states.value[capture] == "PAYMENT.CAPTURE.COMPLETED")
    }

    @Test func molliePaymentIsToldFetchedAndApplied() async throws {
        let served = try await Served.start(["--webhook-time-scale", "60000"])
        defer { served.stop() }
        let book = OrderBook()
        let key = "test_merchantWebhook1"
        let receiver = MollieWebhookReceiver(
            client: PayAPIClient(transport: URLSessionTransport(), baseURL: served.base.appending(path: "t/mollie-api")), apiKey: key)
        let endpoint = try await WebhookReceiver.start { call in
            switch await receiver.receive(body: call.body) {
            case .refused(let refusal): return refusal.status
            case .accepted(let payment):
                book.states.withValue { $0[payment.id] = payment.status.rawValue }
                return 200
            }
        }
        defer { endpoint.stop() }
        let payment = try await WebhookSocketTests.molliePayment(served, webhook: endpoint.url("/merchant/mollie"))
        let checkout = try #require(payment.links?.checkout?.href)
        #expect(try await ProviderRuleTablesSocketTests.tap(served, checkout.path, button: "paid").status == 303)
        #expect(await book.wait(for: payment.id, "paid"))
        // Forged: an id Mollie never made, or not an id at all; nothing changes.
        #expect(try await Self.post(endpoint.url("/merchant/mollie"), body: "id=tr_9999999999") == 400)
        #expect(try await Self.post(endpoint.url("/merchant/mollie"), body: "id=tr_x&amount=0") == 400)
        // A call repeated only fetches the payment again: still paid.
        #expect(try await Self.post(endpoint.url("/merchant/mollie"), body: "id=\(payment.id)") == 200)
        #expect(book.states.value == [payment.id: "paid"])
    }

    /// A POST to `url`; its status.
    static func post(_ url: String, headers: [String: String] = [:], body: String) async throws -> Int {
        var request = URLRequest(url: try #require(URL(string: url)), timeoutInterval: 30)
        request.httpMethod = "POST"
        for (name, value) in headers where name != "content-length" && name != "host" { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = Data(body.utf8)
        let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}
