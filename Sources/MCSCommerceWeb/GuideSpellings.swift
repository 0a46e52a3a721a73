import Foundation

// The spellings the guide's Swift samples use, so its code compiles as written where Swift allows.

extension MCSConfiguration {
    /// The guide's `MCSConfiguration(locale: Locale(identifier: "en_us"), …, checkoutUrl: "https://…", …)`.
    ///
    /// The locale is kept as its identifier; a `checkoutUrl` that is not an absolute URL is kept as
    /// an invalid value, so `setConfiguration(withConfiguration:)` logs it and checkouts fail with
    /// `invalidConfiguration` naming `checkoutUrl` (nothing traps).
    public init(locale: Locale, checkoutId: String, checkoutUrl: String, callbackScheme: String, allowedCardTypes: [MCSCardType]) {
        self.init(
            locale: locale.identifier, checkoutId: checkoutId,
            checkoutUrl: PayURLText.url(checkoutUrl, allowRelative: false) ?? URL(fileURLWithPath: "/invalid-checkout-url"),
            callbackScheme: callbackScheme, allowedCardTypes: allowedCardTypes)
    }
}

extension MCSCheckoutRequest {
    /// The guide's empty `MCSCheckoutRequest()`, filled in property by property. Until
    /// `allowedCardTypes`, `amount`, `currency` and `cartId` are set (the guide's required four) the
    /// request is invalid (`violations` says so) and a checkout with it fails with `invalidRequest`.
    public init() {
        self.init(allowedCardTypes: [], amount: 0, currency: "", cartId: "")
    }
}

extension MCSCryptoOptions {
    /// The guide's empty `MCSCryptoOptions()`: Mastercard with no formats until `format` is set
    /// (invalid until then: `format` needs at least one).
    public init() {
        self.init(cardType: .master, format: [])
    }
}

/// The delegate name the guide's migration notes use for the legacy merchant delegate.
@available(*, deprecated, renamed: "MCCMerchantDelegate")
public typealias MCCDelegate = MCCMerchantDelegate
