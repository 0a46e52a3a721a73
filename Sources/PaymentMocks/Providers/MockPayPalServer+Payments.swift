import Foundation
import PayPalPayments
import PaymentSchemasVocabulary
import PaymentServerCore

/// PayPal's Payments v2 API, what a merchant server does after the checkout: an order's
/// authorization captured later (in parts, up to PayPal's default overage limit of 115%),
/// reauthorized or voided; a capture refunded in parts or whole, never beyond what is left;
/// each read back. Every refusal is worded as the Payments document words it for the operation
/// (``PayPalIssue``); the order that made an authorization or capture follows its statuses.
extension MockPayPalServer {
    /// An authorization as the Payments API keeps it: what it answers, and what it was made for.
    struct HeldAuthorization: Sendable {
        /// What `GET /v2/payments/authorizations/{id}` answers.
        var authorization: PaymentsAuthorization
        /// The amount authorized.
        var money: PayPalMoney
        /// The order it authorized.
        var orderID: String
        /// What its captures took so far.
        var captured: Decimal = 0
        /// When it expires (``authorizationDays`` after it was made).
        var expires: Date
        /// The authorization this one reauthorized; `nil` for an original.
        var parent: String?
    }

    /// A capture as the Payments API keeps it.
    struct HeldCapture: Sendable {
        /// What `GET /v2/payments/captures/{id}` answers.
        var capture: PaymentsCapture
        /// The amount captured.
        var money: PayPalMoney
        /// The order it captured.
        var orderID: String
        /// What its refunds gave back so far.
        var refunded: Decimal = 0
        /// When it was made (its refund window opens).
        var made: Date
        /// The platform fees the capture took, by currency (its `payment_instruction.platform_fees`).
        var platformFees: [String: Decimal] = [:]
        /// What its refunds gave back of those fees so far, by currency.
        var platformFeesRefunded: [String: Decimal] = [:]
    }

    /// How long an authorization lives: PayPal's 29 days (its honor period is the first three).
    public static let authorizationDays = 29
    /// How long after a capture it may be refunded: PayPal's 180 days.
    public static let refundWindowDays = 180
    /// What all captures of an authorization may add up to, as a share of it: PayPal's default
    /// overage limit, 115% (its `MAX_CAPTURE_AMOUNT_EXCEEDED` gives it).
    public static let overageLimit = Decimal(115) / Decimal(100)

    /// What PayPal's own host serves a Payments resource at.
    static func apiURL(_ path: String) -> URL {
        URL(string: "https://api-m.sandbox.paypal.com" + path) ?? URL(fileURLWithPath: "/")
    }

    /// Now, as the request meets it: the server's clock, moved on by the scenarios that play a
    /// request later (`authorization-expired` 30 days, `refund-window-passed` 181 days).
    func now(_ request: ServerRequest) -> Date {
        let days =
            switch request.scenario {
            case "authorization-expired": Self.authorizationDays + 1
            case "refund-window-passed": Self.refundWindowDays + 1
            default: 0
            }
        return clockValue().addingTimeInterval(TimeInterval(days * 86_400))
    }

    /// `date` as PayPal writes it (RFC 3339, UTC, whole seconds).
    static func timestamp(_ date: Date) -> String { date.formatted(.iso8601) }

    /// A fresh 17-character id, as PayPal's look.
    func newPaymentID() -> String {
        String(ids.next() % 100_000_000_000_000_000, radix: 36).uppercased().padding(toLength: 17, withPad: "0", startingAt: 0)
    }

    /// The exact value of an amount the schema admitted (zero for one it did not, which never gets here).
    static func value(of money: PayPalMoney) -> Decimal {
        if case .success(let reading) = PayDecimalText.read(money.value) { return reading.value }
        return 0
    }

    /// `value` in `currency` as PayPal writes it: the currency's fraction digits, nothing rounded
    /// (sums and differences of amounts PayPal took never need more).
    static func money(_ value: Decimal, _ currency: String) -> PayPalMoney {
        PayPalMoney(currencyCode: currency, value: CurrencyPrecision.payPal.text(value, in: currency))
    }

    /// An id PayPal's `related_ids` can carry (`[A-Z0-9]+`, at most 20): a test's seeded order id may not be one.
    private static func relatedID(_ id: String) -> String? {
        id.count <= 20 && !id.isEmpty && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) } ? id : nil
    }

    /// Records an authorization of `amount` for order `orderID` (under the lock) and answers the
    /// order's view of it.
    func holdAuthorization(
        _ id: String, orderID: String, amount: PayPalMoney?, request: ServerRequest, parent: String? = nil
    ) -> AuthorizationResponse {
        let made = now(request)
        let expires = made.addingTimeInterval(TimeInterval(Self.authorizationDays * 86_400))
        let money = amount ?? PayPalMoney(currencyCode: "USD", value: "0.00")
        let base = "/v2/payments/authorizations/\(id)"
        let authorization = PaymentsAuthorization(
            status: .created, id: id, amount: money, expirationTime: Self.timestamp(expires),
            links: [
                LinkDescription(href: request.link(Self.apiURL(base)), rel: "self", method: "GET"),
                LinkDescription(href: request.link(Self.apiURL(base + "/capture")), rel: "capture", method: "POST"),
                LinkDescription(href: request.link(Self.apiURL(base + "/void")), rel: "void", method: "POST"),
                LinkDescription(href: request.link(Self.apiURL(base + "/reauthorize")), rel: "reauthorize", method: "POST"),
            ], createTime: Self.timestamp(made), updateTime: Self.timestamp(made),
            supplementaryData: PayPalSupplementaryData(relatedIds: PayPalRelatedIds(orderId: Self.relatedID(orderID))))
        authorizations[id] = HeldAuthorization(
            authorization: authorization, money: money, orderID: orderID, expires: expires, parent: parent)
        transport.ledger.note("authorization", id: id, state: AuthorizationStatus.created.rawValue)
        announce("PAYMENT.AUTHORIZATION.CREATED", authorization)
        return AuthorizationResponse(id: id, status: .created, amount: amount, expirationTime: expires)
    }

    /// Records a capture of `amount` for order `orderID` (under the lock) and answers the order's view of it.
    func holdCapture(
        _ id: String, orderID: String, authorizationID: String?, amount: PayPalMoney?, final: Bool, request: ServerRequest,
        body: CaptureAuthorizationRequest = CaptureAuthorizationRequest()
    ) -> CaptureResponse {
        let made = now(request)
        let money = amount ?? PayPalMoney(currencyCode: "USD", value: "0.00")
        let base = "/v2/payments/captures/\(id)"
        let up = authorizationID.map { "/v2/payments/authorizations/\($0)" } ?? "/v2/checkout/orders/\(orderID)"
        let capture = PaymentsCapture(
            status: .completed, id: id, amount: money, invoiceId: body.invoiceId, finalCapture: final,
            sellerReceivableBreakdown: PayPalSellerReceivableBreakdown(
                grossAmount: money, platformFees: body.paymentInstruction?.platformFees),
            disbursementMode: body.paymentInstruction?.disbursementMode,
            links: [
                LinkDescription(href: request.link(Self.apiURL(base)), rel: "self", method: "GET"),
                LinkDescription(href: request.link(Self.apiURL(base + "/refund")), rel: "refund", method: "POST"),
                LinkDescription(href: request.link(Self.apiURL(up)), rel: "up", method: "GET"),
            ], createTime: Self.timestamp(made), updateTime: Self.timestamp(made),
            supplementaryData: PayPalSupplementaryData(
                relatedIds: PayPalRelatedIds(orderId: Self.relatedID(orderID), authorizationId: authorizationID.flatMap(Self.relatedID))))
        captures[id] = HeldCapture(
            capture: capture, money: money, orderID: orderID, made: made,
            platformFees: Self.feeTotals(body.paymentInstruction?.platformFees))
        transport.ledger.note("capture", id: id, state: CaptureStatus.completed.rawValue)
        announce("PAYMENT.CAPTURE.COMPLETED", capture)
        return CaptureResponse(id: id, status: .completed, amount: amount, finalCapture: final)
    }

    /// Platform fees added up by currency, each amount read exactly.
    static func feeTotals(_ fees: [PayPalPlatformFee]?) -> [String: Decimal] {
        (fees ?? []).reduce(into: [:]) { totals, fee in totals[fee.amount.currencyCode, default: 0] += value(of: fee.amount) }
    }

    /// Changes the order's purchase units (under the lock), where order `orderID` is still held.
    private func touchOrder(_ orderID: String, _ change: (inout PaymentCollection) -> Void) {
        guard var order = orders[orderID] else { return }
        order.purchaseUnits = order.purchaseUnits?.map { unit in
            var unit = unit
            if var payments = unit.payments {
                change(&payments)
                unit.payments = payments
            }
            return unit
        }
        orders[orderID] = order
    }

    /// The authorization's status, kept alike in the Payments API, the order and the ledger.
    private func setStatus(_ status: AuthorizationStatus, ofAuthorization id: String, at time: Date) {
        guard var held = authorizations[id] else { return }
        held.authorization.status = status
        held.authorization.updateTime = Self.timestamp(time)
        authorizations[id] = held
        touchOrder(held.orderID) { payments in
            payments.authorizations = payments.authorizations?.map {
                var copy = $0
                if copy.id == id { copy.status = status }
                return copy
            }
        }
        if transport.ledger.note("authorization", id: id, state: status.rawValue), status == .voided {
            announce("PAYMENT.AUTHORIZATION.VOIDED", held.authorization)
        }
    }

    /// The capture's status, kept alike in the Payments API, the order and the ledger.
    private func setStatus(_ status: CaptureStatus, ofCapture id: String, at time: Date) {
        guard var held = captures[id] else { return }
        held.capture.status = status
        held.capture.updateTime = Self.timestamp(time)
        captures[id] = held
        touchOrder(held.orderID) { payments in
            payments.captures = payments.captures?.map {
                var copy = $0
                if copy.id == id { copy.status = status }
                return copy
            }
        }
        transport.ledger.note("capture", id: id, state: status.rawValue)
    }

    /// The refusal of an amount sent to `operation` against `held`, in the order PayPal's lists give
    /// them: a currency PayPal does not process, another currency than `held`'s (`mismatch`), zero,
    /// more decimals than the currency takes. `nil` when the amount passes (or none was sent).
    private static func amountRefusal(
        _ money: PayPalMoney?, against held: PayPalMoney, operation: String, mismatch: PayPalIssue
    ) -> ServerResponse? {
        guard let money else { return nil }
        if !PayPalIssue.supportedCurrencies.contains(money.currencyCode) {
            return PayPalIssue.invalidCurrencyCode.answer(operation, field: "/amount/currency_code", location: .body)
        }
        if money.currencyCode != held.currencyCode { return mismatch.answer(operation, field: "/amount/currency_code", location: .body) }
        if value(of: money) <= 0 { return PayPalIssue.cannotBeZeroOrNegative.answer(operation, field: "/amount/value", location: .body) }
        if !CurrencyPrecision.payPal.allows(money.value, in: money.currencyCode) {
            let none = CurrencyPrecision.payPal.digits(of: money.currencyCode) == 0
            return (none ? PayPalIssue.decimalsNotSupported : .decimalPrecision).answer(operation, field: "/amount/value", location: .body)
        }
        return nil
    }

    func installPaymentsRoutes() {
        api(GetAuthorizationOperation.self) { [self] request, _ in
            lock.withLock {
                guard let held = authorizations[request.pathParameters["authorizationID"] ?? ""] else {
                    return PayPalIssue.invalidResourceID.answer("getAuthorization", location: .path)
                }
                return .json(held.authorization)
            }
        }
        api(CaptureAuthorizationOperation.self) { [self] request, body in
            lock.withLock { captureAuthorization(request, body) }
        }
        api(ReauthorizeAuthorizationOperation.self) { [self] request, body in
            lock.withLock { reauthorize(request, body) }
        }
        api(VoidAuthorizationOperation.self) { [self] request, _ in
            lock.withLock { void(request) }
        }
        api(GetCaptureOperation.self) { [self] request, _ in
            lock.withLock {
                guard let held = captures[request.pathParameters["captureID"] ?? ""] else {
                    return PayPalIssue.invalidResourceID.answer("getCapture", location: .path)
                }
                return .json(held.capture)
            }
        }
        api(RefundCaptureOperation.self) { [self] request, body in
            lock.withLock { refund(request, body) }
        }
        api(GetRefundOperation.self) { [self] request, _ in
            lock.withLock {
                guard let refund = refunds[request.pathParameters["refundID"] ?? ""] else {
                    return PayPalIssue.invalidResourceID.answer("getRefund", location: .path)
                }
                return .json(refund)
            }
        }
    }

    /// `POST /v2/payments/authorizations/{id}/capture` (under the lock): what is left of the
    /// authorization, or the amount sent; `final_capture` (PayPal's default `false`) or the
    /// authorized amount reached makes the authorization `CAPTURED`, anything less `PARTIALLY_CAPTURED`.
    private func captureAuthorization(_ request: ServerRequest, _ body: CaptureAuthorizationRequest) -> ServerResponse {
        let operation = "captureAuthorization"
        let id = request.pathParameters["authorizationID"] ?? ""
        guard var held = authorizations[id] else { return PayPalIssue.invalidResourceID.answer(operation, location: .path) }
        let time = now(request)
        switch held.authorization.status {
        case .voided: return PayPalIssue.authorizationVoided.answer(operation)
        case .captured: return PayPalIssue.authorizationAlreadyCaptured.answer(operation)
        default: break
        }
        if time > held.expires { return PayPalIssue.authorizationExpired.answer(operation) }
        if let refused = Self.amountRefusal(body.amount, against: held.money, operation: operation, mismatch: .authCaptureCurrencyMismatch)
        {
            return refused
        }
        let authorized = Self.value(of: held.money)
        let requested = body.amount.map(Self.value(of:)) ?? max(authorized - held.captured, 0)
        if held.captured + requested > authorized * Self.overageLimit {
            return PayPalIssue.maxCaptureAmountExceeded.answer(operation, field: "/amount/value", location: .body)
        }
        held.captured += requested
        authorizations[id] = held
        let final = body.finalCapture == true || held.captured >= authorized
        setStatus(final ? .captured : .partiallyCaptured, ofAuthorization: id, at: time)
        let captureID = newPaymentID()
        let capture = holdCapture(
            captureID, orderID: held.orderID, authorizationID: id, amount: Self.money(requested, held.money.currencyCode), final: final,
            request: request, body: body)
        touchOrder(held.orderID) { payments in
            if payments.authorizations?.contains(where: { $0.id == id }) == true {
                payments.captures = (payments.captures ?? []) + [capture]
            }
        }
        return .json(captures[captureID]?.capture ?? PaymentsCapture(id: captureID), status: 201)
    }

    /// `POST /v2/payments/authorizations/{id}/reauthorize` (under the lock): a new authorization,
    /// of the amount sent or the original's, for an original nothing was captured from.
    private func reauthorize(_ request: ServerRequest, _ body: ReauthorizeRequest) -> ServerResponse {
        let operation = "reauthorizeAuthorization"
        let id = request.pathParameters["authorizationID"] ?? ""
        guard let held = authorizations[id] else { return PayPalIssue.invalidResourceID.answer(operation, location: .path) }
        switch held.authorization.status {
        case .voided: return PayPalIssue.authorizationVoided.answer(operation)
        case .captured, .partiallyCaptured: return PayPalIssue.authorizationAlreadyCaptured.answer(operation)
        default: break
        }
        if held.parent != nil { return PayPalIssue.reauthorizationNotSupported.answer(operation) }
        if let refused = Self.amountRefusal(body.amount, against: held.money, operation: operation, mismatch: .authCurrencyMismatch) {
            return refused
        }
        let newID = newPaymentID()
        let made = holdAuthorization(newID, orderID: held.orderID, amount: body.amount ?? held.money, request: request, parent: id)
        touchOrder(held.orderID) { payments in
            if payments.authorizations?.contains(where: { $0.id == id }) == true {
                payments.authorizations = (payments.authorizations ?? []) + [made]
            }
        }
        return .json(authorizations[newID]?.authorization ?? PaymentsAuthorization(id: newID), status: 201)
    }

    /// `POST /v2/payments/authorizations/{id}/void` (under the lock): an original authorization
    /// not captured in full becomes `VOIDED`, and nothing more is captured from it.
    private func void(_ request: ServerRequest) -> ServerResponse {
        let operation = "voidAuthorization"
        let id = request.pathParameters["authorizationID"] ?? ""
        guard let held = authorizations[id] else { return PayPalIssue.invalidResourceID.answer(operation, location: .path) }
        if held.parent != nil { return PayPalIssue.cannotBeVoided.answer(operation) }
        switch held.authorization.status {
        case .voided: return PayPalIssue.previouslyVoided.answer(operation)
        case .captured: return PayPalIssue.previouslyCaptured.answer(operation)
        default: break
        }
        setStatus(.voided, ofAuthorization: id, at: now(request))
        return .json(authorizations[id]?.authorization ?? held.authorization)
    }

    /// `POST /v2/payments/captures/{id}/refund` (under the lock): what is left of the capture, or
    /// the amount sent when it is no more than that; the capture becomes `PARTIALLY_REFUNDED`, then
    /// `REFUNDED` when its refunds add up to it. One lock for all, so refunds arriving together
    /// never give back more than the capture.
    private func refund(_ request: ServerRequest, _ body: RefundRequest) -> ServerResponse {
        let operation = "refundCapture"
        let id = request.pathParameters["captureID"] ?? ""
        guard var held = captures[id] else { return PayPalIssue.invalidResourceID.answer(operation, location: .path) }
        let time = now(request)
        if held.capture.status == .refunded { return PayPalIssue.captureFullyRefunded.answer(operation) }
        if time > held.made.addingTimeInterval(TimeInterval(Self.refundWindowDays * 86_400)) {
            return PayPalIssue.refundTimeLimitExceeded.answer(operation)
        }
        if let refused = Self.amountRefusal(
            body.amount, against: held.money, operation: operation, mismatch: .refundCaptureCurrencyMismatch)
        {
            return refused
        }
        let captured = Self.value(of: held.money)
        let requested = body.amount.map(Self.value(of:)) ?? (captured - held.refunded)
        if held.refunded + requested > captured {
            return PayPalIssue.refundAmountExceeded.answer(operation, field: "/amount/value", location: .body)
        }
        // The platform fees given back: in each currency, never more than the capture took less
        // what earlier refunds gave back, and none where it took none (the document's words).
        let fees = Self.feeTotals(body.paymentInstruction?.platformFees)
        for (currency, total) in fees {
            let taken = held.platformFees[currency] ?? 0
            if taken <= 0 || (held.platformFeesRefunded[currency] ?? 0) + total > taken {
                return PayPalIssue.platformFeeExceeded.answer(operation, field: "/payment_instruction/platform_fees", location: .body)
            }
        }
        held.platformFeesRefunded.merge(fees, uniquingKeysWith: +)
        held.refunded += requested
        captures[id] = held
        setStatus(held.refunded >= captured ? .refunded : .partiallyRefunded, ofCapture: id, at: time)
        let refundID = newPaymentID()
        let currency = held.money.currencyCode
        // PayPal's refund `custom_id` is `[A-Za-z0-9-_.,]*`, narrower than the request's: one it could not write back is not.
        let customID = body.customId.flatMap { text in
            text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_.,".unicodeScalars.contains($0) }
                ? text : nil
        }
        let refund = Refund(
            status: .completed, id: refundID, amount: Self.money(requested, currency), invoiceId: body.invoiceId, customId: customID,
            noteToPayer: body.noteToPayer,
            sellerPayableBreakdown: PayPalRefundSellerPayableBreakdown(
                grossAmount: Self.money(requested, currency), platformFees: body.paymentInstruction?.platformFees,
                totalRefundedAmount: Self.money(held.refunded, currency)),
            links: [
                LinkDescription(href: request.link(Self.apiURL("/v2/payments/refunds/\(refundID)")), rel: "self", method: "GET"),
                LinkDescription(href: request.link(Self.apiURL("/v2/payments/captures/\(id)")), rel: "up", method: "GET"),
            ], createTime: Self.timestamp(time), updateTime: Self.timestamp(time))
        refunds[refundID] = refund
        transport.ledger.note("refund", id: refundID, state: PayPalRefundStatus.completed.rawValue)
        announce("PAYMENT.CAPTURE.REFUNDED", refund)
        return .json(refund, status: 201)
    }
}
