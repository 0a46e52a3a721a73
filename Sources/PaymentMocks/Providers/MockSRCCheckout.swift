import Foundation
import MCSCommerceWeb
import PaymentFlowsCore

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
    public static func install(on browser: MockBrowser, callbackScheme: String, outcome: @escaping @Sendable () -> Outcome, transactionIds: TokenSource) {
        for host in hosts {
            let buttons = Outcome.allCases.filter { $0 != .closed }.map { HostedPage.Button($0.rawValue, $0.label) }
            browser.host(HostedPage(
                host: host, title: "Click to Pay", text: "Review the card and address, then continue.", buttons: buttons,
                choose: { _ in outcome().rawValue }
            ) { url, button in
                let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                guard query.contains(where: { $0.name == "checkoutId" }), query.contains(where: { $0.name == "cartId" }) else {
                    throw WebSessionError.presentationFailed("the checkout page needs checkoutId and cartId")
                }
                guard let choice = Outcome(rawValue: button) else { throw WebSessionError.presentationFailed("no button \(button)") }
                switch choice {
                case .success:
                    let id = transactionIds.uuid().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
                    return URL(string: "\(callbackScheme)://checkout?oauth_token=\(id)&mpstatus=success&checkout_resource_url=https%3A%2F%2Fsandbox.api.mastercard.com%2Fsrci%2Fcheckout%2F\(id)")!
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
