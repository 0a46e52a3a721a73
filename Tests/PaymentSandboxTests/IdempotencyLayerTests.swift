import Foundation
import PayPalPayments
import PaymentSchemasRuntime
import PaymentServerCore
import Testing

@testable import PaymentMocks

/// Idempotency keys are replayed once, in the transport, by each provider's policy: a repeated key
/// gets the first answer, and requests that share a key while the first is still being answered
/// wait for it, so one key never acts twice.
@Suite("Idempotency in the provider layer")
struct IdempotencyLayerTests {
    static let body = #"{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"10.00"}}]}"#

    static func create(_ transport: MockProviderTransport, key: String?, body: String = body) async throws -> ServerResponse {
        var headers = ["authorization": "Bearer A21AA", "content-type": "application/json"]
        if let key { headers["paypal-request-id"] = key }
        let request = ServerRequest(
            method: "POST", path: "/v2/checkout/orders", query: [], headers: headers, body: Data(body.utf8), operationID: "createOrder")
        guard case .answered(let answer) = try await transport.serve(request) else {
            throw ServerRouteError.unexpectedRequest("no answer")
        }
        return answer
    }

    /// A transport whose create handler takes its time and counts how often it acts.
    static func slowTransport(policy: IdempotencyPolicy) -> (MockProviderTransport, LockIsolated<Int>) {
        let acted = LockIsolated(0)
        let transport = MockProviderTransport(name: "PayPal")
        transport.idempotency = policy
        transport.handle(CreateOrderOperation.self, of: PayPalPaymentsSchema.operations) { _, body in
            let number = acted.withValue { count -> Int in
                count += 1
                return count
            }
            try await Task.sleep(for: .milliseconds(20))
            if body.purchaseUnits.first?.amount.value == "0.01" {
                return .json(PayPalErrorResponse(name: "UNPROCESSABLE_ENTITY", message: "refused", debugId: "d1"), status: 422)
            }
            let order = OrderResponse(
                id: "ORDER\(number)", status: .created, intent: body.intent,
                purchaseUnits: body.purchaseUnits.map { PurchaseUnitResponse(referenceId: $0.referenceId ?? "default", amount: $0.amount) })
            return .json(order, status: 201)
        }
        return (transport, acted)
    }

    /// PayPal's Payments document takes any text for `PayPal-Request-Id`: an empty one is no key, so
    /// two refunds sent with it both act, where two with one key act once.
    @Test func anEmptyKeyIsNone() async throws {
        let acted = LockIsolated(0)
        let transport = MockProviderTransport(name: "PayPal")
        transport.idempotency = MockPayPalServer.idempotency
        transport.handle(RefundCaptureOperation.self, of: PayPalPaymentsSchema.operations) { _, _ in
            let number = acted.withValue { count -> Int in
                count += 1
                return count
            }
            return .json(Refund(status: .completed, id: "REFUND\(number)"), status: 201)
        }
        func refund(_ key: String) async throws -> ServerResponse {
            let request = ServerRequest(
                method: "POST", path: "/v2/payments/captures/CAPTURE1/refund", query: [],
                headers: ["authorization": "Bearer A21AA", "content-type": "application/json", "paypal-request-id": key],
                body: Data("{}".utf8),
                operationID: "refundCapture")
            guard case .answered(let answer) = try await transport.serve(request) else {
                throw ServerRouteError.unexpectedRequest("no answer")
            }
            return answer
        }
        let empty = [try await refund(""), try await refund("")]
        #expect(acted.value == 2 && Set(empty.map(\.body)).count == 2, "an empty key replayed the first refund")
        let keyed = [try await refund("refund-key"), try await refund("refund-key")]
        #expect(acted.value == 3 && Set(keyed.map(\.body)).count == 1, "one key acted twice")
    }

    @Test func requestsSharingAKeyActOnce() async throws {
        let (transport, acted) = Self.slowTransport(policy: MockPayPalServer.idempotency)
        let answers = try await withThrowingTaskGroup(of: ServerResponse.self) { group in
            for _ in 0..<16 { group.addTask { try await Self.create(transport, key: "same-key") } }
            return try await group.reduce(into: [ServerResponse]()) { $0.append($1) }
        }
        #expect(acted.value == 1, "the handler acted \(acted.value) times for one key")
        #expect(Set(answers.map(\.body)).count == 1, "every request got the first answer")
        // PayPal answers the first 201 and every repeat 200.
        #expect(answers.map(\.status).sorted() == Array(repeating: 200, count: 15) + [201])
        // Another key acts again; no key acts every time.
        _ = try await Self.create(transport, key: "other-key")
        _ = try await Self.create(transport, key: nil)
        _ = try await Self.create(transport, key: nil)
        #expect(acted.value == 4)
        // A provider reset forgets the keys.
        transport.forgetIdempotencyKeys()
        _ = try await Self.create(transport, key: "same-key")
        #expect(acted.value == 5)
    }

    /// Amazon's kind of policy (on PayPal's operation here): another body under a used key is
    /// refused, and only an answer that took effect is kept, so a refused request may be sent again
    /// with its key, corrected. PayPal's keeps every answer.
    @Test func aConflictIsRefusedAndRefusalsAreNotKept() async throws {
        let conflict = IdempotencyPolicy(
            keep: .successes,
            conflict: { _ in
                .json(
                    PayPalErrorResponse(name: "INVALID_REQUEST", message: "the key was used with another body", debugId: "d2"), status: 400)
            })
        let (transport, acted) = Self.slowTransport(policy: conflict)
        #expect(try await Self.create(transport, key: "k1").status == 201)
        let other = Self.body.replacingOccurrences(of: "10.00", with: "11.00")
        #expect(try await Self.create(transport, key: "k1", body: other).status == 400)
        #expect(acted.value == 1)
        // A refusal the provider answered is not kept under its key: sent again, corrected, it acts.
        let small = Self.body.replacingOccurrences(of: "10.00", with: "0.01")
        #expect(try await Self.create(transport, key: "k2", body: small).status == 422)
        #expect(try await Self.create(transport, key: "k2").status == 201)
        #expect(acted.value == 3)
        // PayPal keeps every answer: the refusal is replayed, whatever the body.
        let (payPal, payPalActed) = Self.slowTransport(policy: MockPayPalServer.idempotency)
        #expect(try await Self.create(payPal, key: "k3", body: small).status == 422)
        #expect(try await Self.create(payPal, key: "k3").status == 422)
        #expect(payPalActed.value == 1)
    }
}
