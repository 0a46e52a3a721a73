// The Swift samples of the PayPal guide, as close to verbatim as Swift allows. The guide's "Current"
// samples use the delegate API this package keeps as a deprecated shim, so those classes are
// marked deprecated too. Deviations are marked `DEVIATION n` and listed in docs/guides.md.
import Foundation
import PayPalPayments

/// The app's own helpers the guide's samples call.
@MainActor
protocol OrderAuthorizing: AnyObject {
    var authorized: [String] { get set }
}

extension OrderAuthorizing {
    func authorizeOrder(_ result: CardResult) { authorized.append(result.orderID) }
    func authorizeOrder(_ result: PayPalWebCheckoutResult) { authorized.append(result.orderID) }
    func authorizeOrder(_ result: Approval) { authorized.append(result.orderID) }
}

enum GuideCards {
    // DEVIATION 6: the guide elides the card (`Card(...)`); a test card stands in.
    static let card = Card(number: "4111111111111111", expirationMonth: "01", expirationYear: "2030", securityCode: "123")
    // DEVIATION 6: and the 3-D Secure request (`ThreeDSecureRequest(...)`).
    static let threeDSecureRequest = ThreeDSecureRequest(
        sca: .always, returnUrl: URL(fileURLWithPath: "/").appending(path: "return"),
        cancelUrl: URL(fileURLWithPath: "/").appending(path: "cancel"))
}

/// Card, delegate-based ("Current").
@available(*, deprecated, message: "The guide's delegate API, kept compiling as a deprecated shim")
@MainActor
final class CardDelegateViewController: CardDelegate, OrderAuthorizing {
    var authorized: [String] = []

    func launchCardFlow() {
        let config = CoreConfig(accessToken: "ACCESS_TOKEN", environment: .sandbox)
        let cardClient = CardClient(config: config)
        let card = GuideCards.card
        var cardRequest = CardRequest(orderID: "ORDER_ID", card: card)   // DEVIATION 2 (`var`, for the 3-D Secure sample)
        let threeDSecureRequest = GuideCards.threeDSecureRequest
        cardRequest.threeDSecureRequest = threeDSecureRequest
        cardClient.delegate = self
        cardClient.approveOrder(request: cardRequest, context: self)
    }

    func card(_ cardClient: CardClient, didFinishWithResult result: CardResult) {
        print(result)
        authorizeOrder(result) // complete payment flow
    }
    func card(_ cardClient: CardClient, didFinishWithError error: CoreSDKError) {
        print(error.localizedDescription)
    }
    func cardDidCancel(_ cardClient: CardClient) {
        print("cancelled")
    }
    func cardThreeDSecureWillLaunch(_ cardClient: CardClient) {
        print("will launch")
    }
    func cardThreeDSecureDidFinish(_ cardClient: CardClient) {
        print("did finish")
    }
}

/// Card, async ("Proposed"), with the optional presentation delegate.
@MainActor
final class CardAsyncViewController: ThreeDSecureChallengePresentationDelegate, OrderAuthorizing {
    var authorized: [String] = []
    var ui: [String] = []
    let config = CoreConfig(accessToken: "ACCESS_TOKEN", environment: .sandbox)

    func launchCardFlow() async {
        let cardClient = CardClient(config: config)
        let card = GuideCards.card
        var cardRequest = CardRequest(orderID: "ORDER_ID", card: card)   // DEVIATION 2
        // Comment to disable 3DS
        let threeDSecureRequest = GuideCards.threeDSecureRequest
        cardRequest.threeDSecureRequest = threeDSecureRequest
        cardClient.threeDSecureChallengeDelegate = self
        do {                                                             // DEVIATION 7: `do/try/catch` for `result, error = await …`
            let result = try await cardClient.approveOrder(request: cardRequest)
            // authorize or capture
            authorizeOrder(result)
        } catch {
            // handle error
            ui.append("error")
        }
    }

    func threeDSecureDidCancel(_ cardClient: CardClient) {
        // show error onscreen
        ui.append("cancel")
    }
    func threeDSecureWillLaunch(_ cardClient: CardClient) {
        // show spinner
        ui.append("spinner")
    }
    func threeDSecureDidFinish(_ cardClient: CardClient) {
        // clean-up UI
        ui.append("done")
    }
}

/// PayPal web checkout ("Current").
@MainActor
final class WebCheckoutViewController: PayPalWebCheckoutDelegate, OrderAuthorizing {
    var authorized: [String] = []

    func launchPayPalFlow() {
        let config = CoreConfig(accessToken: "ACCESS_TOKEN", environment: .sandbox)
        let payPalClient = PayPalWebCheckoutClient(config: config)
        let payPalRequest = PayPalWebCheckoutRequest(orderID: "ORDER_ID")
        payPalClient.delegate = self
        payPalClient.start(request: payPalRequest, context: self)
    }

    func payPal(_ payPalClient: PayPalWebCheckoutClient, didFinishWithResult result: PayPalWebCheckoutResult) {
        print(result)
        authorizeOrder(result) // complete payment flow
    }
    func payPal(_ payPalClient: PayPalWebCheckoutClient, didFinishWithError error: CoreSDKError) {
        print(error.localizedDescription)
    }
    func payPalDidCancel(_ payPalClient: PayPalWebCheckoutClient) {
        print("cancelled")
    }
}

/// PayPal native checkout.
@MainActor
// DEVIATION 8: the guide writes PayPalWebCheckoutDelegate
final class NativeCheckoutViewController: PayPalNativeCheckoutDelegate, OrderAuthorizing {
    var authorized: [String] = []
    let orderID = "ORDER_ID"

    func launchPayPalFlow() {
        let config = CoreConfig(accessToken: "ACCESS_TOKEN", environment: .sandbox)
        let payPalClient = PayPalClient(config: config)
        payPalClient.delegate = self
        payPalClient.start { createOrderAction in
            createOrderAction.set(orderId: self.orderID)                // DEVIATION 9: `self.` inside the closure
        }
    }

    func paypal(_ payPalClient: PayPalClient, didFinishWithResult approvalResult: Approval) {
        print(approvalResult)                                            // DEVIATION 10: the guide prints an undefined `result`
        authorizeOrder(approvalResult) // complete payment flow
    }
    func paypal(_ payPalClient: PayPalClient, didFinishWithError error: CoreSDKError) {
        print(error.localizedDescription)
    }
    func paypalDidCancel(_ payPalClient: PayPalClient) {
        print("cancelled")
    }
    func paypalWillStart(_ payPalClient: PayPalClient) {
        // the paypal pay sheet is about to appear. Handle loading views, spinners, etc.
    }
    func paypalDidShippingAddressChange(
        _ payPalClient: PayPalClient,
        shippingChange: ShippingChange,
        shippingChangeAction: ShippingChangeAction
    ) {
        // called when the user decides to change the address or the shipping method of the order.
        shippingChangeAction.approve()
    }
}
