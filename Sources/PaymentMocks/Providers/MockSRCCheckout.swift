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
            browser.page(host: host) { url in
                let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                guard query.contains(where: { $0.name == "checkoutId" }), query.contains(where: { $0.name == "cartId" }) else {
                    throw WebSessionError.presentationFailed("the checkout page needs checkoutId and cartId")
                }
                switch outcome() {
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
            }
        }
    }
}
