import Foundation
import MCSCommerceWeb
import PaymentMocks
import Testing

/// A 2019 app's Masterpass integration, transcribed from the guide's `MCCMerchant` era: it keeps
/// compiling under `import MCSCommerceWeb` (with deprecation warnings, silenced here by marking
/// the app deprecated) and runs the new SRC checkout underneath.
@available(*, deprecated, message: "Uses the legacy MCCMerchant API on purpose")
@MainActor
final class Legacy2019App: MCCMerchantDelegate {
    let cartId: String
    /// The request's card types; 2019 apps often left them out (the merchant's Masterpass
    /// configuration decided).
    let cardTypes: [MCSCardType]?
    let responses = Recorder<MCCCheckoutResponse>()
    let failures = Recorder<String>()
    let done = OneShot<Bool>()

    init(cartId: String, cardTypes: [MCSCardType]? = [.master, .visa]) {
        self.cartId = cartId
        self.cardTypes = cardTypes
    }

    func checkoutRequest(forMerchant merchant: MCCMerchant.Type) -> MCCCheckoutRequest {
        MainActor.assertIsolated()
        let amount = MCCAmount(total: Decimal(string: "11.22")!, currencyCode: "USD", currencyNumber: "840")
        return MCCCheckoutRequest(
            checkoutId: "1d45705100044e14b52e71730e71cc5a", allowedCardTypes: cardTypes, amount: amount, cartId: cartId,
            shippingProfileId: "US-only", isShippingRequired: false, suppress3DS: true, callbackUrl: "fancyshop://",
            cryptogramTypes: [.ucaf, .icc, .tavv], unpredictableNumber: "12345678")
    }

    func didGetCheckoutResponse(_ checkoutResponse: MCCCheckoutResponse) {
        MainActor.assertIsolated()
        responses.record(checkoutResponse)
        done.resolve(true)
    }

    func didFailWithError(_ error: any Error) {
        MainActor.assertIsolated()
        failures.record("\(error)")
        done.resolve(true)
    }
}

@available(*, deprecated, message: "Uses the legacy MCCMerchant API on purpose")
@MainActor
struct MigrationHarness {
    static func configure(_ outcome: MockSRCCheckout.Outcome) throws -> MockBrowser {
        let browser = MockBrowser()
        MockSRCCheckout.install(on: browser, callbackScheme: "fancyshop", outcome: { outcome }, transactionIds: .seeded(99))
        MCSCommerceWeb.sharedManager().setWebSession(browser)
        try MCCMerchant.initialize(
            withConfiguration: MCCConfiguration(
                locale: "en_US", checkoutId: "1d45705100044e14b52e71730e71cc5a", allowedCardTypes: [.master, .visa],
                checkoutUrl: URL(string: "https://sandbox.masterpass.com/routing/v2/mobileapi/web-checkout")!, callbackScheme: "fancyshop",
                merchantName: "Fancy Shop"))
        return browser
    }

    static func legacyCheckout(
        _ outcome: MockSRCCheckout.Outcome, cardTypes: [MCSCardType]? = [.master, .visa]
    ) async throws -> (Legacy2019App, MockBrowser) {
        let browser = try configure(outcome)
        let app = Legacy2019App(cartId: "cart-2019", cardTypes: cardTypes)
        #expect(MCCMerchant.handleMasterpassResponse("fancyshop://ignored", delegate: app))
        MCCMerchant.paymentMethodCheckout(app)
        _ = await app.done.wait(timeout: .seconds(60))
        return (app, browser)
    }
}

@Suite("MCCMerchant under import MCSCommerceWeb", .serialized)
@MainActor
struct MCCMerchantMigrationTests {
    @available(*, deprecated, message: "Uses the legacy MCCMerchant API on purpose")
    @Test func a2019AppChecksOutAndGetsTheSameTransactionAsTheNewAPI() async throws {
        let (app, browser) = try await MigrationHarness.legacyCheckout(.success)
        let response = try #require(app.responses.events.first)
        #expect(app.responses.events.count == 1 && app.failures.events.isEmpty)
        #expect(response.cartId == "cart-2019")
        #expect(response.responseType == .webCheckout)
        #expect(response.pairingTransactionID == nil && response.pairingUserID == nil)
        #expect(
            browser.openedURLs.map(\.absoluteString) == [
                "https://sandbox.masterpass.com/routing/v2/mobileapi/web-checkout/?checkoutId=1d45705100044e14b52e71730e71cc5a&cartId=cart-2019&amount=11.22&currency=USD&allowedCardTypes=master%2Cvisa&suppressShippingAddress=true&locale=en_US&channel=mobile&masterCryptoFormat=ICC%2CUCAF&visaCryptoFormat=TVV&suppress3Ds=true&unpredictableNumber=12345678&shippingLocationProfile=US-only"
            ])
        // The same world again, driven through the new API: the same transaction id comes back.
        _ = try MigrationHarness.configure(.success)
        let request = Legacy2019App(cartId: "cart-2019").checkoutRequest(forMerchant: MCCMerchant.self).toMCSCheckoutRequest()
        let newAPI = try await MCSCommerceWeb.sharedManager().checkout(request: request)
        #expect(newAPI.status == .success)
        #expect(response.transactionId != nil)
        #expect(response.transactionId == newAPI.transactionId)
    }

    /// The guide makes `MCSCheckoutRequest.allowedCardTypes` required; a legacy request without
    /// card types converts to every network, and the shim narrows that to the configuration's.
    @available(*, deprecated, message: "Uses the legacy MCCMerchant API on purpose")
    @Test func aLegacyRequestWithoutCardTypesTakesTheConfigurations() async throws {
        let converted = Legacy2019App(cartId: "c", cardTypes: nil).checkoutRequest(forMerchant: MCCMerchant.self).toMCSCheckoutRequest()
        #expect(converted.allowedCardTypes == [.master, .visa, .amex, .diners, .discover, .jcb])
        #expect(converted.violations.isEmpty)
        let (app, browser) = try await MigrationHarness.legacyCheckout(.success, cardTypes: nil)
        #expect(app.responses.events.count == 1 && app.failures.events.isEmpty)
        #expect(browser.openedURLs.first?.absoluteString.contains("&allowedCardTypes=master%2Cvisa&") == true, "\(browser.openedURLs)")
    }

    @available(*, deprecated, message: "Uses the legacy MCCMerchant API on purpose")
    @Test func aCanceledCheckoutHasNoTransactionId() async throws {
        let (app, _) = try await MigrationHarness.legacyCheckout(.cancel)
        #expect(app.responses.events.count == 1)
        #expect(app.responses.events.first?.transactionId == nil)
        #expect(app.responses.events.first?.cartId == "cart-2019")
    }

    @available(*, deprecated, message: "Uses the legacy MCCMerchant API on purpose")
    @Test func conversionsFollowTheGuide() throws {
        let request = Legacy2019App(cartId: "c").checkoutRequest(forMerchant: MCCMerchant.self).toMCSCheckoutRequest()
        #expect(request.amount == Decimal(string: "11.22"))
        #expect(request.currency == "USD")
        #expect(request.suppressShippingAddress == true)
        #expect(request.shippingLocationProfile == "US-only")
        #expect(request.suppress3Ds == true)
        #expect(
            request.cryptoOptions == [
                MCSCryptoOptions(cardType: .master, format: [.ucaf, .icc]), MCSCryptoOptions(cardType: .visa, format: [.tvv]),
            ])
        #expect(request.violations.isEmpty)
        let response = MCCCheckoutResponse(
            request: request, result: MCSCheckoutResult(status: .success, transactionId: "tx", checkoutResourceURL: "https://x"))
        #expect(
            response.cartId == "c" && response.transactionId == "tx" && response.checkoutResourceURL == "https://x"
                && response.responseType == .webCheckout)
        #expect(
            try PayWire.decodeJSON(MCCCheckoutResponse.self, from: Data(#"{"transactionId":"tx","responseType":2}"#.utf8)).transactionId
                == "tx")
    }

    @available(*, deprecated, message: "Uses the legacy MCCMerchant API on purpose")
    @Test func addPaymentMethodAndLegacyErrorCodes() async {
        let method = OneShot<MCCPaymentMethod>()
        // The guide's `addMasterpassPaymentMethod:withCompletionBlock:`, with a delegate typed by the
        // deprecated `MCCDelegate` name the guide also uses.
        let merchantDelegate: any MCCDelegate = Legacy2019App(cartId: "x")
        MCCMerchant.addMasterpassPaymentMethod(
            merchantDelegate,
            withCompletionBlock: { paymentMethod, error in
                #expect(error == nil)
                method.resolve(paymentMethod)
            })
        let added = await method.wait(timeout: .seconds(60))
        #expect(added?.paymentMethodName == "Click to Pay")
        #expect(added?.paymentMethodLogo == "src-logo")
        #expect(MCCMerchantError(code: 10012) == .transactionCancelled)
        #expect(MCCMerchantError.transactionCancelled.domain == "com.masterpass.mccmerchant.transactionCancelled")
    }
}
