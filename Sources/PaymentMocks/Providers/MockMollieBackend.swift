import Foundation
import MollieCheckout
import PaymentFlowsCore
import PaymentSchemasVocabulary
import PaymentServerCore

/// The Mollie checkout demo's backend and Mollie's hosted checkout: payments per device whose
/// status changes on the checkout page, methods with issuers filtered by amount, 422 validation
/// errors per field, and 400 for a missing or malformed device UUID. Its payments are made in
/// Mollie's API (``MockMollieAPI``), whose state the checkout page changes and the backend reads
/// back, as the demo refreshes a payment from Mollie.
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
    /// Mollie's API, where the backend makes its payments.
    public let api: MockMollieAPI
    /// The checkout page's host: Mollie's hosted checkout, whose payments live in ``MockMollieAPI``.
    public static let checkoutHost = MockMollieAPI.checkoutHost
    private let lock = NSLock()
    private var outcomeValue: Outcome
    private var payments = BoundedStore<String, [BackendPayment]>()
    private var owners = BoundedStore<String, String>()
    private var nextID = 1
    private var paidCount = 0

    /// Creates the backend on `transport`, making its payments in `api`, and the checkout page on `browser`.
    public init(
        outcome: Outcome = .paid, transport: MockProviderTransport = MockProviderTransport(name: "MollieBackend"),
        api: MockMollieAPI = MockMollieAPI(), browser: MockBrowser
    ) {
        self.outcomeValue = outcome
        self.transport = transport
        self.api = api
        transport.refusals = Self.refusals
        transport.offer(Self.requestScenarios)
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

    /// The most payments one device keeps (the oldest go first).
    public static let paymentsPerDevice = 200

    /// Forgets every payment.
    public func reset() {
        lock.withLock {
            payments.removeAll()
            owners.removeAll()
            nextID = 1
            paidCount = 0
        }
    }

    /// A payment's current state, by its Mollie id.
    public func payment(mollieID: String) -> BackendPayment? {
        lock.withLock { owners[mollieID].flatMap { device in payments[device]?.first { $0.mollieId == mollieID } } }.map(refreshed)
    }

    /// `payment` with its status as Mollie's API holds it now (the demo refreshes a payment from
    /// Mollie when it is read); a payment the API no longer holds keeps what the backend stored.
    func refreshed(_ payment: BackendPayment) -> BackendPayment {
        guard let id = payment.mollieId, let current = api.payment(id) else { return payment }
        var copy = payment
        copy.status = current.status
        if let changed = current.paidAt ?? current.canceledAt ?? current.failedAt ?? current.expiredAt.flatMap(Self.time) {
            copy.updatedAt = changed
        }
        return copy
    }

    /// An ISO 8601 time as Mollie writes one (`expiredAt` is text in Mollie's document).
    static func time(_ text: String) -> Date? { PayDateFormat.iso8601().parse(text) }

    /// The scenarios a request may choose with `Sandbox-Scenario`.
    public static let requestScenarios = [
        RequestScenario(
            provider: "mollie", name: "mollie-rejects", operations: ["createPayment"],
            summary: "Mollie refuses the payment; the backend relays it as 422 {message} without errors.")
    ]

    /// A refusal in the demo backend's shape, named `rule` in the sandbox's verdicts (the demo
    /// backend has no error codes of its own; the names are the rule table's).
    static func refusal(_ message: String, errors: [String: [String]]? = nil, status: Int, rule: String) -> ServerResponse {
        var answer = ServerResponse.json(ValidationErrorResponse(message: message, errors: errors), status: status)
        answer.rule = rule
        return answer
    }

    /// The demo backend's refusals, as Laravel words them: 404 and 405 with `{message}`, 400 for a
    /// missing or malformed device UUID, and 422 `{message, errors}` naming every invalid field.
    static let refusals = ProviderRefusals(
        notFound: { _ in refusal("Not Found.", status: 404, rule: "NotFound") },
        methodNotAllowed: { method, allowed in
            refusal(
                "The \(method) method is not supported for this route. Supported methods: \(allowed.joined(separator: ", ")).", status: 405,
                rule: "MethodNotAllowed")
        },
        invalid: { _, violations in
            if violations.contains(where: { $0.location == .header }) {
                return refusal(
                    "A valid device UUID is required.", errors: ["device": ["The device UUID is invalid."]], status: 400,
                    rule: "InvalidDeviceUUID")
            }
            // A zero amount passes the demo's own rule (`^\d{1,8}(\.\d{0,2})?$`) and reaches
            // Mollie, whose minimum refuses it; the backend relays that 422.
            if let zero = violations.first(where: { isZeroAmount($0) }), violations.allSatisfy({ $0 == zero }) {
                return refusal(relayed("The amount is lower than the minimum."), status: 422, rule: "MollieAmountBelowMinimum")
            }
            var errors: [String: [String]] = [:]
            for violation in violations where !isZeroAmount(violation) {
                // Laravel names nested fields with dots: `items.0.amount`.
                let field =
                    violation.field.isEmpty
                    ? "body" : violation.field.replacingOccurrences(of: "[", with: ".").replacingOccurrences(of: "]", with: "")
                errors[field, default: []].append(laravelMessage(field, violation))
            }
            return refusal("The given data was invalid.", errors: errors, status: 422, rule: "ValidationFailed")
        },
        // Laravel reads a JSON body, or a form PHP has parsed (its names nesting by brackets); a
        // body in another media type holds no input, so its fields are missing.
        takesBracketedForms: true)

    /// The demo's rule on an amount, `^\d{1,8}(\.\d{0,2})?$` (its `PaymentRequest` and
    /// `MethodsController`): one to eight digits, then optionally a point and up to two digits.
    static func demoAmountPattern(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard let whole = parts.first, (1...8).contains(whole.count), digits(whole) else { return false }
        return parts.count == 1 || (parts[1].count <= 2 && digits(parts[1]))
    }

    /// Whether `violation` is a zero `amount` (in the body or the query): the demo's rule admits it.
    static func isZeroAmount(_ violation: PayRequestViolation) -> Bool {
        guard violation.field == "amount", violation.rule == "exclusiveMinimum", let value = violation.value,
            let amount = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX"))
        else { return false }
        return amount == 0 && !value.hasPrefix("-")
    }

    /// A refusal of the demo's validation in the words of the Laravel it pins (`laravel/framework`
    /// ^8.40 in its `composer.json`; Laravel 8's `resources/lang/en/validation.php`): `required`,
    /// `min` and `max` of a string, `string`, and `regex` (the demo's only rule on an amount, so
    /// whatever else is wrong with one is "format is invalid"). The attribute is the field's name
    /// with underscores as spaces, as Laravel shows it.
    static func laravelMessage(_ field: String, _ violation: PayRequestViolation) -> String {
        let attribute = field.replacingOccurrences(of: "_", with: " ")
        let bound = violation.message.split(whereSeparator: { !$0.isNumber }).first.map(String.init) ?? ""
        switch violation.rule {
        case "missing", "null", "required": return "The \(attribute) field is required."
        case _ where field == "amount" || field.hasSuffix(".amount"): return "The \(attribute) format is invalid."
        case "minLength": return "The \(attribute) must be at least \(bound) characters."
        case "maxLength": return "The \(attribute) must not be greater than \(bound) characters."
        case "type": return "The \(attribute) must be a string."
        default: return "The \(attribute) format is invalid."
        }
    }

    /// The demo's settings against this backend.
    public static func settings(selectPaymentMethod: Bool = false, flow: PaymentFlow = .internalBrowser) -> MollieCheckoutSettings {
        MollieCheckoutSettings(
            baseUrl: URL(string: "https://mollie-checkout-demo.example")!, selectPaymentMethod: selectPaymentMethod, paymentFlow: flow)
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
        BackendMethod(
            id: .ideal, methodDescription: "iDEAL", minimumAmount: MockMollieBackend.euros("0.01"),
            maximumAmount: MockMollieBackend.euros("50000"), image: image,
            issuers: [BackendIssuer(id: "ideal_ABNANL2A", name: "ABN AMRO"), BackendIssuer(id: "ideal_INGBNL2A", name: "ING")],
            pricing: [
                MethodPricing(
                    pricingDescription: "The Netherlands", fixed: MockMollieBackend.euros("0.29"), variable: 0, feeRegion: "domestic")
            ]),
        BackendMethod(
            id: .creditcard, methodDescription: "Card", minimumAmount: MockMollieBackend.euros("0.01"),
            maximumAmount: MockMollieBackend.euros("2000"), image: image),
        BackendMethod(
            id: .paypal, methodDescription: "PayPal", minimumAmount: MockMollieBackend.euros("0.01"),
            maximumAmount: MockMollieBackend.euros("8000"), image: image),
        BackendMethod(
            id: .bancontact, methodDescription: "Bancontact", minimumAmount: MockMollieBackend.euros("0.02"),
            maximumAmount: MockMollieBackend.euros("50000"), image: image),
    ]

    private func device(_ request: ServerRequest) -> String? {
        guard let value = request.header("x-mollie-checkout-device-uuid"), UUID(uuidString: value) != nil else { return nil }
        return value.lowercased()
    }

    private func badRequest() -> ServerResponse {
        Self.refusal(
            "A valid device UUID is required.", errors: ["device": ["The device UUID is invalid."]], status: 400, rule: "InvalidDeviceUUID")
    }

    /// How the demo backend relays a refusal of Mollie's API: Laravel's exception text around
    /// Mollie's `detail`.
    static func relayed(_ detail: String) -> String { "Error executing API call (422: Unprocessable Entity): \(detail)" }

    private func installRoutes() {
        let operations = MollieCheckoutSchema.operations
        transport.handle(ListMethodsOperation.self, of: operations) { request, _ in
            // Without an amount, every active method (the guide's `getActiveMethods()`).
            guard let text = request.queryValue("amount") else { return .json(MethodListEnvelope(data: Self.methods)) }
            // The demo validates the amount as it does a payment's (`MethodsController`: the same
            // regex), and Mollie's minimum refuses zero, which the backend relays.
            guard Self.demoAmountPattern(text), let amount = Decimal(queryValue: text) else {
                return Self.refusal(
                    "The given data was invalid.", errors: ["amount": ["The amount format is invalid."]], status: 422,
                    rule: "ValidationFailed")
            }
            if amount == 0 {
                return Self.refusal(Self.relayed("The amount is lower than the minimum."), status: 422, rule: "MollieAmountBelowMinimum")
            }
            let active = Self.methods.filter {
                ($0.minimumAmount?.value ?? 0) <= amount && amount <= ($0.maximumAmount?.value ?? .greatestFiniteMagnitude)
            }
            return .json(MethodListEnvelope(data: active))
        }
        transport.handle(ListPaymentsOperation.self, of: operations) { [self] request, _ in
            guard let device = device(request) else { return badRequest() }
            return .json(PaymentListEnvelope(data: lock.withLock { payments[device] ?? [] }.map(refreshed)))
        }
        transport.handle(CreatePaymentOperation.self, of: operations) { [self] request, body in
            guard let device = device(request) else { return badRequest() }
            var errors: [String: [String]] = [:]
            var chosen: BackendMethod?
            if let method = body.method {
                if let known = Self.methods.first(where: { $0.id.rawValue == method }) {
                    chosen = known
                    if let issuers = known.issuers, !issuers.contains(where: { $0.id == body.issuer }) {
                        errors["issuer", default: []].append("The selected issuer is invalid.")
                    }
                } else {
                    errors["method", default: []].append("The selected method is invalid.")
                }
            }
            guard errors.isEmpty else {
                return Self.refusal(
                    "The given data was invalid.", errors: errors, status: 422,
                    rule: errors["method"] != nil ? "InvalidMethod" : "InvalidIssuer")
            }
            if request.scenario == "mollie-rejects" {
                return Self.refusal(Self.relayed("The amount is higher than the maximum."), status: 422, rule: "MollieRefused")
            }
            // Mollie refuses an amount outside the chosen method's limits (without a method, outside
            // every method's); the backend relays its 422.
            let limits = chosen.map { [$0] } ?? Self.methods
            if let minimum = limits.compactMap({ $0.minimumAmount?.value }).min(), body.amount < minimum {
                return Self.refusal(Self.relayed("The amount is lower than the minimum."), status: 422, rule: "MollieAmountBelowMinimum")
            }
            if let maximum = limits.compactMap({ $0.maximumAmount?.value }).max(), body.amount > maximum {
                return Self.refusal(Self.relayed("The amount is higher than the maximum."), status: 422, rule: "MollieAmountAboveMaximum")
            }
            let id = lock.withLock {
                defer { nextID += 1 }
                return nextID
            }
            // The demo backend asks Mollie for the payment, returning to the app's deep link.
            let mollie = api.open(
                MolliePaymentRequest(
                    paymentDescription: body.paymentDescription, amount: MockMollieAPI.amount(body.amount, "EUR"),
                    redirectUrl: "\(MollieCheckoutClient.deepLinkScheme)://payments/\(id)", method: body.method.flatMap(MollieMethod.init),
                    issuer: body.issuer),
                link: request.link)
            return lock.withLock {
                let payment = BackendPayment(
                    id: id, mollieId: mollie.id, method: body.method, issuer: body.issuer, amount: body.amount,
                    paymentDescription: body.paymentDescription, url: mollie.links?.checkout?.href, status: .open,
                    createdAt: mollie.createdAt, updatedAt: mollie.createdAt)
                var list = payments[device] ?? []
                list.append(payment)
                if list.count > Self.paymentsPerDevice {
                    for dropped in list.prefix(list.count - Self.paymentsPerDevice) {
                        if let gone = dropped.mollieId { owners[gone] = nil }
                    }
                    list.removeFirst(list.count - Self.paymentsPerDevice)
                }
                payments[device] = list
                owners[mollie.id] = device
                transport.ledger.note("payment", id: mollie.id, state: payment.status.rawValue)
                return .json(PaymentEnvelope(data: payment), status: 201)
            }
        }
        transport.handle(GetPaymentOperation.self, of: operations) { [self] request, _ in
            guard let device = device(request) else { return badRequest() }
            let id = Int(request.pathParameters["id"] ?? "") ?? -1
            return lock.withLock {
                guard let payment = payments[device]?.first(where: { $0.id == id }) else {
                    return Self.refusal("Not found.", errors: [:], status: 404, rule: "NotFound")
                }
                return .json(PaymentEnvelope(data: refreshed(payment)))
            }
        }
    }

    /// Moves an open payment to `status` in Mollie's API (a paid payment cannot be canceled; an
    /// unknown one is not found) and answers where the checkout returns: the payment's cancel URL
    /// for a cancel when it has one, else its redirect URL (the app's deep link for the backend's
    /// payments). A return URL that is not a URL is refused rather than followed.
    private func settle(_ mollieID: String, _ status: PaymentStatus) throws -> URL {
        let payment = try api.settle(mollieID, status)
        lock.withLock {
            if status == .paid { paidCount += 1 }
            if owners[mollieID] != nil { transport.ledger.note("payment", id: mollieID, state: status.rawValue) }
        }
        let target = (status == .canceled ? payment.cancelUrl : nil) ?? payment.redirectUrl
        guard let target, let url = URL(string: target), url.scheme != nil else { throw HostedPageError.unregisteredRedirect }
        return url
    }

    private func installPages(on browser: MockBrowser) {
        let buttons = [
            HostedPage.Button(Outcome.paid.rawValue, "Paid"), HostedPage.Button(Outcome.canceled.rawValue, "Canceled"),
            HostedPage.Button(Outcome.failed.rawValue, "Failed"), HostedPage.Button(Outcome.expired.rawValue, "Expired"),
        ]
        browser.host(
            HostedPage(
                host: Self.checkoutHost, pathPrefix: "/checkout/", title: "Mollie · Test mode",
                text: "Select the status of this test payment.",
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
                let target = try settle(mollieID, status)
                if outcome == .paidWithoutReturn { throw WebSessionError.canceled }
                return target
            }.showing(only: { [self] url in api.payment(url.lastPathComponent) != nil }))
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

extension MockMollieBackend {
    /// Every refusal of the demo backend the sandbox serves, and of Mollie's API that the backend
    /// relays: the demo's Laravel validation has no codes, so the names are ours.
    public static let ruleTable = ProviderRuleTable(
        provider: "mollie", title: "Mollie checkout demo backend (and Mollie's API behind it)",
        source:
            "From the demo backend's source (Laravel validation, `{message, errors}` bodies, no error codes: the codes below are the names the sandbox's verdicts use) and Mollie's API document (`../shared/contracts/mollie/specs.yaml`: create-payment 422, 429, 503; list-payments 400, 429; get-payment 404, 429; list-methods 400, 429), whose refusals the backend relays as 422 `Error executing API call (422: Unprocessable Entity): <detail>`.",
        rules: [
            ProviderRule("InvalidDeviceUUID", status: 400, when: "`X-Mollie-Checkout-Device-UUID` missing or not a UUID"),
            ProviderRule(
                "NotFound", status: 404, operations: ["getPayment"],
                when: "a payment the device does not own, or a path the backend does not serve"),
            ProviderRule("MethodNotAllowed", status: 405, when: "a method the route does not take"),
            ProviderRule(
                "ValidationFailed", status: 422, operations: ["createPayment", "listMethods"],
                when:
                    "a field breaks the backend's validation (`^\\d{1,8}(\\.\\d{0,2})?$` for an amount, a description of 3 to 255 characters), each message in the words of the Laravel the demo pins (8.x: `The amount format is invalid.`, `The description must be at least 3 characters.`)"
            ),
            ProviderRule(
                "InvalidMethod", status: 422, operations: ["createPayment"],
                when: "a method the backend does not offer (`The selected method is invalid.`)"),
            ProviderRule(
                "InvalidIssuer", status: 422, operations: ["createPayment"],
                when: "an issuer that is not one of the method's (`The selected issuer is invalid.`)"),
            ProviderRule(
                "MollieAmountAboveMaximum", status: 422, operations: ["createPayment"],
                when:
                    "Mollie's 422: the specified amount is higher than the maximum allowed amount (the method's, or every method's when none is chosen)"
            ),
            ProviderRule(
                "MollieAmountBelowMinimum", status: 422, operations: ["createPayment", "listMethods"],
                when: "Mollie's 422: the amount is lower than the method's minimum (zero, which the demo's own rule admits, included)"),
            ProviderRule(
                "MollieRefused", status: 422, operations: ["createPayment"],
                when: "any other refusal of Mollie's, relayed (the `mollie-rejects` scenario)"),
            ProviderRule(
                "MollieDescriptionMissing", status: 422, operations: ["createPayment"],
                when: "Mollie's 422: the 'description' field is missing",
                .notApplicable("the backend's own validation refuses a missing description first (ValidationFailed)")),
            ProviderRule(
                "MollieInvalidListRequest", status: 400, operations: ["listPayments"], when: "Mollie's 400 for an invalid list request",
                .notApplicable("the backend lists the device's payments and takes no list parameters")),
            ProviderRule(
                "MollieInvalidSequenceType", status: 400, operations: ["listMethods"], when: "Mollie's 400: the sequence type is invalid",
                .notApplicable("the backend's method list takes only `amount`")),
            ProviderRule(
                "MollieRateLimit", status: 429, when: "Mollie's rate limit",
                .notApplicable("the sandbox has no request quota; the fault plan (`Sandbox-Fault`) plays outages")),
            ProviderRule(
                "MollieMethodUnavailable", status: 503, operations: ["createPayment"],
                when: "Mollie's 503: the payment platform for the method is temporarily unavailable",
                .notApplicable("an outage, not a rule on the request: the fault plan's `serverError` answers 503")),
        ])
}
