import Foundation
import Logging
import PaymentMocks
import PayPalPayments
import PaymentFlowsCore

@MainActor
final class ScenarioChallengeDelegate: ThreeDSecureChallengePresentationDelegate {
    let events = Recorder<String>()
    func threeDSecureWillLaunch(_ cardClient: CardClient) { events.record("willLaunch") }
    func threeDSecureDidFinish(_ cardClient: CardClient) { events.record("didFinish") }
    func threeDSecureDidCancel(_ cardClient: CardClient) { events.record("didCancel") }
}

@MainActor
final class ScenarioNativeDelegate: PayPalNativeCheckoutDelegate {
    let finished = OneShot<String>()
    let calls = Recorder<String>()
    func paypal(_ payPalClient: PayPalClient, didFinishWithResult approvalResult: Approval) { calls.record("result"); finished.resolve("approved \(approvalResult.orderID)") }
    func paypal(_ payPalClient: PayPalClient, didFinishWithError error: CoreSDKError) { calls.record("error"); finished.resolve("error \(error.code)") }
    func paypalDidCancel(_ payPalClient: PayPalClient) { calls.record("cancel"); finished.resolve("canceled") }
    func paypalWillStart(_ payPalClient: PayPalClient) {}
    func paypalDidShippingAddressChange(_ payPalClient: PayPalClient, shippingChange: ShippingChange, shippingChangeAction: ShippingChangeAction) {
        shippingChange.type == .shippingMethod ? shippingChangeAction.patch() : shippingChangeAction.approve()
    }
}

/// The merchant server's half of a PayPal checkout, as PayPal's contract has it: a token for the
/// server's client credentials (HTTP Basic), then an order whose id the app approves. The client
/// secret stays on this side; the app gets the token and the order id only.
struct PayPalMerchantSteps {
    let client: PayAPIClient
    let requestIDs: TokenSource

    init(transport: MockProviderTransport, tokens: TokenSource, logger: Logger) {
        self.client = PayAPIClient(transport: transport, baseURL: PayPalEnvironment.sandbox.baseURL, retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(20)), logger: logger)
        self.requestIDs = tokens
    }

    /// The sandbox's client id and secret: PayPal's sandbox takes any pair.
    static let clientCredentials = "Basic " + Data("sandbox-client-id:sandbox-client-secret".utf8).base64EncodedString()

    /// A token for the app (`CoreConfig(accessToken:)`).
    func accessToken() async throws -> String {
        switch try await client.send(CreateAccessTokenOperation(authorization: Self.clientCredentials, body: AccessTokenRequest(grantType: .clientCredentials))) {
        case .success(_, let body): return body.accessToken
        case .failure(let status, let body): throw CoreSDKError(code: NetworkingClientError.serverResponse.errorCode, domain: NetworkingClientError.errorDomain, errorDescription: body?.error ?? "HTTP \(status)")
        }
    }

    /// A new order of `amount` USD to capture.
    func createOrder(token: String, amount: String = "10.00") async throws -> String {
        let body = CreateOrderRequest(intent: .capture, purchaseUnits: [PurchaseUnitRequest(referenceId: "default", amount: PayPalMoney(currencyCode: "USD", value: amount))])
        let operation = CreateOrderOperation(authorization: "Bearer " + token, requestID: requestIDs.uuid().uuidString, body: body)
        switch try await client.send(operation) {
        case .success(_, let order): return order.id
        case .failure(let status, let body): throw CoreSDKError(code: NetworkingClientError.serverResponse.errorCode, domain: NetworkingClientError.errorDomain, errorDescription: body.map { "\($0.name): \($0.message)" } ?? "HTTP \(status)")
        }
    }
}

extension ScenarioCatalog {
    static let payPalCard = Card(number: "4111111111111111", expirationMonth: "01", expirationYear: "2030", securityCode: "737", cardholderName: "Ana Gomez")

    @MainActor
    static func payPalCard(_ context: ScenarioContext, _ threeDSecure: MockPayPalServer.ThreeDSecure, card: Card = payPalCard, withThreeDS: Bool = true) async throws -> String {
        let server = MockPayPalServer(threeDSecure: threeDSecure, transport: context.transport("PayPal"), browser: context.browser, seed: context.seed)
        let merchant = PayPalMerchantSteps(transport: server.transport, tokens: context.tokens, logger: context.logs.logger("PayPalMerchantServer"))
        let token = try await merchant.accessToken()
        context.secrets(card.number, card.securityCode, token)
        let orderID = try await merchant.createOrder(token: token)
        let config = CoreConfig(accessToken: AccessToken(token), environment: .sandbox)
        let client = CardClient(config: config, transport: server.transport, webSession: context.webSession, tokens: context.tokens, logger: context.logs.logger("PayPalPayments"))
        let delegate = ScenarioChallengeDelegate()
        client.threeDSecureChallengeDelegate = delegate
        defer { context.charged("PayPal order \(context.seed)", server.approvedOrders) }
        let threeDS = withThreeDS ? ThreeDSecureRequest(returnUrl: URL(string: "com.example.app://card/success")!, cancelUrl: URL(string: "com.example.app://card/cancel")!) : nil
        let result = try await client.approveOrder(request: CardRequest(orderID: orderID, card: card, threeDSecureRequest: threeDS))
        return "approved status=\(result.status?.rawValue ?? "-") threeDS=\(result.didAttemptThreeDSecureAuthentication) events=\(delegate.events.events.joined(separator: ","))"
    }

    @MainActor
    static func payPalWeb(_ context: ScenarioContext, _ outcome: MockPayPalServer.WebOutcome) async throws -> String {
        let server = MockPayPalServer(transport: context.transport("PayPal"), browser: context.browser, seed: context.seed)
        server.webOutcome = outcome
        let merchant = PayPalMerchantSteps(transport: server.transport, tokens: context.tokens, logger: context.logs.logger("PayPalMerchantServer"))
        let token = try await merchant.accessToken()
        context.secrets(token)
        let orderID = try await merchant.createOrder(token: token)
        let config = CoreConfig(accessToken: AccessToken(token), environment: .sandbox)
        let client = PayPalWebCheckoutClient(config: config, webSession: context.webSession, logger: context.logs.logger("PayPalPayments"))
        defer { context.charged("PayPal web order \(context.seed)", server.approvedOrders) }
        let result = try await client.start(request: PayPalWebCheckoutRequest(orderID: orderID))
        return "approved order=\(result.orderID) payer=\(result.payerID)"
    }

    static let payPal: [FlowScenario] = [
        FlowScenario("paypal", "card", "approveOrder without 3-D Secure", expect: .completes("approved status=APPROVED threeDS=false")) {
            try await payPalCard($0, .notRequired, withThreeDS: false)
        },
        FlowScenario("paypal", "card-3ds", "The order needs payer action: 3-D Secure challenge, then the order is approved", expect: .completes("approved status=APPROVED threeDS=true events=willLaunch,didFinish")) {
            try await payPalCard($0, .passes)
        },
        FlowScenario("paypal", "card-3ds-canceled", "The buyer cancels the challenge", expect: .fails("CardClientErrorDomain.10")) {
            try await payPalCard($0, .canceled)
        },
        FlowScenario("paypal", "card-declined", "The card is declined: serverResponse", expect: .fails("NetworkingClientErrorDomain.6")) { context in
            var card = payPalCard
            card.number = MockPayPalServer.declinedCard
            return try await payPalCard(context, .notRequired, card: card, withThreeDS: false)
        },
        FlowScenario("paypal", "web", "PayPal web checkout returns token and PayerID", expect: .completes("approved")) { try await payPalWeb($0, .approve) },
        FlowScenario("paypal", "web-cancel", "The buyer cancels web checkout", expect: .fails("PayPalClientErrorDomain.5")) { try await payPalWeb($0, .cancel) },
        FlowScenario("paypal", "native-shipping", "Native checkout: address change approved, method change patched", expect: .completes("approved")) { context in
            let client = PayPalClient(config: CoreConfig(accessToken: "A21AAF-sandbox-access-token", environment: .sandbox), paySheet: MockPaySheet(changes: [MockPaySheet.addressChange, MockPaySheet.methodChange]), logger: context.logs.logger("PayPalPayments"))
            let delegate = ScenarioNativeDelegate()
            client.delegate = delegate
            client.start { $0.set(orderId: "ORDER-\(context.seed)") }
            let outcome = await delegate.finished.wait(timeout: .seconds(10)) ?? "no outcome"
            context.charged("native delegate outcomes", delegate.calls.events.count)
            return outcome
        },
    ]
}
