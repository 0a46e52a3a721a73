import Foundation

/// The guide's `PaymentsViewControllerDelegate`: the payments screen hears that a payment came
/// back through the deep link `mollie-checkout://payments/{id}` (the `SceneDelegate` calls it).
/// Main-actor isolated: it updates UI.
@MainActor
public protocol PaymentsViewControllerDelegate: AnyObject {
    /// The payment of the deep link, refreshed from the backend.
    func paymentCompleted(_ payment: BackendPayment)
}
