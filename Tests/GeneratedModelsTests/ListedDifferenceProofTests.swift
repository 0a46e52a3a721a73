import CLITestSupport
import Foundation
import MollieCheckout
import PayPalPayments
import PaySchemaCore
import PaymentSchemasRuntime
import Testing

/// Every difference a schema lists against the provider's official schema (`upstream.differences`)
/// is a claim, and each is proven here with payloads: where we say we refuse what the official
/// schema admits, a payload shows it refused; where we say we take more, a payload shows it taken.
/// A listed difference without a proof, or a proof of a difference no schema lists, fails.
@Suite("Every listed upstream difference, proven")
struct ListedDifferenceProofTests {
    /// A payload of `type` and whether our generated type must take it.
    struct Case: Sendable, CustomStringConvertible {
        var type: String
        var json: String
        var taken: Bool
        var description: String { "\(type) \(taken ? "takes" : "refuses") \(json)" }
    }

    static func refuses(_ type: String, _ json: String) -> Case { Case(type: type, json: json, taken: false) }
    static func takes(_ type: String, _ json: String) -> Case { Case(type: type, json: json, taken: true) }

    static let card = #""number":"4111111111111111","expiry":"2030-01""#
    static let authorization = #""id":"A1","status":"CREATED","expiration_time":"2026-02-28T00:00:00Z""#

    /// A Mollie payment as Mollie's reference shows one, with `member` (a JSON member) replacing the
    /// field of its name or added.
    static func payment(_ member: String? = nil) -> String {
        var members = [#""resource":"payment""#, #""id":"tr_7UhSN1zuXS""#, #""mode":"test""#, #""createdAt":"2024-03-20T09:13:37+00:00""#,
                       #""status":"open""#, #""amount":{"currency":"EUR","value":"10.00"}"#, #""description":"Order 12345""#]
        if let member {
            let name = member.prefix { $0 != ":" }
            members.removeAll { $0.hasPrefix(name + ":") }
            members.append(member)
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The proofs, by `Type.difference` as the schemas name them.
    static let proofs: [String: [Case]] = [
        "CardAttributes.verification": [takes("CardAttributes", #"{"verification":{"method":"SCA_ALWAYS"}}"#)],
        "CardPaymentSource.number": [refuses("CardPaymentSource", #"{"expiry":"2030-01","security_code":"123"}"#)],
        "CardPaymentSource.expiry": [refuses("CardPaymentSource", #"{"number":"4111111111111111","security_code":"123"}"#)],
        "CardPaymentSource.security_code": [refuses("CardPaymentSource", "{\(card),\"security_code\":\"12345\"}"),
                                            refuses("CardPaymentSource", "{\(card),\"security_code\":\"12\"}"),
                                            takes("CardPaymentSource", "{\(card),\"security_code\":\"1234\"}")],
        "PayPalPaymentSource.card": [refuses("PayPalPaymentSource", #"{"paypal":{"email_address":"a@b.example"}}"#)],
        "ConfirmPaymentSourceRequest.payment_source.card": [refuses("ConfirmPaymentSourceRequest", #"{"payment_source":{"venmo":{}}}"#)],
        "ConfirmPaymentSourceRequest.$": [refuses("ConfirmPaymentSourceRequest", "null"), refuses("ConfirmPaymentSourceRequest", "true"),
                                          refuses("ConfirmPaymentSourceRequest", "7")],
        "LiabilityShift.YES": [takes("LiabilityShift", #""YES""#)],
        "CardResponse.last_four_digits": [takes("CardResponse", #"{"last_four_digits":"1111","brand":"VISA"}"#)],
        "LinkDescription.href": [refuses("LinkDescription", #"{"href":"","rel":"self"}"#), refuses("LinkDescription", #"{"href":"a\u0001b","rel":"self"}"#),
                                 takes("LinkDescription", #"{"href":"/v2/checkout/orders/5O1","rel":"self"}"#)],
        "OrderResponse.id": [refuses("OrderResponse", #"{"status":"CREATED"}"#)],
        "OrderResponse.status": [refuses("OrderResponse", #"{"id":"5O1"}"#)],
        "PurchaseUnitResponse.amount": [takes("PurchaseUnitResponse", #"{"amount":{"currency_code":"USD","value":"1.00","breakdown":{"item_total":{"currency_code":"USD","value":"1.00"}}}}"#)],
        "AuthorizationResponse.expiration_time": [refuses("AuthorizationResponse", #"{"id":"A1","status":"CREATED","expiration_time":"2026-02-30T00:00:00Z"}"#),
                                                  takes("AuthorizationResponse", "{\(authorization)}")],
        "AuthorizationResponse.id": [refuses("AuthorizationResponse", #"{"status":"CREATED"}"#)],
        "AuthorizationResponse.status": [refuses("AuthorizationResponse", #"{"id":"A1"}"#)],
        "CaptureResponse.id": [refuses("CaptureResponse", #"{"status":"COMPLETED"}"#)],
        "CaptureResponse.status": [refuses("CaptureResponse", #"{"id":"C1"}"#)],
        "PayPalErrorResponse.name": [refuses("PayPalErrorResponse", #"{"message":"m","debug_id":"d"}"#)],
        "PayPalErrorResponse.message": [refuses("PayPalErrorResponse", #"{"name":"INVALID_REQUEST","debug_id":"d"}"#)],
        "PayPalMoney.currency_code": [refuses("PayPalMoney", #"{"currency_code":"ABC","value":"1.00"}"#), takes("PayPalMoney", #"{"currency_code":"EUR","value":"1.00"}"#)],
        "MollieAmount.currency": [refuses("MollieAmount", #"{"currency":"ABC","value":"10.00"}"#), takes("MollieAmount", #"{"currency":"EUR","value":"10.00"}"#)],
        "MollieAmount.value": [refuses("MollieAmount", #"{"currency":"EUR","value":"ten"}"#), refuses("MollieAmount", #"{"currency":"EUR","value":"10.0"}"#),
                               refuses("MollieAmount", #"{"currency":"EUR","value":"1,000.00"}"#), takes("MollieAmount", #"{"currency":"EUR","value":"1000.00"}"#)],
        "MollieLink.href": [refuses("MollieLink", #"{"href":"","type":"text/html"}"#), refuses("MollieLink", #"{"href":"a b","type":"text/html"}"#),
                            takes("MollieLink", #"{"href":"https://www.mollie.com/checkout/select-method/7UhSN1zuXS","type":"text/html"}"#)],
        "MolliePayment.id": [refuses("MolliePayment", payment(#""id":"pay_7UhSN1zuXS""#)), takes("MolliePayment", payment())],
        "MolliePayment.profileId": [refuses("MolliePayment", payment(#""profileId":"pfl_85dx-yKq""#)), takes("MolliePayment", payment(#""profileId":"pfl_85dxyKqNHa""#))],
        "MolliePayment.createdAt": [refuses("MolliePayment", payment(#""createdAt":"yesterday""#))],
        "MolliePayment.paidAt": [refuses("MolliePayment", payment(#""paidAt":"2024-13-01T00:00:00+00:00""#)), takes("MolliePayment", payment(#""paidAt":"2024-03-20T09:28:37+00:00""#))],
        "MolliePayment.canceledAt": [refuses("MolliePayment", payment(#""canceledAt":"soon""#))],
        "MolliePayment.expiresAt": [refuses("MolliePayment", payment(#""expiresAt":"""#)), takes("MolliePayment", payment(#""expiresAt":"2024-03-20T09:28:37+00:00""#))],
        "MolliePayment.failedAt": [refuses("MolliePayment", payment(#""failedAt":"20 March""#))],
        "MollieMethod.sofort": [takes("MollieMethod", #""sofort""#)],
        "MollieMethod.giropay": [takes("MollieMethod", #""giropay""#)],
        "PayPalMoney.value": [refuses("PayPalMoney", #"{"currency_code":"USD","value":".74"}"#), refuses("PayPalMoney", #"{"currency_code":"USD","value":"-0.74"}"#),
                              refuses("PayPalMoney", #"{"currency_code":"USD","value":"+0.74"}"#), takes("PayPalMoney", #"{"currency_code":"USD","value":"0.74"}"#)],
    ]

    /// Every `Type.difference` the bundled schemas list.
    static func listed() throws -> Set<String> {
        let output = try GeneratorPipeline(schemasRoot: CLITestSupport.CLIRunner.packageRoot.appending(path: "Schemas")).run(emit: false)
        var names: Set<String> = []
        for module in output.modules.values {
            for file in module.resolvedFiles {
                for type in file.types {
                    for key in type.upstream?.differences.keys ?? [:].keys { names.insert("\(type.name).\(key)") }
                }
            }
        }
        return names
    }

    @Test func everyListedDifferenceHasAProofAndEveryProofAListedDifference() throws {
        let listed = try Self.listed()
        #expect(!listed.isEmpty)
        #expect(Set(Self.proofs.keys).subtracting(listed).isEmpty, "proofs of differences no schema lists: \(Set(Self.proofs.keys).subtracting(listed).sorted())")
        #expect(listed.subtracting(Self.proofs.keys).isEmpty, "listed differences without a proof: \(listed.subtracting(Self.proofs.keys).sorted())")
    }

    @Test(arguments: proofs.sorted { $0.key < $1.key }.flatMap { key, cases in cases.map { (key, $0) } })
    func theDifferenceHolds(_ difference: String, _ proof: Case) throws {
        let type = try #require(PayPalPaymentsSchema.type(named: proof.type) ?? MollieCheckoutSchema.type(named: proof.type), "no type \(proof.type)")
        var problems: [String] = []
        do {
            problems = try type.read(Data(proof.json.utf8), as: .json).violations.map(\.description)
        } catch let error as PayloadDecodingError {
            problems = error.issues.map(\.description) + error.violations.map(\.description)
        }
        #expect(problems.isEmpty == proof.taken, "\(difference): \(proof) — \(problems)")
    }

    /// The retired methods are cases of ours, not the open enum's unknown value.
    @Test func retiredMollieMethodsAreKnown() throws {
        for method in ["sofort", "giropay"] {
            let known = try PayWire.decodeJSON(MollieMethod.self, from: Data("\"\(method)\"".utf8))
            #expect(known.isKnown && known.rawValue == method)
        }
    }

    /// `YES` is a case of ours, not the open enum's unknown value.
    @Test func yesIsAKnownLiabilityShift() throws {
        let shift = try PayWire.decodeJSON(LiabilityShift.self, from: Data(#""YES""#.utf8))
        #expect(shift == .yes && shift.isKnown)
    }
}
