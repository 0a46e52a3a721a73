import AmazonPayMobile
import Foundation
import MollieCheckout
import PayPalPayments
import PaymentSchemasRuntime

/// Generated decoders (with and without `validate()`) against hand-written `Codable` structs of
/// the same shape, on the same JSON.
enum DecodeBench {
    // MARK: Hand-written mirrors

    struct HPayment: Codable {
        enum Status: String, Codable { case open, canceled, pending, expired, failed, paid, authorized }
        var id: Int
        var mollieId: String
        var method: String?
        var issuer: String?
        var amount: Decimal
        var description: String
        var url: URL?
        var status: Status
        var createdAt: Date?
        var updatedAt: Date?
        enum CodingKeys: String, CodingKey {
            case id, method, issuer, amount, description, url, status
            case mollieId = "mollie_id", createdAt = "created_at", updatedAt = "updated_at"
        }
    }

    struct HPaymentList: Codable { var data: [HPayment] }

    struct HPrice: Codable {
        var amount: String
        var currencyCode: String
    }
    struct HWebCheckoutDetails: Codable {
        var checkoutReviewReturnUrl: URL?
        var checkoutResultReturnUrl: URL?
        var checkoutCancelUrl: URL?
        var amazonPayRedirectUrl: URL?
        var checkoutMode: String?
    }
    struct HPaymentDetails: Codable {
        var paymentIntent: String?
        var canHandlePendingAuthorization: Bool?
        var chargeAmount: HPrice?
        var totalOrderAmount: HPrice?
        var presentmentCurrency: String?
        var softDescriptor: String?
    }
    struct HMerchantMetadata: Codable {
        var merchantReferenceId: String?
        var merchantStoreName: String?
        var noteToBuyer: String?
        var customInformation: String?
    }
    struct HBuyer: Codable {
        var buyerId: String?
        var name: String?
        var email: String?
        var phoneNumber: String?
    }
    struct HAddress: Codable {
        var name: String?
        var addressLine1: String?
        var addressLine2: String?
        var addressLine3: String?
        var city: String?
        var county: String?
        var district: String?
        var stateOrRegion: String?
        var postalCode: String?
        var countryCode: String?
        var phoneNumber: String?
    }
    struct HStatusDetails: Codable {
        var state: String
        var reasonCode: String?
        var reasonDescription: String?
        var lastUpdatedTimestamp: Date?
    }
    struct HConstraint: Codable {
        var constraintId: String
        var description: String?
    }
    struct HPaymentPreference: Codable { var paymentDescriptor: String? }
    struct HCheckoutSession: Codable {
        var checkoutSessionId: String
        var webCheckoutDetails: HWebCheckoutDetails?
        var productType: String?
        var paymentDetails: HPaymentDetails?
        var chargePermissionType: String?
        var merchantMetadata: HMerchantMetadata?
        var buyer: HBuyer?
        var shippingAddress: HAddress?
        var billingAddress: HAddress?
        var paymentPreferences: [HPaymentPreference]?
        var statusDetails: HStatusDetails
        var constraints: [HConstraint]?
        var chargePermissionId: String?
        var chargeId: String?
        var storeId: String?
        var creationTimestamp: Date?
        var expirationTimestamp: Date?
        var releaseEnvironment: String?
    }

    struct HThreeDS: Codable {
        var enrollmentStatus: String?
        var authenticationStatus: String?
        enum CodingKeys: String, CodingKey { case enrollmentStatus = "enrollment_status", authenticationStatus = "authentication_status" }
    }
    struct HAuthResult: Codable {
        var liabilityShift: String?
        var threeDSecure: HThreeDS?
        enum CodingKeys: String, CodingKey { case liabilityShift = "liability_shift", threeDSecure = "three_d_secure" }
    }
    struct HCard: Codable {
        var lastDigits: String?
        var brand: String?
        var type: String?
        var authenticationResult: HAuthResult?
        enum CodingKeys: String, CodingKey { case lastDigits = "last_digits", brand, type, authenticationResult = "authentication_result" }
    }
    struct HSource: Codable { var card: HCard? }
    struct HLink: Codable {
        var href: URL
        var rel: String
        var method: String?
    }
    struct HOrder: Codable {
        var id: String
        var status: String
        var paymentSource: HSource?
        var links: [HLink]?
        enum CodingKeys: String, CodingKey { case id, status, paymentSource = "payment_source", links }
    }

    // MARK: Payloads

    static func molliePage(count: Int) -> Data {
        let items = (1...count).map { index in
            #"{"id":\#(index),"mollie_id":"tr_\#(index)abcDEF","method":"ideal","issuer":"ideal_ABNANL2A","amount":\#(index).50,"description":"Order #\#(index)","url":"https://www.mollie.com/checkout/select-method/\#(index)","status":"\#(index % 3 == 0 ? "paid" : "open")","created_at":"2024-05-01T10:00:00Z","updated_at":"2024-05-01T10:05:00Z"}"#
        }
        return Data(#"{"data":[\#(items.joined(separator: ","))]}"#.utf8)
    }

    static let session = Data(
        """
        {"checkoutSessionId":"bd504926-f659-4ad7-a1a9-9a747aaf5275","webCheckoutDetails":{"checkoutReviewReturnUrl":"https://shop.example/review","checkoutResultReturnUrl":"https://shop.example/result","amazonPayRedirectUrl":"https://apay.example/checkout/processing","checkoutMode":"ProcessOrder"},
         "productType":"PayAndShip","paymentDetails":{"paymentIntent":"Authorize","canHandlePendingAuthorization":false,"chargeAmount":{"amount":"9878","currencyCode":"JPY"},"totalOrderAmount":{"amount":"9878","currencyCode":"JPY"},"presentmentCurrency":"JPY","softDescriptor":"MY-SHOP"},
         "chargePermissionType":"OneTime","merchantMetadata":{"merchantReferenceId":"MY-ORDER-1","merchantStoreName":"MY-SHOP","noteToBuyer":"Thank you!","customInformation":"internal"},
         "buyer":{"buyerId":"amzn1.account.X","name":"Taro Yamada","email":"taro@example.jp"},
         "shippingAddress":{"name":"Taro Yamada","addressLine1":"1-2-3 Shibuya","city":"Shibuya-ku","stateOrRegion":"Tokyo","postalCode":"150-0002","countryCode":"JP"},
         "billingAddress":{"name":"Taro Yamada","addressLine1":"1-2-3 Shibuya","city":"Shibuya-ku","stateOrRegion":"Tokyo","postalCode":"150-0002","countryCode":"JP"},
         "paymentPreferences":[{"paymentDescriptor":"Visa ****1111"}],"statusDetails":{"state":"Open","reasonDescription":"open","lastUpdatedTimestamp":"20201202T120000Z"},
         "constraints":[{"constraintId":"ChargeAmountNotSet","description":"not set"}],"storeId":"amzn1.application-oa2-client.x",
         "creationTimestamp":"20201202T120000Z","expirationTimestamp":"20201203T120000Z","releaseEnvironment":"Sandbox"}
        """.utf8)

    static let order = Data(
        """
        {"id":"5O190127TN364715T","status":"PAYER_ACTION_REQUIRED","payment_source":{"card":{"last_digits":"1111","brand":"VISA","type":"CREDIT",
         "authentication_result":{"liability_shift":"POSSIBLE","three_d_secure":{"enrollment_status":"Y","authentication_status":"Y"}}}},
         "links":[{"href":"https://api-m.sandbox.paypal.com/v2/checkout/orders/5O190127TN364715T","rel":"self","method":"GET"},{"href":"https://www.sandbox.paypal.com/webapps/helios?action=verify","rel":"payer-action","method":"GET"}]}
        """.utf8)

    // MARK: Measurement

    static func measure(
        _ name: String, data: Data, iterations: Int, runs: Int,
        handWritten: (Data) throws -> Int, generated: (Data) throws -> Int, validated: (Data) throws -> Int
    ) throws -> String {
        var hand: [Double] = []
        var gen: [Double] = []
        var val: [Double] = []
        var sink = 0
        for _ in 0..<runs {
            hand.append(try Stats.time { for _ in 0..<iterations { sink &+= try handWritten(data) } })
            gen.append(try Stats.time { for _ in 0..<iterations { sink &+= try generated(data) } })
            val.append(try Stats.time { for _ in 0..<iterations { sink &+= try validated(data) } })
        }
        if sink == -1 { print(sink) }
        let h = Stats.summarize(hand.map { $0 / Double(iterations) })
        let g = Stats.summarize(gen.map { $0 / Double(iterations) })
        let v = Stats.summarize(val.map { $0 / Double(iterations) })
        return "| \(name) | \(h.formatted("µs", scale: 1e6)) | \(g.formatted("µs", scale: 1e6)) | \(v.formatted("µs", scale: 1e6)) | "
            + String(format: "%.2f× | %.2f× |", g.median / h.median, v.median / h.median)
    }

    static func run(runs: Int) throws -> [String] {
        let iso = JSONDecoder()
        iso.dateDecodingStrategy = .iso8601
        // What a good Swift developer writes for Amazon's ISO 8601 basic timestamps
        // (`20201202T120000Z`): one `Date.ISO8601FormatStyle`, no `DateFormatter`.
        let basic = JSONDecoder()
        let basicStyle = Date.ISO8601FormatStyle(dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted)
        basic.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = try? basicStyle.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 basic timestamp")
            }
            return date
        }
        let plain = JSONDecoder()
        let page = molliePage(count: 50)
        return [
            "| payload | hand-written Codable | generated decode | generated decode + validate() | decode ratio | decode + validate ratio |",
            "|---|---|---|---|---|---|",
            try measure(
                "Mollie: page of 50 payments", data: page, iterations: 40, runs: runs,
                handWritten: { try iso.decode(HPaymentList.self, from: $0).data.count },
                generated: { try PayWire.decodeJSON(MollieCheckout.PaymentListEnvelope.self, from: $0).data.count },
                validated: {
                    let value = try PayWire.decodeJSON(MollieCheckout.PaymentListEnvelope.self, from: $0)
                    try value.validate()
                    return value.data.count
                }),
            try measure(
                "Amazon Pay: checkout session", data: session, iterations: 400, runs: runs,
                handWritten: { try basic.decode(HCheckoutSession.self, from: $0).checkoutSessionId.count },
                generated: { try PayWire.decodeJSON(AmazonPayMobile.CheckoutSession.self, from: $0).checkoutSessionId.count },
                validated: {
                    let value = try PayWire.decodeJSON(AmazonPayMobile.CheckoutSession.self, from: $0)
                    try value.validate()
                    return value.checkoutSessionId.count
                }),
            try measure(
                "PayPal: order", data: order, iterations: 1000, runs: runs,
                handWritten: { try plain.decode(HOrder.self, from: $0).id.count },
                generated: { try PayWire.decodeJSON(PayPalPayments.OrderResponse.self, from: $0).id.count },
                validated: {
                    let value = try PayWire.decodeJSON(PayPalPayments.OrderResponse.self, from: $0)
                    try value.validate()
                    return value.id.count
                }),
        ]
    }
}
