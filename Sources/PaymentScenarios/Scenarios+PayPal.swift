import Foundation
import Logging
import PayPalPayments
import PaymentFlowsCore
import PaymentMocks

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
    func paypal(_ payPalClient: PayPalClient, didFinishWithResult approvalResult: Approval) {
        calls.record("result")
        finished.resolve("approved \(approvalResult.orderID)")
    }
    func paypal(_ payPalClient: PayPalClient, didFinishWithError error: CoreSDKError) {
        calls.record("error")
        finished.resolve("error \(error.code)")
    }
    func paypalDidCancel(_ payPalClient: PayPalClient) {
        calls.record("cancel")
        finished.resolve("canceled")
    }
    func paypalWillStart(_ payPalClient: PayPalClient) {}
    func paypalDidShippingAddressChange(
        _ payPalClient: PayPalClient, shippingChange: ShippingChange, shippingChangeAction: ShippingChangeAction
    ) {
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
        self.client = PayAPIClient(
            transport: transport, baseURL: PayPalEnvironment.sandbox.baseURL,
            retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(20)), logger: logger)
        self.requestIDs = tokens
    }

    /// The sandbox's client id and secret: PayPal's sandbox takes any pair.
    static let clientCredentials = "Basic " + Data("sandbox-client-id:sandbox-client-secret".utf8).base64EncodedString()

    /// A token for the app (`CoreConfig(accessToken:)`).
    func accessToken() async throws -> String {
        switch try await client.send(
            CreateAccessTokenOperation(authorization: Self.clientCredentials, body: AccessTokenRequest(grantType: .clientCredentials)))
        {
        case .success(_, let body): return body.accessToken
        case .failure(let status, let body):
            throw CoreSDKError(
                code: NetworkingClientError.serverResponse.errorCode, domain: NetworkingClientError.errorDomain,
                errorDescription: body?.error ?? "HTTP \(status)")
        }
    }

    /// A new order of `amount` USD to capture (or to authorize, with `intent: .authorize`).
    func createOrder(token: String, amount: String = "10.00", intent: OrderIntent = .capture) async throws -> String {
        let body = CreateOrderRequest(
            intent: intent,
            purchaseUnits: [PurchaseUnitRequest(referenceId: "default", amount: AmountWithBreakdown(currencyCode: "USD", value: amount))])
        let operation = CreateOrderOperation(
            authorization: "Bearer " + token, requestID: PayPalRequestId(requestIDs.uuid().uuidString), body: body)
        switch try await client.send(operation) {
        case .success(_, let order): return order.id
        case .failure(let status, let body): throw Self.refusal(status, body)
        }
    }

    /// The guide's `authorizeOrder(result) // complete payment flow`, on the merchant server's side
    /// (the app only approves): captures an approved order of intent `CAPTURE`, or authorizes one of
    /// intent `AUTHORIZE` to capture later. One request id per attempt, reused by retries.
    func complete(orderID: String, intent: OrderIntent, token: String) async throws -> OrderResponse {
        let requestID = PayPalRequestId(requestIDs.uuid().uuidString)
        if intent == .authorize {
            switch try await client.send(
                AuthorizeOrderOperation(
                    orderID: orderID, authorization: "Bearer " + token, requestID: requestID, body: AuthorizeOrderRequest()))
            {
            case .success(_, let order): return order
            case .failure(let status, let body): throw Self.refusal(status, body)
            }
        }
        switch try await client.send(
            CaptureOrderOperation(orderID: orderID, authorization: "Bearer " + token, requestID: requestID, body: CaptureOrderRequest()))
        {
        case .success(_, let order): return order
        case .failure(let status, let body): throw Self.refusal(status, body)
        }
    }

    /// PayPal's refusal as the SDK's networking error, with PayPal's name and first issue.
    static func refusal(_ status: Int, _ body: PayPalErrorResponse?) -> CoreSDKError {
        let issue = body?.details?.first?.issue.map { " \($0)" } ?? ""
        return CoreSDKError(
            code: NetworkingClientError.serverResponse.errorCode, domain: NetworkingClientError.errorDomain,
            errorDescription: body.map { "\($0.name): \($0.message)\(issue)" } ?? "HTTP \(status)")
    }

    /// `captured COMPLETED 10.00 USD` or `authorized CREATED 10.00 USD`: what the order now holds.
    static func settlement(_ order: OrderResponse) -> String {
        let payments = order.purchaseUnits?.first?.payments
        if let capture = payments?.captures?.first {
            return "captured \(capture.status.rawValue) \(capture.amount?.value ?? "-") \(capture.amount?.currencyCode ?? "-")"
        }
        if let authorization = payments?.authorizations?.first {
            return
                "authorized \(authorization.status.rawValue) \(authorization.amount?.value ?? "-") \(authorization.amount?.currencyCode ?? "-")"
        }
        return "no payment"
    }
}

extension ScenarioCatalog {
    static let payPalCard = Card(
        number: "4111111111111111", expirationMonth: "01", expirationYear: "2030", securityCode: "737", cardholderName: "Ana Gomez")

    @MainActor
    static func payPalCard(
        _ context: ScenarioContext, _ threeDSecure: MockPayPalServer.ThreeDSecure, card: Card = payPalCard, withThreeDS: Bool = true,
        intent: OrderIntent = .capture,
        complete: Bool = false
    ) async throws -> String {
        let server = MockPayPalServer(
            threeDSecure: threeDSecure, transport: context.transport("PayPal"), browser: context.browser, seed: context.seed)
        let merchant = PayPalMerchantSteps(
            transport: server.transport, tokens: context.tokens, logger: context.logs.logger("PayPalMerchantServer"))
        let token = try await merchant.accessToken()
        context.secrets(card.number, card.securityCode, token)
        let orderID = try await merchant.createOrder(token: token, intent: intent)
        let config = CoreConfig(accessToken: AccessToken(token), environment: .sandbox)
        let client = CardClient(
            config: config, transport: server.transport, webSession: context.webSession, tokens: context.tokens,
            logger: context.logs.logger("PayPalPayments"))
        let delegate = ScenarioChallengeDelegate()
        client.threeDSecureChallengeDelegate = delegate
        defer { context.charged("PayPal order \(context.seed)", server.approvedOrders) }
        let threeDS =
            withThreeDS
            ? ThreeDSecureRequest(
                returnUrl: URL(string: "com.example.app://card/success")!, cancelUrl: URL(string: "com.example.app://card/cancel")!) : nil
        let result = try await client.approveOrder(request: CardRequest(orderID: orderID, card: card, threeDSecureRequest: threeDS))
        let approved =
            "approved status=\(result.status?.rawValue ?? "-") threeDS=\(result.didAttemptThreeDSecureAuthentication) events=\(delegate.events.events.joined(separator: ","))"
        guard complete else { return approved }
        // The app hands the approved order to its merchant server, which completes the payment.
        let completed = try await merchant.complete(orderID: result.orderID, intent: intent, token: token)
        context.charged("PayPal settlement \(context.seed)", server.settledOrders)
        return approved + "; \(PayPalMerchantSteps.settlement(completed)) order=\(completed.status.rawValue)"
    }

    @MainActor
    static func payPalWeb(_ context: ScenarioContext, _ outcome: MockPayPalServer.WebOutcome, complete: Bool = false) async throws -> String
    {
        let server = MockPayPalServer(transport: context.transport("PayPal"), browser: context.browser, seed: context.seed)
        server.webOutcome = outcome
        let merchant = PayPalMerchantSteps(
            transport: server.transport, tokens: context.tokens, logger: context.logs.logger("PayPalMerchantServer"))
        let token = try await merchant.accessToken()
        context.secrets(token)
        let orderID = try await merchant.createOrder(token: token)
        let config = CoreConfig(accessToken: AccessToken(token), environment: .sandbox)
        let client = PayPalWebCheckoutClient(config: config, webSession: context.webSession, logger: context.logs.logger("PayPalPayments"))
        defer { context.charged("PayPal web order \(context.seed)", server.approvedOrders) }
        let result = try await client.start(request: PayPalWebCheckoutRequest(orderID: orderID))
        guard complete else { return "approved order=\(result.orderID) payer=\(result.payerID)" }
        let completed = try await merchant.complete(orderID: result.orderID, intent: .capture, token: token)
        context.charged("PayPal settlement \(context.seed)", server.settledOrders)
        return "approved; \(PayPalMerchantSteps.settlement(completed)) order=\(completed.status.rawValue)"
    }

    /// The merchant server captures an order the payer never approved: PayPal refuses it.
    @MainActor
    static func payPalCaptureUnapproved(_ context: ScenarioContext) async throws -> String {
        let server = MockPayPalServer(transport: context.transport("PayPal"), browser: context.browser, seed: context.seed)
        let merchant = PayPalMerchantSteps(
            transport: server.transport, tokens: context.tokens, logger: context.logs.logger("PayPalMerchantServer"))
        let token = try await merchant.accessToken()
        context.secrets(token)
        let orderID = try await merchant.createOrder(token: token)
        defer { context.charged("PayPal settlement \(context.seed)", server.settledOrders) }
        let completed = try await merchant.complete(orderID: orderID, intent: .capture, token: token)
        return PayPalMerchantSteps.settlement(completed)
    }

    static let payPal: [FlowScenario] = [
        FlowScenario("paypal", "card", "approveOrder without 3-D Secure", expect: .completes("approved status=APPROVED threeDS=false")) {
            try await payPalCard($0, .notRequired, withThreeDS: false)
        },
        FlowScenario(
            "paypal", "card-3ds", "The order needs payer action: 3-D Secure challenge, then the order is approved",
            expect: .completes("approved status=APPROVED threeDS=true events=willLaunch,didFinish")
        ) {
            try await payPalCard($0, .passes)
        },
        FlowScenario("paypal", "card-3ds-canceled", "The buyer cancels the challenge", expect: .fails("CardClientErrorDomain.10")) {
            try await payPalCard($0, .canceled)
        },
        FlowScenario("paypal", "card-declined", "The card is declined: serverResponse", expect: .fails("NetworkingClientErrorDomain.6")) {
            context in
            var card = payPalCard
            card.number = MockPayPalServer.declinedCard
            return try await payPalCard(context, .notRequired, card: card, withThreeDS: false)
        },
        FlowScenario(
            "paypal", "card-capture", "approveOrder, then the merchant server captures the order (the guide's authorizeOrder(result))",
            expect: .completes("approved status=APPROVED threeDS=false events=; captured COMPLETED 10.00 USD order=COMPLETED")
        ) {
            try await payPalCard($0, .notRequired, withThreeDS: false, complete: true)
        },
        FlowScenario(
            "paypal", "card-3ds-authorize", "An AUTHORIZE order: 3-D Secure, approval, then the merchant server authorizes it",
            expect: .completes(
                "approved status=APPROVED threeDS=true events=willLaunch,didFinish; authorized CREATED 10.00 USD order=COMPLETED")
        ) {
            try await payPalCard($0, .passes, intent: .authorize, complete: true)
        },
        FlowScenario(
            "paypal", "capture-unapproved", "The merchant server captures an order nobody approved: 422 ORDER_NOT_APPROVED",
            expect: .fails("NetworkingClientErrorDomain.6")
        ) {
            try await payPalCaptureUnapproved($0)
        },
        FlowScenario("paypal", "web", "PayPal web checkout returns token and PayerID", expect: .completes("approved")) {
            try await payPalWeb($0, .approve)
        },
        FlowScenario(
            "paypal", "web-capture", "Web checkout, then the merchant server captures the order",
            expect: .completes("approved; captured COMPLETED 10.00 USD order=COMPLETED")
        ) {
            try await payPalWeb($0, .approve, complete: true)
        },
        FlowScenario("paypal", "web-cancel", "The buyer cancels web checkout", expect: .fails("PayPalClientErrorDomain.5")) {
            try await payPalWeb($0, .cancel)
        },
        FlowScenario(
            "paypal", "native-shipping", "Native checkout: address change approved, method change patched", expect: .completes("approved")
        ) { context in
            let client = PayPalClient(
                config: CoreConfig(accessToken: "A21AAF-sandbox-access-token", environment: .sandbox),
                paySheet: MockPaySheet(changes: [MockPaySheet.addressChange, MockPaySheet.methodChange]),
                logger: context.logs.logger("PayPalPayments"))
            let delegate = ScenarioNativeDelegate()
            client.delegate = delegate
            client.start { $0.set(orderId: "ORDER-\(context.seed)") }
            let outcome = await delegate.finished.wait(timeout: .seconds(10)) ?? "no outcome"
            context.charged("native delegate outcomes", delegate.calls.events.count)
            return outcome
        },
    ]
}
