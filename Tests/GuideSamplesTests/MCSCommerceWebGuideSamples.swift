// The Swift samples of the MCSCommerceWeb guide, as close to verbatim as Swift allows. Each
// deviation is marked `DEVIATION n` and listed in docs/guides.md.
import Foundation
import MCSCommerceWeb

/// The app's own types the guide's samples refer to.
struct ShoppingCart { var total: Double; var cartId: String }
struct SDKConfig { var currency: String; var suppressShipping: Bool }
final class ButtonContainer {}

@MainActor
final class SomeViewController: MCSCheckoutDelegate {
    var shoppingCart = ShoppingCart(total: 11.22, cartId: "A6T1C5")
    var sdkConfig = SDKConfig(currency: "USD", suppressShipping: true)
    let buttonContainer = ButtonContainer()
    var lastTransactionId: String?

    func configure() {
        // Swift
        let locale = Locale(identifier: "en_us")
        let checkoutId = "1d45705100044e14b52e71730e71cc5a"
        let checkoutUrl = "https://masterpass.com/routing/v2/mobileapi/web-checkout";
        let callbackScheme = "fancyshop";
        let allowedCardTypes: [MCSCardType] = [.master, .visa]   // DEVIATION 1: `[.master, .visa]` needs its element type

        let commerceConfig = MCSConfiguration(
            locale: locale,
            checkoutId: checkoutId,
            checkoutUrl: checkoutUrl,
            callbackScheme: callbackScheme,
            allowedCardTypes: allowedCardTypes)

        let commerceWeb = MCSCommerceWeb.sharedManager()
        commerceWeb.setConfiguration(withConfiguration: commerceConfig)

        // Swift
        // SomeViewController.swift
        let checkoutDelegate = self
        let button = commerceWeb.getCheckoutButton(withDelegate:checkoutDelegate)
        button.addToSuperview(superview: buttonContainer)
    }

    // Swift
    func getCheckoutRequest(withHandler: @escaping (MCSCheckoutRequest) -> Void) {
        var checkoutRequest = MCSCheckoutRequest()                  // DEVIATION 2: `var`: the request is a value type
        checkoutRequest.amount = NSDecimalNumber(string: String(shoppingCart.total)).decimalValue   // DEVIATION 3: `.decimalValue`
        checkoutRequest.currency = sdkConfig.currency
        checkoutRequest.cartId = shoppingCart.cartId
        checkoutRequest.allowedCardTypes = [.master,.visa]
        checkoutRequest.suppressShippingAddress = sdkConfig.suppressShipping
        checkoutRequest.callbackUrl = "fancyshop://"
        checkoutRequest.unpredictableNumber = "12345678"

        var cryptoOptionVisa = MCSCryptoOptions()                    // DEVIATION 2
        cryptoOptionVisa.cardType = .visa                            // DEVIATION 4: an enum case, not the string "visa"
        cryptoOptionVisa.format = [.tvv]                             // DEVIATION 4: `[.tvv]`, not ["TVV"]

        var cryptoOptionMaster = MCSCryptoOptions()                  // DEVIATION 2
        cryptoOptionMaster.cardType = .master                        // DEVIATION 4
        cryptoOptionMaster.format = [.icc, .ucaf]                    // DEVIATION 4: two formats, not the one string "ICC,UCAF"

        checkoutRequest.cryptoOptions = [cryptoOptionMaster,cryptoOptionVisa]

        withHandler(checkoutRequest)
    }

    // Swift
    // DEVIATION 5: no `!`
    func checkoutCompleted(withRequest request: MCSCheckoutRequest, status: MCSCheckoutStatus, transactionId: String?) {
        if (transactionId != nil) {
            //comlpete transaction
            lastTransactionId = transactionId
        }
    }
}
