import Foundation
import MCSCommerceWeb
import PaymentFlowsCore
import PaymentSchemasVocabulary
import PaymentServerCore

/// The SRC / Masterpass hosted checkout: the page calls back to the merchant's scheme with
/// `oauth_token` and `mpstatus`, as the scenario decides.
public enum MockSRCCheckout {
    /// How the buyer's checkout ends.
    public enum Outcome: String, Sendable, CaseIterable {
        /// `mpstatus=success` with a transaction id.
        case success
        /// `mpstatus=cancel`.
        case cancel
        /// `mpstatus=failure`.
        case failure
        /// The buyer closed the web view.
        case closed
        /// The page returns to another app's scheme.
        case wrongScheme
    }

    /// The hosts the guide and the reference name.
    public static let hosts = ["sandbox.masterpass.com", "masterpass.com", "sandbox.src.mastercard.com", "stage.src.mastercard.com"]

    /// Scripts the hosted checkout pages on `browser`; successful checkouts get ids from `transactionIds`.
    public static func install(
        on browser: MockBrowser, callbackScheme: String, outcome: @escaping @Sendable () -> Outcome, transactionIds: TokenSource
    ) {
        for host in hosts {
            let buttons = Outcome.allCases.filter { $0 != .closed }.map { HostedPage.Button($0.rawValue, $0.label) }
            browser.host(
                HostedPage(
                    host: host, title: "Click to Pay", text: "Review the card and address, then continue.", buttons: buttons,
                    choose: { _ in outcome().rawValue }
                ) { url, button in
                    let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                    if let refusal = refusal(of: query) { throw WebSessionError.presentationFailed(refusal) }
                    guard let choice = Outcome(rawValue: button) else { throw WebSessionError.presentationFailed("no button \(button)") }
                    switch choice {
                    case .success:
                        let id = transactionIds.uuid().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
                        return URL(
                            string:
                                "\(callbackScheme)://checkout?oauth_token=\(id)&mpstatus=success&checkout_resource_url=https%3A%2F%2Fsandbox.api.mastercard.com%2Fsrci%2Fcheckout%2F\(id)"
                        )!
                    case .cancel:
                        return URL(string: "\(callbackScheme)://checkout?mpstatus=cancel")!
                    case .failure:
                        return URL(string: "\(callbackScheme)://checkout?mpstatus=failure")!
                    case .closed:
                        throw WebSessionError.canceled
                    case .wrongScheme:
                        return URL(string: "evilshop://checkout?oauth_token=stolen&mpstatus=success")!
                    }
                })
        }
    }
}

extension MockSRCCheckout {
    /// Why the checkout page refuses a checkout URL, `nil` when it takes it: `checkoutId` and
    /// `cartId` are required, the amount is a positive decimal with no more decimals than the
    /// currency takes, and the currency is ISO 4217. The message starts with the rule's code.
    static func refusal(of query: [URLQueryItem]) -> String? {
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 } }
        guard value("checkoutId") != nil, value("cartId") != nil else {
            return "MissingCheckoutParameters: the checkout page needs checkoutId and cartId"
        }
        guard let currency = value("currency"), ISO4217.minorUnits(of: currency) != nil else {
            return "InvalidCurrency: currency must be an ISO 4217 code"
        }
        guard let amount = value("amount"), case .success(let reading) = PayDecimalText.read(amount), reading.value > 0 else {
            return "InvalidAmount: amount must be a decimal greater than zero"
        }
        if PayDecimalText.scale(of: reading.value) > (ISO4217.minorUnits(of: currency) ?? 2) {
            return "InvalidAmount: \(currency) takes \(ISO4217.minorUnits(of: currency) ?? 2) decimals"
        }
        return nil
    }

    /// What the hosted checkout refuses (Mastercard documents no page errors: the codes are the
    /// sandbox's), and the legacy SDK's codes, which the device raises.
    public static let ruleTable: ProviderRuleTable = {
        let page = [
            ProviderRule(
                "MissingCheckoutParameters", status: 400,
                when: "a checkout URL without `checkoutId` or `cartId` (both required by the guide's request and configuration)"),
            ProviderRule("InvalidCurrency", status: 400, when: "a `currency` that is not ISO 4217"),
            ProviderRule(
                "InvalidAmount", status: 400,
                when: "an `amount` that is missing, zero, negative, signed, or has more decimals than the currency takes"),
        ]
        let legacy = MCCMerchantError.allCases.map { error in
            ProviderRule(
                String(error.code), status: nil, when: error.message(language: "en") ?? String(error.code),
                .notApplicable(
                    "not a page answer: the legacy `MCCMerchant` shim raises it on the device (`MCCMerchantError`, domain \(error.domain))")
            )
        }
        return ProviderRuleTable(
            provider: "src", title: "Mastercard SRC hosted checkout (and legacy Masterpass codes)",
            source:
                "Mastercard documents no error answers for its hosted checkout: the page's codes are the sandbox's, checked against the request fields `../shared/reference/providers.md` lists (checkoutId, cartId, amount, currency). The legacy codes are the `MCCMerchant` SDK's (`Schemas/MCSCommerceWeb/Legacy.yaml`).",
            rules: page + legacy)
    }()
}

extension MockSRCCheckout.Outcome {
    /// The button's label on the hosted page.
    var label: String {
        switch self {
        case .success: return "Pay"
        case .cancel: return "Cancel"
        case .failure: return "Fail"
        case .closed: return "Close"
        case .wrongScheme: return "Return to another app"
        }
    }
}
