import AmazonPayMerchantServer
import AmazonPayMobile
import Foundation
import MerchantWebhooks
import OpenAPIURLSession
import PaymentFlowsCore
import PaymentMocks
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Amazon Pay after the checkout over a real socket against `payflow serve`: a charge captured,
/// canceled or expired, refunds up to what Amazon allows and not a cent more (concurrent ones
/// included), the charge permission closed, and every change told to the merchant's IPN endpoint,
/// where `AmazonPayIPNReceiver` fetches the object it names.
@Suite("Amazon Pay charges, refunds and IPNs over the socket", .serialized)
struct AmazonPayChargesSocketTests {
    typealias Served = SandboxHardeningTests.Served
    typealias Rules = ProviderRuleTablesSocketTests

    /// A signed call; its status and body.
    static func call(
        _ served: Served, _ key: Rules.AmazonKey, _ method: String, _ path: String, _ body: String = "", scenario: String? = nil
    ) async throws -> (status: Int, body: Data) {
        let idempotent = method == "POST" ? String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(24)) : nil
        let answer = try await Rules.amazon(served, key, method, path, body: body, idempotencyKey: idempotent) { headers in
            if let scenario { headers["sandbox-scenario"] = scenario }
        }
        return (answer.status, answer.body)
    }

    static func refund(_ charge: String?, _ amount: String, _ currency: String = "USD") -> String {
        #"{"chargeId":""# + (charge ?? "") + #"","refundAmount":{"amount":""# + amount + #"","currencyCode":""# + currency + #""}}"#
    }

    static func capture(_ amount: String) -> String { #"{"captureAmount":{"amount":""# + amount + #"","currencyCode":"USD"}}"# }

    /// Partial refunds add up to what Amazon allows: the capture and 15% above it, or 75 USD when
    /// that is less; one cent more is refused, in Amazon's words, and the charge's
    /// `refundedAmount` says exactly what went back.
    @Test(arguments: [("100.00", ["60.00", "40.00", "15.00"], "115.00"), ("1000.00", ["999.99", "75.01"], "1075.00")])
    func refundsAddUpToTheCaptureAndItsOverageAndNotOneCentMore(_ amount: String, _ parts: [String], _ ceiling: String) async throws {
        let key = try Rules.AmazonKey()
        defer { try? FileManager.default.removeItem(at: key.file) }
        let served = try await Served.start(key.arguments)
        defer { served.stop() }
        let completed = try await Rules.completedCheckout(served, key, amount)
        let charge = try PayWire.readJSON(
            Charge.self, from: try await Self.call(served, key, "GET", "/v2/charges/\(completed.charge ?? "")").body)
        #expect(charge.statusDetails.state == .captured && charge.captureAmount?.amount == amount)
        for part in parts {
            let (status, body) = try await Self.call(served, key, "POST", "/v2/refunds", Self.refund(completed.charge, part))
            #expect(status == 201, "\(String(decoding: body, as: UTF8.self))")
            let refund = try PayWire.readJSON(AmazonPayRefund.self, from: body)
            #expect(refund.statusDetails.state == .refundInitiated && refund.refundAmount.amount == part)
            // Amazon processes it after answering; read back, it is Refunded.
            let read = try PayWire.readJSON(
                AmazonPayRefund.self, from: try await Self.call(served, key, "GET", "/v2/refunds/\(refund.refundId)").body)
            #expect(read.statusDetails.state == .refunded)
        }
        let (over, body) = try await Self.call(served, key, "POST", "/v2/refunds", Self.refund(completed.charge, "0.01"))
        #expect(over == 400)
        #expect(try PayWire.readJSON(AmazonPayErrorResponse.self, from: body).reasonCode == .transactionAmountExceeded)
        let after = try PayWire.readJSON(
            Charge.self, from: try await Self.call(served, key, "GET", "/v2/charges/\(completed.charge ?? "")").body)
        #expect(after.refundedAmount?.amount == ceiling)
    }

    /// Twenty refunds of one charge at once (1.00 each of a 10.00 capture, 11.50 allowed): eleven
    /// are taken, nine refused, and the charge never gives back more than it allows.
    @Test func twentyConcurrentRefundsNeverRefundMoreThanTheChargeAllows() async throws {
        let key = try Rules.AmazonKey()
        defer { try? FileManager.default.removeItem(at: key.file) }
        let served = try await Served.start(key.arguments)
        defer { served.stop() }
        let completed = try await Rules.completedCheckout(served, key, "10.00")
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { try await Self.call(served, key, "POST", "/v2/refunds", Self.refund(completed.charge, "1.00")).status }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 201 }.count == 11, "\(statuses.sorted())")
        #expect(statuses.filter { $0 == 400 }.count == 9, "\(statuses.sorted())")
        let charge = try PayWire.readJSON(
            Charge.self, from: try await Self.call(served, key, "GET", "/v2/charges/\(completed.charge ?? "")").body)
        #expect(charge.refundedAmount?.amount == "11.00")
    }

    /// Authorize, capture later (once, at most the amount), cancel, expire, decline a refund, close
    /// the charge permission with its pending charges: each state as Amazon's pages give it.
    @Test func chargesAndChargePermissionsFollowAmazonsStates() async throws {
        let key = try Rules.AmazonKey()
        defer { try? FileManager.default.removeItem(at: key.file) }
        let served = try await Served.start(key.arguments)
        defer { served.stop() }
        func charge(_ id: String?) async throws -> Charge {
            try PayWire.readJSON(Charge.self, from: try await Self.call(served, key, "GET", "/v2/charges/\(id ?? "")").body)
        }
        // Authorize, then capture part: the rest is released, and a second capture is refused.
        let first = try await Rules.completedCheckout(served, key, "50.00", intent: "Authorize")
        #expect(try await charge(first.charge).statusDetails.state == .authorized)
        let captured = try await Self.call(served, key, "POST", "/v2/charges/\(first.charge ?? "")/capture", Self.capture("30.00"))
        #expect(captured.status == 200)
        let afterCapture = try PayWire.readJSON(Charge.self, from: captured.body)
        #expect(afterCapture.statusDetails.state == .captured && afterCapture.captureAmount?.amount == "30.00")
        #expect(try await Self.call(served, key, "POST", "/v2/charges/\(first.charge ?? "")/capture", Self.capture("20.00")).status == 422)
        // A refund declined: its amount is refundable again (30.00 + 4.50 in all).
        let declined = try await Self.call(
            served, key, "POST", "/v2/refunds", Self.refund(first.charge, "34.50"), scenario: "refund-declined")
        #expect(declined.status == 201)
        let declinedRefund = try PayWire.readJSON(AmazonPayRefund.self, from: declined.body)
        let readBack = try PayWire.readJSON(
            AmazonPayRefund.self, from: try await Self.call(served, key, "GET", "/v2/refunds/\(declinedRefund.refundId)").body)
        #expect(readBack.statusDetails.state == .declined && readBack.statusDetails.reasonCode == .amazonRejected)
        #expect(try await Self.call(served, key, "POST", "/v2/refunds", Self.refund(first.charge, "34.50")).status == 201)
        #expect(try await charge(first.charge).refundedAmount?.amount == "34.50")
        // Cancel an Authorized charge: Canceled (MerchantCanceled) with the merchant's reason.
        let second = try await Rules.completedCheckout(served, key, "12.00", intent: "Authorize")
        let canceled = try await Self.call(
            served, key, "DELETE", "/v2/charges/\(second.charge ?? "")/cancel", #"{"cancellationReason":"out of stock"}"#)
        #expect(canceled.status == 200)
        let canceledCharge = try await charge(second.charge)
        #expect(canceledCharge.statusDetails.state == .canceled && canceledCharge.statusDetails.reasonCode == .merchantCanceled)
        #expect(canceledCharge.statusDetails.reasonDescription == "out of stock")
        // 31 days on, an Authorized charge has expired unused.
        let third = try await Rules.completedCheckout(served, key, "8.00", intent: "Authorize")
        let late = try await Self.call(
            served, key, "POST", "/v2/charges/\(third.charge ?? "")/capture", Self.capture("8.00"), scenario: "charge-expired")
        #expect(late.status == 422)
        let expired = try await charge(third.charge)
        #expect(expired.statusDetails.state == .canceled && expired.statusDetails.reasonCode == .expiredUnused)
        // Confirm makes a charge permission and no charge; closing one with its pending charges cancels them.
        let confirmed = try await Rules.completedCheckout(served, key, "5.00", intent: "Confirm")
        #expect(confirmed.charge == nil)
        let fourth = try await Rules.completedCheckout(served, key, "9.00", intent: "Authorize")
        let permission = try PayWire.readJSON(
            ChargePermission.self, from: try await Self.call(served, key, "GET", "/v2/chargePermissions/\(fourth.permission)").body)
        #expect(permission.statusDetails.state == .chargeable && permission.limits?.amountLimit?.amount == "9.00")
        #expect(permission.buyer?.buyerId != nil)
        let closed = try await Self.call(
            served, key, "DELETE", "/v2/chargePermissions/\(fourth.permission)/close",
            #"{"closureReason":"order canceled","cancelPendingCharges":true}"#)
        #expect(closed.status == 200)
        let closedPermission = try PayWire.readJSON(ChargePermission.self, from: closed.body)
        #expect(
            closedPermission.statusDetails.state == .closed && closedPermission.statusDetails.reasons?.first?.reasonCode == .merchantClosed)
        let pending = try await charge(fourth.charge)
        #expect(pending.statusDetails.state == .canceled && pending.statusDetails.reasonCode == .chargePermissionCanceled)
        // The inspector's providers' state: every charge, refund and charge permission with its
        // state now, and each transition linked to the exchange that made it.
        let ledger = try JSONSerialization.jsonObject(with: try await served.http("GET", "/__admin/state").2) as? [String: Any]
        let resources =
            ((ledger?["providers"] as? [[String: Any]])?.first { $0["provider"] as? String == "amazonpay" }?["resources"]
                as? [[String: Any]]) ?? []
        func state(_ kind: String, _ id: String?) -> String? {
            resources.first { $0["kind"] as? String == kind && $0["id"] as? String == id }?["state"] as? String
        }
        #expect(state("charge", first.charge) == "Captured")
        #expect(state("charge", second.charge) == "Canceled (MerchantCanceled)")
        #expect(state("charge", third.charge) == "Canceled (ExpiredUnused)")
        #expect(state("charge", fourth.charge) == "Canceled (ChargePermissionCanceled)")
        #expect(state("refund", declinedRefund.refundId) == "Declined (AmazonRejected)")
        #expect(state("charge permission", fourth.permission) == "Closed (MerchantClosed)")
        let afterCheckout = resources.filter { ["charge", "refund", "charge permission"].contains($0["kind"] as? String ?? "") }
        let transitions = afterCheckout.flatMap { ($0["history"] as? [[String: Any]]) ?? [] }
        #expect(!transitions.isEmpty && transitions.allSatisfy { $0["exchange"] is Int }, "\(afterCheckout)")
    }

    /// The IPN endpoint of the merchant configuration hears every change, in order, as Amazon sends
    /// it: an SNS `Notification` (`text/plain`) whose `Message` names the object; the merchant's
    /// `AmazonPayIPNReceiver` fetches each object with its signed client and applies it. A
    /// notification naming an object Amazon does not know, or another merchant, is refused; the
    /// sandbox's replay of one already accepted is refused too.
    @Test func everyChangeIsToldToTheIPNEndpointAndFetchedByTheMerchant() async throws {
        let key = try Rules.AmazonKey()
        defer { try? FileManager.default.removeItem(at: key.file) }
        let book = MerchantWebhookFlowTests.OrderBook()
        let receiver = LockIsolated<AmazonPayIPNReceiver?>(nil)
        let endpoint = try await WebhookReceiver.start { delivery in
            guard let ipn = receiver.value else { return 503 }
            switch await ipn.receive(body: delivery.body) {
            case .refused(let refusal): return refusal.status
            case .accepted(.charge(let charge)): book.states.withValue { $0[charge.chargeId] = charge.statusDetails.state.rawValue }
            case .accepted(.refund(let refund)): book.states.withValue { $0[refund.refundId] = refund.statusDetails.state.rawValue }
            case .accepted(.chargePermission(let permission)):
                book.states.withValue { $0[permission.chargePermissionId] = permission.statusDetails.state.rawValue }
            case .accepted(.other): break
            }
            return 200
        }
        defer { endpoint.stop() }
        let served = try await Served.start(key.arguments + ["--amazon-ipn", endpoint.url("/merchant/ipn")])
        defer { served.stop() }
        let signer = AmazonPayRequestSigner(publicKeyID: Rules.AmazonKey.id, privateKey: key.key)
        let client = PayAPIClient(
            transport: AmazonPaySigningTransport(URLSessionTransport(), signer: signer), baseURL: served.base.appending(path: "t/amazonpay")
        )
        receiver.setValue(AmazonPayIPNReceiver(client: client, merchantID: MockAmazonPayServer.merchantID, region: .na))

        let completed = try await Rules.completedCheckout(served, key, "20.00", intent: "Authorize")
        let chargeID = try #require(completed.charge)
        #expect(try await Self.call(served, key, "POST", "/v2/charges/\(chargeID)/capture", Self.capture("20.00")).status == 200)
        let refund = try PayWire.readJSON(
            AmazonPayRefund.self, from: try await Self.call(served, key, "POST", "/v2/refunds", Self.refund(chargeID, "5.00")).body)
        #expect(await book.wait(for: refund.refundId, "Refunded"))
        #expect(await book.wait(for: chargeID, "Captured"))
        #expect(book.states.value[completed.permission] == "Chargeable")

        // What arrived: the generated envelope and notification, Amazon's headers, in order.
        let calls = await endpoint.wait(for: 5, on: "/merchant/ipn")
        let notifications = try calls.map { call in
            #expect(call.headers["content-type"] == "text/plain; charset=UTF-8")
            #expect(call.headers["x-amz-sns-message-type"] == "Notification")
            let envelope = try PayWire.readJSON(AmazonPayIPNMessage.self, from: call.body)
            #expect(call.headers["x-amz-sns-message-id"] == envelope.messageId)
            return try PayWire.readJSON(AmazonPayNotification.self, from: Data(envelope.message.utf8))
        }
        #expect(
            notifications.map { "\($0.objectType.rawValue) \($0.objectId)" } == [
                "CHARGE_PERMISSION \(completed.permission)", "CHARGE \(chargeID)", "CHARGE \(chargeID)", "REFUND \(refund.refundId)",
                "REFUND \(refund.refundId)",
            ])
        #expect(
            notifications.allSatisfy { $0.merchantID == MockAmazonPayServer.merchantID && $0.chargePermissionId == completed.permission })
        var deliveries = try await WebhookSocketTests.deliveries(served)
        for _ in 0..<200 where !deliveries.allSatisfy({ ($0["attempts"] as? [Any])?.isEmpty == false }) {
            try await Task.sleep(for: .milliseconds(20))
            deliveries = try await WebhookSocketTests.deliveries(served)
        }
        #expect(deliveries.count == 5)
        #expect(deliveries.allSatisfy { ($0["attempts"] as? [[String: Any]])?.map { $0["status"] as? Int } == [200] }, "\(deliveries)")

        // Forged: an object Amazon never made, another merchant, not a notification at all.
        let real = try #require(calls.first)
        let forgedObject = real.text.replacingOccurrences(of: completed.permission, with: "S03-forged00")
        #expect(try await MerchantWebhookFlowTests.post(endpoint.url("/merchant/ipn"), body: forgedObject) == 400)
        let otherMerchant = real.text.replacingOccurrences(of: MockAmazonPayServer.merchantID, with: "A000OTHERMERCH")
        #expect(try await MerchantWebhookFlowTests.post(endpoint.url("/merchant/ipn"), body: otherMerchant) == 400)
        #expect(try await MerchantWebhookFlowTests.post(endpoint.url("/merchant/ipn"), body: "id=tr_1") == 400)
        // Replayed: the sandbox sends a delivery again as it was (same notification id): 409.
        let captureDelivery = try #require(deliveries.first { $0["event"] as? String == "CHARGE.Captured" }?["id"] as? String)
        let (replayed, _, _) = try await served.http(
            "POST", "/__admin/webhooks/\(captureDelivery)/replay", headers: ["X-Sandbox-Client": "1"])
        #expect(replayed == 201)
        var statuses: [Int?] = []
        for _ in 0..<200 {
            let latest = try #require(try await WebhookSocketTests.deliveries(served).first)
            statuses = (latest["attempts"] as? [[String: Any]])?.map { $0["status"] as? Int } ?? []
            if !statuses.isEmpty { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(statuses.first == 409, "\(statuses)")
        // Triggered by hand: the charge's notification as it is now, new.
        let (triggered, _, _) = try await served.http(
            "POST", "/__admin/webhooks/trigger", headers: ["X-Sandbox-Client": "1", "Content-Type": "application/json"],
            body: #"{"provider":"amazonpay","resource":""# + chargeID + #""}"#)
        #expect(triggered == 201)
        // Five deliveries, three forged posts, the replay and the trigger.
        #expect(await endpoint.wait(for: 10, on: "/merchant/ipn").count == 10)
        #expect(book.states.value[chargeID] == "Captured")
        // A real refund said to belong to another (real) charge permission: refused, through the refund's charge.
        let other = try await Rules.completedCheckout(served, key, "1.00", intent: "Confirm")
        let refundCall = try #require(calls.first { $0.text.contains(refund.refundId) })
        let marker = #"ChargePermissionId\":\""#
        let moved = refundCall.text.replacingOccurrences(of: marker + completed.permission, with: marker + other.permission)
        #expect(moved != refundCall.text)
        #expect(try await MerchantWebhookFlowTests.post(endpoint.url("/merchant/ipn"), body: moved) == 400)
    }

    /// An IPN endpoint that answers 500 twice gets the third attempt, on SNS's schedule (20 s
    /// apart, compressed by `--webhook-time-scale`).
    @Test func anEndpointThatFailsTwiceGetsTheThirdAttempt() async throws {
        let key = try Rules.AmazonKey()
        defer { try? FileManager.default.removeItem(at: key.file) }
        let endpoint = try await WebhookReceiver.start()
        defer { endpoint.stop() }
        let served = try await Served.start(
            key.arguments + ["--amazon-ipn", endpoint.url("/fail-twice/ipn"), "--webhook-time-scale", "1000"])
        defer { served.stop() }
        let completed = try await Rules.completedCheckout(served, key, "3.00", intent: "Confirm")
        let calls = await endpoint.wait(for: 3, on: "/fail-twice/ipn")
        #expect(calls.count == 3 && Set(calls.map(\.text)).count == 1, "a retry is the same message")
        // The receiver has answered the third call; the sandbox records its status just after.
        var statuses: [Int?] = []
        for _ in 0..<250 {
            let deliveries = try await WebhookSocketTests.deliveries(served)
            let delivery = try #require(deliveries.first { $0["resource"] as? String == completed.permission })
            statuses = (delivery["attempts"] as? [[String: Any]])?.map { $0["status"] as? Int } ?? []
            if statuses.count == 3 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(statuses == [500, 500, 200])
    }
}
