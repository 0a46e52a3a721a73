import AmazonPayMobile
import Foundation
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import PaymentSchemasRuntime
import SuiteMCommerce
import Testing

/// Every struct and union of every module has a realistic payload in `Payloads/<Module>/<Type>.<json|xml|query>`
/// that decodes, validates cleanly and encodes back to the same document.
@Suite("Payload corpus")
struct PayloadCorpusTests {
    static let allTypes: [PaySchemaType] =
        MCSCommerceWebSchema.types + SuiteMCommerceSchema.types + AmazonPayMobileSchema.types + PayPalPaymentsSchema.types
        + MollieCheckoutSchema.types
    static let payloadsRoot = Bundle.module.url(forResource: "Payloads", withExtension: nil)!

    static let wireTypes: [PaySchemaType] = allTypes.filter { $0.kind == .structure || $0.kind == .union }

    static func payload(for type: PaySchemaType) -> (URL, WireFormat)? {
        for format in type.formats {
            let url = payloadsRoot.appending(path: "\(type.module)/\(type.name).\(format.rawValue)")
            if FileManager.default.fileExists(atPath: url.path) { return (url, format) }
        }
        return nil
    }

    @Test func everyWireTypeHasAPayload() {
        let missing = Self.wireTypes.filter { Self.payload(for: $0) == nil }.map(\.qualifiedName)
        #expect(missing.isEmpty, "no payload for \(missing)")
        #expect(Self.wireTypes.count >= 75)
    }

    @Test(arguments: wireTypes.map(\.qualifiedName))
    func payloadRoundTrips(_ qualifiedName: String) throws {
        let type = try #require(Self.wireTypes.first { $0.qualifiedName == qualifiedName })
        let (url, format) = try #require(Self.payload(for: type))
        let original = try Data(contentsOf: url)
        let result = try type.read(original, as: format)
        #expect(result.violations.isEmpty, "\(result.violations)")
        let reencoded = try #require(result.reencoded)
        switch format {
        case .json:
            #expect(
                try canonicalJSON(String(decoding: reencoded, as: UTF8.self)) == canonicalJSON(String(decoding: original, as: UTF8.self)))
        case .xml, .query:
            #expect(
                String(decoding: reencoded, as: UTF8.self)
                    == String(decoding: original, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    struct Invalid: CustomTestStringConvertible, Sendable {
        var type: String
        var format: WireFormat = .json
        var payload: String
        var expected: [String]
        var testDescription: String { "\(type): \(expected.joined(separator: ", "))" }
    }

    /// Each row fails with exactly these problems: `path: kind` for decoding, `path [rule]` for constraints.
    static let invalid: [Invalid] = [
        Invalid(
            type: "MCSCommerceWeb.MCSCheckoutRequest", payload: #"{"amount":10,"currency":"USD"}"#,
            expected: ["allowedCardTypes: missing", "cartId: missing"]),
        Invalid(
            type: "MCSCommerceWeb.MCSCheckoutRequest",
            payload: #"{"allowedCardTypes":["master"],"amount":"10","cartId":1,"currency":"USD"}"#,
            expected: ["amount: typeMismatch", "cartId: typeMismatch"]),
        Invalid(
            type: "MCSCommerceWeb.MCSCheckoutRequest",
            payload:
                #"{"amount":-1,"cartId":"","currency":"usd","allowedCardTypes":[],"validityPeriodMinutes":0,"cryptoOptions":[{"cardType":"visa","format":[]}]}"#,
            expected: [
                "allowedCardTypes [minItems]", "amount [exclusiveMinimum]", "currency [format.iso4217]", "cartId [minLength]",
                "cryptoOptions[0].format [minItems]", "validityPeriodMinutes [exclusiveMinimum]",
            ]),
        Invalid(
            type: "MCSCommerceWeb.MCSConfiguration",
            payload:
                #"{"locale":"english","checkoutId":"x","checkoutUrl":"ftp://x","callbackScheme":"fancy shop","allowedCardTypes":["master"]}"#,
            expected: ["locale [format.localeIdentifier]", "checkoutUrl [format.url]", "callbackScheme [format.urlScheme]"]),
        Invalid(
            type: "MCSCommerceWeb.CheckoutURLParameters", format: .query,
            payload: "checkoutId=x&cartId=y&amount=0&currency=USD&allowedCardTypes=master&locale=en_US",
            expected: ["amount [exclusiveMinimum]"]),
        Invalid(
            type: "MCSCommerceWeb.CheckoutURLParameters", format: .query,
            payload: "cartId=y&amount=ten&currency=USD&allowedCardTypes=master&locale=en_US&masterCryptoFormat=XYZ",
            expected: ["checkoutId: missing", "amount: invalidValue", "masterCryptoFormat[0]: invalidValue"]),
        Invalid(
            type: "SuiteMCommerce.PayRequest", format: .xml,
            payload:
                "<xml><tpPago>5M</tpPago><amount>1.00</amount><referencia>R</referencia><moneda>MXN</moneda><date_hour>2013-07-10T14:49:24-05:00</date_hour></xml>",
            expected: ["tpPago: invalidValue"]),
        Invalid(
            type: "SuiteMCommerce.PayRequest", format: .xml,
            payload:
                "<xml><tpPago>C</tpPago><amount>1.00</amount><referencia></referencia><moneda>MXN</moneda><date_hour>2013-07-10T14:49:24-05:00</date_hour></xml>",
            expected: ["referencia [minLength]"]),
        Invalid(
            type: "SuiteMCommerce.PayRequest", format: .xml,
            payload:
                "<xml><tpPago>C</tpPago><amount>1.00</amount><referencia>R</referencia><moneda>MXN</moneda><date_hour>10/07/2013</date_hour></xml>",
            expected: ["date_hour: invalidValue"]),
        Invalid(
            type: "SuiteMCommerce.BeanTokenization",
            payload:
                #"{"branch":"","company":"SX001","country":"MEX","user":"u","password":"","merchant":"1","currency":"EUR","operationType":"6","reference":"R","amount":0}"#,
            expected: ["currency: invalidValue"]),
        Invalid(
            type: "SuiteMCommerce.BeanTokenization",
            payload:
                #"{"branch":"","company":"SX001","country":"MEX","user":"u","password":"","merchant":"1","currency":"MXN","operationType":"6","reference":"R","amount":0}"#,
            expected: ["branch [minLength]", "password [minLength]", "amount [exclusiveMinimum]"]),
        Invalid(
            type: "SuiteMCommerce.BeanPaymentWithToken",
            payload: #"{"response":"approved","time":"2pm","date":"2013-07-10","cc_number":"4111111111111111"}"#,
            expected: ["date: invalidValue"]),
        Invalid(
            type: "SuiteMCommerce.BeanPaymentWithToken", payload: #"{"response":"approved","time":"2pm","cc_number":"4111111111111111"}"#,
            expected: ["time [pattern]", "cc_number [pattern]"]),
        Invalid(
            type: "AmazonPayMobile.BridgeMessage", payload: #"{"op":"auth","url":"http://insecure.example"}"#,
            expected: ["url [format.url]"]),
        Invalid(type: "AmazonPayMobile.BridgeMessage", payload: #"{"op":"checkout"}"#, expected: ["op: invalidValue"]),
        Invalid(
            type: "AmazonPayMobile.CheckoutSession", payload: #"{"statusDetails":{"state":"Open","lastUpdatedTimestamp":"2020-12-02"}}"#,
            expected: ["checkoutSessionId: missing", "statusDetails.lastUpdatedTimestamp: invalidValue"]),
        Invalid(
            type: "AmazonPayMobile.CompleteCheckoutSessionRequest", payload: #"{"chargeAmount":{"amount":"1,000","currencyCode":"YEN"}}"#,
            expected: ["chargeAmount.amount [format.decimalString]", "chargeAmount.currencyCode [format.iso4217]"]),
        Invalid(
            type: "AmazonPayMobile.AppLoginQuery", format: .query, payload: "client=iosApp&token=2F1B0C8E-4D3A-4E0B-9C39-7D5A1E6F8B21",
            expected: ["token [format.uuidLowercase]"]),
        Invalid(
            type: "AmazonPayMobile.AppLoginQuery", format: .query, payload: "client=windowsApp",
            expected: ["client: invalidValue", "token: missing"]),
        Invalid(
            type: "AmazonPayMobile.MerchantMetadata", payload: #"{"merchantStoreName":"\#(String(repeating: "x", count: 51))"}"#,
            expected: ["merchantStoreName [maxLength]"]),
        Invalid(
            type: "PayPalPayments.Card",
            payload: #"{"number":"4111111111111112","expirationMonth":"00","expirationYear":"30","securityCode":"1"}"#,
            expected: ["number [format.luhn]", "expirationMonth [pattern]", "expirationYear [pattern]", "securityCode [pattern]"]),
        Invalid(
            type: "PayPalPayments.Card",
            payload:
                #"{"number":"411111111111","expirationMonth":"01","expirationYear":"2030","securityCode":"123","billingAddress":{"country_code":"USA"}}"#,
            expected: ["number [minLength]", "number [format.luhn]", "billingAddress.country_code [pattern]"]),
        Invalid(
            type: "PayPalPayments.CardRequest",
            payload: #"{"orderID":"O","card":{"number":"4111111111111111","expirationMonth":"01","expirationYear":"2030"}}"#,
            expected: ["card.securityCode: missing"]),
        Invalid(
            type: "PayPalPayments.ShippingMethod", payload: #"{"id":"s","label":"S","selected":"yes","type":"drone","value":"1.2.3"}"#,
            expected: ["selected: typeMismatch", "type: invalidValue"]),
        Invalid(
            type: "PayPalPayments.ShippingMethod",
            payload: #"{"id":"s","label":"S","selected":true,"type":"pickup","value":"1.2.3","currencyCode":"XXY"}"#,
            expected: ["value [pattern]", "currencyCode [format.iso4217]"]),
        Invalid(
            type: "PayPalPayments.OrderResponse",
            payload: #"{"id":"1","status":"CREATED","links":[{"rel":"self"},{"href":"https://x","rel":1}]}"#,
            expected: ["links[0].href: missing", "links[1].rel: typeMismatch"]),
        Invalid(
            type: "MollieCheckout.CreatePaymentRequest", payload: #"{"description":"ab","amount":0.001}"#,
            expected: ["description [minLength]", "amount [scale]"]),
        Invalid(
            type: "MollieCheckout.CreatePaymentRequest", payload: #"{"description":"Order","amount":100000000}"#,
            expected: ["amount [maximum]"]),
        Invalid(
            type: "MollieCheckout.CreatePaymentRequest", payload: #"{"amount":"10"}"#,
            expected: ["description: missing", "amount: typeMismatch"]),
        Invalid(
            type: "MollieCheckout.PaymentListEnvelope",
            payload: #"{"data":[{"id":1,"mollie_id":"x","amount":1,"description":"d","status":"open"},{"id":"2"}]}"#,
            expected: [
                "data[1].id: typeMismatch", "data[1].mollie_id: missing", "data[1].amount: missing", "data[1].description: missing",
                "data[1].status: missing",
            ]),
        Invalid(
            type: "MollieCheckout.PaymentEnvelope",
            payload: #"{"data":{"id":1,"mollie_id":"pay_1","amount":1,"description":"d","status":"open"}}"#,
            expected: ["data.mollie_id [pattern]"]),
        Invalid(type: "MollieCheckout.MollieError", payload: #"{"status":200,"title":"OK","detail":"d"}"#, expected: ["status [minimum]"]),
        Invalid(
            type: "MollieCheckout.Settings", payload: #"{"baseUrl":"mollie-checkout://x","paymentFlow":"sideways"}"#,
            expected: ["paymentFlow: invalidValue"]),
    ]

    @Test(arguments: invalid)
    func invalidPayloadFailsWithEveryProblem(_ row: Invalid) throws {
        let type = try #require(Self.allTypes.first { $0.matches(row.type) })
        var found: [String] = []
        do {
            let result = try type.read(Data(row.payload.utf8), as: row.format)
            found = result.violations.map { "\($0.path) [\($0.rule)]" }
        } catch let error as PayloadDecodingError {
            found = error.issues.map { "\($0.path): \($0.kind.rawValue)" }
        }
        #expect(found == row.expected)
    }

    @Test func secretsNeverReachViolationsOrDescriptions() throws {
        let type = try #require(PayPalPaymentsSchema.type(named: "Card"))
        let result = try type.read(
            Data(#"{"number":"4111111111111112","expirationMonth":"01","expirationYear":"2030","securityCode":"98765"}"#.utf8), as: .json)
        let printed = result.violations.map(\.description).joined() + result.description
        #expect(!printed.contains("4111111111111112"))
        #expect(!printed.contains("98765"))
        #expect(result.violations.count == 2)
    }

    @Test func unsupportedFormatsAreReportedNotGuessed() throws {
        let type = try #require(MollieCheckoutSchema.type(named: "BackendPayment"))
        #expect(throws: PayloadDecodingError.self) { _ = try type.read(Data("<xml/>".utf8), as: .xml) }
    }
}
