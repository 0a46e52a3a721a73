import Foundation
import PayPalPayments
import PaymentFlowsCore

/// PayPal's Orders API and hosted pages: orders that need or skip 3-D Secure, declined cards,
/// `PayPal-Request-Id` answered with the first answer, the 3-D Secure challenge page and the web
/// checkout page.
public final class MockPayPalServer: @unchecked Sendable {
    /// How the card's 3-D Secure goes.
    public enum ThreeDSecure: String, Sendable, CaseIterable {
        /// The order is approved without a challenge.
        case notRequired
        /// A challenge is required and the buyer passes it.
        case passes
        /// A challenge is required and the buyer cancels it.
        case canceled
        /// A challenge is required and returns a malformed URL.
        case malformedReturn
    }

    /// How web checkout goes.
    public enum WebOutcome: String, Sendable, CaseIterable {
        /// The buyer approves.
        case approve
        /// The buyer presses cancel (`opType=cancel`).
        case cancel
        /// The buyer closes the browser.
        case closed
        /// The return URL lacks PayerID.
        case malformed
    }

    /// The API transport.
    public let transport: MockProviderTransport
    /// The card number PayPal always declines.
    public static let declinedCard = "4000000000000002"
    private let lock = NSLock()
    private var threeDSecureValue: ThreeDSecure
    private var webOutcomeValue: WebOutcome = .approve
    private var orders: [String: OrderResponse] = [:]
    private var replies: [String: (Data, MockResponse)] = [:]
    private var approvals = 0

    /// Creates the server on `transport` and its pages on `browser`.
    public init(threeDSecure: ThreeDSecure = .notRequired, transport: MockProviderTransport = MockProviderTransport(name: "PayPal"), browser: MockBrowser) {
        self.threeDSecureValue = threeDSecure
        self.transport = transport
        installRoutes()
        installPages(on: browser)
    }

    /// The 3-D Secure scenario.
    public var threeDSecure: ThreeDSecure {
        get { lock.withLock { threeDSecureValue } }
        set { lock.withLock { threeDSecureValue = newValue } }
    }

    /// The web checkout scenario.
    public var webOutcome: WebOutcome {
        get { lock.withLock { webOutcomeValue } }
        set { lock.withLock { webOutcomeValue = newValue } }
    }

    /// Orders approved so far.
    public var approvedOrders: Int { lock.withLock { approvals } }

    private func failure(_ name: String, _ message: String, status: Int) -> MockResponse {
        .json(PayPalErrorResponse(name: name, message: message, debugId: "b1d1f06c7246c"), status: status)
    }

    private func installRoutes() {
        transport.on("POST", "/v2/checkout/orders/{orderID}/confirm-payment-source") { [self] request in
            guard request.header("authorization")?.hasPrefix("Bearer ") == true else { return failure("AUTHENTICATION_FAILURE", "missing token", status: 401) }
            guard let body = try? request.decode(ConfirmPaymentSourceRequest.self) else { return failure("INVALID_REQUEST", "bad body", status: 400) }
            let id = request.pathParameters["orderID"] ?? ""
            return lock.withLock {
                if let key = request.header("paypal-request-id"), let previous = replies[key] {
                    return previous.0 == request.body ? previous.1 : failure("DUPLICATE_REQUEST_ID", "reused request id", status: 422)
                }
                let response: MockResponse
                let card = body.paymentSource.card
                if card.number == Self.declinedCard {
                    response = failure("UNPROCESSABLE_ENTITY", "CARD_DECLINED", status: 422)
                } else {
                    let challenge = threeDSecureValue != .notRequired || card.attributes?.verification?.method == .scaAlways
                    let brand = card.number.hasPrefix("4") ? "VISA" : "MASTERCARD"
                    var order = OrderResponse(id: id, status: challenge ? .payerActionRequired : .approved, paymentSource: PaymentSourceResponse(card: CardResponse(
                        lastDigits: String(card.number.suffix(4)), brand: brand, type: "CREDIT")))
                    if challenge {
                        let returnURL = body.applicationContext?.returnUrl?.absoluteString ?? ""
                        var link = URLComponents(string: "https://www.sandbox.paypal.com/webapps/helios")!
                        link.queryItems = [URLQueryItem(name: "action", value: "verify"), URLQueryItem(name: "token", value: id), URLQueryItem(name: "redirect_uri", value: returnURL)]
                        order.links = [LinkDescription(href: link.url!, rel: "payer-action", method: "GET")]
                    } else {
                        approvals += 1
                    }
                    orders[id] = order
                    response = .json(order)
                }
                if let key = request.header("paypal-request-id") { replies[key] = (request.body, response) }
                return response
            }
        }
        transport.on("GET", "/v2/checkout/orders/{orderID}") { [self] request in
            lock.withLock {
                guard let order = orders[request.pathParameters["orderID"] ?? ""] else { return failure("RESOURCE_NOT_FOUND", "no such order", status: 404) }
                return .json(order)
            }
        }
    }

    private func installPages(on browser: MockBrowser) {
        browser.host(HostedPage(
            host: "www.sandbox.paypal.com", pathPrefix: "/webapps/helios", title: "PayPal · 3-D Secure", text: "Your bank asks you to confirm this payment.",
            buttons: [HostedPage.Button(ThreeDSecure.passes.rawValue, "Authenticate"), HostedPage.Button(ThreeDSecure.malformedReturn.rawValue, "Return without a result")],
            choose: { [self] _ in threeDSecure.rawValue }
        ) { [self] url, button in
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let id = query.first { $0.name == "token" }?.value ?? ""
            let returnURL = query.first { $0.name == "redirect_uri" }?.value ?? ""
            guard let outcome = ThreeDSecure(rawValue: button) else { throw WebSessionError.presentationFailed("no button \(button)") }
            switch outcome {
            case .canceled, .notRequired:
                throw WebSessionError.canceled
            case .malformedReturn:
                return URL(string: "\(URL(string: returnURL)?.scheme ?? "app")://elsewhere")!
            case .passes:
                lock.withLock {
                    orders[id]?.status = .approved
                    orders[id]?.links = nil
                    orders[id]?.paymentSource?.card?.authenticationResult = AuthenticationResult(
                        liabilityShift: .possible, threeDSecure: ThreeDSecureStatuses(enrollmentStatus: .ready, authenticationStatus: .successful))
                    approvals += 1
                }
                return URL(string: returnURL + "?liability_shift=POSSIBLE&state=undefined&code=undefined")!
            }
        })
        browser.host(HostedPage(
            host: "www.sandbox.paypal.com", pathPrefix: "/checkoutnow", title: "PayPal · Checkout", text: "Log in to PayPal and approve the payment.",
            buttons: [
                HostedPage.Button(WebOutcome.approve.rawValue, "Pay"), HostedPage.Button(WebOutcome.cancel.rawValue, "Cancel and return to the merchant"),
                HostedPage.Button(WebOutcome.malformed.rawValue, "Return without a payer"),
            ],
            choose: { [self] _ in webOutcome.rawValue }
        ) { [self] url, button in
            let query = try PayPalWebCheckoutURLQuery(url: url)
            let base = query.redirectUri ?? PayPalWebCheckoutClient.redirectURI
            guard let outcome = WebOutcome(rawValue: button) else { throw WebSessionError.presentationFailed("no button \(button)") }
            switch outcome {
            case .approve:
                lock.withLock { approvals += 1 }
                return URL(string: "\(base)?token=\(query.token)&PayerID=QYR5Z8XDVJNXQ&opType=payment")!
            case .cancel:
                return URL(string: "\(base)?token=\(query.token)&opType=cancel")!
            case .closed:
                throw WebSessionError.canceled
            case .malformed:
                return URL(string: "\(base)?token=\(query.token)&opType=payment")!
            }
        })
    }
}

/// A scripted native pay sheet: the buyer makes the listed shipping changes, then approves or cancels.
public struct MockPaySheet: NativePaySheet {
    /// The buyer's shipping changes, in order.
    public var changes: [ShippingChange]
    /// Whether the buyer cancels at the end instead of approving.
    public var cancels: Bool
    /// What the merchant answered, in order.
    public let answers = Recorder<ShippingChangeDecision>()

    /// Creates a pay sheet.
    public init(changes: [ShippingChange] = [], cancels: Bool = false) {
        self.changes = changes
        self.cancels = cancels
    }

    /// Walks through the changes, then approves or cancels.
    public func present(orderID: String, onShippingChange: @escaping @Sendable (ShippingChange) async -> ShippingChangeDecision) async throws -> Approval {
        for change in changes {
            answers.record(await onShippingChange(change))
        }
        if cancels { throw WebSessionError.canceled }
        return Approval(orderID: orderID, payerID: "QYR5Z8XDVJNXQ")
    }

    /// An address change to San Jose, CA.
    public static let addressChange = ShippingChange(
        type: .shippingAddress, selectedShippingAddress: ShippingAddress(addressID: "addr-1", adminArea1: "CA", adminArea2: "San Jose", postalCode: "95131", countryCode: "US"))

    /// A method change to store pickup.
    public static let methodChange = ShippingChange(
        type: .shippingMethod, selectedShippingAddress: ShippingAddress(countryCode: "US"),
        selectedShippingMethod: ShippingMethod(id: "pick", label: "Store pickup", selected: true, type: .pickup, value: "0.00", currencyCode: "USD"))
}

/// A thread-safe list, for mocks that record what they were told.
public final class Recorder<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Event] = []

    /// Creates an empty list.
    public init() {}

    /// Everything recorded, in order.
    public var events: [Event] { lock.withLock { items } }

    /// Records an event.
    public func record(_ event: Event) { lock.withLock { items.append(event) } }
}
