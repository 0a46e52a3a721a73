import Foundation
import Logging
import PaymentFlowsCore

/// The shared manager of the guide's `let commerceWeb = MCSCommerceWeb.sharedManager()`: a
/// module-level function, so that `MCSCommerceWeb.` always names the module (a type of the same
/// name would make `MCSCommerceWeb.MCSCheckoutRequest` resolve against the type and fail).
public func sharedManager() -> MCSCommerceClient { MCSCommerceClient.shared }

/// The entry point of Secure Remote Commerce checkout: configure it once, add a checkout button,
/// and each tap runs the hosted checkout in a web session and reports to the delegate on the main
/// actor. (Named `MCSCommerceWeb` in the Objective-C SDK; Swift code reaches the shared instance
/// through `MCSCommerceWeb.sharedManager()` as before.)
public final class MCSCommerceClient: Sendable {
    static let shared = MCSCommerceClient()
    private struct State: Sendable {
        var configuration: MCSConfiguration?
        var session: (any WebSession)?
    }
    private let state: LockIsolated<State>
    private let gate = FlowGate()
    let logger: Logger
    /// How long the delegate has to provide the checkout request.
    public let requestTimeout: Duration
    /// The clock `requestTimeout` is measured on.
    public let clock: any Clock<Duration>

    /// Creates a manager; `webSession` shows the hosted checkout.
    public init(
        webSession: (any WebSession)? = nil, logger: Logger = Logger(label: "MCSCommerceWeb"),
        requestTimeout: Duration = .seconds(60), clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.state = LockIsolated(State(configuration: nil, session: webSession))
        self.logger = logger
        self.requestTimeout = requestTimeout
        self.clock = clock
    }

    /// The web session that shows the hosted checkout.
    public func setWebSession(_ webSession: any WebSession) {
        state.withValue { $0.session = webSession }
    }

    /// Stores the merchant configuration, as the guide's `setConfiguration(withConfiguration:)` does
    /// (it does not throw); an invalid configuration is logged here and fails each checkout with
    /// `invalidConfiguration` and its violations. ``configure(_:)`` throws instead.
    public func setConfiguration(withConfiguration configuration: MCSConfiguration) {
        state.withValue { $0.configuration = configuration }
        let violations = configuration.violations
        if violations.isEmpty {
            logger.info("configured", metadata: ["checkoutId": "\(configuration.checkoutId)", "locale": "\(configuration.locale)"])
        } else {
            logger.error("the configuration is invalid", metadata: ["violations": "\(violations.map { "\($0.path) [\($0.rule)]" })"])
        }
    }

    /// Validates and stores the merchant configuration; throws `invalidConfiguration` with every
    /// violation and keeps the previous configuration when it is invalid.
    public func configure(_ configuration: MCSConfiguration) throws {
        let violations = configuration.violations
        guard violations.isEmpty else {
            throw MCSCommerceWebError(.invalidConfiguration, "the configuration is invalid", violations: violations)
        }
        state.withValue { $0.configuration = configuration }
        logger.info("configured", metadata: ["checkoutId": "\(configuration.checkoutId)", "locale": "\(configuration.locale)"])
    }

    /// The current configuration.
    public var configuration: MCSConfiguration? { state.value.configuration }

    /// A checkout button whose taps ask `delegate` for the request.
    @MainActor
    public func getCheckoutButton(withDelegate delegate: any MCSCheckoutDelegate) -> MCSCheckoutButton {
        MCSCheckoutButton(commerce: self, delegate: delegate)
    }

    /// The payment method of the new SDK: always "Click to Pay" with the SRC logo.
    public func addPaymentMethod() -> MCCPaymentMethod {
        MCCPaymentMethod(paymentMethodID: "click-to-pay", paymentMethodName: "Click to Pay", paymentMethodLogo: "src-logo")
    }

    /// Starts the standard checkout with `request`; `delegate` receives the result exactly once, on
    /// the main actor.
    @discardableResult
    public func paymentMethodCheckout(delegate: any MCSCheckoutDelegate, request: MCSCheckoutRequest) -> Task<MCSCheckoutResult, Never> {
        Task { @MainActor in
            let result: MCSCheckoutResult
            do {
                result = try await checkout(request: request)
            } catch {
                logger.warning("checkout failed", metadata: ["error": "\(error)"])
                result = .canceled
            }
            delegate.checkoutCompleted(withRequest: request, status: result.status, transactionId: result.transactionId)
            return result
        }
    }

    /// The hosted checkout URL for `request`.
    public func checkoutURL(for request: MCSCheckoutRequest) throws -> URL {
        guard let configuration else { throw MCSCommerceWebError(.notConfigured, "call setConfiguration(withConfiguration:) first") }
        let configurationViolations = configuration.violations
        guard configurationViolations.isEmpty else {
            throw MCSCommerceWebError(.invalidConfiguration, "the configuration is invalid", violations: configurationViolations)
        }
        let violations = request.violations
        guard violations.isEmpty else {
            throw MCSCommerceWebError(.invalidRequest, "the checkout request is invalid", violations: violations)
        }
        // The guide: `callbackScheme` "must match the scheme component of the `callbackUrl`"; a
        // request that names another scheme would wait for a callback that can never arrive.
        if let callbackUrl = request.callbackUrl,
            URL(string: callbackUrl)?.scheme?.lowercased() != configuration.callbackScheme.lowercased()
        {
            throw MCSCommerceWebError(
                .invalidRequest,
                "the request's callbackUrl does not have the configuration's callbackScheme '\(configuration.callbackScheme)'")
        }
        let built: URL?
        do {
            built = try CheckoutURLBuilder.url(configuration: configuration, request: request)
        } catch {
            throw MCSCommerceWebError(.invalidRequest, "the amount cannot be written: \(error)")
        }
        guard let url = built else {
            throw MCSCommerceWebError(.invalidConfiguration, "the checkout URL cannot be built")
        }
        return url
    }

    /// Runs one checkout: builds the URL, shows the hosted page and reads the callback.
    public func checkout(request: MCSCheckoutRequest) async throws -> MCSCheckoutResult {
        do {
            return try await gate.run("checkout") { try await self.runCheckout(request) }
        } catch let error as FlowInProgressError {
            throw MCSCommerceWebError(.flowInProgress, error.description)
        }
    }

    private func runCheckout(_ request: MCSCheckoutRequest) async throws -> MCSCheckoutResult {
        let url = try checkoutURL(for: request)
        let current = state.value
        guard let configuration = current.configuration, let session = current.session else {
            throw MCSCommerceWebError(.webSessionFailed, "no web session to show the checkout")
        }
        logger.info("opening checkout", metadata: ["host": "\(url.host ?? "")", "cartId": "\(request.cartId)"])
        let callback: URL
        do {
            callback = try await session.open(url, callback: .scheme(configuration.callbackScheme))
        } catch WebSessionError.canceled {
            logger.info("checkout canceled by the user")
            return .canceled
        } catch {
            throw MCSCommerceWebError(.webSessionFailed, "the checkout page failed: \(error)")
        }
        let result = try CheckoutURLBuilder.result(of: callback, callbackScheme: configuration.callbackScheme)
        logger.info("checkout finished", metadata: ["status": "\(result.status)"])
        return result
    }
}
