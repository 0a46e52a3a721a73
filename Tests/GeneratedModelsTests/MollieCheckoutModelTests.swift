import Foundation
import MollieCheckout
import PaymentSchemasRuntime
import Testing

@Suite("MollieCheckout generated models")
struct MollieCheckoutModelTests {
    let paymentsPage = """
        {"data":[{"id":1,"mollie_id":"tr_WDqYK6vllg","method":"ideal","issuer":"ideal_ABNANL2A","amount":10.5,"description":"Order #1",
        "url":"https://www.mollie.com/checkout/select-method/WDqYK6vllg","status":"open","created_at":"2024-05-01T10:00:00+00:00","updated_at":"2024-05-01T10:00:00+00:00"},
        {"id":2,"mollie_id":"tr_7UhSN1zuXS","amount":25,"description":"Order #2","status":"paid","created_at":"2024-05-01T11:00:00+00:00"}]}
        """

    @Test func deviceUUIDsTakeNoLiterals() {
        // `let device: DeviceUUID = "nope"` would compile into an invalid header, so it must not compile.
        #expect(!takesStringLiterals(DeviceUUID.self))
        #expect(violationSummary(DeviceUUID("nope")) == ["$ [format.uuid]"])
    }

    @Test func paymentEnvelopesDecodeAndValidate() throws {
        let page = try decodeJSON(PaymentListEnvelope.self, paymentsPage)
        #expect(page.data.count == 2)
        #expect(page.data[1].status == .paid)
        #expect(page.data[0].paymentDescription == "Order #1")
        #expect(page.violations.isEmpty)
        // Written back as read; in the schema's spelling, dates in its notation (`Z`).
        #expect(try canonicalJSON(encodeJSON(page)) == canonicalJSON(paymentsPage))
        #expect(
            try canonicalJSON(String(decoding: PayWire.encodeJSON(page, spelling: .schema), as: UTF8.self))
                == canonicalJSON(paymentsPage.replacingOccurrences(of: "+00:00", with: "Z")))
    }

    /// `mollie_id` and `maximum_mount` are present but null (`required: true, nullable: true`): the
    /// backend always writes the keys, with `null` until Mollie made the payment or for a method
    /// without a maximum. `null` reads as `nil`, `nil` is written as `null` (never omitted, by our
    /// encoder or Foundation's), and a payload without the key is refused with its path.
    @Test func presentButNullFieldsAreAlwaysWrittenAndRequired() throws {
        let unpaid = #"{"id":3,"mollie_id":null,"amount":5,"description":"Order #3","status":"open"}"#
        let payment = try decodeJSON(BackendPayment.self, unpaid)
        #expect(payment.mollieId == nil && payment.violations.isEmpty)
        #expect(try canonicalJSON(encodeJSON(payment)) == canonicalJSON(unpaid))
        let foundation = try JSONEncoder().encode(payment)
        #expect(try PayJSONParser.parse(String(decoding: foundation, as: UTF8.self))["mollie_id"] == .null)
        #expect(try JSONDecoder().decode(BackendPayment.self, from: foundation) == payment)
        #expect(
            decodingIssues(BackendPayment.self, #"{"id":3,"amount":5,"description":"Order #3","status":"open"}"#) == ["mollie_id: missing"])
        #expect(
            decodingIssues(BackendPayment.self, #"{"id":3,"mollie_id":"pi_3","amount":5,"description":"Order #3","status":"open"}"#).isEmpty
        )
        #expect(
            violationSummary(
                try decodeJSON(BackendPayment.self, #"{"id":3,"mollie_id":"pi_3","amount":5,"description":"Order #3","status":"open"}"#))
                == ["mollie_id [pattern]"])

        let method = BackendMethod(id: .twint, methodDescription: "TWINT", image: MethodImage())
        #expect(try PayJSONParser.parse(encodeJSON(method))["maximum_mount"] == .null)
        #expect(try PayJSONParser.parse(encodeJSON(method))["minimum_mount"] == nil)
        #expect(decodingIssues(BackendMethod.self, #"{"id":"twint","description":"TWINT","image":{}}"#) == ["maximum_mount: missing"])
        #expect(decodingIssues(BackendMethod.self, #"{"id":"twint","description":"TWINT","image":{},"maximum_mount":null}"#).isEmpty)
    }

    @Test func methodsWithIssuersAndPricing() throws {
        let methods = try decodeJSON(
            MethodListEnvelope.self,
            """
            {"data":[{"id":"ideal","description":"iDEAL","minimum_mount":{"value":0.01,"currency":"EUR"},"maximum_mount":{"value":50000.0,"currency":"EUR"},
              "image":{"size_1x":"https://www.mollie.com/external/icons/payment-methods/ideal.png","size_2x":"https://www.mollie.com/external/icons/payment-methods/ideal%402x.png","svg":"https://www.mollie.com/external/icons/payment-methods/ideal.svg"},
              "issuers":[{"id":"ideal_ABNANL2A","name":"ABN AMRO"}],
              "pricing":[{"description":"The Netherlands","fixed":{"value":0.29,"currency":"EUR"},"variable":0.0,"fee_region":null}]},
             {"id":"twint","description":"TWINT","minimum_mount":{"value":0.01,"currency":"EUR"},"maximum_mount":null,"image":{},"issuers":null,"pricing":null}]}
            """)
        #expect(methods.data[0].issuers?.first?.id == "ideal_ABNANL2A")
        #expect(methods.data[0].minimumAmount?.value == Decimal(string: "0.01"))
        #expect(methods.data[0].maximumAmount?.value == 50_000)
        #expect(methods.data[0].pricing?.first?.fixed.value == Decimal(string: "0.29"))
        #expect(methods.data[1].maximumAmount == nil && methods.data[1].pricing == nil)
        #expect(methods.data[1].id == .twint)
    }

    @Test func createRequestsAreValidatedLikeTheBackendDoes() {
        let bad = CreatePaymentRequest(paymentDescription: "ab", amount: Decimal(string: "10.555")!)
        #expect(violationSummary(bad) == ["description [minLength]", "amount [scale]"])
        #expect(
            violationSummary(CreatePaymentRequest(paymentDescription: "Order", amount: Decimal(string: "100000000")!)) == [
                "amount [maximum]"
            ])
        #expect(CreatePaymentRequest(paymentDescription: "Order", amount: 10, method: "ideal", issuer: "ideal_ABNANL2A").violations.isEmpty)
    }

    @Test func validationErrorBodyListsMessagesPerField() throws {
        let body = try decodeJSON(
            ValidationErrorResponse.self,
            #"{"message":"The given data was invalid.","errors":{"amount":["The amount must be at least 0.01."],"description":["The description is required."]}}"#
        )
        #expect(body.errors?.keys.sorted() == ["amount", "description"])
        // An error Mollie rejected is relayed by the backend as `abort(422, message)`: no `errors`.
        let relayed = try decodeJSON(ValidationErrorResponse.self, #"{"message":"The amount is lower than the minimum."}"#)
        #expect(relayed.errors == nil && relayed.message.hasPrefix("The amount"))
    }

    @Test func operationsCarryTheDeviceHeaderAndQuery() {
        let device = DeviceUUID(UUID().uuidString)
        let list = ListMethodsOperation(amount: Decimal(string: "10.50")!, deviceUUID: device)
        #expect(list.path == "/api/methods")
        #expect(list.queryItems == [URLQueryItem(name: "amount", value: "10.5")])
        #expect(list.headerFields == [PayHeaderField(name: "X-Mollie-Checkout-Device-UUID", value: device.rawValue)])
        #expect(GetPaymentOperation(id: 42, deviceUUID: device).path == "/api/payments/42")
        #expect(violationSummary(DeviceUUID("not-a-uuid")) == ["$ [format.uuid]"])
    }

    @Test func molliePaymentsKeepTheirLinks() throws {
        let payment = try decodeJSON(
            MolliePayment.self,
            """
            {"resource":"payment","id":"tr_WDqYK6vllg","mode":"test","createdAt":"2024-05-01T10:00:00+00:00","status":"open","isCancelable":false,
             "amount":{"currency":"EUR","value":"10.00"},"description":"Order #1","method":null,"metadata":{"order_id":"12345"},
             "redirectUrl":"mollie-checkout://payments/1","sequenceType":"oneoff","profileId":"pfl_QkEhN94Ba",
             "_links":{"self":{"href":"https://api.mollie.com/v2/payments/tr_WDqYK6vllg","type":"application/hal+json"},
                       "checkout":{"href":"https://www.mollie.com/checkout/select-method/WDqYK6vllg","type":"text/html"}}}
            """)
        #expect(payment.links?.checkout?.href.host == "www.mollie.com")
        #expect(payment.method == nil)
        #expect(payment.violations.isEmpty)
        #expect(decodingIssues(MollieError.self, #"{"status":"422"}"#) == ["status: typeMismatch", "title: missing", "detail: missing"])
    }

    /// A paid card payment with everything Mollie's payment carries beyond the checkout: order lines,
    /// addresses, the method's details, a platform's fee and route, captures. Every member is a
    /// typed field (nothing is left to the kept unknown members), and it writes back as it came.
    @Test func aWholePaymentIsTypedAndWrittenBackAsItCame() throws {
        let text = """
            {"resource":"payment","id":"tr_7UqFpN3xYk","mode":"test","createdAt":"2026-11-28T14:00:05+00:00","status":"paid",
            "isCancelable":false,"amount":{"currency":"EUR","value":"85.00"},"amountRefunded":{"currency":"EUR","value":"0.00"},
            "amountRemaining":{"currency":"EUR","value":"85.00"},"amountCaptured":{"currency":"EUR","value":"85.00"},
            "description":"Order 2207","method":"creditcard","metadata":{"order":"2207"},
            "redirectUrl":"https://shop.example/orders/2207","webhookUrl":"https://shop.example/mollie/webhook",
            "sequenceType":"oneoff","paidAt":"2026-11-28T14:01:40+00:00","profileId":"pfl_QkEhN94Ba",
            "applicationFee":{"amount":{"currency":"EUR","value":"1.50"},"description":"Marketplace commission"},
            "captureMode":"automatic","billingAddress":{"title":"Ms.","givenName":"Lotte","familyName":"de Vries",
            "organizationName":"Schaakhuis B.V.","streetAndNumber":"Keizersgracht 126","streetAdditional":"2nd floor",
            "postalCode":"1015 CW","email":"lotte@schaakhuis.example","phone":"+31208202070","city":"Amsterdam",
            "region":"Noord-Holland","country":"NL"},"shippingAddress":{"title":"Ms.","givenName":"Lotte","familyName":"de Vries",
            "organizationName":"Schaakhuis B.V.","streetAndNumber":"Keizersgracht 126","streetAdditional":"2nd floor",
            "postalCode":"1015 CW","email":"lotte@schaakhuis.example","phone":"+31208202070","city":"Amsterdam",
            "region":"Noord-Holland","country":"NL"},"countryCode":"NL","lines":[{"type":"physical",
            "description":"Walnut chess board","quantity":2,"quantityUnit":"pcs","unitPrice":{"currency":"EUR","value":"45.00"},
            "discountAmount":{"currency":"EUR","value":"5.00"},"totalAmount":{"currency":"EUR","value":"85.00"},"vatRate":"21.00",
            "vatAmount":{"currency":"EUR","value":"14.75"},"sku":"BOARD-WAL-45","categories":["gift"],
            "imageUrl":"https://shop.example/img/board.jpg","productUrl":"https://shop.example/board"}],
            "routing":[{"resource":"route","id":"rt_9Kd2LmQaZ1","mode":"test","amount":{"currency":"EUR","value":"70.00"},
            "destination":{"type":"organization","organizationId":"org_8842101"},"createdAt":"2026-11-28T14:02:11+00:00",
            "releaseDate":"2026-12-05",
            "_links":{"self":{"href":"https://api.mollie.com/v2/payments/tr_7UqFpN3xYk/routes/rt_9Kd2LmQaZ1",
            "type":"application/hal+json"},"payment":{"href":"https://api.mollie.com/v2/payments/tr_7UqFpN3xYk",
            "type":"application/hal+json"}}}],"settlementId":"stl_jDk30akdN","details":{"cardHolder":"L. de Vries",
            "cardAudience":"consumer","cardLabel":"Mastercard","cardCountryCode":"NL","cardFunding":"credit",
            "cardSecurity":"3dsecure","feeRegion":"intra-eu","cardMaskedNumber":"**** **** **** 4444","cardBin":"555555",
            "cardIssuer":"ING Bank","wallet":"applepay","receipt":{"authorizationCode":"A1B2C3",
            "applicationIdentifier":"A0000000041010","cardReadMethod":"contactless","cardVerificationMethod":"no-cvm-required"},
            "qrCode":{"height":5,"width":5,"src":"https://www.mollie.com/qr/tr_7UqFpN3xYk.png"},"paypalFee":{"currency":"EUR",
            "value":"0.35"}},"locale":"nl_NL","_links":{"self":{"href":"https://api.mollie.com/v2/payments/tr_7UqFpN3xYk",
            "type":"application/hal+json"},"checkout":null,
            "dashboard":{"href":"https://my.mollie.com/dashboard/payments/tr_7UqFpN3xYk","type":"text/html"},
            "refunds":{"href":"https://api.mollie.com/v2/payments/tr_7UqFpN3xYk/refunds","type":"application/hal+json"},
            "documentation":{"href":"https://docs.mollie.com/reference/","type":"text/html"}}}
            """
        let data = Data(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined().utf8)
        let payment = try PayWire.readJSON(MolliePayment.self, from: data)
        // Every member is a field (only the dates' `+00:00` spelling is kept, to be written back so).
        #expect(payment.unknownMembers.members.isEmpty, "\(payment.unknownMembers)")
        #expect(payment.details?.unknownMembers.members.isEmpty == true && payment.lines?.first?.unknownMembers.members.isEmpty == true)
        #expect(payment.lines?.first?.totalAmount.value == "85.00" && payment.lines?.first?.categories == [.gift])
        #expect(payment.billingAddress?.city == "Amsterdam" && payment.applicationFee?.amount?.value == "1.50")
        #expect(payment.details?.cardMaskedNumber == "**** **** **** 4444" && payment.details?.wallet == .applepay)
        #expect(payment.routing?.first?.destination.organizationId == "org_8842101" && payment.captureMode == .automatic)
        #expect(payment.amountCaptured?.value == "85.00" && payment.settlementId == "stl_jDk30akdN")
        let written = try PayWire.encodeJSON(payment)
        #expect(
            try JSONSerialization.jsonObject(with: written) as? NSDictionary == JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    /// Mollie echoes the redirect and webhook URLs the merchant sent, templates included (a recorded
    /// Mollie response has `${reference}` in its query): they are strings, as Mollie's contract types
    /// them, and the payment decodes and validates.
    @Test func aTemplateRedirectURLDecodes() throws {
        let payment = try decodeJSON(
            MolliePayment.self,
            """
            {"resource":"payment","id":"tr_WDqYK6vllg","mode":"test","createdAt":"2024-05-01T10:00:00+00:00","status":"open",
             "amount":{"currency":"EUR","value":"10.00"},"description":"Order #1",
             "redirectUrl":"https://mysite/thank-you?orderReference=${reference}","webhookUrl":null}
            """)
        #expect(payment.redirectUrl == "https://mysite/thank-you?orderReference=${reference}")
        #expect(payment.webhookUrl == nil)
        #expect(payment.violations.isEmpty)
    }
}
