import Foundation
import MollieCheckout
import PaymentFlowsCore

/// The Mollie checkout demo's backend and Mollie's hosted checkout: payments per device whose
/// status changes on the checkout page, methods with issuers filtered by amount, 422 validation
/// errors per field, and 400 for a missing or malformed device UUID.
public final class MockMollieBackend: @unchecked Sendable {
    /// How the buyer's checkout ends.
    public enum Outcome: String, Sendable, CaseIterable {
        /// Paid; the page deep-links back.
        case paid
        /// Canceled; the page deep-links back.
        case canceled
        /// Failed; the page deep-links back.
        case failed
        /// Expired; the page deep-links back.
        case expired
        /// Paid, but the user closes the browser instead of returning through the deep link.
        case paidWithoutReturn
    }

    /// The backend's transport.
    public let transport: MockProviderTransport
    /// The checkout page's host.
    public static let checkoutHost = "www.mollie.com"
    private let lock = NSLock()
    private var outcomeValue: Outcome
    private var payments: [String: [BackendPayment]] = [:]
    private var nextID = 1
    private var paidCount = 0

    /// Creates the backend on `transport` and the checkout page on `browser`.
    public init(outcome: Outcome = .paid, transport: MockProviderTransport = MockProviderTransport(name: "MollieBackend"), browser: MockBrowser) {
        self.outcomeValue = outcome
        self.transport = transport
        installRoutes()
        installPages(on: browser)
    }

    /// The scenario.
    public var outcome: Outcome {
        get { lock.withLock { outcomeValue } }
        set { lock.withLock { outcomeValue = newValue } }
    }

    /// Payments that reached `paid`.
    public var paid: Int { lock.withLock { paidCount } }

    /// The demo's settings against this backend.
    public static func settings(selectPaymentMethod: Bool = false, flow: PaymentFlow = .internalBrowser) -> MollieCheckoutSettings {
        MollieCheckoutSettings(baseUrl: URL(string: "https://mollie-checkout-demo.example")!, selectPaymentMethod: selectPaymentMethod, paymentFlow: flow)
    }

    static let image = MethodImage(
        size1x: URL(string: "https://www.mollie.com/external/icons/payment-methods/ideal.png"),
        size2x: URL(string: "https://www.mollie.com/external/icons/payment-methods/ideal%402x.png"),
        svg: URL(string: "https://www.mollie.com/external/icons/payment-methods/ideal.svg"))

    /// An amount in euros, as the demo backend writes it.
    static func euros(_ value: String) -> BackendAmount {
        BackendAmount(value: Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) ?? 0, currency: "EUR")
    }

    static let methods: [BackendMethod] = [
        BackendMethod(id: .ideal, methodDescription: "iDEAL", minimumAmount: MockMollieBackend.euros("0.01"), maximumAmount: MockMollieBackend.euros("50000"), image: image,
               issuers: [BackendIssuer(id: "ideal_ABNANL2A", name: "ABN AMRO"), BackendIssuer(id: "ideal_INGBNL2A", name: "ING")],
               pricing: [MethodPricing(pricingDescription: "The Netherlands", fixed: MockMollieBackend.euros("0.29"), variable: 0, feeRegion: "domestic")]),
        BackendMethod(id: .creditcard, methodDescription: "Card", minimumAmount: MockMollieBackend.euros("0.01"), maximumAmount: MockMollieBackend.euros("2000"), image: image),
        BackendMethod(id: .paypal, methodDescription: "PayPal", minimumAmount: MockMollieBackend.euros("0.01"), maximumAmount: MockMollieBackend.euros("8000"), image: image),
        BackendMethod(id: .bancontact, methodDescription: "Bancontact", minimumAmount: MockMollieBackend.euros("0.02"), maximumAmount: MockMollieBackend.euros("50000"), image: image),
    ]

    private func device(_ request: MockRequest) -> String? {
        guard let value = request.header("x-mollie-checkout-device-uuid"), UUID(uuidString: value) != nil else { return nil }
        return value.lowercased()
    }

    private func badRequest() -> MockResponse {
        .json(ValidationErrorResponse(message: "A valid device UUID is required.", errors: ["device": ["The device UUID is invalid."]]), status: 400)
    }

    private func installRoutes() {
        transport.on("GET", "/api/methods") { [self] request in
            guard device(request) != nil else { return badRequest() }
            guard let text = request.queryValue("amount"), let amount = Decimal(string: text) else {
                return .json(ValidationErrorResponse(message: "The given data was invalid.", errors: ["amount": ["The amount field is required."]]), status: 422)
            }
            let active = Self.methods.filter { ($0.minimumAmount?.value ?? 0) <= amount && amount <= ($0.maximumAmount?.value ?? .greatestFiniteMagnitude) }
            return .json(MethodListEnvelope(data: active))
        }
        transport.on("GET", "/api/payments") { [self] request in
            guard let device = device(request) else { return badRequest() }
            return .json(PaymentListEnvelope(data: lock.withLock { payments[device] ?? [] }))
        }
        transport.on("POST", "/api/payments") { [self] request in
            guard let device = device(request) else { return badRequest() }
            guard let body = try? request.decode(CreatePaymentRequest.self) else {
                return .json(ValidationErrorResponse(message: "The given data was invalid.", errors: ["amount": ["The amount must be a number."]]), status: 422)
            }
            var errors: [String: [String]] = [:]
            if body.paymentDescription.count < 3 { errors["description", default: []].append("The description must be at least 3 characters.") }
            if body.amount < Decimal(string: "0.01")! { errors["amount", default: []].append("The amount must be at least 0.01.") }
            if let method = body.method {
                if let known = Self.methods.first(where: { $0.id.rawValue == method }) {
                    if let issuers = known.issuers, !issuers.contains(where: { $0.id == body.issuer }) {
                        errors["issuer", default: []].append("The selected issuer is invalid.")
                    }
                } else {
                    errors["method", default: []].append("The selected method is invalid.")
                }
            }
            guard errors.isEmpty else { return .json(ValidationErrorResponse(message: "The given data was invalid.", errors: errors), status: 422) }
            return lock.withLock {
                let id = nextID
                nextID += 1
                let mollieID = "tr_" + String(format: "%010d", id * 7_919)
                let page = body.method.map { "checkout/\($0)/\(mollieID)" } ?? "checkout/select-method/\(mollieID)"
                let created = Date(timeIntervalSince1970: 1_714_557_600)
                let payment = BackendPayment(
                    id: id, mollieId: mollieID, method: body.method, issuer: body.issuer, amount: body.amount, paymentDescription: body.paymentDescription,
                    url: URL(string: "https://\(Self.checkoutHost)/\(page)"), status: .open, createdAt: created, updatedAt: created)
                payments[device, default: []].append(payment)
                return .json(PaymentEnvelope(data: payment), status: 201)
            }
        }
        transport.on("GET", "/api/payments/{id}") { [self] request in
            guard let device = device(request) else { return badRequest() }
            let id = Int(request.pathParameters["id"] ?? "") ?? -1
            return lock.withLock {
                guard let payment = payments[device]?.first(where: { $0.id == id }) else {
                    return .json(ValidationErrorResponse(message: "Not found.", errors: [:]), status: 404)
                }
                return .json(PaymentEnvelope(data: payment))
            }
        }
    }

    private func settle(_ mollieID: String, _ status: PaymentStatus) -> Int? {
        lock.withLock {
            for (device, list) in payments {
                if let index = list.firstIndex(where: { $0.mollieId == mollieID }) {
                    if status == .paid && list[index].status != .paid { paidCount += 1 }
                    payments[device]![index].status = status
                    payments[device]![index].updatedAt = Date(timeIntervalSince1970: 1_714_557_900)
                    return list[index].id
                }
            }
            return nil
        }
    }

    private func installPages(on browser: MockBrowser) {
        let buttons = [
            HostedPage.Button(Outcome.paid.rawValue, "Paid"), HostedPage.Button(Outcome.canceled.rawValue, "Canceled"),
            HostedPage.Button(Outcome.failed.rawValue, "Failed"), HostedPage.Button(Outcome.expired.rawValue, "Expired"),
        ]
        browser.host(HostedPage(
            host: Self.checkoutHost, pathPrefix: "/checkout/", title: "Mollie · Test mode", text: "Select the status of this test payment.",
            buttons: buttons, choose: { [self] _ in outcome.rawValue }
        ) { [self] url, button in
            let mollieID = url.lastPathComponent
            guard let outcome = Outcome(rawValue: button) else { throw WebSessionError.presentationFailed("no button \(button)") }
            let status: PaymentStatus
            switch outcome {
            case .paid, .paidWithoutReturn: status = .paid
            case .canceled: status = .canceled
            case .failed: status = .failed
            case .expired: status = .expired
            }
            guard let id = settle(mollieID, status) else { throw WebSessionError.presentationFailed("unknown payment") }
            if outcome == .paidWithoutReturn { throw WebSessionError.canceled }
            return URL(string: "\(MollieCheckoutClient.deepLinkScheme)://payments/\(id)")!
        })
    }
}

/// A chooser that always picks the same browser and counts how often it was asked.
public struct FixedChooser: PaymentFlowChooser {
    /// The browser it picks.
    public let pick: PaymentFlow
    /// How often it was asked.
    public let asked = Recorder<PaymentFlow>()

    /// Creates a chooser.
    public init(pick: PaymentFlow) { self.pick = pick }

    /// Returns `pick`.
    public func choose() async -> PaymentFlow {
        asked.record(pick)
        return pick
    }
}
