import Foundation
import Logging
import OpenAPIRuntime
import PaymentFlowsCore

/// Asks the user which browser runs the checkout (the `choose` flow), on the main actor.
@MainActor
public protocol PaymentFlowChooser: Sendable {
    /// `externalBrowser` or `internalBrowser`.
    func choose() async -> PaymentFlow
}

/// What the in-app browser does with a navigation.
public enum NavigationDecision: Hashable, Sendable {
    /// Load it in the web view.
    case allow
    /// Hand it to the app (our deep link).
    case handToApp
    /// Open it outside (a bank's app, a store link).
    case openExternally
}

/// The method (and issuer) the user picked when `selectPaymentMethod` is on.
public struct MethodSelection: Hashable, Sendable {
    /// The method id.
    public var method: MollieMethod
    /// The issuer id, for methods with issuers.
    public var issuer: String?

    /// Creates a selection.
    public init(method: MollieMethod, issuer: String? = nil) {
        self.method = method
        self.issuer = issuer
    }
}

/// How executing a payment ended.
public enum PaymentExecution: Hashable, Sendable {
    /// The checkout opened in the external browser; the result arrives as a deep link (or on return).
    case openedInExternalBrowser(BackendPayment)
    /// The in-app browser returned and the payment was refreshed.
    case returned(BackendPayment)
}

/// The Mollie checkout demo app's logic: create a payment (optionally with a method and issuer),
/// execute it in the external or in-app browser, and refresh it from the deep link
/// `mollie-checkout://payments/{id}` or when the user returns without one.
public final class MollieCheckoutClient: Sendable {
    /// The deep-link scheme.
    public static let deepLinkScheme = "mollie-checkout"

    /// The settings.
    public let settings: MollieCheckoutSettings
    /// The payments service.
    public let payments: PaymentsService
    /// The methods service.
    public let methods: MethodsService
    private let inAppBrowser: any WebSession
    private let externalBrowser: any URLOpener
    private let chooser: (any PaymentFlowChooser)?
    private let logger: Logger
    private let gate = FlowGate()
    private let lastExecuted = LockIsolated<Int?>(nil)

    /// Creates the client for the backend at `settings.baseUrl`.
    public init(
        settings: MollieCheckoutSettings, device: DeviceUUID, transport: any ClientTransport, inAppBrowser: any WebSession,
        externalBrowser: any URLOpener, chooser: (any PaymentFlowChooser)? = nil,
        retryPolicy: RetryPolicy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(20)),
        logger: Logger = Logger(label: "MollieCheckout")
    ) throws {
        let violations = settings.violations + device.violations
        guard violations.isEmpty else {
            throw MollieCheckoutError(.invalidInput, violations.map { "\($0.path) [\($0.rule)]" }.joined(separator: ", "))
        }
        let backend = Backend(
            client: PayAPIClient(transport: transport, baseURL: settings.baseUrl, retryPolicy: retryPolicy, logger: logger), device: device)
        self.settings = settings
        self.payments = PaymentsService(backend: backend)
        self.methods = MethodsService(backend: backend)
        self.inAppBrowser = inAppBrowser
        self.externalBrowser = externalBrowser
        self.chooser = chooser
        self.logger = logger
    }

    /// Step 3: creates a payment. With `selectPaymentMethod`, `selection` is required and must be an
    /// active method (with an issuer when the method has issuers); without it, only the description
    /// and amount are sent and the user picks the method on Mollie's page.
    public func createPayment(description: String, amount: Decimal, selection: MethodSelection? = nil) async throws -> BackendPayment {
        var request = CreatePaymentRequest(paymentDescription: description, amount: amount)
        if settings.selectPaymentMethod {
            guard let selection else { throw MollieCheckoutError(.invalidInput, "select a payment method first") }
            let active = try await methods.getActiveMethods(amount: amount)
            guard let method = active.first(where: { $0.id == selection.method }) else {
                throw MollieCheckoutError(.invalidInput, "\(selection.method.rawValue) is not available for this amount")
            }
            if let issuers = method.issuers, !issuers.isEmpty {
                guard let issuer = selection.issuer, issuers.contains(where: { $0.id == issuer }) else {
                    throw MollieCheckoutError(.invalidInput, "\(selection.method.rawValue) needs one of its issuers")
                }
            }
            request.method = selection.method.rawValue
            request.issuer = selection.issuer
        }
        let payment = try await payments.createPayment(request)
        logger.info("payment created", metadata: ["id": "\(payment.id)", "status": "\(payment.status.rawValue)"])
        return payment
    }

    /// Step 4: executes `payment` with the configured flow (asking the chooser for `choose`).
    public func execute(_ payment: BackendPayment) async throws -> PaymentExecution {
        try await exclusive(payment, flow: settings.paymentFlow)
    }

    /// Step 4A, the demo's `openExternalBrowser()`: opens `payment`'s checkout in the external
    /// browser whatever the configured flow; the deep link or ``paymentsOnReturn()`` tells the outcome.
    public func openExternalBrowser(_ payment: BackendPayment) async throws -> PaymentExecution {
        try await exclusive(payment, flow: .externalBrowser)
    }

    private func exclusive(_ payment: BackendPayment, flow: PaymentFlow) async throws -> PaymentExecution {
        do {
            return try await gate.run("execute") { try await self.run(payment, flow: flow) }
        } catch let error as FlowInProgressError {
            throw MollieCheckoutError(.flowInProgress, error.description)
        }
    }

    private func run(_ payment: BackendPayment, flow configured: PaymentFlow) async throws -> PaymentExecution {
        guard let url = payment.url, payment.status == .open else {
            throw MollieCheckoutError(.noCheckoutURL, "payment \(payment.id) is \(payment.status.rawValue)")
        }
        lastExecuted.setValue(payment.id)
        var flow = configured
        if flow == .choose {
            guard let chooser else { throw MollieCheckoutError(.invalidInput, "the choose flow needs a chooser") }
            flow = await chooser.choose()
        }
        switch flow {
        case .externalBrowser:
            guard await externalBrowser.open(url) else { throw MollieCheckoutError(.browserFailed, "the external browser did not open") }
            logger.info("checkout opened externally", metadata: ["id": "\(payment.id)"])
            return .openedInExternalBrowser(payment)
        case .internalBrowser:
            do {
                let link = try await inAppBrowser.open(url, callback: .scheme(Self.deepLinkScheme))
                return .returned(try await handle(deepLink: link))
            } catch WebSessionError.canceled {
                logger.info("in-app browser closed without a deep link; refreshing", metadata: ["id": "\(payment.id)"])
                return .returned(try await payments.getPayment(payment.id))
            } catch let error as MollieCheckoutError {
                throw error
            } catch {
                throw MollieCheckoutError(.browserFailed, "the in-app browser failed")
            }
        case .choose:
            throw MollieCheckoutError(.invalidInput, "the chooser must pick a browser")
        }
    }

    /// Step 5: handles `mollie-checkout://payments/{id}` by refreshing that payment.
    public func handle(deepLink: URL) async throws -> BackendPayment {
        guard let id = Self.paymentID(in: deepLink) else {
            throw MollieCheckoutError(.invalidDeepLink, "expected \(Self.deepLinkScheme)://payments/{id}")
        }
        let payment = try await payments.getPayment(id)
        logger.info("payment refreshed", metadata: ["id": "\(id)", "status": "\(payment.status.rawValue)"])
        return payment
    }

    /// The user came back without a deep link: refreshes the last executed payment.
    public func appDidBecomeActive() async throws -> BackendPayment? {
        guard let id = lastExecuted.value else { return nil }
        return try await payments.getPayment(id)
    }

    /// What the guide's payments list does when the user returns to the app ("refreshing the
    /// payments list when the user returns to the app is recommended"): the whole list, with the
    /// last executed payment refreshed from Mollie first, so its state is the latest.
    public func paymentsOnReturn() async throws -> [BackendPayment] {
        if let id = lastExecuted.value {
            _ = try await payments.getPayment(id)
        }
        return try await payments.getPayments()
    }

    /// The guide's `SceneDelegate` → `PaymentsViewControllerDelegate.paymentCompleted`: handles the
    /// deep link, refreshes that payment and tells `delegate` on the main actor.
    @MainActor
    public func handle(deepLink: URL, notifying delegate: any PaymentsViewControllerDelegate) async throws {
        let payment = try await handle(deepLink: deepLink)
        delegate.paymentCompleted(payment)
    }

    /// The payment id of a deep link, `nil` when it is not `mollie-checkout://payments/{id}`.
    public static func paymentID(in url: URL) -> Int? {
        guard url.scheme == deepLinkScheme, url.host == "payments" else { return nil }
        let parts = url.path.split(separator: "/")
        guard parts.count == 1, let id = Int(parts[0]), id > 0 else { return nil }
        return id
    }

    /// The in-app browser's navigation policy (`decidePolicy`): web pages load, our deep links go to
    /// the app, other schemes (banking apps) open outside.
    public static func navigationPolicy(for url: URL) -> NavigationDecision {
        switch url.scheme?.lowercased() {
        case "http"?, "https"?, "about"?: return .allow
        case deepLinkScheme?: return .handToApp
        default: return .openExternally
        }
    }
}
