import AmazonPayMobile
import Foundation
import PaymentSchemasVocabulary
import PaymentServerCore

/// Amazon Pay after the checkout: the charge a completed session made, captured once (at most its
/// amount) or canceled; refunds of a captured charge, which together may exceed its capture by at
/// most 15% or 75 USD/GBP/EUR (8,400 JPY), whichever is less; the charge permission behind it, read
/// and closed. Every state change is noted in the ledger and told to the merchant's IPN endpoint
/// (``notificationEndpoint``). Every check and its booking happen under one lock, so concurrent
/// refunds of one charge never exceed what it allows.
extension MockAmazonPayServer {
    /// A charge as Amazon keeps it: what it answers, and what was captured and refunded of it.
    struct HeldCharge: Sendable {
        /// What Get Charge answers.
        var charge: Charge
        /// What its capture took.
        var captured: Decimal = 0
        /// What its refunds hold: initiated and refunded ones (a declined refund's amount is free again).
        var refunding: Decimal = 0
        /// What its Refunded refunds gave back (its `refundedAmount`).
        var refunded: Decimal = 0
        /// How many refunds it has had (each refund's id is numbered from it).
        var refundCount = 0
    }

    /// How long an Authorized charge may be captured: Amazon's 30 days, then it is Canceled (ExpiredUnused).
    public static let authorizationDays = 30
    /// How long a one-time charge permission lives: 180 days.
    public static let chargePermissionDays = 180
    /// What a charge's refunds may add up to above its capture: 15% of it, at most this much in the
    /// currency (Amazon's Refund page: 75 USD/GBP/EUR, 8,400 JPY; another currency has only the 15%).
    public static let refundOverageCaps: [String: Decimal] = ["USD": 75, "GBP": 75, "EUR": 75, "JPY": 8_400]

    /// The merchant IPNs name (`MerchantID`).
    public static let merchantID = "A23YM23UEBY8FM"

    /// The IPN endpoint of the merchant's configuration (Seller Central's Integration Settings;
    /// `payflow serve --amazon-ipn`): every change of a charge, refund or charge permission is
    /// posted there. Kept through resets; `nil` (the default): nothing is sent.
    public var notificationEndpoint: URL? {
        get { lock.withLock { notificationURL } }
        set { lock.withLock { notificationURL = newValue.flatMap { WebhookNotice.isDeliverable($0) ? $0 : nil } } }
    }

    /// A charge as it is now.
    public func charge(_ id: String) -> Charge? { lock.withLock { charges[id]?.charge } }

    /// A refund as it is now.
    public func refund(_ id: String) -> AmazonPayRefund? { lock.withLock { refunds[id] } }

    /// A charge permission as it is now.
    public func chargePermission(_ id: String) -> ChargePermission? { lock.withLock { permissions[id] } }

    /// Forgets every charge, refund and charge permission (under the lock).
    func forgetCharges() {
        charges.removeAll()
        refunds.removeAll()
        permissions.removeAll()
    }

    // MARK: Amounts

    /// The exact value of an amount the schema admitted.
    static func value(_ text: String) -> Decimal {
        if case .success(let reading) = PayDecimalText.read(text) { return reading.value }
        return 0
    }

    /// `value` in `currency` as Amazon writes it: the currency's fraction digits (sums and
    /// differences of amounts Amazon took never need more).
    static func total(_ value: Decimal, _ currency: String) -> AmazonPayTotal {
        AmazonPayTotal(amount: CurrencyPrecision.amazonPay.text(value, in: currency), currencyCode: currency)
    }

    /// What a charge's refunds may add up to: its capture and the overage Amazon allows above it.
    static func refundCeiling(captured: Decimal, currency: String) -> Decimal {
        let share = captured * Decimal(15) / Decimal(100)
        return captured + min(share, refundOverageCaps[currency] ?? share)
    }

    /// Now, as the request meets it: 31 days on for `charge-expired`.
    func moment(_ request: ServerRequest) -> Date {
        now().addingTimeInterval(request.scenario == "charge-expired" ? TimeInterval((Self.authorizationDays + 1) * 86_400) : 0)
    }

    // MARK: Completion

    /// Records the charge permission and the charge the completion of `session` made (under the lock).
    func holdCharge(of session: CheckoutSession) {
        guard let permissionID = session.chargePermissionId, let amount = session.paymentDetails?.chargeAmount else { return }
        let made = now()
        let charged = session.chargeId == nil ? 0 : Self.value(amount.amount)
        permissions[permissionID] = ChargePermission(
            chargePermissionId: permissionID, buyer: session.buyer, shippingAddress: session.shippingAddress,
            billingAddress: session.billingAddress, paymentPreferences: session.paymentPreferences,
            merchantMetadata: session.merchantMetadata,
            limits: ChargePermissionLimits(
                amountLimit: Self.total(Self.value(amount.amount), amount.currencyCode),
                amountBalance: Self.total(Self.value(amount.amount) - charged, amount.currencyCode)),
            presentmentCurrency: session.paymentDetails?.presentmentCurrency ?? amount.currencyCode,
            statusDetails: ChargePermissionStatusDetails(state: .chargeable, lastUpdatedTimestamp: made), creationTimestamp: made,
            expirationTimestamp: made.addingTimeInterval(TimeInterval(Self.chargePermissionDays * 86_400)), releaseEnvironment: .sandbox)
        notePermission(permissionID)
        guard let chargeID = session.chargeId else { return }
        let capture = session.paymentDetails?.paymentIntent == .authorizeWithCapture
        var held = HeldCharge(
            charge: Charge(
                chargeId: chargeID, chargePermissionId: permissionID, chargeAmount: amount,
                captureAmount: Self.total(capture ? charged : 0, amount.currencyCode),
                refundedAmount: Self.total(0, amount.currencyCode), softDescriptor: session.paymentDetails?.softDescriptor,
                captureNow: capture, canHandlePendingAuthorization: session.paymentDetails?.canHandlePendingAuthorization ?? false,
                providerMetadata: ProviderMetadata(),
                statusDetails: ChargeStatusDetails(state: capture ? .captured : .authorized, lastUpdatedTimestamp: made),
                creationTimestamp: made, expirationTimestamp: made.addingTimeInterval(TimeInterval(Self.authorizationDays * 86_400)),
                releaseEnvironment: .sandbox))
        if capture { held.captured = charged }
        charges[chargeID] = held
        noteCharge(chargeID)
    }

    // MARK: Ledger and notifications

    /// Notes charge `id`'s state (under the lock) and, where it changed, tells the IPN endpoint.
    func noteCharge(_ id: String) {
        guard let charge = charges[id]?.charge else { return }
        let reason = charge.statusDetails.reasonCode.map { " (\($0.rawValue))" } ?? ""
        if transport.ledger.note("charge", id: id, state: charge.statusDetails.state.rawValue + reason) {
            notify(.charge, id: id, permission: charge.chargePermissionId, state: charge.statusDetails.state.rawValue)
        }
    }

    /// Notes refund `id`'s state (under the lock) and, where it changed, tells the IPN endpoint.
    func noteRefund(_ id: String) {
        guard let refund = refunds[id] else { return }
        let reason = refund.statusDetails.reasonCode.map { " (\($0.rawValue))" } ?? ""
        if transport.ledger.note("refund", id: id, state: refund.statusDetails.state.rawValue + reason) {
            notify(
                .refund, id: id, permission: charges[refund.chargeId]?.charge.chargePermissionId,
                state: refund.statusDetails.state.rawValue)
        }
    }

    /// Notes charge permission `id`'s state (under the lock) and, where it changed, tells the IPN endpoint.
    func notePermission(_ id: String) {
        guard let permission = permissions[id] else { return }
        let reason = permission.statusDetails.reasons?.first.map { " (\($0.reasonCode.rawValue))" } ?? ""
        if transport.ledger.note("charge permission", id: id, state: permission.statusDetails.state.rawValue + reason) {
            notify(.chargePermission, id: id, permission: id, state: permission.statusDetails.state.rawValue)
        }
    }

    /// Posts the IPN of `type` `id`'s change to the endpoint, when one is configured (under the lock).
    private func notify(_ type: IPNObjectType, id: String, permission: String?, state: String) {
        guard let url = notificationURL, let notice = notice(type, id: id, permission: permission, state: state, url: url) else { return }
        transport.webhooks.post(notice)
    }

    /// The IPN of `type` `id` for `url`: an SNS `Notification` whose `Message` is the notification's JSON.
    private func notice(_ type: IPNObjectType, id: String, permission: String?, state: String, url: URL) -> WebhookNotice? {
        let notification = AmazonPayNotification(
            releaseEnvironment: .sandbox, merchantID: Self.merchantID, objectType: type, objectId: id, chargePermissionId: permission,
            notificationType: .stateChange, notificationId: ids.nextUUID().uuidString.lowercased(), notificationVersion: "V2")
        guard let message = try? PayWire.encodeJSON(notification) else { return nil }
        let messageID = ids.nextUUID().uuidString.lowercased()
        let topic = "arn:aws:sns:us-east-1:000000000000:AmazonPay-IPN-" + Self.merchantID
        let envelope = AmazonPayIPNMessage(
            type: .notification, messageId: messageID, topicArn: topic, message: String(decoding: message, as: UTF8.self),
            timestamp: now())
        guard let body = try? PayWire.encodeJSON(envelope) else { return nil }
        return WebhookNotice(
            provider: "amazonpay", event: "\(type.rawValue).\(state)", resource: id, url: url,
            headers: [
                .init("x-amz-sns-message-type", "Notification"), .init("x-amz-sns-message-id", messageID),
                .init("x-amz-sns-topic-arn", topic), .init("User-Agent", "Amazon Simple Notification Service Agent"),
            ],
            contentType: "text/plain; charset=UTF-8", body: body, schedule: .amazonPay)
    }

    /// `POST /__admin/webhooks/trigger` for Amazon Pay: the IPN of the charge, refund or charge
    /// permission `resource` as it is now (`event`, when given, names its type and state:
    /// `CHARGE.Captured`).
    func installNotificationTrigger() {
        transport.webhooks.trigger = { [weak self] event, resource in
            guard let self else { return .failure(.init("NOT_FOUND", "the provider is gone")) }
            return lock.withLock { () -> Result<[WebhookNotice], WebhookOutbox.TriggerRefusal> in
                let id = resource ?? ""
                let found: (IPNObjectType, String?, String)? =
                    if let charge = charges[id]?.charge {
                        (.charge, charge.chargePermissionId, charge.statusDetails.state.rawValue)
                    } else if let refund = refunds[id] {
                        (.refund, charges[refund.chargeId]?.charge.chargePermissionId, refund.statusDetails.state.rawValue)
                    } else if let permission = permissions[id] {
                        (.chargePermission, id, permission.statusDetails.state.rawValue)
                    } else { nil }
                guard let (type, permission, state) = found else {
                    return .failure(.init("NOT_FOUND", "no charge, refund or charge permission \(id.isEmpty ? "(none named)" : id)"))
                }
                if let event, event != "\(type.rawValue).\(state)" {
                    return .failure(.init("UNKNOWN_EVENT", "Amazon tells only the current state: \(id) is \(type.rawValue).\(state)"))
                }
                guard let url = notificationURL else {
                    return .failure(.init("NO_RECEIVER", "no IPN endpoint is configured (payflow serve --amazon-ipn URL)"))
                }
                guard let notice = notice(type, id: id, permission: permission, state: state, url: url) else {
                    return .failure(.init("NOT_FOUND", "the notification of \(id) cannot be written"))
                }
                return .success([notice])
            }
        }
    }

    // MARK: Routes

    private func notFound(_ what: String, _ id: String) -> ServerResponse {
        Self.error(.resourceNotFound, "The \(what) '\(id)' was not found.", status: 404)
    }

    private static func chargeStatus(_ charge: Charge, _ action: String) -> ServerResponse {
        error(
            .invalidChargeStatus,
            "You tried to \(action) a Charge in the \(charge.statusDetails.state.rawValue) state, where that operation is not allowed.",
            status: 422)
    }

    func installChargeRoutes() {
        api(GetChargeOperation.self) { [self] request, _ in
            let id = request.pathParameters["chargeId"] ?? ""
            return lock.withLock { charges[id].map { .json($0.charge) } ?? notFound("Charge", id) }
        }
        api(CaptureChargeOperation.self) { [self] request, body in
            let id = request.pathParameters["chargeId"] ?? ""
            if let refusal = Self.amountRefusal(body.captureAmount, "captureAmount") { return refusal }
            return lock.withLock { capture(id, body, request: request) }
        }
        api(CancelChargeOperation.self) { [self] request, body in
            let id = request.pathParameters["chargeId"] ?? ""
            return lock.withLock {
                guard var held = charges[id] else { return notFound("Charge", id) }
                expire(id, &held, at: moment(request))
                guard [.authorized, .authorizationInitiated].contains(held.charge.statusDetails.state) else {
                    return Self.chargeStatus(held.charge, "cancel")
                }
                held.charge.statusDetails = ChargeStatusDetails(
                    state: .canceled, reasonCode: .merchantCanceled, reasonDescription: body.cancellationReason, lastUpdatedTimestamp: now()
                )
                charges[id] = held
                noteCharge(id)
                return .json(held.charge)
            }
        }
        api(CreateRefundOperation.self) { [self] request, body in
            if let refusal = Self.amountRefusal(body.refundAmount, "refundAmount") { return refusal }
            return lock.withLock { refund(body, request: request) }
        }
        api(GetRefundOperation.self) { [self] request, _ in
            let id = request.pathParameters["refundId"] ?? ""
            return lock.withLock { refunds[id].map { .json($0) } ?? notFound("Refund", id) }
        }
        api(GetChargePermissionOperation.self) { [self] request, _ in
            let id = request.pathParameters["chargePermissionId"] ?? ""
            return lock.withLock { permissions[id].map { .json($0) } ?? notFound("ChargePermission", id) }
        }
        api(CloseChargePermissionOperation.self) { [self] request, body in
            let id = request.pathParameters["chargePermissionId"] ?? ""
            return lock.withLock { close(id, body) }
        }
    }

    /// An Authorized charge past its 30 days at `date` becomes Canceled (ExpiredUnused), noted and told.
    private func expire(_ id: String, _ held: inout HeldCharge, at date: Date) {
        guard held.charge.statusDetails.state == .authorized, let expiry = held.charge.expirationTimestamp, date >= expiry else { return }
        held.charge.statusDetails = ChargeStatusDetails(state: .canceled, reasonCode: .expiredUnused, lastUpdatedTimestamp: expiry)
        charges[id] = held
        noteCharge(id)
    }

    /// Capture Charge (under the lock): once, of an Authorized charge, at most its amount, in its currency.
    private func capture(_ id: String, _ body: CaptureChargeRequest, request: ServerRequest) -> ServerResponse {
        guard var held = charges[id] else { return notFound("Charge", id) }
        expire(id, &held, at: moment(request))
        guard held.charge.statusDetails.state == .authorized else { return Self.chargeStatus(held.charge, "capture") }
        if permissions[held.charge.chargePermissionId]?.statusDetails.state == .closed {
            return Self.error(
                .invalidChargePermissionStatus,
                "You tried to capture a Charge whose Charge Permission is Closed, where that operation is not allowed.", status: 422)
        }
        let authorized = held.charge.chargeAmount
        guard body.captureAmount.currencyCode == authorized.currencyCode else {
            return Self.error(
                .currencyMismatch,
                "captureAmount.currencyCode \(body.captureAmount.currencyCode) does not match the Charge's currency, \(authorized.currencyCode).",
                status: 400)
        }
        let amount = Self.value(body.captureAmount.amount)
        guard amount <= Self.value(authorized.amount) else {
            return Self.error(
                .transactionAmountExceeded,
                "The value '\(body.captureAmount.amount)' provided for 'captureAmount.amount' exceeds the Charge's amount of \(authorized.amount) \(authorized.currencyCode).",
                status: 400)
        }
        held.captured = amount
        held.charge.captureAmount = Self.total(amount, authorized.currencyCode)
        if let descriptor = body.softDescriptor { held.charge.softDescriptor = descriptor }
        held.charge.statusDetails = ChargeStatusDetails(state: .captured, lastUpdatedTimestamp: now())
        charges[id] = held
        noteCharge(id)
        return .json(held.charge)
    }

    /// Create Refund (under the lock): of a Captured charge, in its currency, never beyond what its
    /// refunds may add up to. The refund is answered RefundInitiated and then processed: Refunded
    /// (Declined under `refund-declined`, its amount free again).
    private func refund(_ body: CreateRefundRequest, request: ServerRequest) -> ServerResponse {
        guard var held = charges[body.chargeId] else { return notFound("Charge", body.chargeId) }
        guard held.charge.statusDetails.state == .captured else { return Self.chargeStatus(held.charge, "refund") }
        let currency = held.charge.chargeAmount.currencyCode
        guard body.refundAmount.currencyCode == currency else {
            return Self.error(
                .currencyMismatch,
                "refundAmount.currencyCode \(body.refundAmount.currencyCode) does not match the Charge's currency, \(currency).",
                status: 400)
        }
        let amount = Self.value(body.refundAmount.amount)
        let ceiling = Self.refundCeiling(captured: held.captured, currency: currency)
        guard held.refunding + amount <= ceiling else {
            let left = max(ceiling - held.refunding, 0)
            let overage = Self.refundOverageCaps[currency].map { "15% or \($0) \(currency), whichever is less" } ?? "15%"
            return Self.error(
                .transactionAmountExceeded,
                "You've exceeded the maximum refund amount for the Charge: \(Self.total(left, currency).amount) \(currency) is left to refund (its capture and \(overage), above it).",
                status: 400)
        }
        let made = now()
        held.refundCount += 1
        let id = held.charge.chargePermissionId + "-R" + (held.refundCount < 10 ? "0" : "") + String(held.refundCount)
        let initiated = AmazonPayRefund(
            refundId: id, chargeId: body.chargeId, refundAmount: body.refundAmount, softDescriptor: body.softDescriptor,
            creationTimestamp: made, statusDetails: RefundStatusDetails(state: .refundInitiated, lastUpdatedTimestamp: made),
            releaseEnvironment: .sandbox)
        refunds[id] = initiated
        held.refunding += amount
        charges[body.chargeId] = held
        noteRefund(id)
        // Amazon processes the refund after answering; the sandbox does at once.
        var processed = initiated
        if request.scenario == "refund-declined" {
            processed.statusDetails = RefundStatusDetails(state: .declined, reasonCode: .amazonRejected, lastUpdatedTimestamp: made)
            held.refunding -= amount
        } else {
            processed.statusDetails = RefundStatusDetails(state: .refunded, lastUpdatedTimestamp: made)
            held.refunded += amount
            held.charge.refundedAmount = Self.total(held.refunded, currency)
        }
        refunds[id] = processed
        charges[body.chargeId] = held
        noteRefund(id)
        return .json(initiated, status: 201)
    }

    /// Close Charge Permission (under the lock): Closed (MerchantClosed) for good; with
    /// `cancelPendingCharges` its Authorized charges are Canceled (ChargePermissionCanceled).
    private func close(_ id: String, _ body: CloseChargePermissionRequest) -> ServerResponse {
        guard var permission = permissions[id] else { return notFound("ChargePermission", id) }
        guard permission.statusDetails.state != .closed else {
            return Self.error(
                .invalidChargePermissionStatus,
                "You tried to close a Charge Permission in the Closed state, where that operation is not allowed.", status: 422)
        }
        let date = now()
        permission.statusDetails = ChargePermissionStatusDetails(
            state: .closed, reasons: [ChargePermissionReason(reasonCode: .merchantClosed, reasonDescription: body.closureReason)],
            lastUpdatedTimestamp: date)
        permissions[id] = permission
        notePermission(id)
        if body.cancelPendingCharges == true {
            for (chargeID, var held) in charges.entries.sorted(by: { $0.key < $1.key })
            where held.charge.chargePermissionId == id && [.authorized, .authorizationInitiated].contains(held.charge.statusDetails.state) {
                held.charge.statusDetails = ChargeStatusDetails(
                    state: .canceled, reasonCode: .chargePermissionCanceled, reasonDescription: body.closureReason,
                    lastUpdatedTimestamp: date)
                charges[chargeID] = held
                noteCharge(chargeID)
            }
        }
        return .json(permission)
    }
}
