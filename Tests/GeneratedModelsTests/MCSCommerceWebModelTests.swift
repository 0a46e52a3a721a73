import Foundation
import MCSCommerceWeb
import PaymentSchemasRuntime
import Testing

@Suite("MCSCommerceWeb generated models")
struct MCSCommerceWebModelTests {
    let requestJSON = """
        {"allowedCardTypes":["master","visa"],"amount":11.22,"cartId":"111111-2222-3333-aaaa-qwerqwerqwer",
         "callbackUrl":"fancyshop://","cryptoOptions":[{"cardType":"master","format":["ICC","UCAF"]},{"cardType":"visa","format":["TVV"]}],
         "currency":"USD","suppressShippingAddress":true,"unpredictableNumber":"12345678","validityPeriodMinutes":15}
        """

    @Test func checkoutRequestRoundTripsJSON() throws {
        let request = try decodeJSON(MCSCheckoutRequest.self, requestJSON)
        #expect(request.amount == Decimal(string: "11.22"))
        #expect(request.cryptoOptions?[1].format == [.tvv])
        #expect(request.violations.isEmpty)
        #expect(try canonicalJSON(encodeJSON(request)) == canonicalJSON(requestJSON))
    }

    @Test func validationReportsEveryViolationWithItsPath() throws {
        var request = try decodeJSON(MCSCheckoutRequest.self, requestJSON)
        request.amount = 0
        request.currency = "DOLLARS"
        request.cartId = ""
        request.allowedCardTypes = []
        request.cryptoOptions?[1].format = []
        request.validityPeriodMinutes = 0
        #expect(
            violationSummary(request) == [
                "allowedCardTypes [minItems]",
                "amount [exclusiveMinimum]",
                "currency [format.iso4217]",
                "cartId [minLength]",
                "cryptoOptions[1].format [minItems]",
                "validityPeriodMinutes [exclusiveMinimum]",
            ])
        #expect(throws: ValidationError.self) { try request.validate() }
        #expect(request.violations.first { $0.rule == "format.iso4217" }?.value == "DOLLARS")
    }

    @Test func decodingReportsEveryProblemAtOnce() {
        let issues = decodingIssues(
            MCSCheckoutRequest.self,
            """
            {"amount":"eleven","cryptoOptions":[{"cardType":"master","format":["ICC"]},{"format":["XYZ"]}],"currency":"USD"}
            """)
        #expect(
            issues == [
                "allowedCardTypes: missing",
                "amount: typeMismatch",
                "cartId: missing",
                "cryptoOptions[1].cardType: missing",
                "cryptoOptions[1].format[0]: invalidValue",
            ])
    }

    @Test func legacyTAVVDecodesAsTVVAndEncodesCurrentSpelling() throws {
        let options = try decodeJSON(MCSCryptoOptions.self, #"{"cardType":"visa","format":["TAVV"]}"#)
        #expect(options.format == [.tvv])
        #expect(try encodeJSON(options) == #"{"cardType":"visa","format":["TVV"]}"#)
        #expect(MCSCryptoFormat(rawValue: "TAVV") == .tvv)
        #expect(MCSCryptoFormat(rawValue: "tvv") == nil)
    }

    @Test func setsEncodeInAStableOrder() throws {
        let options = MCSCryptoOptions(cardType: .master, format: [.ucaf, .tvv, .icc])
        #expect(try encodeJSON(options) == #"{"cardType":"master","format":["ICC","TVV","UCAF"]}"#)
    }

    @Test func closedEnumRejectsUnknownValuesNamingTheAllowedOnes() {
        do {
            _ = try decodeJSON(MCSCryptoOptions.self, #"{"cardType":"visa","format":["QQQ"]}"#)
            Issue.record("expected a decoding error")
        } catch let error as PayloadDecodingError {
            #expect(error.issues.count == 1)
            #expect(error.issues[0].message.contains("expected one of ICC, UCAF, TVV"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func openEnumKeepsUnknownNetworksAndReencodesThem() throws {
        let options = try decodeJSON(MCSCryptoOptions.self, #"{"cardType":"rupay","format":["ICC"]}"#)
        #expect(options.cardType == .unknown("rupay"))
        #expect(!options.cardType.isKnown)
        #expect(try encodeJSON(options).contains(#""cardType":"rupay""#))
        #expect(MCSCardType.unknown("visa") == .visa)
        #expect(MCSCardType.allCases.count == 10)
    }

    @Test func checkoutStatusUsesIntegerRawValues() throws {
        #expect(MCSCheckoutStatus.success.rawValue == 1001)
        #expect(try decodeJSON([MCSCheckoutStatus].self, "[1001,1002]") == [.success, .canceled])
        #expect(decodingIssues(MCSCheckoutStatus.self, "1003").count == 1)
    }

    @Test func checkoutURLQueryMatchesTheGuidesBuilder() throws {
        let parameters = CheckoutURLParameters(
            checkoutId: "asdfghjk123456", cartId: "111111-2222-3333-aaaa-qwerqwerqwer", amount: Decimal(string: "11.22")!,
            currency: "USD", allowedCardTypes: [.master, .amex, .visa], suppressShippingAddress: false, locale: "en_US",
            cryptoFormats: ["master": [.ucaf, .icc]])
        let url = try parameters.url(appendingTo: URL(string: "https://stage.src.mastercard.com/srci/")!)
        #expect(
            url?.absoluteString
                == "https://stage.src.mastercard.com/srci/?checkoutId=asdfghjk123456&cartId=111111-2222-3333-aaaa-qwerqwerqwer&amount=11.22&currency=USD&allowedCardTypes=master%2Camex%2Cvisa&suppressShippingAddress=false&locale=en_US&channel=mobile&masterCryptoFormat=UCAF%2CICC"
        )
        let parsed = try CheckoutURLParameters(url: url!)
        #expect(parsed == parameters)
    }

    @Test func queryDecodingReportsEveryMissingItem() {
        do {
            _ = try CheckoutURLParameters(query: "amount=abc&allowedCardTypes=master,visa")
            Issue.record("expected an error")
        } catch let error as PayloadDecodingError {
            #expect(
                error.issues.map { "\($0.path): \($0.kind.rawValue)" } == [
                    "checkoutId: missing", "cartId: missing", "amount: invalidValue", "currency: missing", "locale: missing",
                ])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The checkout URL's query is read by the type's own `init(from:)` through the one tree: an
    /// item named twice is read once (its first occurrence) where one value is expected, and joins
    /// a comma list; a pattern map's problem is at its item.
    @Test func queryDecodingSharesTheTreeDecoder() throws {
        let base = "checkoutId=c1&cartId=k1&amount=10.00&currency=USD&locale=en_US"
        let parsed = try CheckoutURLParameters(query: base + "&checkoutId=c2&allowedCardTypes=master&allowedCardTypes=visa")
        #expect(parsed.checkoutId == "c1")
        #expect(parsed.allowedCardTypes == [.master, .visa])
        #expect(
            parsed
                == (try PayWire.decodeQuery(
                    CheckoutURLParameters.self,
                    from: PayQueryText.items(
                        PayQueryText.query(
                            of: base
                                + "&checkoutId=c2&allowedCardTypes=master&allowedCardTypes=visa")))))
        do {
            _ = try CheckoutURLParameters(query: base + "&masterCryptoFormat=UCAF,NOPE&suppress3Ds=yes")
            Issue.record("expected an error")
        } catch let error as PayloadDecodingError {
            #expect(error.issues.map(\.path.description).sorted() == ["masterCryptoFormat[1]", "suppress3Ds"], "\(error.issues)")
        }
    }

    @Test func callbackReadsOAuthTokenAndStatus() throws {
        let callback = try CheckoutCallback(
            url: URL(string: "fancyshop://callback?oauth_token=TX123&mpstatus=success&checkout_resource_url=https%3A%2F%2Fx")!)
        #expect(callback.transactionId == "TX123")
        #expect(callback.status == "success")
        #expect(callback.checkoutResourceUrl == "https://x")
    }

    @Test func configurationValidatesSchemeLocaleAndURL() {
        let configuration = MCSConfiguration(
            locale: "en US", checkoutId: "", checkoutUrl: URL(string: "http://masterpass.com/routing/v2/mobileapi/web-checkout")!,
            callbackScheme: "1fancy shop", allowedCardTypes: [])
        #expect(
            violationSummary(configuration) == [
                "locale [format.localeIdentifier]", "checkoutId [minLength]", "checkoutUrl [format.url]",
                "callbackScheme [format.urlScheme]", "allowedCardTypes [minItems]",
            ])
    }
}
