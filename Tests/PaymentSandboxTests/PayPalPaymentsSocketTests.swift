import CLITestSupport
import Foundation
import PayPalPayments
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// PayPal's Payments v2 API over a real socket (`payflow serve`), after the checkout: an
/// authorization captured in parts up to PayPal's 115% overage limit, reauthorized, voided; a
/// capture refunded in parts that add up to it and not a cent more, twenty refunds at once never
/// beyond it; each refusal in the Payments document's words for that operation, and every answer
/// read with the generated types (which validate it).
@Suite("PayPal Payments v2 over the socket", .serialized)
struct PayPalPaymentsSocketTests {
    typealias Served = SandboxHardeningTests.Served
    typealias Refusal = ProviderRulesSocketTests.Refusal

    /// A served sandbox with a token, and the calls the tests make.
    struct Merchant {
        let served: Served
        let token: String
        var headers: [String: String] { ["Authorization": "Bearer \(token)", "Content-Type": "application/json"] }

        static func start() async throws -> Merchant {
            let served = try await Served.start()
            return Merchant(served: served, token: try await served.payPalToken())
        }

        func post(_ path: String, _ body: String = "{}", extra: [String: String] = [:]) async throws -> (Int, Data) {
            let (status, _, data) = try await served.http("POST", "/t/paypal" + path, headers: headers.merging(extra) { $1 }, body: body)
            return (status, data)
        }

        func get(_ path: String) async throws -> (Int, Data) {
            let (status, _, data) = try await served.http("GET", "/t/paypal" + path, headers: headers)
            return (status, data)
        }

        func refusal(_ answer: (Int, Data)) throws -> Refusal {
            try ProviderRulesSocketTests.refusal((answer.0, [:], answer.1))
        }

        /// An approved order of `intent` for `value` in `currency`, authorized or captured: the
        /// order as the settlement answered it.
        func settledOrder(_ intent: String, _ value: String, _ currency: String = "USD") async throws -> OrderResponse {
            let (created, body) = try await post(
                "/v2/checkout/orders",
                #"{"intent":""# + intent + #"","purchase_units":[{"amount":{"currency_code":""# + currency + #"","value":""# + value
                    + #""}}]}"#)
            #expect(created == 201)
            let order = try PayWire.readJSON(OrderResponse.self, from: body)
            #expect(try await post("/v2/checkout/orders/\(order.id)/confirm-payment-source", SandboxHardeningTests.confirmBody).0 == 200)
            let (settled, answer) = try await post("/v2/checkout/orders/\(order.id)/\(intent == "AUTHORIZE" ? "authorize" : "capture")")
            #expect(settled == 201)
            return try PayWire.readJSON(OrderResponse.self, from: answer)
        }

        /// An authorization of `value` in `currency`.
        func authorization(_ value: String, _ currency: String = "USD") async throws -> String {
            let order = try await settledOrder("AUTHORIZE", value, currency)
            return try #require(order.purchaseUnits?.first?.payments?.authorizations?.first?.id)
        }

        /// A capture of `value` in `currency` (an order captured at once).
        func capture(_ value: String, _ currency: String = "USD") async throws -> String {
            let order = try await settledOrder("CAPTURE", value, currency)
            return try #require(order.purchaseUnits?.first?.payments?.captures?.first?.id)
        }
    }

    static func amount(_ value: String, _ currency: String = "USD", final: Bool? = nil) -> String {
        #"{"amount":{"currency_code":""# + currency + #"","value":""# + value + #""}"#
            + (final.map { #","final_capture":"# + ($0 ? "true" : "false") } ?? "") + "}"
    }

    /// Platform fees given back by refunds: up to what the capture took, less what earlier refunds
    /// gave back, in its currency; none from a capture that took none (`PLATFORM_FEE_EXCEEDED`, in
    /// the Payments document's words). The capture and each refund show the fees they carry.
    @Test func refundsGiveBackPlatformFeesUpToWhatTheCaptureTook() async throws {
        let merchant = try await Merchant.start()
        defer { merchant.served.stop() }
        let fee = { (value: String, currency: String) in
            #"{"platform_fees":[{"amount":{"currency_code":""# + currency + #"","value":""# + value + #""}}]}"#
        }
        let withFees = { (amount: String, fees: String) in
            #"{"amount":{"currency_code":"USD","value":""# + amount + #""},"payment_instruction":"# + fees + "}"
        }
        let authorization = try await merchant.authorization("10.00")
        let (captured, body) = try await merchant.post(
            "/v2/payments/authorizations/\(authorization)/capture", withFees("10.00", fee("1.00", "USD")))
        #expect(captured == 201)
        let capture = try PayWire.readJSON(PaymentsCapture.self, from: body)
        #expect(capture.sellerReceivableBreakdown?.platformFees?.map(\.amount.value) == ["1.00"])
        let path = "/v2/payments/captures/\(capture.id ?? "")/refund"
        let (first, firstBody) = try await merchant.post(path, withFees("2.00", fee("0.60", "USD")))
        #expect(first == 201)
        #expect(try PayWire.readJSON(Refund.self, from: firstBody).sellerPayableBreakdown?.platformFees?.map(\.amount.value) == ["0.60"])
        // 0.60 given back of 1.00: 0.41 is a cent more than what is left, and a fee in another currency has none.
        for fees in [fee("0.41", "USD"), fee("0.10", "EUR")] {
            let refused = try merchant.refusal(try await merchant.post(path, withFees("1.00", fees)))
            #expect(refused.status == 422 && refused.issues == ["PLATFORM_FEE_EXCEEDED"], "\(fees): \(refused)")
            #expect(
                refused.descriptions.first?.hasPrefix("Platform fee amount specified exceeds the amount that is available for refund.")
                    == true)
        }
        let (rest, restBody) = try await merchant.post(path, withFees("1.00", fee("0.40", "USD")))
        #expect(rest == 201)
        // The refused refunds gave back nothing: 2.00 and 1.00 refunded of 10.00.
        #expect(try PayWire.readJSON(Refund.self, from: restBody).sellerPayableBreakdown?.totalRefundedAmount?.value == "3.00")
        #expect(
            try merchant.refusal(try await merchant.post(path, withFees("1.00", fee("0.01", "USD")))).issues == ["PLATFORM_FEE_EXCEEDED"])
        // A capture that took no platform fee gives none back.
        let plain = try await merchant.capture("5.00")
        let none = try merchant.refusal(
            try await merchant.post("/v2/payments/captures/\(plain)/refund", withFees("1.00", fee("0.01", "USD"))))
        #expect(none.issues == ["PLATFORM_FEE_EXCEEDED"], "\(none)")
        #expect(try await merchant.post("/v2/payments/captures/\(plain)/refund", Self.amount("1.00")).0 == 201)
    }

    /// Captures in parts: the authorization is `PARTIALLY_CAPTURED`, then `CAPTURED` once the
    /// captures reach it (up to 115% of it, PayPal's default overage limit, and not a cent more);
    /// the order follows; a captured authorization is neither captured, voided nor reauthorized again.
    @Test func anAuthorizationIsCapturedInPartsUpToItsOverageLimit() async throws {
        let merchant = try await Merchant.start()
        defer { merchant.served.stop() }
        let id = try await merchant.authorization("10.00")
        let read = try PayWire.readJSON(PaymentsAuthorization.self, from: try await merchant.get("/v2/payments/authorizations/\(id)").1)
        #expect(read.status == .created && read.amount == PayPalMoney(currencyCode: "USD", value: "10.00"))
        #expect(read.links?.map(\.rel) == ["self", "capture", "void", "reauthorize"])
        let path = "/v2/payments/authorizations/\(id)/capture"
        let (firstStatus, firstBody) = try await merchant.post(path, Self.amount("4.00"))
        #expect(firstStatus == 201)
        let first = try PayWire.readJSON(PaymentsCapture.self, from: firstBody)
        #expect(first.status == .completed && first.amount?.value == "4.00" && first.finalCapture == false)
        #expect(first.supplementaryData?.relatedIds?.authorizationId == id)
        let partly = try PayWire.readJSON(PaymentsAuthorization.self, from: try await merchant.get("/v2/payments/authorizations/\(id)").1)
        #expect(partly.status == .partiallyCaptured)
        // 4.00 + 7.51 is above 115% of 10.00; 4.00 + 7.50 is exactly it.
        let over = try merchant.refusal(try await merchant.post(path, Self.amount("7.51")))
        #expect(over.status == 422 && over.issues == ["MAX_CAPTURE_AMOUNT_EXCEEDED"], "\(over)")
        #expect(over.descriptions.first?.contains("The default overage limit is 115%") == true)
        let (lastStatus, lastBody) = try await merchant.post(path, Self.amount("7.50"))
        #expect(lastStatus == 201)
        let last = try PayWire.readJSON(PaymentsCapture.self, from: lastBody)
        #expect(last.finalCapture == true && last.id != first.id)
        let done = try PayWire.readJSON(PaymentsAuthorization.self, from: try await merchant.get("/v2/payments/authorizations/\(id)").1)
        #expect(done.status == .captured)
        #expect(try merchant.refusal(try await merchant.post(path, Self.amount("0.01"))).issues == ["AUTHORIZATION_ALREADY_CAPTURED"])
        #expect(
            try merchant.refusal(try await merchant.post("/v2/payments/authorizations/\(id)/void")).issues == ["PREVIOUSLY_CAPTURED"])
        #expect(
            try merchant.refusal(try await merchant.post("/v2/payments/authorizations/\(id)/reauthorize")).issues == [
                "AUTHORIZATION_ALREADY_CAPTURED"
            ])
        // The captures are the Payments API's: each can be read back.
        let readCapture = try PayWire.readJSON(
            PaymentsCapture.self, from: try await merchant.get("/v2/payments/captures/\(last.id ?? "")").1)
        #expect(readCapture.amount?.value == "7.50")
        // A capture without an amount takes what is left; `final_capture` closes the authorization early.
        let whole = try await merchant.authorization("25.00")
        let (wholeStatus, wholeBody) = try await merchant.post("/v2/payments/authorizations/\(whole)/capture")
        #expect(try wholeStatus == 201 && PayWire.readJSON(PaymentsCapture.self, from: wholeBody).amount?.value == "25.00")
        let early = try await merchant.authorization("25.00")
        #expect(try await merchant.post("/v2/payments/authorizations/\(early)/capture", Self.amount("5.00", final: true)).0 == 201)
        #expect(
            try merchant.refusal(try await merchant.post("/v2/payments/authorizations/\(early)/capture", Self.amount("1.00"))).issues == [
                "AUTHORIZATION_ALREADY_CAPTURED"
            ])
    }

    /// The amount rules of capture, and an authorization captured past its 29 days.
    @Test func aCaptureOfAnAuthorizationKeepsItsAmountRules() async throws {
        let merchant = try await Merchant.start()
        defer { merchant.served.stop() }
        let id = try await merchant.authorization("10.00")
        let path = "/v2/payments/authorizations/\(id)/capture"
        let cases: [(String, String)] = [
            (Self.amount("1.00", "EUR"), "AUTH_CAPTURE_CURRENCY_MISMATCH"), (Self.amount("0.00"), "CANNOT_BE_ZERO_OR_NEGATIVE"),
            (Self.amount("-1.00"), "CANNOT_BE_ZERO_OR_NEGATIVE"), (Self.amount("1.001"), "DECIMAL_PRECISION"),
            (Self.amount("1.00", "AED"), "INVALID_CURRENCY_CODE"), (Self.amount("1.00", "ABC"), "INVALID_CURRENCY_CODE"),
        ]
        for (body, issue) in cases {
            let refused = try merchant.refusal(try await merchant.post(path, body))
            #expect(refused.status == 422 && refused.issues == [issue], "\(body): \(refused)")
            #expect(refused.message == ProviderRulesSocketTests.unprocessable)
        }
        let yen = try await merchant.authorization("1000", "JPY")
        #expect(
            try merchant.refusal(try await merchant.post("/v2/payments/authorizations/\(yen)/capture", Self.amount("10.5", "JPY"))).issues
                == ["DECIMALS_NOT_SUPPORTED"])
        // What breaks the schema is 400, in capture's list's words: a flag that is not one, an amount
        // without its currency, a note longer than 255 characters.
        let wrong = try merchant.refusal(try await merchant.post(path, #"{"final_capture":"yes"}"#))
        #expect(wrong.status == 400 && wrong.issues == ["INVALID_PARAMETER_VALUE"], "\(wrong)")
        #expect(wrong.descriptions == ["The value of a field is invalid."])
        let missing = try merchant.refusal(try await merchant.post(path, #"{"amount":{"value":"1.00"}}"#))
        #expect(missing.status == 400 && missing.issues == ["MISSING_REQUIRED_PARAMETER"], "\(missing)")
        #expect(missing.descriptions == ["A required field / parameter is missing."])
        let long = try merchant.refusal(try await merchant.post(path, #"{"note_to_payer":""# + String(repeating: "n", count: 256) + #""}"#))
        #expect(long.status == 400 && long.issues == ["INVALID_STRING_LENGTH"], "\(long)")
        #expect(long.descriptions == ["The value of a field is either too short or too long."])
        let expired = try merchant.refusal(try await merchant.post(path, extra: ["Sandbox-Scenario": "authorization-expired"]))
        #expect(expired.status == 422 && expired.issues == ["AUTHORIZATION_EXPIRED"], "\(expired)")
        // Nothing above took anything: the whole authorization is still there to capture.
        let (status, body) = try await merchant.post(path)
        #expect(try status == 201 && PayWire.readJSON(PaymentsCapture.self, from: body).amount?.value == "10.00")
        // Unknown ids are 404 INVALID_RESOURCE_ID on every Payments operation.
        for (method, unknown) in [
            ("GET", "/v2/payments/authorizations/NOPE"), ("POST", "/v2/payments/authorizations/NOPE/capture"),
            ("POST", "/v2/payments/authorizations/NOPE/reauthorize"), ("POST", "/v2/payments/authorizations/NOPE/void"),
            ("GET", "/v2/payments/captures/NOPE"), ("POST", "/v2/payments/captures/NOPE/refund"), ("GET", "/v2/payments/refunds/NOPE"),
        ] {
            let answer = method == "GET" ? try await merchant.get(unknown) : try await merchant.post(unknown)
            let refused = try merchant.refusal(answer)
            #expect(refused.status == 404 && refused.issues == ["INVALID_RESOURCE_ID"], "\(method) \(unknown): \(refused)")
        }
    }

    /// Reauthorize makes a new authorization once (not of a reauthorization, not in another
    /// currency); void ends an original (not a reauthorization, not twice), and a voided
    /// authorization is neither captured nor reauthorized.
    @Test func anAuthorizationIsReauthorizedAndVoided() async throws {
        let merchant = try await Merchant.start()
        defer { merchant.served.stop() }
        let id = try await merchant.authorization("10.00")
        let base = "/v2/payments/authorizations/\(id)"
        #expect(
            try merchant.refusal(try await merchant.post(base + "/reauthorize", Self.amount("10.00", "EUR"))).issues == [
                "AUTH_CURRENCY_MISMATCH"
            ])
        let (status, body) = try await merchant.post(base + "/reauthorize", Self.amount("11.00"))
        #expect(status == 201)
        let again = try PayWire.readJSON(PaymentsAuthorization.self, from: body)
        let newID = try #require(again.id)
        #expect(newID != id && again.status == .created && again.amount?.value == "11.00")
        let second = "/v2/payments/authorizations/\(newID)"
        #expect(try merchant.refusal(try await merchant.post(second + "/reauthorize")).issues == ["REAUTHORIZATION_NOT_SUPPORTED"])
        #expect(try merchant.refusal(try await merchant.post(second + "/void")).issues == ["CANNOT_BE_VOIDED"])
        let (voidStatus, voidBody) = try await merchant.post(base + "/void", extra: ["Prefer": "return=representation"])
        #expect(try voidStatus == 200 && PayWire.readJSON(PaymentsAuthorization.self, from: voidBody).status == .voided)
        #expect(try merchant.refusal(try await merchant.post(base + "/void")).issues == ["PREVIOUSLY_VOIDED"])
        #expect(try merchant.refusal(try await merchant.post(base + "/capture")).issues == ["AUTHORIZATION_VOIDED"])
        #expect(try merchant.refusal(try await merchant.post(base + "/reauthorize")).issues == ["AUTHORIZATION_VOIDED"])
        // The reauthorization is captured; the order shows both authorizations and the capture.
        #expect(try await merchant.post(second + "/capture").0 == 201)
        let ledger = try JSONSerialization.jsonObject(with: try await merchant.served.http("GET", "/__admin/state").2) as? [String: Any]
        let resources =
            ((ledger?["providers"] as? [[String: Any]])?.first { $0["provider"] as? String == "paypal" }?["resources"]
                as? [[String: Any]]) ?? []
        let states = Dictionary(
            resources.filter { $0["kind"] as? String == "authorization" }.compactMap { entry in
                (entry["id"] as? String).map { ($0, entry["state"] as? String ?? "") }
            }, uniquingKeysWith: { $1 })
        #expect(states[id] == "VOIDED" && states[newID] == "CAPTURED", "\(states)")
    }

    /// Partial refunds that add up to the capture succeed, one cent more is refused; a refund in
    /// another currency or past 180 days is refused; the capture's and the order's statuses follow;
    /// a repeated `PayPal-Request-Id` answers the first refund and refunds nothing more.
    @Test func refundsAddUpToTheCaptureAndNotACentMore() async throws {
        let merchant = try await Merchant.start()
        defer { merchant.served.stop() }
        let order = try await merchant.settledOrder("CAPTURE", "10.00")
        let id = try #require(order.purchaseUnits?.first?.payments?.captures?.first?.id)
        let path = "/v2/payments/captures/\(id)/refund"
        #expect(
            try merchant.refusal(try await merchant.post(path, Self.amount("1.00", "EUR"))).issues == ["REFUND_CAPTURE_CURRENCY_MISMATCH"])
        #expect(
            try merchant.refusal(try await merchant.post(path, Self.amount("1.00"), extra: ["Sandbox-Scenario": "refund-window-passed"]))
                .issues == ["REFUND_TIME_LIMIT_EXCEEDED"])
        for (value, issue) in [("0.00", "CANNOT_BE_ZERO_OR_NEGATIVE"), ("0.001", "DECIMAL_PRECISION"), ("10.01", "REFUND_AMOUNT_EXCEEDED")]
        {
            let refused = try merchant.refusal(try await merchant.post(path, Self.amount(value)))
            #expect(refused.status == 422 && refused.issues == [issue], "\(value): \(refused)")
        }
        // What breaks refund's schema is 400 (its list names the issues without words; ours are capture's).
        for (body, issue) in [
            (#"{"amount":{"currency_code":"USD"}}"#, "MISSING_REQUIRED_PARAMETER"),
            (#"{"amount":{"currency_code":"USD","value":"1,00"}}"#, "INVALID_PARAMETER_SYNTAX"),
            (#"{"invoice_id":""}"#, "INVALID_STRING_LENGTH"),
        ] {
            let refused = try merchant.refusal(try await merchant.post(path, body))
            #expect(
                refused.status == 400 && refused.issues == [issue] && refused.message == ProviderRulesSocketTests.invalidRequest,
                "\(body): \(refused)")
        }
        let key = ["PayPal-Request-Id": "refund-1"]
        let (firstStatus, firstBody) = try await merchant.post(path, Self.amount("3.33"), extra: key)
        #expect(firstStatus == 201)
        let first = try PayWire.readJSON(Refund.self, from: firstBody)
        #expect(first.status == .completed && first.sellerPayableBreakdown?.totalRefundedAmount?.value == "3.33")
        // The same key again: the first refund, nothing more refunded.
        let (_, replayBody) = try await merchant.post(path, Self.amount("3.33"), extra: key)
        #expect(try PayWire.readJSON(Refund.self, from: replayBody).id == first.id)
        #expect(try await merchant.post(path, Self.amount("3.33")).0 == 201)
        let partly = try PayWire.readJSON(PaymentsCapture.self, from: try await merchant.get("/v2/payments/captures/\(id)").1)
        #expect(partly.status == .partiallyRefunded)
        // 3.33 + 3.33 refunded: 3.35 is a cent more than what is left, 3.34 is all of it.
        let cent = try merchant.refusal(try await merchant.post(path, Self.amount("3.35")))
        #expect(cent.issues == ["REFUND_AMOUNT_EXCEEDED"], "\(cent)")
        #expect(cent.descriptions == ["The refund amount must be less than or equal to the capture amount that has not yet been refunded."])
        let (lastStatus, lastBody) = try await merchant.post(path, Self.amount("3.34"))
        #expect(lastStatus == 201)
        let last = try PayWire.readJSON(Refund.self, from: lastBody)
        #expect(last.sellerPayableBreakdown?.totalRefundedAmount?.value == "10.00")
        let refunded = try PayWire.readJSON(PaymentsCapture.self, from: try await merchant.get("/v2/payments/captures/\(id)").1)
        #expect(refunded.status == .refunded)
        #expect(try merchant.refusal(try await merchant.post(path, Self.amount("0.01"))).issues == ["CAPTURE_FULLY_REFUNDED"])
        #expect(try merchant.refusal(try await merchant.post(path)).issues == ["CAPTURE_FULLY_REFUNDED"])
        let readBack = try PayWire.readJSON(Refund.self, from: try await merchant.get("/v2/payments/refunds/\(last.id ?? "")").1)
        #expect(readBack == last)
        let orderNow = try PayWire.readJSON(OrderResponse.self, from: try await merchant.get("/v2/checkout/orders/\(order.id)").1)
        #expect(orderNow.purchaseUnits?.first?.payments?.captures?.first?.status == .refunded)
        // Without an amount, a refund gives back what is left.
        let whole = try await merchant.capture("42.10")
        let (wholeStatus, wholeBody) = try await merchant.post("/v2/payments/captures/\(whole)/refund")
        #expect(try wholeStatus == 201 && PayWire.readJSON(Refund.self, from: wholeBody).amount?.value == "42.10")
    }

    /// Twenty refunds of one capture at once, over twenty connections: exactly as many succeed as
    /// the capture holds, and what they give back adds up to it.
    @Test func twentyConcurrentRefundsNeverRefundMoreThanTheCapture() async throws {
        let merchant = try await Merchant.start()
        defer { merchant.served.stop() }
        let id = try await merchant.capture("10.00")
        let answers = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for _ in 0..<20 {
                group.addTask { try await merchant.post("/v2/payments/captures/\(id)/refund", Self.amount("1.50")) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let made = try answers.filter { $0.0 == 201 }.map { try PayWire.readJSON(Refund.self, from: $0.1) }
        #expect(made.count == 6, "10.00 holds six refunds of 1.50")
        let refused = try answers.filter { $0.0 != 201 }.map { try merchant.refusal($0) }
        #expect(refused.count == 14 && refused.allSatisfy { $0.status == 422 && $0.issues == ["REFUND_AMOUNT_EXCEEDED"] }, "\(refused)")
        #expect(Set(made.compactMap(\.sellerPayableBreakdown?.totalRefundedAmount?.value)).count == 6)
        // What is left, 1.00, is refunded; then nothing is.
        #expect(try await merchant.post("/v2/payments/captures/\(id)/refund").0 == 201)
        let capture = try PayWire.readJSON(PaymentsCapture.self, from: try await merchant.get("/v2/payments/captures/\(id)").1)
        #expect(capture.status == .refunded)
    }
}
