import Foundation
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import SuiteMCommerce
import Testing

/// The guides' samples compile (this target builds) and behave as the guides say where they can
/// run without a provider.
@Suite("The guides' code")
@MainActor
struct GuideSamplesTests {
    @Test func mcsRequestBuiltAsTheGuideDoesIsValid() {
        let controller = SomeViewController()
        var built: MCSCheckoutRequest?
        controller.getCheckoutRequest { built = $0 }
        let request = built
        #expect(request?.violations.isEmpty == true, "\(request?.violations ?? [])")
        #expect(request?.amount == Decimal(string: "11.22"))
        #expect(request?.cryptoOptions?.count == 2)
        // An empty request, as the guide starts from, is invalid until filled in.
        #expect(MCSCheckoutRequest().violations.map(\.path.description).sorted() == ["allowedCardTypes", "amount", "cartId", "currency"])
    }

    @Test func mcsConfigurationFromALocaleAndStrings() {
        let good = MCSConfiguration(locale: Locale(identifier: "en_us"), checkoutId: "1d45", checkoutUrl: "https://masterpass.com/routing/v2/mobileapi/web-checkout",
                                    callbackScheme: "fancyshop", allowedCardTypes: [.master, .visa])
        #expect(good.violations.isEmpty && good.locale == "en_us")
        let bad = MCSConfiguration(
            locale: Locale(identifier: "en_US"), checkoutId: "1d45", checkoutUrl: "not a url", callbackScheme: "fancyshop",
            allowedCardTypes: [.master])
        #expect(bad.violations.map(\.path.description) == ["checkoutUrl"])
    }

    @Test func mitErrorsOfTheInitializerReachTheDelegateOnTheMainActor() async throws {
        // DEV has no published URL: as the guide says, the controller reports C002 (here, to the delegate).
        let controller = MITViewController()
        controller.start(environment: .dev)
        while controller.outcomes.isEmpty { await Task.yield() }
        #expect(controller.outcomes == ["C002"])
    }

    @Test func paypalClientsWithoutAWebSessionFailClearly() async throws {
        // `CardClient(config:)` as in the guide: URLSession transport, the app's default web session.
        // None was set, so a page cannot open: a typed error, not a hang or a trap.
        let client = PayPalWebCheckoutClient(config: CoreConfig(accessToken: "ACCESS_TOKEN", environment: .sandbox))
        await #expect {
            _ = try await client.start(request: PayPalWebCheckoutRequest(orderID: "ORDER_ID"))
        } throws: { error in
            (error as? CoreSDKError)?.matches(PayPalClientError.webSession) == true
        }
    }

    /// The guide's settings table, by the demo's names.
    @Test func mollieSettingsByTheGuidesNames() {
        var settings = MollieCheckoutSettings(kBaseUrl: URL(string: "https://backend.example")!, kSelectPaymentMethod: true, kPaymentFlow: .choose)
        #expect(settings.baseUrl.host == "backend.example" && settings.selectPaymentMethod && settings.paymentFlow == .choose)
        settings.kPaymentFlow = .internalBrowser
        settings.kSelectPaymentMethod = false
        settings.kBaseUrl = URL(string: "https://other.example")!
        #expect(settings == MollieCheckoutSettings(baseUrl: URL(string: "https://other.example")!, selectPaymentMethod: false, paymentFlow: .internalBrowser))
        #expect(settings.violations.isEmpty)
    }

    @Test func mollieServicesAreConstructible() {
        let device = DeviceUUID(UUID().uuidString)
        let payments = PaymentsService(baseUrl: URL(string: "https://backend.example")!, device: device)
        let methods = MethodsService(baseUrl: URL(string: "https://backend.example")!, device: device)
        _ = (payments, methods)
    }
}
