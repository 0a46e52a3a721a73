import Foundation
import MCSCommerceWeb
import PayPalPayments
import PaymentMocks
import Testing

/// The guide's "Current" card integration: `cardClient.delegate = self; cardClient.approveOrder(request:context:)`.
@available(*, deprecated, message: "Uses the delegate-era card API on purpose")
@MainActor
final class DelegateEraViewController: CardDelegate {
    let events = Recorder<String>()
    let finished = OneShot<Bool>()

    func card(_ cardClient: CardClient, didFinishWithResult result: CardResult) {
        MainActor.assertIsolated()
        events.record("result \(result.orderID) threeDS=\(result.didAttemptThreeDSecureAuthentication)")
        finished.resolve(true)
    }

    func card(_ cardClient: CardClient, didFinishWithError error: CoreSDKError) {
        MainActor.assertIsolated()
        events.record("error \(error.domain) \(error.code)")
        finished.resolve(true)
    }

    func cardDidCancel(_ cardClient: CardClient) {
        MainActor.assertIsolated()
        events.record("cancelled")
        finished.resolve(true)
    }

    func cardThreeDSecureWillLaunch(_ cardClient: CardClient) {
        MainActor.assertIsolated()
        events.record("will launch")
    }

    func cardThreeDSecureDidFinish(_ cardClient: CardClient) {
        MainActor.assertIsolated()
        events.record("did finish")
    }

    func launchCardFlow(_ scenario: MockPayPalServer.ThreeDSecure, threeDS: Bool, number: String = "4111111111111111") async -> [String] {
        MainActor.assertIsolated()
        let browser = MockBrowser()
        let server = MockPayPalServer(threeDSecure: scenario, browser: browser)
        server.acceptAccessToken("ACCESS_TOKEN")
        server.seedOrder(id: "ORDER_ID")
        let config = CoreConfig(accessToken: "ACCESS_TOKEN", environment: .sandbox)
        let cardClient = CardClient(config: config, transport: server.transport, webSession: browser)
        let card = Card(number: number, expirationMonth: "01", expirationYear: "2030", securityCode: "123")
        var cardRequest = CardRequest(orderID: "ORDER_ID", card: card)
        if threeDS {
            cardRequest.threeDSecureRequest = ThreeDSecureRequest(
                returnUrl: URL(string: "com.example.app://card/success")!, cancelUrl: URL(string: "com.example.app://card/cancel")!)
        }
        cardClient.delegate = self
        cardClient.approveOrder(request: cardRequest, context: self)
        _ = await finished.wait(timeout: .seconds(60))
        return events.events
    }
}

@Suite("Delegate-era PayPal card API")
@MainActor
struct CardDelegateMigrationTests {
    @available(*, deprecated, message: "Uses the delegate-era card API on purpose")
    @Test func withoutThreeDSecureOnlyTheResultArrives() async {
        #expect(await DelegateEraViewController().launchCardFlow(.notRequired, threeDS: false) == ["result ORDER_ID threeDS=false"])
    }

    @available(*, deprecated, message: "Uses the delegate-era card API on purpose")
    @Test func withThreeDSecureTheHooksArriveInOrder() async {
        #expect(
            await DelegateEraViewController().launchCardFlow(.passes, threeDS: true) == [
                "will launch", "did finish", "result ORDER_ID threeDS=true",
            ])
    }

    @available(*, deprecated, message: "Uses the delegate-era card API on purpose")
    @Test func cancelingTheChallengeCallsCardDidCancelOnce() async {
        #expect(await DelegateEraViewController().launchCardFlow(.canceled, threeDS: true) == ["will launch", "cancelled"])
    }

    @available(*, deprecated, message: "Uses the delegate-era card API on purpose")
    @Test func errorsArriveThroughTheDelegate() async {
        #expect(
            await DelegateEraViewController().launchCardFlow(.notRequired, threeDS: false, number: MockPayPalServer.declinedCard) == [
                "error NetworkingClientErrorDomain 6"
            ])
    }

    @available(*, deprecated, message: "Uses the delegate-era card API on purpose")
    @Test func theDelegateIsHeldWeakly() {
        let client = CardClient(
            config: CoreConfig(accessToken: "T", environment: .sandbox), transport: MockProviderTransport(name: "x"),
            webSession: MockBrowser())
        do {
            let controller = DelegateEraViewController()
            client.delegate = controller
            #expect(client.delegate != nil)
        }
        #expect(client.delegate == nil)
    }
}

/// Legacy wire spellings decode; a value read in one is written back as read (nothing the payload
/// said is changed), in the current spelling once the field changes, and always in the schema's
/// spelling (`spelling: .schema`); a value built by code is written in the current spelling.
@Suite("Wire aliases")
@MainActor
struct WireAliasTests {
    @Test func legacySpellingsDecodeAndEncodeCurrent() throws {
        let format = try PayWire.decodeJSON(MCSCryptoFormatBox.self, from: Data(#"{"format":"TAVV"}"#.utf8))
        #expect(format.format == .tvv)
        var order = try PayWire.decodeJSON(
            OrderResponse.self, from: Data(#"{"id":"1","status":"APPROVED","payment_source":{"card":{"last_four_digits":"1111"}}}"#.utf8))
        #expect(order.paymentSource?.card?.lastDigits == "1111")
        let current = String(decoding: try PayWire.encodeJSON(order, spelling: .schema), as: UTF8.self)
        #expect(current.contains(#""last_digits":"1111""#) && !current.contains("last_four_digits"))
        let asRead = String(decoding: try PayWire.encodeJSON(order), as: UTF8.self)
        #expect(asRead.contains(#""last_four_digits":"1111""#) && !asRead.contains("last_digits"))
        order.paymentSource?.card?.lastDigits = "4242"
        let changed = String(decoding: try PayWire.encodeJSON(order), as: UTF8.self)
        #expect(changed.contains(#""last_digits":"4242""#) && !changed.contains("last_four_digits"))
        let built = OrderResponse(id: "1", status: .approved, paymentSource: PaymentSourceResponse(card: CardResponse(lastDigits: "1111")))
        #expect(String(decoding: try PayWire.encodeJSON(built), as: UTF8.self).contains(#""last_digits":"1111""#))
    }
}

/// Wraps a crypto format for decoding it as a JSON value.
struct MCSCryptoFormatBox: Decodable {
    var format: MCSCryptoFormat
}
