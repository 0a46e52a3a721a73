import AmazonPayMobile
import Foundation
import OpenAPIRuntime
import PaymentFlowsCore
import PaymentMocks
import Testing

@Suite("AmazonPayMobile flows")
@MainActor
struct AmazonPayFlowTests {
    nonisolated static let login = Data(#"{"op":"login"}"#.utf8)
    nonisolated static let cart = OrderCalculator.sampleCart(hd8: 1, hd10: 0)

    struct Fixture {
        let browser = MockBrowser()
        let server: MockAmazonPayServer
        let checkout: AmazonPayCheckout
        let logs = LogCapture()

        init(_ outcome: MockAmazonPayServer.Outcome, wrap: (any ClientTransport) -> any ClientTransport = { $0 }) {
            server = MockAmazonPayServer(outcome: outcome, browser: browser)
            checkout = AmazonPayCheckout(
                configuration: MockAmazonPayServer.configuration, transport: wrap(server.transport), webSession: browser,
                tokens: .seeded(42), retryPolicy: RetryPolicy(maxAttempts: 3, initialDelay: .zero), logger: logs.logger())
        }
    }

    @Test func theWholeMobileSequence() async throws {
        let fixture = Fixture(.success)
        let receipt = try await fixture.checkout.checkout(bridgeMessage: Self.login, items: Self.cart)
        #expect(receipt.order.price == 8980)
        #expect(receipt.order.chargeAmount == 9878)
        #expect(receipt.order.merchantReferenceId == "MY-ORDER-1")
        #expect(receipt.session.statusDetails.state == .completed)
        let id = receipt.session.checkoutSessionId
        #expect(fixture.server.completionsBySession[id] == 1)

        let opened = fixture.browser.openedURLs
        #expect(opened.count == 2)
        let login = try AppLoginQuery(url: opened[0])
        #expect(opened[0].absoluteString.hasPrefix("https://shop.example/appLogin?client=iosApp&token="))
        #expect(login.violations.isEmpty)
        #expect(opened[1].absoluteString == "https://apay.example/checkout/processing?amazonCheckoutSessionId=\(id)")

        let sent = fixture.server.transport.requests
        #expect(sent.map(\.description) == [
            "GET /v2/checkoutSessions/\(id)", "PATCH /v2/checkoutSessions/\(id)", "POST /v2/checkoutSessions/\(id)/complete",
        ])
        #expect(sent.allSatisfy { $0.header("x-amz-pay-region") == "jp" })
        let updateKey = try #require(sent[1].header("x-amz-pay-idempotency-key"))
        let completeKey = try #require(sent[2].header("x-amz-pay-idempotency-key"))
        #expect(updateKey.count == 32 && completeKey.count == 32 && updateKey != completeKey)
        #expect(IdempotencyKey(completeKey).violations.isEmpty)
        let update = try sent[1].decode(UpdateCheckoutSessionRequest.self)
        #expect(update.paymentDetails?.chargeAmount == AmazonPayPrice(amount: "9878", currencyCode: "JPY"))
        #expect(update.paymentDetails?.paymentIntent == .authorize)
        #expect(update.merchantMetadata?.merchantReferenceId == "MY-ORDER-1")
        #expect(update.webCheckoutDetails?.checkoutResultReturnUrl?.absoluteString == "https://shop.example/static/dispatcher.html?client=iosApp")
        #expect(try sent[2].decode(CompleteCheckoutSessionRequest.self).chargeAmount == AmazonPayPrice(amount: "9878", currencyCode: "JPY"))

        let second = try await fixture.checkout.checkout(bridgeMessage: Self.login, items: OrderCalculator.sampleCart(hd8: 1, hd10: 2))
        #expect(second.order.merchantReferenceId == "MY-ORDER-2")
        #expect(second.order.chargeAmount == 45034)
        #expect(!fixture.logs.all.joined().contains(login.token))
    }

    @Test(arguments: [
        (MockAmazonPayServer.Outcome.tokenMismatch, AmazonPayError.Code.tokenMismatch, 0),
        (.closedAtLogin, .buyerCanceled, 0),
        (.expired, .sessionExpired, 1),
        (.canceledAtPayment, .buyerCanceled, 2),
        (.declined, .declined, 4),
    ])
    func failuresAreTypedAndStopTheFlow(_ outcome: MockAmazonPayServer.Outcome, _ code: AmazonPayError.Code, _ requests: Int) async throws {
        let fixture = Fixture(outcome)
        do {
            _ = try await fixture.checkout.checkout(bridgeMessage: Self.login, items: Self.cart)
            Issue.record("expected \(code)")
        } catch let error as AmazonPayError {
            #expect(error.code == code)
        }
        #expect(fixture.server.transport.requests.count == requests, "\(fixture.server.transport.requests)")
        #expect(fixture.server.completionsBySession.values.allSatisfy { $0 == 0 })
    }

    @Test func bridgeMessagesAreValidated() async throws {
        let fixture = Fixture(.success)
        for body in [#"{"op":"pay"}"#, #"{"op":"auth","url":"http://insecure.example"}"#, #"{"op":"auth","url":"https://apay.example"}"#, "not json"] {
            await #expect { try await fixture.checkout.checkout(bridgeMessage: Data(body.utf8), items: Self.cart) } throws: {
                ($0 as? AmazonPayError)?.code == .invalidBridgeMessage
            }
        }
        #expect(fixture.browser.openedURLs.isEmpty)
    }

    @Test func aLostCompletionIsRetriedWithTheSameKeyAndChargesOnce() async throws {
        let fixture = Fixture(.success) { LoseFirstAnswer($0, operationID: "completeCheckoutSession") }
        let receipt = try await fixture.checkout.checkout(bridgeMessage: Self.login, items: Self.cart)
        let completes = fixture.server.transport.requests.filter { $0.path.hasSuffix("/complete") }
        #expect(completes.count == 2)
        #expect(completes[0].header("x-amz-pay-idempotency-key") == completes[1].header("x-amz-pay-idempotency-key"))
        #expect(fixture.server.completionsBySession[receipt.session.checkoutSessionId] == 1)
    }

    @Test func persistentServerErrorsBecomeATransportError() async throws {
        let browser = MockBrowser()
        let server = MockAmazonPayServer(transport: MockProviderTransport(name: "AmazonPay", faults: FaultPlan(rate: 1, seed: 1, kinds: [.serverError])), browser: browser)
        let checkout = AmazonPayCheckout(configuration: MockAmazonPayServer.configuration, transport: server.transport, webSession: browser, retryPolicy: RetryPolicy(maxAttempts: 3, initialDelay: .zero))
        await #expect { try await checkout.checkout(bridgeMessage: Self.login, items: Self.cart) } throws: { ($0 as? AmazonPayError)?.code == .transport }
        #expect(server.transport.requests.count == 3)
    }

    @Test func chargeAmountRoundsDown() {
        #expect(OrderCalculator.chargeAmount(8980) == 9878)
        #expect(OrderCalculator.chargeAmount(15980) == 17578)
        #expect(OrderCalculator.chargeAmount(1) == 1)
        #expect(OrderCalculator.chargeAmount(9) == 9)
        #expect(OrderCalculator.chargeAmount(10) == 11)
        let order = OrderCalculator.order(items: OrderCalculator.sampleCart(hd8: 2, hd10: 1))
        #expect(order.items.map(\.summary) == [17960, 15980])
        #expect(order.price == 33940)
        #expect(order.chargeAmount == 37334)
    }
}
