import CLITestSupport
import Foundation
import MollieCheckout
import PaymentMocks
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Mollie's own API over a real socket (`payflow serve`, under `/t/mollie-api` with a test API
/// key): a payment created, paid on the hosted checkout, refunded in parts that add up to it and
/// not a cent more, twenty refunds at once never beyond it, canceled only while open; the demo
/// backend's payments made in the same state; every refusal of the rule table provoked, and every
/// answer read with the generated types (which validate it).
@Suite("Mollie's API over the socket", .serialized)
struct MollieAPISocketTests {
    typealias Served = SandboxHardeningTests.Served

    static let key = ["Authorization": "Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM", "Content-Type": "application/json"]

    /// A call to Mollie's API with the test key (or `headers`).
    static func call(
        _ served: Served, _ method: String, _ path: String, _ body: String? = nil, headers: [String: String] = key
    ) async throws -> (Int, Data) {
        let (status, _, data) = try await served.http(method, "/t/mollie-api" + path, headers: headers, body: body)
        return (status, data)
    }

    /// A payment of `value` euros, created and paid on the hosted checkout.
    static func paid(_ served: Served, _ value: String) async throws -> String {
        let (status, body) = try await call(
            served, "POST", "/v2/payments",
            #"{"amount":{"currency":"EUR","value":""# + value + #""},"description":"Order","redirectUrl":"https://shop.example/return"}"#)
        #expect(status == 201)
        let payment = try PayWire.readJSON(MolliePayment.self, from: body)
        let checkout = try #require(payment.links?.checkout?.href)
        let tapped = try await ProviderRuleTablesSocketTests.tap(served, checkout.path, button: "paid")
        #expect(tapped.status == 303 && tapped.text == "https://shop.example/return", "\(tapped)")
        return payment.id
    }

    static func refund(_ value: String, _ currency: String = "EUR") -> String {
        #"{"amount":{"currency":""# + currency + #"","value":""# + value + #""}}"#
    }

    /// The error body's `detail` and `field`.
    static func refusal(_ answer: (Int, Data)) throws -> (status: Int, detail: String, field: String?) {
        let error = try PayWire.readJSON(MollieError.self, from: answer.1)
        #expect(error.status == answer.0)
        return (answer.0, error.detail, error.field)
    }

    /// Refunds that add up to the payment succeed and one cent more is refused; the payment's
    /// refunded and remaining amounts follow, the list pages through them, and each is read back.
    @Test func refundsAddUpToThePaymentAndNotACentMore() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let id = try await Self.paid(served, "10.00")
        var made: [MollieRefund] = []
        for value in ["2.50", "2.50", "2.50", "2.49"] {
            let (status, body) = try await Self.call(served, "POST", "/v2/payments/\(id)/refunds", Self.refund(value))
            #expect(status == 201)
            made.append(try PayWire.readJSON(MollieRefund.self, from: body))
        }
        let over = try Self.refusal(try await Self.call(served, "POST", "/v2/payments/\(id)/refunds", Self.refund("0.02")))
        #expect(over == (422, "The specified amount cannot be refunded", "amount.value"))
        #expect(try await Self.call(served, "POST", "/v2/payments/\(id)/refunds", Self.refund("0.01")).0 == 201)
        #expect(try await Self.call(served, "POST", "/v2/payments/\(id)/refunds", Self.refund("0.01")).0 == 422)
        let payment = try PayWire.readJSON(MolliePayment.self, from: try await Self.call(served, "GET", "/v2/payments/\(id)").1)
        #expect(payment.amountRefunded == MollieAmount(currency: "EUR", value: "10.00"))
        #expect(payment.amountRemaining == MollieAmount(currency: "EUR", value: "0.00"))
        #expect(payment.links?.refunds != nil)
        // The list, two a page, oldest first, with the way forward and back.
        let first = try PayWire.readJSON(
            MollieRefundList.self, from: try await Self.call(served, "GET", "/v2/payments/\(id)/refunds?limit=2").1)
        #expect(first.count == 2 && first.embedded.refunds.map(\.id) == made.prefix(2).map(\.id) && first.links.previous == nil)
        let next = try #require(first.links.next?.href)
        let second = try PayWire.readJSON(
            MollieRefundList.self,
            from: try await served.http("GET", next.path + "?" + (next.query ?? ""), headers: Self.key).2)
        #expect(second.embedded.refunds.map(\.id) == made.suffix(2).map(\.id) && second.links.previous != nil)
        let one = try PayWire.readJSON(
            MollieRefund.self, from: try await Self.call(served, "GET", "/v2/payments/\(id)/refunds/\(made[1].id)").1)
        #expect(one.amount.value == "2.50" && one.paymentId == id && one.status == .pending)
        // Every answer is Mollie's HAL JSON.
        let (_, headers, _) = try await served.http("GET", "/t/mollie-api/v2/payments/\(id)", headers: Self.key)
        #expect(headers.first { $0.key.lowercased() == "content-type" }?.value.hasPrefix("application/hal+json") == true, "\(headers)")
        // A cancel on the hosted page returns to the payment's cancel URL.
        let (_, body) = try await Self.call(
            served, "POST", "/v2/payments",
            #"{"amount":{"currency":"EUR","value":"3.00"},"description":"Order","redirectUrl":"https://shop.example/return","cancelUrl":"https://shop.example/cart"}"#
        )
        let page = try #require(try PayWire.readJSON(MolliePayment.self, from: body).links?.checkout?.href)
        #expect(try await ProviderRuleTablesSocketTests.tap(served, page.path, button: "canceled").text == "https://shop.example/cart")
        // Another payment's refund is not this one's.
        let other = try await Self.paid(served, "5.00")
        #expect(try await Self.call(served, "GET", "/v2/payments/\(other)/refunds/\(made[0].id)").0 == 404)
    }

    /// A payment sent with everything a merchant may send (order lines, addresses, capture options,
    /// a platform's fee and route, customer and mandate) comes back from `GET` with all of it, as
    /// Mollie answers it; lines that do not add up to the amount are refused.
    @Test func aWholePaymentComesBackWithEverythingItWasSent() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let address =
            #"{"givenName":"Lotte","familyName":"de Vries","streetAndNumber":"Keizersgracht 126","postalCode":"1015 CW","city":"Amsterdam","country":"NL","email":"lotte@schaakhuis.example"}"#
        let line = { (total: String) in
            #"{"type":"physical","description":"Walnut chess board","quantity":2,"unitPrice":{"currency":"EUR","value":"45.00"},"discountAmount":{"currency":"EUR","value":"5.00"},"totalAmount":{"currency":"EUR","value":""#
                + total
                + #""},"vatRate":"21.00","vatAmount":{"currency":"EUR","value":"14.75"},"sku":"BOARD-WAL-45","categories":["gift"]}"#
        }
        let body = { (total: String) in
            #"{"amount":{"currency":"EUR","value":"85.00"},"description":"Order 2207","redirectUrl":"https://shop.example/orders/2207","#
                + #""lines":["# + line(total) + #"],"billingAddress":"# + address + #","shippingAddress":"# + address + ","
                + #""restrictPaymentMethodsToCountry":"NL","captureMode":"manual","captureDelay":"2 days","customerId":"cst_8wmqcHMN4U","#
                + #""mandateId":"mdt_h3gAaD5zP","applicationFee":{"amount":{"currency":"EUR","value":"1.50"},"description":"Commission"},"#
                + #""routing":[{"amount":{"currency":"EUR","value":"70.00"},"destination":{"type":"organization","organizationId":"org_8842101"},"releaseDate":"2026-12-24"}]}"#
        }
        let refused = try Self.refusal(try await Self.call(served, "POST", "/v2/payments", body("84.99")))
        #expect(refused.status == 422 && refused.field == "amount")
        let (created, answer) = try await Self.call(served, "POST", "/v2/payments", body("85.00"))
        #expect(created == 201)
        let id = try PayWire.readJSON(MolliePayment.self, from: answer).id
        let payment = try PayWire.readJSON(MolliePayment.self, from: try await Self.call(served, "GET", "/v2/payments/\(id)").1)
        let sent = try PayWire.readJSON(MolliePaymentRequest.self, from: Data(body("85.00").utf8))
        #expect(
            payment.lines?.count == 1 && payment.lines?.first?.totalAmount.value == "85.00" && payment.lines?.first?.sku == "BOARD-WAL-45")
        #expect(payment.lines?.first?.categories == [.gift] && payment.lines?.first?.vatAmount?.value == "14.75")
        #expect(payment.billingAddress == sent.billingAddress && payment.shippingAddress == sent.shippingAddress)
        #expect(payment.captureMode == .manual && payment.captureDelay == "2 days" && payment.restrictPaymentMethodsToCountry == "NL")
        #expect(payment.customerId == "cst_8wmqcHMN4U" && payment.mandateId == "mdt_h3gAaD5zP")
        #expect(payment.applicationFee == sent.applicationFee)
        let route = try #require(payment.routing?.first)
        #expect(route.id.hasPrefix("rt_") && route.amount.value == "70.00" && route.destination.organizationId == "org_8842101")
        #expect(route.releaseDate == "2026-12-24" && route.links?.payment.href.path.hasSuffix("/v2/payments/\(id)") == true)
        #expect(payment.unknownMembers.members.isEmpty)
    }

    /// Twenty refunds of one payment at once never refund more than it: each sees the others'.
    @Test func concurrentRefundsNeverExceedThePayment() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let id = try await Self.paid(served, "10.00")
        let answers = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for _ in 0..<20 {
                group.addTask { try await Self.call(served, "POST", "/v2/payments/\(id)/refunds", Self.refund("1.50")) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.filter { $0.0 == 201 }.count == 6, "10.00 holds six refunds of 1.50")
        let refused = try answers.filter { $0.0 != 201 }.map(Self.refusal)
        #expect(refused.count == 14 && refused.allSatisfy { $0.detail == "The specified amount cannot be refunded" })
        let payment = try PayWire.readJSON(MolliePayment.self, from: try await Self.call(served, "GET", "/v2/payments/\(id)").1)
        #expect(payment.amountRefunded?.value == "9.00" && payment.amountRemaining?.value == "1.00")
    }

    /// The demo backend makes its payments in Mollie's API: the hosted checkout pays one, the
    /// backend reads it paid, the API shows it with the backend's deep link as its redirect, and a
    /// merchant refunds it there.
    @Test func theDemoBackendAndTheAPIShareOneState() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let device = ["X-Mollie-Checkout-Device-UUID": "6c8f1f5e-2b7a-4d0e-9c3b-1a2b3c4d5e6f", "Content-Type": "application/json"]
        let (created, _, body) = try await served.http(
            "POST", "/t/mollie/api/payments", headers: device,
            body: #"{"description":"Order","amount":12.5,"method":"ideal","issuer":"ideal_INGBNL2A"}"#)
        #expect(created == 201)
        let backend = try PayWire.readJSON(PaymentEnvelope.self, from: body).data
        let mollieID = try #require(backend.mollieId)
        var payment = try PayWire.readJSON(MolliePayment.self, from: try await Self.call(served, "GET", "/v2/payments/\(mollieID)").1)
        #expect(payment.status == .open && payment.amount == MollieAmount(currency: "EUR", value: "12.50") && payment.method == .ideal)
        #expect(payment.redirectUrl == "mollie-checkout://payments/\(backend.id)" && payment.issuer == "ideal_INGBNL2A")
        let page = try #require(backend.url)
        let tapped = try await ProviderRuleTablesSocketTests.tap(served, page.path, button: "paid")
        #expect(tapped.status == 303 && tapped.text == "mollie-checkout://payments/\(backend.id)")
        let read = try PayWire.readJSON(
            PaymentEnvelope.self, from: try await served.http("GET", "/t/mollie/api/payments/\(backend.id)", headers: device).2)
        #expect(read.data.status == .paid)
        payment = try PayWire.readJSON(MolliePayment.self, from: try await Self.call(served, "GET", "/v2/payments/\(mollieID)").1)
        #expect(payment.status == .paid && payment.paidAt != nil)
        #expect(try await Self.call(served, "POST", "/v2/payments/\(mollieID)/refunds", Self.refund("12.50")).0 == 201)
        // The API's state shows each transition.
        let (_, _, state) = try await served.http("GET", "/__admin/state")
        let text = String(decoding: state, as: UTF8.self)
        #expect(text.contains(mollieID) && text.contains("refunded"))
    }

    /// Mollie's `Content-Type` is JSON or a form: a payment created from a form body (names nesting
    /// by brackets, lists by `[]` or by index, `+` a space) is the one the JSON would make, and its
    /// form is held to the same schema; a body in another media type is not read, so what it holds
    /// is missing (once, a `text/plain` body was read as JSON and the payment made).
    @Test func aFormBodyIsReadAndAnotherMediaTypeIsNot() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        var form = Self.key
        form["Content-Type"] = "application/x-www-form-urlencoded"
        let fields = [
            "amount[currency]=EUR", "amount[value]=10.00", "description=Chess+board+%2312",
            "redirectUrl=https%3A%2F%2Fshop.example%2Freturn",
            "method=ideal", "metadata[order][id]=12", "metadata[tags][]=gift", "metadata[tags][]=red", "lines[0][description]=Chess+board",
            "lines[0][quantity]=2", "lines[0][unitPrice][currency]=EUR", "lines[0][unitPrice][value]=5.00",
            "lines[0][totalAmount][currency]=EUR", "lines[0][totalAmount][value]=10.00", "testmode=true",
        ]
        let (status, body) = try await Self.call(served, "POST", "/v2/payments", fields.joined(separator: "&"), headers: form)
        #expect(status == 201, "\(String(decoding: body, as: UTF8.self))")
        let payment = try PayWire.readJSON(
            MolliePayment.self,
            from: try await Self.call(served, "GET", "/v2/payments/\(try PayWire.readJSON(MolliePayment.self, from: body).id)").1)
        #expect(payment.amount == MollieAmount(currency: "EUR", value: "10.00") && payment.paymentDescription == "Chess board #12")
        #expect(payment.method == .ideal && payment.redirectUrl == "https://shop.example/return")
        #expect(payment.metadata == ["order": ["id": "12"], "tags": ["gift", "red"]])
        #expect(payment.lines?.first?.quantity == 2 && payment.lines?.first?.totalAmount == MollieAmount(currency: "EUR", value: "10.00"))
        // The form is held to the schema and Mollie's rules as JSON is.
        let imprecise = fields.map { $0 == "amount[value]=10.00" ? "amount[value]=10" : $0 }.joined(separator: "&")
        #expect(
            try Self.refusal(try await Self.call(served, "POST", "/v2/payments", imprecise, headers: form))
                == (422, "The amount contains an invalid value", "amount.value"))
        let noQuantity = fields.filter { !$0.hasPrefix("lines[0][quantity]") }.joined(separator: "&")
        #expect(
            try Self.refusal(try await Self.call(served, "POST", "/v2/payments", noQuantity, headers: form)).field == "lines.0.quantity")
        let unclosed = try Self.refusal(try await Self.call(served, "POST", "/v2/payments", "amount[value=10.00", headers: form))
        #expect(unclosed.status == 422)
        // JSON under another media type is not read: its fields are missing.
        var plain = Self.key
        plain["Content-Type"] = "text/plain"
        let json = #"{"amount":{"currency":"EUR","value":"10.00"},"description":"Order","redirectUrl":"https://shop.example/return"}"#
        #expect(
            try Self.refusal(try await Self.call(served, "POST", "/v2/payments", json, headers: plain))
                == (422, "The 'description' field is missing", "description"))
        #expect(try await Self.call(served, "POST", "/v2/payments", json).0 == 201)
        // The demo backend (a Laravel app) reads a form as PHP parses it, and no other media type.
        let device = ["X-Mollie-Checkout-Device-UUID": "6c8f1f5e-2b7a-4d0e-9c3b-1a2b3c4d5e6f"]
        let (formed, _, made) = try await served.http(
            "POST", "/t/mollie/api/payments", headers: device.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 },
            body: "description=Order&amount=12.50&method=ideal&issuer=ideal_INGBNL2A")
        #expect(formed == 201, "\(String(decoding: made, as: UTF8.self))")
        #expect(try PayWire.readJSON(PaymentEnvelope.self, from: made).data.amount == Decimal(string: "12.50"))
        let (unread, _, refused) = try await served.http(
            "POST", "/t/mollie/api/payments", headers: device.merging(["Content-Type": "text/plain"]) { $1 },
            body: #"{"description":"Order","amount":12.5}"#)
        let laravel = try PayWire.readJSON(ValidationErrorResponse.self, from: refused)
        #expect(
            unread == 422 && laravel.errors?["amount"] == ["The amount field is required."], "\(String(decoding: refused, as: UTF8.self))")
    }

    /// Every raised row of the API's rule table, provoked and answered with its status and Mollie's
    /// words; the journal names exactly the table's raised codes.
    @Test func everyRaisedRuleIsProvoked() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        func create(_ body: String) async throws -> (status: Int, detail: String, field: String?) {
            try Self.refusal(try await Self.call(served, "POST", "/v2/payments", body))
        }
        let valid = #""description":"Order","redirectUrl":"https://shop.example/return""#
        // Keys: none, a live one, another scheme, an empty test key.
        for header in [
            [:], ["Authorization": "Bearer live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM"], ["Authorization": "Basic dGVzdF94Og=="],
            ["Authorization": "Bearer test_"],
        ] {
            let answer = try Self.refusal(try await Self.call(served, "GET", "/v2/methods", headers: header))
            #expect(answer == (401, "Missing authentication, or failed to authenticate", nil))
        }
        #expect(try await Self.call(served, "GET", "/v2/payments/tr_nothere").0 == 404)
        #expect(try await Self.call(served, "GET", "/v2/nowhere").0 == 404)
        #expect(try await Self.call(served, "PUT", "/v2/payments").0 == 405)
        #expect(
            try await create(#"{"amount":{"currency":"EUR","value":"10.00"},"redirectUrl":"https://a.example"}"#) == (
                422, "The 'description' field is missing", "description"
            ))
        #expect(
            try await create(#"{"amount":{"currency":"EUR","value":"10.0"},"# + valid + "}") == (
                422, "The amount contains an invalid value", "amount.value"
            ))
        #expect(
            try await create(#"{"amount":{"currency":"EUR","value":"0.00"},"# + valid + "}").detail
                == "The amount contains an invalid value")
        #expect(try await create(#"{"amount":{"currency":"XYZ","value":"10.00"},"# + valid + "}").field == "amount.currency")
        #expect(
            try await create(#"{"amount":{"currency":"EUR","value":"10.00"},"method":"bitcoin","# + valid + "}").detail
                == "The payment method is invalid")
        #expect(
            try await create(#"{"amount":{"currency":"EUR","value":"10.00"},"method":"ideal","issuer":"ideal_NOPE","# + valid + "}").detail
                == "The issuer is invalid")
        #expect(
            try await create(#"{"amount":{"currency":"EUR","value":"0.01"},"method":"bancontact","# + valid + "}").detail
                == "The amount is lower than the minimum.")
        #expect(
            try await create(#"{"amount":{"currency":"EUR","value":"2000.01"},"method":"creditcard","# + valid + "}").detail
                == "The amount is higher than the maximum.")
        let lines =
            #","lines":[{"description":"Board","quantity":1,"unitPrice":{"currency":"EUR","value":"9.00"},"totalAmount":{"currency":"EUR","value":"9.00"}}]"#
        #expect(try await create(#"{"amount":{"currency":"EUR","value":"10.00"},"# + valid + lines + "}").field == "amount")
        // Methods: an amount without its currency, or with the wrong decimals; an unknown method.
        #expect(try await Self.call(served, "GET", "/v2/methods?amount%5Bvalue%5D=10.00").0 == 400)
        #expect(try await Self.call(served, "GET", "/v2/methods?amount%5Bvalue%5D=10.0&amount%5Bcurrency%5D=EUR").0 == 400)
        let methods = try PayWire.readJSON(
            MollieMethodList.self,
            from: try await Self.call(served, "GET", "/v2/methods?amount%5Bvalue%5D=3000.00&amount%5Bcurrency%5D=EUR").1)
        #expect(methods.embedded.methods.map(\.id) == [.ideal, .paypal, .bancontact] && methods.count == 3)
        let ideal = try PayWire.readJSON(
            MollieMethodEntity.self, from: try await Self.call(served, "GET", "/v2/methods/ideal?include=issuers").1)
        #expect(ideal.issuers?.map(\.id) == ["ideal_ABNANL2A", "ideal_INGBNL2A"])
        #expect(try await Self.call(served, "GET", "/v2/methods/bitcoin").0 == 404)
        // Cancel: open only.
        let (_, openBody) = try await Self.call(
            served, "POST", "/v2/payments", #"{"amount":{"currency":"EUR","value":"10.00"},"# + valid + "}")
        let open = try PayWire.readJSON(MolliePayment.self, from: openBody)
        #expect(try await Self.call(served, "POST", "/v2/payments/\(open.id)/refunds", Self.refund("1.00")).0 == 422)
        let canceled = try PayWire.readJSON(MolliePayment.self, from: try await Self.call(served, "DELETE", "/v2/payments/\(open.id)").1)
        #expect(canceled.status == .canceled && canceled.canceledAt != nil && canceled.isCancelable == false)
        #expect(
            try Self.refusal(try await Self.call(served, "DELETE", "/v2/payments/\(open.id)")).detail == "The payment cannot be cancelled")
        #expect(try await Self.call(served, "DELETE", "/v2/payments/tr_nothere").0 == 404)
        // Refunds: another currency, a cursor that is not the payment's, a limit out of range.
        let paid = try await Self.paid(served, "5.00")
        #expect(
            try Self.refusal(try await Self.call(served, "POST", "/v2/payments/\(paid)/refunds", Self.refund("1.00", "USD"))).field
                == "amount.currency")
        #expect(try await Self.call(served, "POST", "/v2/payments/\(paid)/refunds", Self.refund("6.00")).0 == 422)
        #expect(try await Self.call(served, "POST", "/v2/payments/\(paid)/refunds", #"{"description":"x"}"#).0 == 422)
        #expect(try await Self.call(served, "GET", "/v2/payments/\(paid)/refunds?from=re_nothere").0 == 400)
        #expect(try await Self.call(served, "GET", "/v2/payments/\(paid)/refunds?limit=251").0 == 400)
        #expect(try await Self.call(served, "GET", "/v2/payments/\(paid)/refunds/re_nothere").0 == 404)
        // A refund with an idempotency key, sent twice, is made once.
        var keyed = Self.key
        keyed["Idempotency-Key"] = "8d2f6c1e-1a2b-4c3d-9e8f-0a1b2c3d4e5f"
        let firstTry = try await Self.call(served, "POST", "/v2/payments/\(paid)/refunds", Self.refund("1.00"), headers: keyed)
        let retry = try await Self.call(served, "POST", "/v2/payments/\(paid)/refunds", Self.refund("1.00"), headers: keyed)
        #expect(firstTry.0 == 201 && retry.0 == 201 && firstTry.1 == retry.1)
        #expect(
            try PayWire.readJSON(MollieRefundList.self, from: try await Self.call(served, "GET", "/v2/payments/\(paid)/refunds").1).count
                == 1)
        // A refund executed (two hours on) cannot be canceled; nor can one that does not exist.
        let executed = try PayWire.readJSON(MollieRefund.self, from: firstTry.1)
        #expect(try await Self.call(served, "DELETE", "/v2/payments/\(paid)/refunds/re_nothere").0 == 404)
        var later = Self.key
        later["Sandbox-Scenario"] = "two-hours-later"
        let refused = try Self.refusal(try await Self.call(served, "DELETE", "/v2/payments/\(paid)/refunds/\(executed.id)", headers: later))
        #expect(refused.status == 422 && refused.detail.contains("refunded"), "\(refused)")
        let journal = try await ProviderRuleTablesSocketTests.journalRules(served, "mollie-api")
        #expect(
            journal == MockMollieAPI.ruleTable.raisedCodes,
            "not provoked: \(MockMollieAPI.ruleTable.raisedCodes.subtracting(journal)); not in the table: \(journal.subtracting(MockMollieAPI.ruleTable.raisedCodes))"
        )
        try await ProviderRuleTablesSocketTests.expectEveryRefusalIsItsRow(served, "mollie-api", [MockMollieAPI.ruleTable])
    }

    /// A refund comes back with everything it was sent: description, metadata, the acquirer's
    /// reference and a platform's routing reversals.
    @Test func aRefundComesBackWithEverythingItWasSent() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let other = try await Self.paid(served, "5.00")
        let whole =
            #"{"amount":{"currency":"EUR","value":"1.00"},"description":"Scratched box","metadata":{"return":"R-7"},"#
            + #""externalReference":{"type":"acquirer-reference","id":"10123456789"},"#
            + #""routingReversals":[{"amount":{"currency":"EUR","value":"0.40"},"source":{"type":"organization","organizationId":"me"}}]}"#
        let (kept, keptBody) = try await Self.call(served, "POST", "/v2/payments/\(other)/refunds", whole)
        #expect(kept == 201)
        let keptID = try PayWire.readJSON(MollieRefund.self, from: keptBody).id
        let readBack = try PayWire.readJSON(
            MollieRefund.self, from: try await Self.call(served, "GET", "/v2/payments/\(other)/refunds/\(keptID)").1)
        let sentRefund = try PayWire.readJSON(MollieRefundRequest.self, from: Data(whole.utf8))
        #expect(readBack.refundDescription == "Scratched box" && readBack.metadata == sentRefund.metadata)
        #expect(readBack.externalReference == sentRefund.externalReference && readBack.routingReversals == sentRefund.routingReversals)
    }

    /// `Idempotency-Key` makes a payment's create and a cancel safe to retry: the repeat answers the
    /// first answer, and nothing is made or changed twice.
    @Test func aRepeatedCreateOrCancelWithItsKeyActsOnce() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        var keyed = Self.key
        keyed["Idempotency-Key"] = "3f1c9a2e-7b4d-4e8f-a1c2-5d6e7f8a9b0c"
        let body = #"{"amount":{"currency":"EUR","value":"10.00"},"description":"Order","redirectUrl":"https://shop.example/return"}"#
        let first = try await Self.call(served, "POST", "/v2/payments", body, headers: keyed)
        let again = try await Self.call(served, "POST", "/v2/payments", body, headers: keyed)
        #expect(first.0 == 201 && again.0 == 201 && first.1 == again.1)
        let id = try PayWire.readJSON(MolliePayment.self, from: first.1).id
        let other = try await Self.call(served, "POST", "/v2/payments", body)
        #expect(try PayWire.readJSON(MolliePayment.self, from: other.1).id != id, "without the key, another payment")
        keyed["Idempotency-Key"] = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
        let cancel = try await Self.call(served, "DELETE", "/v2/payments/\(id)", headers: keyed)
        let cancelAgain = try await Self.call(served, "DELETE", "/v2/payments/\(id)", headers: keyed)
        #expect(cancel.0 == 200 && cancelAgain.0 == 200 && cancel.1 == cancelAgain.1)
        // Without the key, the canceled payment cannot be canceled again.
        #expect(try await Self.call(served, "DELETE", "/v2/payments/\(id)").0 == 422)
    }

    /// A payment left to expire on the hosted page says when, as Mollie writes it, and is no longer cancelable.
    @Test func anExpiredPaymentSaysWhen() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let (_, body) = try await Self.call(
            served, "POST", "/v2/payments",
            #"{"amount":{"currency":"EUR","value":"4.00"},"description":"Order","redirectUrl":"https://shop.example/return"}"#)
        let created = try PayWire.readJSON(MolliePayment.self, from: body)
        let page = try #require(created.links?.checkout?.href)
        #expect(try await ProviderRuleTablesSocketTests.tap(served, page.path, button: "expired").status == 303)
        let expired = try PayWire.readJSON(MolliePayment.self, from: try await Self.call(served, "GET", "/v2/payments/\(created.id)").1)
        #expect(expired.status == .expired && expired.expiresAt == nil && expired.isCancelable == false)
        #expect(expired.expiredAt.flatMap { PayDateFormat.iso8601().parse($0) } != nil, "\(String(describing: expired.expiredAt))")
    }

    /// Mollie executes a refund two hours after it is made: until then it is `pending` and may be
    /// canceled (its amount refundable again, the payment's amounts following); after, it is
    /// `refunded` and stays so. `Sandbox-Scenario: two-hours-later` plays a request that much later.
    @Test func aRefundIsExecutedTwoHoursLaterAndMayBeCanceledUntilThen() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let id = try await Self.paid(served, "10.00")
        func payment(_ headers: [String: String] = Self.key) async throws -> MolliePayment {
            try PayWire.readJSON(MolliePayment.self, from: try await Self.call(served, "GET", "/v2/payments/\(id)", headers: headers).1)
        }
        func refund(_ refundID: String, _ headers: [String: String] = Self.key) async throws -> MollieRefund {
            try PayWire.readJSON(
                MollieRefund.self, from: try await Self.call(served, "GET", "/v2/payments/\(id)/refunds/\(refundID)", headers: headers).1)
        }
        let first = try PayWire.readJSON(
            MollieRefund.self, from: try await Self.call(served, "POST", "/v2/payments/\(id)/refunds", Self.refund("6.00")).1)
        #expect(first.status == .pending)
        #expect(try await payment().amountRemaining?.value == "4.00")
        // Canceled while pending: 204, the refund canceled, its amount refundable again.
        #expect(try await Self.call(served, "DELETE", "/v2/payments/\(id)/refunds/\(first.id)").0 == 204)
        #expect(try await refund(first.id).status == .canceled)
        let afterCancel = try await payment()
        #expect(afterCancel.amountRefunded?.value == "0.00" && afterCancel.amountRemaining?.value == "10.00")
        // A canceled refund cannot be canceled again.
        #expect(try await Self.call(served, "DELETE", "/v2/payments/\(id)/refunds/\(first.id)").0 == 422)
        // The whole amount, then two hours on: refunded, and no longer cancelable.
        let second = try PayWire.readJSON(
            MollieRefund.self, from: try await Self.call(served, "POST", "/v2/payments/\(id)/refunds", Self.refund("10.00")).1)
        #expect(try await refund(second.id).status == .pending)
        var later = Self.key
        later["Sandbox-Scenario"] = "two-hours-later"
        #expect(try await refund(second.id, later).status == .refunded)
        #expect(try await refund(second.id).status == .refunded, "an executed refund stays executed")
        #expect(try await Self.call(served, "DELETE", "/v2/payments/\(id)/refunds/\(second.id)").0 == 422)
        let list = try PayWire.readJSON(
            MollieRefundList.self, from: try await Self.call(served, "GET", "/v2/payments/\(id)/refunds").1)
        #expect(list.embedded.refunds.map(\.status) == [.canceled, .refunded])
        #expect(try await payment().amountRemaining?.value == "0.00")
    }
}
