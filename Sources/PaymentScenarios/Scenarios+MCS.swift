import Foundation
import MCSCommerceWeb
import PaymentFlowsCore
import PaymentMocks

@MainActor
final class ScenarioCheckoutDelegate: MCSCheckoutDelegate {
    let request: MCSCheckoutRequest
    let completions = Recorder<MCSCheckoutStatus>()

    init(request: MCSCheckoutRequest) { self.request = request }

    func getCheckoutRequest(withHandler handler: @escaping (MCSCheckoutRequest) -> Void) { handler(request) }

    func checkoutCompleted(withRequest request: MCSCheckoutRequest, status: MCSCheckoutStatus, transactionId: String?) {
        completions.record(status)
    }
}

extension ScenarioCatalog {
    @MainActor
    static func mcsCheckout(
        _ context: ScenarioContext, _ outcome: MockSRCCheckout.Outcome, request: MCSCheckoutRequest? = nil
    ) async throws -> String {
        MockSRCCheckout.install(on: context.browser, callbackScheme: "fancyshop", outcome: { outcome }, transactionIds: context.tokens)
        let commerce = MCSCommerceClient(webSession: context.webSession, logger: context.logs.logger("MCSCommerceWeb"))
        try commerce.configure(
            MCSConfiguration(
                locale: "en_US", checkoutId: "1d45705100044e14b52e71730e71cc5a",
                checkoutUrl: URL(string: "https://sandbox.masterpass.com/routing/v2/mobileapi/web-checkout")!, callbackScheme: "fancyshop",
                allowedCardTypes: [.master, .visa]))
        let checkoutRequest =
            request
            ?? MCSCheckoutRequest(
                allowedCardTypes: [.master, .visa], amount: Decimal(string: "11.22")!, currency: "USD",
                cartId: context.tokens.uuid().uuidString.lowercased(),
                cryptoOptions: [MCSCryptoOptions(cardType: .master, format: [.icc, .ucaf])], suppressShippingAddress: true,
                unpredictableNumber: "12345678")
        let delegate = ScenarioCheckoutDelegate(request: checkoutRequest)
        defer { context.charged("delegate callbacks for \(checkoutRequest.cartId)", delegate.completions.events.count) }
        let result = try await commerce.getCheckoutButton(withDelegate: delegate).tap()
        guard delegate.completions.events == [result.status] else {
            throw MCSCommerceWebError(.webSessionFailed, "the delegate was not told exactly once")
        }
        return result.status == .success ? "success transactionId=\(result.transactionId ?? "")" : "canceled"
    }

    static let mcs: [FlowScenario] = [
        FlowScenario("mcs", "success", "SRC checkout: button, hosted page, oauth_token callback", expect: .completes("success")) {
            try await mcsCheckout($0, .success)
        },
        FlowScenario("mcs", "cancel", "The buyer cancels: mpstatus=cancel is reported as canceled", expect: .completes("canceled")) {
            try await mcsCheckout($0, .cancel)
        },
        FlowScenario("mcs", "failure", "mpstatus=failure is reported as canceled, without a transaction id", expect: .completes("canceled"))
        {
            try await mcsCheckout($0, .failure)
        },
        FlowScenario("mcs", "closed", "The buyer closes the web view", expect: .completes("canceled")) {
            try await mcsCheckout($0, .closed)
        },
        FlowScenario("mcs", "wrong-scheme", "The page returns to another app's scheme", expect: .fails("MCSCommerceWeb.callbackMismatch")) {
            try await mcsCheckout($0, .wrongScheme)
        },
        FlowScenario(
            "mcs", "invalid-request", "A request with amount 0 and currency 'usd' never reaches the page",
            expect: .fails("MCSCommerceWeb.invalidRequest")
        ) {
            try await mcsCheckout(
                $0, .success, request: MCSCheckoutRequest(allowedCardTypes: [.master], amount: 0, currency: "usd", cartId: "cart-1"))
        },
    ]
}
