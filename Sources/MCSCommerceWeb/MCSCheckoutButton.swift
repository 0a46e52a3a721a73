import Foundation
import PaymentFlowsCore

/// A headless checkout button, used on the main actor like the UIKit button it stands for.
///
/// A tap asks the delegate for the request, runs the checkout and reports
/// `checkoutCompleted(withRequest:status:transactionId:)` exactly once for that request, whatever
/// happens (success, cancel, a failing page). A tap whose delegate never provides a request within
/// `requestTimeout` has nothing to report and throws `requestNotProvided`; a handler called after
/// that is ignored. A tap while another is in progress is rejected with `flowInProgress` and never
/// reaches the delegate, so the running tap still reports exactly once.
@MainActor
public final class MCSCheckoutButton {
    let commerce: MCSCommerceClient
    /// The delegate asked for requests and told results. Held weakly, as UIKit buttons hold delegates.
    public weak var delegate: (any MCSCheckoutDelegate)?
    private var tapInProgress = false

    init(commerce: MCSCommerceClient, delegate: any MCSCheckoutDelegate) {
        self.commerce = commerce
        self.delegate = delegate
    }

    /// The container the button was added to (held weakly, as a view holds its superview); the
    /// app's view layer draws the button there.
    public private(set) weak var superview: AnyObject?

    /// Adds the button to a container view (the guide's `addToSuperview(superview:)`). Adding it
    /// again moves it; ``removeFromSuperview()`` takes it out.
    public func addToSuperview(superview: AnyObject) {
        self.superview = superview
        commerce.logger.debug("checkout button added", metadata: ["superview": "\(type(of: superview))"])
    }

    /// Takes the button out of its container.
    public func removeFromSuperview() {
        superview = nil
    }

    /// Handles a tap and returns the outcome (the delegate is told too, on the main actor).
    @discardableResult
    public func tap() async throws -> MCSCheckoutResult {
        guard !tapInProgress else {
            throw MCSCommerceWebError(.flowInProgress, "the button's checkout is already in progress")
        }
        guard let delegate else { throw MCSCommerceWebError(.requestNotProvided, "the delegate is gone") }
        tapInProgress = true
        defer { tapInProgress = false }
        let request = try await requestFromDelegate(delegate)
        let result: MCSCheckoutResult
        do {
            result = try await commerce.checkout(request: request)
        } catch {
            delegate.checkoutCompleted(withRequest: request, status: .canceled, transactionId: nil)
            throw error
        }
        delegate.checkoutCompleted(withRequest: request, status: result.status, transactionId: result.transactionId)
        return result
    }

    private func requestFromDelegate(_ delegate: any MCSCheckoutDelegate) async throws -> MCSCheckoutRequest {
        let shot = OneShot<MCSCheckoutRequest>()
        delegate.getCheckoutRequest { shot.resolve($0) }
        guard let request = await shot.wait(timeout: commerce.requestTimeout, clock: commerce.clock) else {
            throw MCSCommerceWebError(
                .requestNotProvided, "the delegate did not provide a checkout request within \(commerce.requestTimeout)")
        }
        return request
    }
}
