import Foundation
import MollieCheckout
import PaymentFlowsCore
import PaymentSchemasVocabulary
import PaymentServerCore

/// Mollie's own API, as a merchant server calls it with a test API key: payments (create, get,
/// cancel), the profile's methods (list, get one with its issuers) and a payment's refunds
/// (create, get, list, cancel; executed two hours after they are made), with Mollie's error body (`{status, title, detail, field,
/// _links}`) for
/// every refusal. Its payments are paid, canceled, failed or left to expire on Mollie's hosted
/// checkout page, which ``MockMollieBackend`` serves; the demo backend creates its payments here,
/// so one Mollie state serves both.
public final class MockMollieAPI: @unchecked Sendable {
    /// The API's transport.
    public let transport: MockProviderTransport
    /// Mollie's API host: links in answers point there (the sandbox rewrites them to itself).
    public static let apiHost = "api.mollie.com"
    /// The host of the hosted checkout.
    public static let checkoutHost = "www.mollie.com"
    /// The most refunds one payment keeps (Mollie lists at most 250 a page).
    public static let refundsPerPayment = 250
    let lock = NSLock()
    var payments = BoundedStore<String, Held>()
    var nextPayment = 1
    var nextRefund = 1

    /// A payment and its refunds, oldest first.
    struct Held: Sendable {
        var payment: MolliePayment
        var refunds: [MollieRefund] = []
    }

    /// Creates the API on `transport`.
    public init(transport: MockProviderTransport = MockProviderTransport(name: "MollieAPI")) {
        self.transport = transport
        transport.refusals = Self.refusals
        transport.idempotency = Self.idempotency
        transport.authenticate = { request, _ in Self.knowsKey(request) ? nil : Self.unauthorized }
        transport.offer(Self.requestScenarios)
        installRoutes()
        installWebhookTrigger()
    }

    /// Forgets every payment and refund.
    public func reset() {
        transport.forgetIdempotencyKeys()
        lock.withLock {
            payments.removeAll()
            nextPayment = 1
            nextRefund = 1
        }
    }

    /// A payment as the API answers it now, by its id.
    public func payment(_ id: String) -> MolliePayment? { lock.withLock { payments[id]?.payment } }

    /// The refunds of a payment, oldest first.
    public func refunds(of id: String) -> [MollieRefund] { lock.withLock { payments[id]?.refunds ?? [] } }

    // MARK: - Keys and refusals

    /// Whether the request carries a test API key as Mollie issues them: `Bearer test_` and
    /// letters and digits (the scheme in any case). A live key is refused: the sandbox is test mode.
    static func knowsKey(_ request: ServerRequest) -> Bool {
        guard let key = HTTPAuthorization.credentials(request.header("authorization"), scheme: "Bearer"), key.hasPrefix("test_") else {
            return false
        }
        let rest = key.dropFirst(5)
        return !rest.isEmpty && rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// `value` as Mollie answers every body: HAL JSON (`application/hal+json`).
    static func hal<T: Encodable & Sendable>(_ value: T, status: Int = 200) -> ServerResponse {
        var answer = ServerResponse.json(value, status: status)
        answer.contentType = "application/hal+json"
        return answer
    }

    /// A refusal in Mollie's error shape, named `rule` in the sandbox's verdicts.
    static func refusal(_ status: Int, _ title: String, _ detail: String, field: String? = nil, rule: String) -> ServerResponse {
        let documentation = URL(string: "https://docs.mollie.com/overview/handling-errors").map { MollieLink(href: $0, type: "text/html") }
        var answer = hal(
            MollieError(status: status, title: title, detail: detail, field: field, links: MollieErrorLinks(documentation: documentation)),
            status: status)
        answer.rule = rule
        return answer
    }

    /// Mollie's 401 for a request without a valid API key.
    static let unauthorized = refusal(
        401, "Unauthorized Request", "Missing authentication, or failed to authenticate", rule: "MollieUnauthorized")

    /// A 404 for `kind` `id` that does not exist (or, for a refund, is not the payment's).
    static func notFound(_ kind: String, _ id: String) -> ServerResponse {
        refusal(404, "Not Found", "No \(kind) exists with token \(id).", rule: "MollieNotFound")
    }

    /// A 422 on `field`.
    static func unprocessable(_ detail: String, field: String? = nil, rule: String) -> ServerResponse {
        refusal(422, "Unprocessable Entity", detail, field: field, rule: rule)
    }

    /// Mollie's refusals: 404 for a path it does not serve, 405 for a method a path does not take,
    /// and for a request its schema refuses, the first problem, as Mollie names one problem a
    /// time: a query parameter is a 400, a body field a 422 (`The 'amount' field is missing`, `The
    /// amount contains an invalid value`), with the field's dotted name.
    static let refusals = ProviderRefusals(
        notFound: { _ in refusal(404, "Not Found", "The requested resource does not exist.", rule: "MollieNotFound") },
        methodNotAllowed: { method, _ in
            refusal(405, "Method Not Allowed", "The \(method) method is not allowed on this resource.", rule: "MollieMethodNotAllowed")
        },
        invalid: { _, violations in
            guard let first = violations.first else {
                return unprocessable("The request is invalid.", rule: "MollieValidationFailed")
            }
            let field = first.field.replacingOccurrences(of: "[", with: ".").replacingOccurrences(of: "]", with: "")
            if first.location != .body {
                return refusal(400, "Bad Request", "Invalid value for '\(first.field)'", field: first.field, rule: "MollieInvalidParameter")
            }
            if field.isEmpty { return unprocessable("The request body is invalid.", rule: "MollieValidationFailed") }
            return unprocessable(detail(field, first.rule), field: field, rule: "MollieValidationFailed")
        },
        // Mollie's `Content-Type` must be JSON or a form (its names nesting by brackets,
        // `amount[value]=10.00`); a body in another media type is not read, so its fields are missing.
        takesBracketedForms: true)

    /// Mollie's words for a field that breaks its schema.
    static func detail(_ field: String, _ rule: String) -> String {
        switch rule {
        case "missing", "null", "required": return "The '\(field)' field is missing"
        case _ where field.hasSuffix("amount.value"): return "The amount contains an invalid value"
        case _ where field.hasSuffix("amount.currency"): return "The amount contains an invalid currency"
        default: return "The '\(field)' field is invalid"
        }
    }

    /// Mollie's `Idempotency-Key`: a repeat of a request that took effect answers the first answer;
    /// a refused request may be sent again with its key, corrected.
    static let idempotency = IdempotencyPolicy(keep: .successes, methods: ["POST", "DELETE"])

    // MARK: - Amounts

    /// Mollie takes an amount with exactly the currency's decimals (ISO 4217's minor unit, at most
    /// two): `10.00` for EUR, `1000` for JPY; anything else is refused, never rounded.
    static func exact(_ amount: MollieAmount) -> Decimal? {
        guard case .success(let reading) = PayDecimalText.read(amount.value),
            reading.fractionDigits == CurrencyPrecision.mollie.digits(of: amount.currency)
        else { return nil }
        return reading.value
    }

    /// `value` in `currency`, written with the currency's decimals.
    static func amount(_ value: Decimal, _ currency: String) -> MollieAmount {
        MollieAmount(currency: currency, value: CurrencyPrecision.mollie.text(value, in: currency))
    }

    // MARK: - Methods

    /// A method the profile offers: its name, its limits in euros and its issuers.
    struct Offer: Sendable {
        let id: MollieMethod
        let name: String
        let minimum: Decimal
        let maximum: Decimal
        let issuers: [(id: String, name: String)]
    }

    /// The profile's methods.
    static let offers = [
        Offer(
            id: .ideal, name: "iDEAL", minimum: Decimal(1) / 100, maximum: 50_000,
            issuers: [("ideal_ABNANL2A", "ABN AMRO"), ("ideal_INGBNL2A", "ING")]),
        Offer(id: .creditcard, name: "Card", minimum: Decimal(1) / 100, maximum: 2_000, issuers: []),
        Offer(id: .paypal, name: "PayPal", minimum: Decimal(1) / 100, maximum: 8_000, issuers: []),
        Offer(id: .bancontact, name: "Bancontact", minimum: Decimal(2) / 100, maximum: 50_000, issuers: []),
    ]

    /// The profile's methods as the API answers one.
    static func entity(_ offer: Offer, issuers: Bool, link: (URL) -> URL) -> MollieMethodEntity {
        let icons = "https://www.mollie.com/external/icons/payment-methods/\(offer.id.rawValue)"
        let own = URL(string: "https://\(apiHost)/v2/methods/\(offer.id.rawValue)").map(link)
        return MollieMethodEntity(
            id: offer.id, methodDescription: offer.name, minimumAmount: amount(offer.minimum, "EUR"),
            maximumAmount: amount(offer.maximum, "EUR"),
            image: MollieMethodImage(size1x: icons + ".png", size2x: icons + "%402x.png", svg: icons + ".svg"), status: .activated,
            issuers: issuers && !offer.issuers.isEmpty
                ? offer.issuers.map { MollieIssuer(id: $0.id, name: $0.name) } : nil,
            links: MollieMethodLinks(
                linkSelf: MollieLink(href: own ?? URL(fileURLWithPath: "/"), type: "application/hal+json"), documentation: documentation))
    }

    static let documentation = URL(string: "https://docs.mollie.com/reference/").map { MollieLink(href: $0, type: "text/html") }
}
