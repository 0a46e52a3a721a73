// A Swift 6 app's view of the package: one file imports all five modules, uses their types
// unqualified, module-qualified names resolve against the modules, and one @MainActor view
// controller implements every delegate with no `nonisolated`, `@preconcurrency` or
// `@unchecked Sendable`. If any of that stopped compiling, this target would not build.
import AmazonPayMobile
import Foundation
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import SuiteMCommerce
import Testing

@MainActor
final class CheckoutViewController: MCSCheckoutDelegate, SuiteControllerDelegate, ThreeDSecureChallengePresentationDelegate,
    PayPalWebCheckoutDelegate, PayPalNativeCheckoutDelegate, PaymentFlowChooser
{
    var events: [String] = []
    let request = MCSCheckoutRequest(allowedCardTypes: [.master], amount: 10, currency: "USD", cartId: "cart-1")

    func getCheckoutRequest(withHandler handler: @escaping (MCSCheckoutRequest) -> Void) {
        events.append("request")
        handler(request)
    }
    func checkoutCompleted(withRequest request: MCSCheckoutRequest, status: MCSCheckoutStatus, transactionId: String?) {
        events.append("completed")
    }
    func didFinishPayProcess(_ response: String?, error: SuiteError?) { events.append("pay") }
    func didFinishAuthenticationProcess(_ tokenizeResponse: BeanTokenizeResponse?, error: SuiteError?) { events.append("auth") }
    func didFinishTokenizeTransantion(_ beanPaymentWithToken: BeanPaymentWithToken?, error: SuiteError?) { events.append("token") }
    func threeDSecureWillLaunch(_ cardClient: CardClient) { events.append("spinner") }
    func payPal(_ payPalClient: PayPalWebCheckoutClient, didFinishWithResult result: PayPalWebCheckoutResult) { events.append("web") }
    func payPal(_ payPalClient: PayPalWebCheckoutClient, didFinishWithError error: CoreSDKError) { events.append("webError") }
    func payPalDidCancel(_ payPalClient: PayPalWebCheckoutClient) { events.append("webCancel") }
    func paypal(_ payPalClient: PayPalClient, didFinishWithResult approvalResult: Approval) { events.append("native") }
    func paypal(_ payPalClient: PayPalClient, didFinishWithError error: CoreSDKError) { events.append("nativeError") }
    func paypalDidCancel(_ payPalClient: PayPalClient) { events.append("nativeCancel") }
    func paypalWillStart(_ payPalClient: PayPalClient) { events.append("willStart") }
    func paypalDidShippingAddressChange(
        _ payPalClient: PayPalClient, shippingChange: ShippingChange, shippingChangeAction: ShippingChangeAction
    ) {
        shippingChangeAction.approve()
    }
    func choose() async -> PaymentFlow { .internalBrowser }
}

@Suite("An app that imports every module")
@MainActor
struct AllModulesInOneFileTests {
    @Test func everyModuleIsUsableUnqualifiedInOneFile() throws {
        // One type from each module, by its unqualified name.
        let checkout = MCSCheckoutRequest(
            allowedCardTypes: [.master, .visa], amount: Decimal(string: "11.22")!, currency: "USD", cartId: "cart-1")
        let environment: Environment = .sandbox  // MIT's Environment (the guide's name)
        let payPalEnvironment: PayPalEnvironment = .sandbox
        let price = AmazonPayPrice(amount: "1080", currencyCode: "JPY")
        let address = PayPalAddress(addressLine1: "1 Main St", locality: "San Jose", region: "CA", postalCode: "95131", countryCode: "US")
        let settings = MollieCheckoutSettings(
            baseUrl: URL(string: "https://backend.example")!, selectPaymentMethod: false, paymentFlow: .choose)
        #expect(checkout.violations.isEmpty && price.violations.isEmpty && address.violations.isEmpty && settings.violations.isEmpty)
        #expect(environment.rawValue == "SANDBOX" && payPalEnvironment != .live)
    }

    @Test func moduleQualifiedNamesResolveAgainstTheModules() {
        // `MCSCommerceWeb.` names the module, so qualified names work as in any other package.
        let request: MCSCommerceWeb.MCSCheckoutRequest = MCSCommerceWeb.MCSCheckoutRequest(
            allowedCardTypes: [.visa], amount: 1, currency: "USD", cartId: "c")
        let manager: MCSCommerceClient = MCSCommerceWeb.sharedManager()  // the guide's spelling
        let errorBody: PayPalPayments.PayPalErrorResponse? = nil
        let amazonError: AmazonPayMobile.AmazonPayErrorResponse? = nil
        #expect(request.cartId == "c" && manager === MCSCommerceWeb.sharedManager() && errorBody == nil && amazonError == nil)
    }

    @Test func oneViewControllerIsEveryDelegate() async throws {
        let controller = CheckoutViewController()
        let commerce = MCSCommerceClient(webSession: ImmediateCancel())
        try commerce.configure(
            MCSConfiguration(
                locale: "en_US", checkoutId: "checkout-1", checkoutUrl: URL(string: "https://sandbox.src.mastercard.com/srci")!,
                callbackScheme: "fancyshop", allowedCardTypes: [.master]))
        let result = try await commerce.getCheckoutButton(withDelegate: controller).tap()
        #expect(result.status == .canceled)
        #expect(controller.events == ["request", "completed"])
    }
}

/// A web session whose user closes the page at once.
struct ImmediateCancel: WebSession {
    func open(_ url: URL, callback: WebSessionCallback) async throws -> URL { throw WebSessionError.canceled }
}
