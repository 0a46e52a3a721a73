import Foundation
import PaymentFlowsCore

/// A headless checkout button: a tap asks the delegate for the request, runs the checkout and
/// reports `checkoutCompleted(withRequest:status:transactionId:)` exactly once.
public final class MCSCheckoutButton: Sendable {
    let commerce: MCSCommerceWeb
    /// The delegate asked for requests and told results. Held weakly, as UIKit buttons hold delegates.
    public var delegate: (any MCSCheckoutDelegate)? { box.value }
    private let box: WeakDelegate

    init(commerce: MCSCommerceWeb, delegate: any MCSCheckoutDelegate) {
        self.commerce = commerce
        self.box = WeakDelegate(delegate)
    }

    /// Adds the button to a container; headless here, so it only records the container's name.
    public func addToSuperview(superview: String) {
        commerce.logger.debug("checkout button added", metadata: ["superview": "\(superview)"])
    }

    /// Handles a tap and returns the outcome (the delegate is told too).
    @discardableResult
    public func tap() async throws -> MCSCheckoutResult {
        guard let delegate else { throw MCSCommerceWebError(.requestNotProvided, "the delegate is gone") }
        let request = try await requestFromDelegate(delegate)
        do {
            let result = try await commerce.checkout(request: request)
            delegate.checkoutCompleted(withRequest: request, status: result.status, transactionId: result.transactionId)
            return result
        } catch let error as MCSCommerceWebError where error.code == .flowInProgress {
            throw error
        } catch {
            delegate.checkoutCompleted(withRequest: request, status: .canceled, transactionId: nil)
            throw error
        }
    }

    private func requestFromDelegate(_ delegate: any MCSCheckoutDelegate) async throws -> MCSCheckoutRequest {
        let shot = OneShot<MCSCheckoutRequest>()
        delegate.getCheckoutRequest { shot.resolve($0) }
        guard let request = await shot.wait(timeout: commerce.requestTimeout) else {
            throw MCSCommerceWebError(.requestNotProvided, "the delegate did not provide a checkout request within \(commerce.requestTimeout)")
        }
        return request
    }
}

final class WeakDelegate: @unchecked Sendable {
    private weak var object: (any MCSCheckoutDelegate)?
    private let lock = NSLock()

    init(_ object: any MCSCheckoutDelegate) {
        self.object = object
    }

    var value: (any MCSCheckoutDelegate)? { lock.withLock { object } }
}
