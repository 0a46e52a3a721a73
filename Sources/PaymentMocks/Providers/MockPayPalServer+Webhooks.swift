import Crypto
import Foundation
import PayPalPayments
import PaymentSchemasRuntime
import PaymentSchemasVocabulary
import PaymentServerCore
import _CryptoExtras

/// PayPal's webhooks: a merchant registers a URL and the event types it wants
/// (`POST /v1/notifications/webhooks`), and every change of an order, authorization, capture or
/// refund is posted there as PayPal's event (``PayPalEvent``) with its transmission headers,
/// signed with SHA256withRSA over `<transmission id>|<time>|<webhook id>|<CRC32 of the body>`;
/// the merchant verifies a delivery with `POST /v1/notifications/verify-webhook-signature`. A
/// receiver that does not answer 2xx is posted to again on ``WebhookSchedule/payPal``.
extension MockPayPalServer {
    /// A delivery as it was signed: what `verify-webhook-signature` checks a claim against.
    struct Transmission: Sendable {
        let webhookID: String
        let time: Date
        let body: Data
        let signature: String
    }

    /// The events the sandbox sends: the type, the resource's kind as PayPal names it, and what happened.
    static let webhookEvents: [(type: String, resourceType: String, summary: String)] = [
        ("CHECKOUT.ORDER.APPROVED", "checkout-order", "An order has been approved by buyer"),
        ("CHECKOUT.ORDER.COMPLETED", "checkout-order", "Checkout Order Completed"),
        ("PAYMENT.AUTHORIZATION.CREATED", "authorization", "A payment authorization was created"),
        ("PAYMENT.AUTHORIZATION.VOIDED", "authorization", "A payment authorization was voided"),
        ("PAYMENT.CAPTURE.COMPLETED", "capture", "Payment completed"),
        ("PAYMENT.CAPTURE.REFUNDED", "refund", "A payment capture was refunded"),
    ]

    /// The most webhooks one app registers (PayPal's limit per app).
    static let webhookLimit = 10
    /// The algorithm of `PAYPAL-AUTH-ALGO`.
    static let webhookAlgorithm = "SHA256withRSA"
    /// The certificate URL of `PAYPAL-CERT-URL`. The sandbox does not serve it: a delivery is
    /// verified with `verify-webhook-signature`, as PayPal advises.
    static let webhookCertificateURL = "https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-sandbox-paymentschemas"
    /// The key the sandbox signs deliveries with, made once per process.
    static let webhookKey: _RSA.Signing.PrivateKey? = try? _RSA.Signing.PrivateKey(keySize: .bits2048)

    /// PayPal's error body of the Webhooks API, named `rule` in the sandbox's verdicts.
    static func webhookError(
        _ status: Int, _ name: String, _ message: String, field: String? = nil, issue: String? = nil
    )
        -> ServerResponse
    {
        let details = issue.map { [PayPalErrorDetails2(field: field, location: field.map { _ in "body" }, issue: $0)] }
        var answer = ServerResponse.json(
            PayPalError(name: name, message: message, debugId: "f1d8e1c2a7b31", details: details), status: status)
        answer.rule = name
        return answer
    }

    /// 404 for a webhook this app did not register.
    static let unknownWebhook = webhookError(
        404, "INVALID_RESOURCE_ID", "Specified resource ID does not exist. Please check the resource ID and try again.")

    /// A request the schema admits that the Webhooks API refuses: the document's 422
    /// (`UNPROCESSABLE_ENTITY`, its `error_422`) with the issue and the field in `details`.
    static func unprocessable(_ issue: String, field: String? = nil) -> ServerResponse {
        var answer = webhookError(
            422, "UNPROCESSABLE_ENTITY",
            "The requested action could not be performed, semantically incorrect, or failed business validation.", field: field,
            issue: issue)
        answer.rule = issue
        return answer
    }

    /// PayPal's 400 for a request that breaks the Webhooks document where our schema language
    /// cannot say the rule (a URL's 2,048 characters, a transmission's pattern with a look-ahead).
    static func invalid(_ field: String, _ issue: String) -> ServerResponse {
        webhookError(
            400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", field: field, issue: issue)
    }

    /// The most characters of a webhook's URL (the Webhooks document's `maxLength`).
    static let urlLimit = 2_048
    /// The most characters of a verification's `cert_url` (the Webhooks document's `maxLength`).
    static let certificateURLLimit = 500

    /// Whether `text` matches the Webhooks document's `^(?!\d+$)\w+\S+` (a transmission's id and
    /// signature), read as Python's `re` reads it: not only digits (a final newline aside), a word
    /// character, then one that is not a space.
    static func isTransmissionText(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let digits = scalars.prefix { $0.properties.generalCategory == .decimalNumber }.count
        if digits > 0, digits == scalars.count || (digits == scalars.count - 1 && scalars[digits] == "\n") { return false }
        guard scalars.count >= 2 else { return false }
        let letters: Set<Unicode.GeneralCategory> = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
        let word = scalars[0] == "_" || letters.contains(scalars[0].properties.generalCategory) || scalars[0].properties.numericType != nil
        let space = scalars[1].properties.isWhitespace || (0x1C...0x1F).contains(scalars[1].value)
        return word && !space
    }

    func installWebhookRoutes() {
        api(CreateWebhookOperation.self) { [self] request, body in
            guard body.url.absoluteString.count <= Self.urlLimit else { return Self.invalid("/url", "INVALID_STRING_MAX_LENGTH") }
            guard WebhookNotice.isDeliverable(body.url) else {
                return Self.unprocessable("INVALID_PARAMETER_SYNTAX", field: "/url")
            }
            return lock.withLock {
                if webhookRegistrations.entries.values.contains(where: { $0.url == body.url }) {
                    return Self.unprocessable("WEBHOOK_URL_ALREADY_EXISTS", field: "/url")
                }
                guard webhookRegistrations.count < Self.webhookLimit else {
                    return Self.unprocessable("WEBHOOK_NUMBER_LIMIT_EXCEEDED")
                }
                let id = newPaymentID()
                var webhook = body
                webhook.id = id
                webhook.eventTypes = body.eventTypes.map { type in
                    var type = type
                    type.descriptionValue = Self.webhookEvents.first { $0.type == type.name }?.summary
                    type.status = type.name == "*" ? nil : "ENABLED"
                    return type
                }
                webhook.links = [
                    PayPalLinkDescription(
                        href: request.link(Self.apiURL("/v1/notifications/webhooks/\(id)")).absoluteString, rel: "self", method: .get),
                    PayPalLinkDescription(
                        href: request.link(Self.apiURL("/v1/notifications/webhooks/\(id)")).absoluteString, rel: "delete", method: .delete),
                ]
                webhookRegistrations[id] = webhook
                transport.ledger.note("webhook", id: id, state: "registered")
                return .json(webhook, status: 201)
            }
        }
        api(ListWebhooksOperation.self) { [self] _, _ in
            lock.withLock {
                .json(PayPalWebhookList(webhooks: webhookRegistrations.entries.values.sorted { ($0.id ?? "") < ($1.id ?? "") }))
            }
        }
        api(GetWebhookOperation.self) { [self] request, _ in
            lock.withLock { webhookRegistrations[request.pathParameters["webhook_id"] ?? ""].map { .json($0) } ?? Self.unknownWebhook }
        }
        api(DeleteWebhookOperation.self) { [self] request, _ in
            let id = request.pathParameters["webhook_id"] ?? ""
            return lock.withLock {
                guard webhookRegistrations[id] != nil else { return Self.unknownWebhook }
                webhookRegistrations[id] = nil
                transport.ledger.note("webhook", id: id, state: "deleted")
                return ServerResponse(status: 204, contentType: "")
            }
        }
        api(VerifyWebhookSignatureOperation.self) { [self] request, body in
            guard body.certUrl.absoluteString.count <= Self.certificateURLLimit else {
                return Self.invalid("/cert_url", "INVALID_STRING_MAX_LENGTH")
            }
            for (field, text) in [("/transmission_id", body.transmissionId), ("/transmission_sig", body.transmissionSig)]
            where !Self.isTransmissionText(text) {
                return Self.invalid(field, "INVALID_PARAMETER_SYNTAX")
            }
            let claimed = (try? PayJSONParser.parse(request.body))?["webhook_event"]
            let verified = lock.withLock { verifies(body, event: claimed) }
            return .json(PayPalVerifyWebhookSignatureResponse(verificationStatus: verified ? .success : .failure))
        }
        api(SimulateWebhookEventOperation.self) { [self] request, body in
            return lock.withLock { simulate(body, request) }
        }
    }

    /// Whether `claim` names a delivery the sandbox made: the transmission, its webhook and time,
    /// a signature that verifies with the sandbox's key over what was sent, and the event as it was
    /// delivered (compared as JSON values).
    private func verifies(_ claim: PayPalVerifyWebhookSignature, event: PayJSON?) -> Bool {
        guard let sent = transmissions[claim.transmissionId], sent.webhookID == claim.webhookId,
            claim.authAlgo == Self.webhookAlgorithm, claim.certUrl.absoluteString == Self.webhookCertificateURL,
            abs(sent.time.timeIntervalSince(claim.transmissionTime)) < 1, sent.signature == claim.transmissionSig,
            let event, (try? PayJSONParser.parse(sent.body)) == event,
            let signature = Data(base64Encoded: claim.transmissionSig), let key = Self.webhookKey
        else { return false }
        let message = Self.signedText(
            transmission: claim.transmissionId, time: Self.timestamp(sent.time), webhook: claim.webhookId, body: sent.body)
        return key.publicKey.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signature), for: Data(message.utf8), padding: .insecurePKCS1v1_5)
    }

    /// `simulate-event`: a sample event of the type to the webhook (which must subscribe to it) or to the URL.
    private func simulate(_ body: PayPalSimulateEvent, _ request: ServerRequest) -> ServerResponse {
        guard let kind = Self.webhookEvents.first(where: { $0.type == body.eventType }) else {
            return Self.unprocessable("INVALID_PARAMETER_VALUE", field: "/event_type")
        }
        if let url = body.url, url.absoluteString.count > Self.urlLimit { return Self.invalid("/url", "INVALID_STRING_MAX_LENGTH") }
        let target: (id: String, url: URL)
        if let id = body.webhookId {
            guard let webhook = webhookRegistrations[id] else { return Self.unknownWebhook }
            guard Self.subscribes(webhook, to: kind.type) else {
                return Self.unprocessable("INVALID_PARAMETER_VALUE", field: "/event_type")
            }
            target = (id, webhook.url)
        } else if let url = body.url, WebhookNotice.isDeliverable(url) {
            // A simulation to a bare URL belongs to no webhook: the sandbox signs it for the id `WEBHOOK_ID`.
            target = ("WEBHOOK_ID", url)
        } else {
            return Self.unprocessable("MISSING_REQUIRED_PARAMETER", field: "/url")
        }
        let sample = Self.sampleResource(kind.resourceType, id: newPaymentID(), request: request)
        let event = makeEvent(kind.type, resourceType: kind.resourceType, summary: kind.summary, resource: sample)
        if let notice = signedNotice(event, webhookID: target.id, url: target.url, cause: "simulate-event") {
            transport.webhooks.post(notice)
        }
        return .json(event, status: 202)
    }

    /// A sample resource of `resourceType`, as PayPal's simulator sends one.
    private static func sampleResource(_ resourceType: String, id: String, request: ServerRequest) -> PayJSON {
        let money = PayPalMoney(currencyCode: "USD", value: "10.00")
        let value: PayJSON?
        switch resourceType {
        case "checkout-order": value = try? PayWire.encodeJSONValue(OrderResponse(id: id, status: .approved, intent: .capture))
        case "authorization": value = try? PayWire.encodeJSONValue(PaymentsAuthorization(status: .created, id: id, amount: money))
        case "refund": value = try? PayWire.encodeJSONValue(Refund(status: .completed, id: id, amount: money))
        default: value = try? PayWire.encodeJSONValue(PaymentsCapture(status: .completed, id: id, amount: money))
        }
        return value ?? .object(["id": .string(id)])
    }

    /// Whether `webhook` subscribes to `type` (by name, or every event with `*`).
    static func subscribes(_ webhook: PayPalWebhook, to type: String) -> Bool {
        webhook.eventTypes.contains { $0.name == type || $0.name == "*" }
    }

    /// Posts event `type` about `resource` to every webhook subscribed to it (under the lock).
    func announce<Resource: Encodable>(_ type: String, _ resource: Resource) {
        guard let kind = Self.webhookEvents.first(where: { $0.type == type }) else { return }
        let subscribed = webhookRegistrations.entries.values.filter { Self.subscribes($0, to: type) }.sorted {
            ($0.id ?? "") < ($1.id ?? "")
        }
        guard !subscribed.isEmpty, let value = try? PayWire.encodeJSONValue(resource) else { return }
        let event = makeEvent(type, resourceType: kind.resourceType, summary: kind.summary, resource: value)
        for webhook in subscribed {
            if let id = webhook.id, let notice = signedNotice(event, webhookID: id, url: webhook.url) { transport.webhooks.post(notice) }
        }
    }

    /// An event of `type` about `resource`, as PayPal writes one.
    private func makeEvent(_ type: String, resourceType: String, summary: String, resource: PayJSON) -> PayPalEvent {
        let id = "WH-" + newPaymentID() + "-" + newPaymentID()
        let own = Self.apiURL("/v1/notifications/webhooks-events/\(id)").absoluteString
        return PayPalEvent(
            id: id, createTime: clockValue(), resourceType: resourceType, eventVersion: "1.0", eventType: type, summary: summary,
            resourceVersion: "2.0", resource: resource,
            links: [
                PayPalLinkDescription(href: own, rel: "self", method: .get),
                PayPalLinkDescription(href: own + "/resend", rel: "resend", method: .post),
            ])
    }

    /// `event` for the webhook `webhookID` at `url`, signed, its transmission kept for `verify-webhook-signature`.
    private func signedNotice(_ event: PayPalEvent, webhookID: String, url: URL, cause: String? = nil) -> WebhookNotice? {
        guard let body = try? PayWire.encodeJSON(event), let key = Self.webhookKey else { return nil }
        let transmission = ids.nextUUID().uuidString.lowercased()
        let time = Date(timeIntervalSince1970: clockValue().timeIntervalSince1970.rounded(.down))
        let text = Self.signedText(transmission: transmission, time: Self.timestamp(time), webhook: webhookID, body: body)
        guard let signature = try? key.signature(for: Data(text.utf8), padding: .insecurePKCS1v1_5) else { return nil }
        let encoded = signature.rawRepresentation.base64EncodedString()
        transmissions[transmission] = Transmission(webhookID: webhookID, time: time, body: body, signature: encoded)
        return WebhookNotice(
            provider: "paypal", event: event.eventType ?? "", resource: event.resource?["id"]?.stringValue ?? "", url: url,
            headers: [
                .init("PAYPAL-TRANSMISSION-ID", transmission), .init("PAYPAL-TRANSMISSION-TIME", Self.timestamp(time)),
                .init("PAYPAL-TRANSMISSION-SIG", encoded), .init("PAYPAL-CERT-URL", Self.webhookCertificateURL),
                .init("PAYPAL-AUTH-ALGO", Self.webhookAlgorithm), .init("PAYPAL-AUTH-VERSION", "v2"),
            ],
            contentType: "application/json", body: body, schedule: .payPal, cause: cause)
    }

    /// What PayPal signs: `<transmission id>|<time>|<webhook id>|<CRC32 of the body, in decimal>`.
    static func signedText(transmission: String, time: String, webhook: String, body: Data) -> String {
        "\(transmission)|\(time)|\(webhook)|\(CRC32.checksum(body))"
    }

    /// `POST /__admin/webhooks/trigger` for PayPal: the event `event` about `resource` (an order,
    /// authorization, capture or refund the sandbox holds) as it is now, to every webhook subscribed.
    func installWebhookTrigger() {
        transport.webhooks.trigger = { [weak self] event, resource in
            guard let self else { return .failure(.init("NOT_FOUND", "the provider is gone")) }
            guard let event, let kind = Self.webhookEvents.first(where: { $0.type == event }) else {
                return .failure(.init("UNKNOWN_EVENT", "name one of " + Self.webhookEvents.map(\.type).joined(separator: ", ")))
            }
            return lock.withLock { () -> Result<[WebhookNotice], WebhookOutbox.TriggerRefusal> in
                let id = resource ?? ""
                let value: PayJSON?
                switch kind.resourceType {
                case "checkout-order": value = orders[id].flatMap { try? PayWire.encodeJSONValue($0) }
                case "authorization": value = authorizations[id].flatMap { try? PayWire.encodeJSONValue($0.authorization) }
                case "capture": value = captures[id].flatMap { try? PayWire.encodeJSONValue($0.capture) }
                default: value = refunds[id].flatMap { try? PayWire.encodeJSONValue($0) }
                }
                guard let value else { return .failure(.init("NOT_FOUND", "no \(kind.resourceType) \(id.isEmpty ? "(none named)" : id)")) }
                let subscribed = webhookRegistrations.entries.values.filter { Self.subscribes($0, to: event) }
                guard !subscribed.isEmpty else {
                    return .failure(
                        .init("NO_RECEIVER", "no webhook subscribes to \(event): register one (POST /t/paypal/v1/notifications/webhooks)"))
                }
                let made = makeEvent(event, resourceType: kind.resourceType, summary: kind.summary, resource: value)
                return .success(
                    subscribed.sorted { ($0.id ?? "") < ($1.id ?? "") }.compactMap { webhook in
                        webhook.id.flatMap { signedNotice(made, webhookID: $0, url: webhook.url) }
                    })
            }
        }
    }
}

/// CRC-32 (IEEE 802.3, the polynomial zlib uses), as PayPal's signed text takes the body's.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    /// The checksum of `data`.
    static func checksum(_ data: Data) -> UInt32 {
        ~data.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}

extension MockPayPalServer {
    /// Registers `url` for `eventTypes` (every event by default), as `POST /v1/notifications/webhooks`
    /// would (`payflow serve --paypal-webhook`), kept through resets; the webhook's id, `nil` when the URL is already
    /// registered, not http(s), or the app has its ten.
    public func registerWebhook(url: URL, eventTypes: [String] = ["*"]) -> String? {
        guard WebhookNotice.isDeliverable(url) else { return nil }
        return lock.withLock {
            guard webhookRegistrations.count < Self.webhookLimit, !webhookRegistrations.entries.values.contains(where: { $0.url == url })
            else { return nil }
            let id = newPaymentID()
            let webhook = PayPalWebhook(id: id, url: url, eventTypes: eventTypes.map { PayPalEventType(name: $0) })
            webhookRegistrations[id] = webhook
            standingWebhooks.append(webhook)
            transport.ledger.note("webhook", id: id, state: "registered")
            return id
        }
    }
}
