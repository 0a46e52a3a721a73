import Foundation
import PayPalPayments
import PaymentSchemasRuntime
import Testing

@Suite("PayPalPayments generated models")
struct PayPalPaymentsModelTests {
    let card = Card(number: "4111111111111111", expirationMonth: "01", expirationYear: "2030", securityCode: "123", cardholderName: "Ana")

    /// Every verification method PayPal's Orders v2 reference lists decodes, validates and is
    /// written back as received, `3D_SECURE` (what PayPal's Android SDK sends) included; a value it
    /// does not list is refused with its path.
    @Test func everyDocumentedVerificationMethodDecodes() throws {
        for (raw, method) in [
            ("SCA_ALWAYS", CardVerificationMethod.scaAlways), ("SCA_WHEN_REQUIRED", .scaWhenRequired),
            ("3D_SECURE", .threeDSecure), ("AVS_CVV", .avsCvv),
        ] {
            let json = #"{"verification":{"method":""# + raw + #""}}"#
            let attributes = try decodeJSON(CardAttributes.self, json)
            #expect(attributes.verification?.method == method)
            #expect(attributes.violations.isEmpty)
            #expect(try encodeJSON(attributes) == json)
        }
        #expect(decodingIssues(CardAttributes.self, #"{"verification":{"method":"3DS"}}"#).first?.hasPrefix("verification.method") == true)
    }

    @Test func accessTokensTakeLiteralsBecauseTheSchemaSaysSo() {
        // `literal: true`: the guide writes `CoreConfig(accessToken: "ACCESS_TOKEN", environment: .sandbox)`.
        #expect(takesStringLiterals(AccessToken.self))
        let empty: AccessToken = ""
        #expect(violationSummary(empty) == ["$ [minLength]"])
    }

    @Test func cardsNeverPrintTheirNumberOrSecurityCode() {
        let request = CardRequest(orderID: "ORDER-1", card: card)
        let printed = everythingPrinted(card) + everythingPrinted(request) + everythingPrinted([request])
        #expect(!printed.contains("4111111111111111"))
        #expect(!printed.contains("\"123\""))
        #expect(printed.contains("Ana"))
        #expect(printed.contains("<redacted>"))
        let config = CoreConfig(accessToken: "A21AAF-secret-token", environment: .sandbox)
        #expect(!everythingPrinted(config).contains("A21AAF"))
    }

    @Test func cardValidationRedactsSecretsInViolations() {
        let bad = Card(number: "4111111111111112", expirationMonth: "13", expirationYear: "30", securityCode: "12345")
        #expect(
            violationSummary(bad) == [
                "number [format.luhn]", "expirationMonth [pattern]", "expirationYear [pattern]", "securityCode [pattern]",
            ])
        let text = bad.violations.map(\.description).joined(separator: "\n")
        #expect(!text.contains("4111111111111112"))
        #expect(!text.contains("12345"))
        #expect(text.contains("13"))
        #expect(card.violations.isEmpty)
    }

    @Test func confirmPaymentSourceUsesSnakeCase() throws {
        let body = ConfirmPaymentSourceRequest(
            paymentSource: PayPalPaymentSource(
                card: CardPaymentSource(
                    number: "4111111111111111", expiry: "2030-01", name: "Ana",
                    billingAddress: PayPalAddress(
                        addressLine1: "1 Main St", locality: "San Jose", region: "CA", postalCode: "95131", countryCode: "US"),
                    attributes: CardAttributes(verification: CardVerification(method: .scaWhenRequired)))),
            applicationContext: ApplicationContext(
                returnUrl: URL(string: "sdk://card/success"), cancelUrl: URL(string: "sdk://card/cancel")))
        let json = try encodeJSON(body)
        #expect(
            try canonicalJSON(json)
                == canonicalJSON(
                    """
                    {"application_context":{"cancel_url":"sdk://card/cancel","return_url":"sdk://card/success"},
                     "payment_source":{"card":{"attributes":{"verification":{"method":"SCA_WHEN_REQUIRED"}},
                     "billing_address":{"address_line_1":"1 Main St","admin_area_1":"CA","admin_area_2":"San Jose","country_code":"US","postal_code":"95131"},
                     "expiry":"2030-01","name":"Ana","number":"4111111111111111"}}}
                    """))
        let operation = ConfirmPaymentSourceOperation(orderID: "5O190127TN364715T", authorization: "Bearer secret-token", body: body)
        #expect(operation.path == "/v2/checkout/orders/5O190127TN364715T/confirm-payment-source")
        #expect(operation.headerFields.first?.sensitive == true)
        #expect(!everythingPrinted(operation).contains("secret-token"))
    }

    @Test func orderResponsesKeepUnknownStatusesAndOldKeys() throws {
        let order = try decodeJSON(
            OrderResponse.self,
            """
            {"id":"5O190127TN364715T","status":"PAYER_ACTION_REQUIRED","payment_source":{"card":{"last_four_digits":"1111","brand":"VISA","type":"CREDIT",
             "authentication_result":{"liability_shift":"POSSIBLE","three_d_secure":{"enrollment_status":"Y","authentication_status":"Y"}}}},
             "links":[{"href":"https://www.sandbox.paypal.com/webapps/helios?action=verify","rel":"payer-action","method":"GET"}]}
            """)
        #expect(order.status == .payerActionRequired)
        #expect(order.paymentSource?.card?.lastDigits == "1111")
        #expect(order.paymentSource?.card?.authenticationResult?.liabilityShift == .possible)
        #expect(order.paymentSource?.card?.authenticationResult?.threeDSecure?.authenticationStatus == .successful)
        #expect(try encodeJSON(order).contains(#""last_four_digits":"1111""#))
        #expect(try String(decoding: PayWire.encodeJSON(order, spelling: .schema), as: UTF8.self).contains(#""last_digits":"1111""#))
        #expect(try decodeJSON(OrderResponse.self, #"{"id":"1","status":"PENDING_REVIEW"}"#).status == .unknown("PENDING_REVIEW"))
    }

    @Test func coreSDKErrorDomainsAndCodes() {
        #expect(CardClientError.threeDSecureCanceled.code == 10)
        #expect(CardClientError.errorDomain == "CardClientErrorDomain")
        #expect(PayPalClientError(code: 5) == .checkoutCanceled)
        #expect(NetworkingClientError.serverResponse.errorCode == 6)
        #expect(PayPalNativeError.allCases.count == 3)
        #expect((CardClientError.encoding as NSError).domain == "CardClientErrorDomain")
    }

    @Test func webCheckoutReturnQueryReadsPayerID() throws {
        let query = try WebCheckoutReturnQuery(
            url: URL(string: "sdk.ios.paypal://x-callback-url/paypal-sdk/paypal-checkout?token=ORDER1&PayerID=PAYER9")!)
        #expect(query.token == "ORDER1")
        #expect(query.payerID == "PAYER9")
        #expect(ThreeDSecureRequest(returnUrl: URL(string: "https://a")!, cancelUrl: URL(string: "https://b")!).sca == .whenRequired)
    }
}
