import Foundation
import PayPalPayments
import PaymentFlowsCore
import PaymentMocks
import PaymentServerCore
import Testing

@MainActor
final class ChallengeDelegate: ThreeDSecureChallengePresentationDelegate {
    let events = Recorder<String>()
    func threeDSecureWillLaunch(_ cardClient: CardClient) {
        MainActor.assertIsolated()
        events.record("willLaunch")
    }
    func threeDSecureDidFinish(_ cardClient: CardClient) {
        MainActor.assertIsolated()
        events.record("didFinish")
    }
    func threeDSecureDidCancel(_ cardClient: CardClient) {
        MainActor.assertIsolated()
        events.record("didCancel")
    }
}

@MainActor
final class NativeDelegate: PayPalNativeCheckoutDelegate {
    let events = Recorder<String>()
    let approvals = Recorder<Approval>()
    let done = OneShot<Bool>()
    let answer: @Sendable (ShippingChange, ShippingChangeAction) -> Void

    init(answer: @escaping @Sendable (ShippingChange, ShippingChangeAction) -> Void = { _, responder in responder.approve() }) {
        self.answer = answer
    }

    func paypal(_ payPalClient: PayPalClient, didFinishWithResult approvalResult: Approval) {
        MainActor.assertIsolated()
        events.record("result \(approvalResult.orderID)")
        approvals.record(approvalResult)
        done.resolve(true)
    }
    func paypal(_ payPalClient: PayPalClient, didFinishWithError error: CoreSDKError) {
        MainActor.assertIsolated()
        events.record("error \(error.domain) \(error.code)")
        done.resolve(true)
    }
    func paypalDidCancel(_ payPalClient: PayPalClient) {
        MainActor.assertIsolated()
        events.record("cancel")
        done.resolve(true)
    }
    func paypalWillStart(_ payPalClient: PayPalClient) {
        MainActor.assertIsolated()
        events.record("willStart")
    }
    func paypalDidShippingAddressChange(
        _ payPalClient: PayPalClient, shippingChange: ShippingChange, shippingChangeAction: ShippingChangeAction
    ) {
        MainActor.assertIsolated()
        events.record("change \(shippingChange.type.rawValue)")
        answer(shippingChange, shippingChangeAction)
    }
}

@Suite("PayPalPayments flows")
@MainActor
struct PayPalFlowTests {
    nonisolated static let config = CoreConfig(accessToken: "A21AAF-secret-access-token", environment: .sandbox)
    nonisolated static let card = Card(
        number: "4111111111111111", expirationMonth: "01", expirationYear: "2030", securityCode: "123", cardholderName: "Ana Gomez",
        billingAddress: PayPalAddress(
            addressLine1: "2211 N First Street", locality: "San Jose", region: "CA", postalCode: "95131", countryCode: "US"))
    nonisolated static let threeDS = ThreeDSecureRequest(
        sca: .whenRequired, returnUrl: URL(string: "com.example.app://card/success")!,
        cancelUrl: URL(string: "com.example.app://card/cancel")!)

    struct Fixture {
        let browser = MockBrowser()
        let server: MockPayPalServer
        let client: CardClient
        let challenge = ChallengeDelegate()
        let logs = LogCapture()

        init(_ threeDSecure: MockPayPalServer.ThreeDSecure) {
            server = MockPayPalServer(threeDSecure: threeDSecure, browser: browser)
            // The merchant server's part: a token for the app and the orders the tests approve.
            server.acceptAccessToken(PayPalFlowTests.config.accessToken.rawValue)
            for id in ["5O190127TN364715T", "ORDER-3DS", "O"] { server.seedOrder(id: id) }
            client = CardClient(
                config: PayPalFlowTests.config, transport: server.transport, webSession: browser, tokens: .seeded(5), logger: logs.logger())
            client.threeDSecureChallengeDelegate = challenge
        }
    }

    @Test func cardWithoutThreeDSecure() async throws {
        let fixture = Fixture(.notRequired)
        let result = try await fixture.client.approveOrder(request: CardRequest(orderID: "5O190127TN364715T", card: Self.card))
        #expect(result == CardResult(orderID: "5O190127TN364715T", status: .approved, didAttemptThreeDSecureAuthentication: false))
        let sent = fixture.server.transport.requests
        #expect(sent.map(\.description) == ["POST /v2/checkout/orders/5O190127TN364715T/confirm-payment-source"])
        #expect(sent[0].header("authorization") == "Bearer A21AAF-secret-access-token")
        #expect(sent[0].header("paypal-request-id")?.count == 36)
        let body = try sent[0].decode(ConfirmPaymentSourceRequest.self)
        #expect(body.paymentSource.card?.expiry == "2030-01")
        #expect(body.paymentSource.card?.billingAddress?.countryCode == "US")
        #expect(body.applicationContext == nil)
        #expect(fixture.challenge.events.events.isEmpty)
        #expect(fixture.browser.openedURLs.isEmpty)
        let logged = fixture.logs.all.joined(separator: "\n")
        for secret in ["4111111111111111", "A21AAF-secret-access-token", "\"123\""] { #expect(!logged.contains(secret)) }
    }

    @Test func cardWithThreeDSecureChallenge() async throws {
        let fixture = Fixture(.passes)
        let result = try await fixture.client.approveOrder(
            request: CardRequest(orderID: "ORDER-3DS", card: Self.card, threeDSecureRequest: Self.threeDS))
        #expect(result == CardResult(orderID: "ORDER-3DS", status: .approved, didAttemptThreeDSecureAuthentication: true))
        #expect(fixture.challenge.events.events == ["willLaunch", "didFinish"])
        #expect(
            fixture.server.transport.requests.map(\.description) == [
                "POST /v2/checkout/orders/ORDER-3DS/confirm-payment-source", "GET /v2/checkout/orders/ORDER-3DS",
            ])
        #expect(
            fixture.browser.openedURLs.first?.absoluteString.hasPrefix(
                "https://www.sandbox.paypal.com/webapps/helios?action=verify&token=ORDER-3DS") == true)
        let body = try fixture.server.transport.requests[0].decode(ConfirmPaymentSourceRequest.self)
        #expect(body.paymentSource.card?.attributes?.verification?.method == .scaWhenRequired)
        #expect(body.applicationContext?.returnUrl == Self.threeDS.returnUrl)
        #expect(fixture.server.approvedOrders == 1)
    }

    /// The guide's 3-D Secure choice reaches the wire as PayPal spells it and decides the challenge:
    /// `ThreeDSecureRequest(sca: .always)` sends `SCA_ALWAYS`, and the sandbox challenges that card
    /// though its bank would not ask (the `notRequired` scenario), as PayPal documents; `.whenRequired`
    /// sends `SCA_WHEN_REQUIRED` and is not challenged there. A client that maps either choice to the
    /// other fails one of the two cases.
    @Test(arguments: [(SCA.always, true), (SCA.whenRequired, false)])
    func theScaChoiceDecidesTheChallenge(_ sca: SCA, challenged: Bool) async throws {
        let fixture = Fixture(.notRequired)
        let request = ThreeDSecureRequest(sca: sca, returnUrl: Self.threeDS.returnUrl, cancelUrl: Self.threeDS.cancelUrl)
        let result = try await fixture.client.approveOrder(
            request: CardRequest(orderID: "ORDER-3DS", card: Self.card, threeDSecureRequest: request))
        #expect(result == CardResult(orderID: "ORDER-3DS", status: .approved, didAttemptThreeDSecureAuthentication: challenged))
        #expect(fixture.challenge.events.events == (challenged ? ["willLaunch", "didFinish"] : []))
        let body = try fixture.server.transport.requests[0].decode(ConfirmPaymentSourceRequest.self)
        #expect(body.paymentSource.card?.attributes?.verification?.method == (sca == .always ? .scaAlways : .scaWhenRequired))
        let wire = String(decoding: fixture.server.transport.requests[0].body, as: UTF8.self)
        #expect(wire.contains(sca == .always ? "\"SCA_ALWAYS\"" : "\"SCA_WHEN_REQUIRED\""), "\(wire.count) bytes")
    }

    /// The `payer-action` link is written out for the usual ids; an id with characters a query
    /// value cannot hold as they are (a fixture's, or a merchant's own) is escaped and reads back whole.
    @Test(arguments: ["ORDER-3DS", "ORDER+3DS&x=1 é"])
    func thePayerActionLinkCarriesTheOrderID(_ id: String) async throws {
        let fixture = Fixture(.passes)
        fixture.server.seedOrder(id: id)
        let escaped = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.subtracting(CharacterSet(charactersIn: "é"))) ?? id
        let body = Data(
            #"{"payment_source":{"card":{"number":"4111111111111111","expiry":"2030-01","security_code":"123","name":"Ana Gomez"}}}"#.utf8)
        let request = ServerRequest(
            method: "POST", path: "/v2/checkout/orders/\(escaped)/confirm-payment-source", query: [],
            headers: ["authorization": "Bearer \(PayPalFlowTests.config.accessToken.rawValue)", "content-type": "application/json"],
            body: body, operationID: "")
        guard case .answered(let answer) = try await fixture.server.transport.serve(request) else {
            Issue.record("no answer")
            return
        }
        #expect(answer.status == 200)
        let order = try PayWire.decodeJSON(OrderResponse.self, from: answer.body)
        let link = try #require(order.links?.first { $0.rel == "payer-action" })
        let items = URLComponents(url: link.href, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items == [URLQueryItem(name: "action", value: "verify"), URLQueryItem(name: "token", value: id)])
        #expect(link.href.absoluteString.hasPrefix("https://www.sandbox.paypal.com/webapps/helios?action=verify&token="))
    }

    @Test(arguments: [
        (MockPayPalServer.ThreeDSecure.canceled, CardClientError.threeDSecureCanceled, ["willLaunch", "didCancel"]),
        (.malformedReturn, .malformedDeeplinkURL, ["willLaunch", "didFinish"]),
    ])
    func threeDSecureFailures(_ scenario: MockPayPalServer.ThreeDSecure, _ expected: CardClientError, _ events: [String]) async throws {
        let fixture = Fixture(scenario)
        await #expect {
            try await fixture.client.approveOrder(request: CardRequest(orderID: "O", card: Self.card, threeDSecureRequest: Self.threeDS))
        } throws: {
            ($0 as? CoreSDKError)?.matches(expected) == true
        }
        #expect(fixture.challenge.events.events == events)
        #expect(fixture.server.approvedOrders == 0)
    }

    @Test func declinedCardsAreServerResponses() async throws {
        let fixture = Fixture(.notRequired)
        var card = Self.card
        card.number = MockPayPalServer.declinedCard
        do {
            _ = try await fixture.client.approveOrder(request: CardRequest(orderID: "O", card: card))
            Issue.record("expected an error")
        } catch let error as CoreSDKError {
            #expect(error.domain == "NetworkingClientErrorDomain")
            #expect(error.code == 6)
            #expect(
                error.errorDescription
                    == "UNPROCESSABLE_ENTITY: The requested action could not be performed, semantically incorrect, or failed business validation."
            )
        }
    }

    @Test func invalidCardsNeverLeaveTheDevice() async throws {
        let fixture = Fixture(.notRequired)
        var card = Self.card
        card.number = "4111111111111112"
        await #expect { try await fixture.client.approveOrder(request: CardRequest(orderID: "O", card: card)) } throws: {
            let error = $0 as? CoreSDKError
            return error?.matches(CardClientError.encoding) == true && error?.errorDescription?.contains("4111") == false
        }
        #expect(fixture.server.transport.requests.isEmpty)
    }

    @Test func webCheckoutApproves() async throws {
        let browser = MockBrowser()
        MockPayPalServer(browser: browser).seedOrder(id: "ORDER-WEB")
        let client = PayPalWebCheckoutClient(config: Self.config, webSession: browser)
        let result = try await client.start(request: PayPalWebCheckoutRequest(orderID: "ORDER-WEB"))
        #expect(result == PayPalWebCheckoutResult(orderID: "ORDER-WEB", payerID: "QYR5Z8XDVJNXQ"))
        #expect(
            browser.openedURLs.map(\.absoluteString) == [
                "https://www.sandbox.paypal.com/checkoutnow?token=ORDER-WEB&fundingSource=paypal&redirect_uri=sdk.ios.paypal%3A%2F%2Fx-callback-url%2Fpaypal-sdk%2Fpaypal-checkout&native_xo=1"
            ])
    }

    @Test(arguments: [
        (MockPayPalServer.WebOutcome.cancel, PayPalClientError.checkoutCanceled), (.closed, .checkoutCanceled),
        (.malformed, .malformedResult),
    ])
    func webCheckoutFailures(_ outcome: MockPayPalServer.WebOutcome, _ expected: PayPalClientError) async throws {
        let browser = MockBrowser()
        let server = MockPayPalServer(browser: browser)
        server.seedOrder(id: "ORDER-WEB")
        server.webOutcome = outcome
        let client = PayPalWebCheckoutClient(config: Self.config, webSession: browser)
        await #expect { try await client.start(request: PayPalWebCheckoutRequest(orderID: "ORDER-WEB")) } throws: {
            ($0 as? CoreSDKError)?.matches(expected) == true
        }
    }

    @Test func nativeCheckoutAnswersShippingChanges() async throws {
        let sheet = MockPaySheet(changes: [MockPaySheet.addressChange, MockPaySheet.methodChange, MockPaySheet.addressChange])
        let client = PayPalClient(config: Self.config, paySheet: sheet)
        let answers = ["shippingAddress": [ShippingChangeDecision.reject, .approve], "shippingMethod": [.patch]]
        let counter = Recorder<String>()
        let delegate = NativeDelegate { change, responder in
            counter.record(change.type.rawValue)
            let index = counter.events.filter { $0 == change.type.rawValue }.count - 1
            switch answers[change.type.rawValue]![index] {
            case .approve: responder.approve()
            case .reject: responder.reject()
            case .patch: responder.patch()
            }
            responder.approve()
        }
        client.delegate = delegate
        client.start { action in action.set(orderId: "ORDER-NATIVE") }
        _ = await delegate.done.wait(timeout: .seconds(60))
        #expect(
            delegate.events.events == [
                "willStart", "change shippingAddress", "change shippingMethod", "change shippingAddress", "result ORDER-NATIVE",
            ])
        #expect(sheet.answers.events == [.reject, .patch, .approve])
    }

    /// `PayPalClient(config:)` as the guide writes it: without a native sheet the buyer approves on
    /// PayPal's web page (the native SDK's web fallback), and the delegate gets the approval.
    @Test func nativeCheckoutWithoutASheetApprovesOnTheWeb() async throws {
        let browser = MockBrowser()
        let server = MockPayPalServer(browser: browser)
        server.seedOrder(id: "ORDER-FALLBACK")
        let client = PayPalClient(config: Self.config, paySheet: WebFallbackPaySheet(config: Self.config, webSession: browser))
        let delegate = NativeDelegate()
        client.delegate = delegate
        client.start { action in action.set(orderId: "ORDER-FALLBACK") }
        _ = await delegate.done.wait(timeout: .seconds(60))
        #expect(delegate.events.events == ["willStart", "result ORDER-FALLBACK"])
        // The guide's `didFinishWithResult approvalResult: Approval`: the order and who approved it.
        let approval: Approval = try #require(delegate.approvals.events.first)
        #expect(approval.orderID == "ORDER-FALLBACK" && !approval.payerID.isEmpty)
        #expect(browser.openedURLs.first?.path == "/checkoutnow")
        server.webOutcome = .cancel
        server.seedOrder(id: "ORDER-CANCELED")
        await #expect { try await client.start(request: PayPalNativeCheckoutRequest(orderID: "ORDER-CANCELED")) } throws: {
            ($0 as? CoreSDKError)?.matches(PayPalClientError.checkoutCanceled) == true
        }
    }

    @Test func nativeCheckoutCancelIsReportedOnce() async throws {
        let client = PayPalClient(config: Self.config, paySheet: MockPaySheet(cancels: true))
        let delegate = NativeDelegate()
        client.delegate = delegate
        client.start { action in action.set(orderId: "ORDER-NATIVE") }
        _ = await delegate.done.wait(timeout: .seconds(60))
        #expect(delegate.events.events == ["willStart", "cancel"])
        await #expect { try await client.start(request: PayPalNativeCheckoutRequest(orderID: "O")) } throws: {
            ($0 as? CoreSDKError)?.matches(PayPalClientError.checkoutCanceled) == true
        }
    }

    /// The merchant server's half of the guide's `authorizeOrder(result)`: PayPal captures an
    /// approved CAPTURE order once, authorizes an approved AUTHORIZE order once, refuses an order
    /// nobody approved, and answers a repeated PayPal-Request-Id with its first answer.
    @Test func theMerchantServerCapturesOrAuthorizesApprovedOrdersOnce() async throws {
        let fixture = Fixture(.notRequired)
        let api = PayAPIClient(
            transport: fixture.server.transport, baseURL: PayPalEnvironment.sandbox.baseURL, retryPolicy: RetryPolicy(maxAttempts: 1))
        let bearer = "Bearer " + Self.config.accessToken.rawValue
        func issue(_ response: PayAPIResponse<CaptureOrderOperation>) -> String? {
            guard case .failure(let status, let body) = response else { return nil }
            return "\(status) \(body?.details?.first?.issue ?? "-")"
        }

        let early = try await api.send(
            CaptureOrderOperation(orderID: "5O190127TN364715T", authorization: bearer, requestID: "r-0", body: CaptureOrderRequest()))
        #expect(issue(early) == "422 ORDER_NOT_APPROVED")
        _ = try await fixture.client.approveOrder(request: CardRequest(orderID: "5O190127TN364715T", card: Self.card))
        let captured = try await api.send(
            CaptureOrderOperation(orderID: "5O190127TN364715T", authorization: bearer, requestID: "r-1", body: CaptureOrderRequest()))
        guard case .success(let status, let order) = captured else {
            Issue.record("capture failed: \(captured)")
            return
        }
        #expect(status == 201 && order.status == .completed)
        let capture = try #require(order.purchaseUnits?.first?.payments?.captures?.first)
        #expect(capture.status == .completed && capture.finalCapture == true)
        #expect(fixture.server.settledOrders == 1)
        let repeated = try await api.send(
            CaptureOrderOperation(orderID: "5O190127TN364715T", authorization: bearer, requestID: "r-1", body: CaptureOrderRequest()))
        guard case .success(_, let again) = repeated else {
            Issue.record("the repeat failed: \(repeated)")
            return
        }
        #expect(again == order)
        let twice = try await api.send(
            CaptureOrderOperation(orderID: "5O190127TN364715T", authorization: bearer, requestID: "r-2", body: CaptureOrderRequest()))
        #expect(issue(twice) == "422 ORDER_ALREADY_CAPTURED")
        #expect(fixture.server.settledOrders == 1)

        // An AUTHORIZE order: authorize, never capture through the Orders API.
        fixture.server.seedOrder(id: "ORDER-AUTH", intent: .authorize)
        _ = try await fixture.client.approveOrder(request: CardRequest(orderID: "ORDER-AUTH", card: Self.card))
        let wrong = try await api.send(
            CaptureOrderOperation(orderID: "ORDER-AUTH", authorization: bearer, requestID: "r-3", body: CaptureOrderRequest()))
        #expect(issue(wrong) == "422 ACTION_DOES_NOT_MATCH_INTENT")
        let authorized = try await api.send(
            AuthorizeOrderOperation(orderID: "ORDER-AUTH", authorization: bearer, requestID: "r-4", body: AuthorizeOrderRequest()))
        guard case .success(_, let authorizedOrder) = authorized else {
            Issue.record("authorize failed: \(authorized)")
            return
        }
        #expect(authorizedOrder.status == .completed)
        #expect(authorizedOrder.purchaseUnits?.first?.payments?.authorizations?.first?.status == .created)
        #expect(fixture.server.settledOrders == 2)
    }

    @Test func secretsStayOutOfDescriptions() {
        #expect(!"\(Self.config)".contains("A21AAF"))
        #expect(!"\(CardRequest(orderID: "O", card: Self.card))".contains("4111111111111111"))
    }
}
