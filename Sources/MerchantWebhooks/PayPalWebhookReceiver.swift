import Foundation
import PayPalPayments
import PaymentFlowsCore
import PaymentSchemasRuntime

/// A merchant server's receiving end of PayPal's webhooks, as PayPal says to receive them: the
/// event read with the generated ``PayPalEvent``, its transmission headers checked, the delivery
/// verified with PayPal's `verify-webhook-signature` (for the webhook id PayPal gave at
/// registration), then a delivery already accepted refused when it comes again (a replay: the same
/// transmission id, verified; an altered one fails the verification first). The caller then acts on the event (fetch the resource, update
/// its order) and
/// answers 2xx; a refusal is answered 400 (forged) or 409 (replayed).
public final class PayPalWebhookReceiver: Sendable {
    /// Why a delivery was not accepted.
    public enum Refusal: String, Sendable, Hashable {
        /// A `PAYPAL-TRANSMISSION-*`, `PAYPAL-CERT-URL` or `PAYPAL-AUTH-ALGO` header is missing.
        case missingHeaders
        /// The body is not a PayPal event.
        case malformedBody
        /// PayPal answered `FAILURE`: the event, the signature or the webhook is not PayPal's.
        case signatureInvalid
        /// This transmission was accepted already.
        case replayed
        /// PayPal could not be asked (a transport failure or an error answer); the delivery is not
        /// accepted, so PayPal sends it again.
        case verificationUnavailable

        /// The status a receiver answers with: 409 for a replay, 503 when PayPal could not be asked (so
        /// PayPal retries), 400 otherwise.
        public var status: Int { refusalStatus(replayed: self == .replayed, unavailable: self == .verificationUnavailable) }
    }

    /// What became of a delivery.
    public enum Outcome: Sendable {
        /// Verified and new: act on the event, answer 2xx.
        case accepted(PayPalEvent)
        /// Not accepted, and why.
        case refused(Refusal)
    }

    private let client: PayAPIClient
    private let webhookID: String
    private let accessToken: @Sendable () async throws -> String
    private let seen: LockIsolated<AcceptedIDs>

    /// A receiver for the webhook `webhookID`, verifying through `client` (PayPal's API, or the
    /// sandbox's `/t/paypal`) with the bearer token `accessToken` gives, remembering the last
    /// `remembered` transmissions accepted.
    public init(
        client: PayAPIClient, webhookID: String, remembered: Int = 10_000, accessToken: @escaping @Sendable () async throws -> String
    ) {
        self.client = client
        self.webhookID = webhookID
        self.accessToken = accessToken
        seen = LockIsolated(AcceptedIDs(limit: max(1, remembered)))
    }

    /// Receives one delivery: its headers (any case) and its body as sent.
    public func receive(headers: [String: String], body: Data) async -> Outcome {
        var fields: [String: String] = [:]
        for (name, value) in headers { fields[name.lowercased()] = value }
        guard let transmission = fields["paypal-transmission-id"], let time = fields["paypal-transmission-time"],
            let signature = fields["paypal-transmission-sig"], let certificate = fields["paypal-cert-url"].flatMap(URL.init(string:)),
            let algorithm = fields["paypal-auth-algo"], let sent = PayDateFormat.iso8601().parse(time)
        else { return .refused(.missingHeaders) }
        guard let event = try? PayWire.readJSON(PayPalEvent.self, from: body) else { return .refused(.malformedBody) }
        let claim = PayPalVerifyWebhookSignature(
            authAlgo: algorithm, certUrl: certificate, transmissionId: transmission, transmissionSig: signature, transmissionTime: sent,
            webhookId: webhookID, webhookEvent: event)
        do {
            let token = try await accessToken()
            switch try await client.send(VerifyWebhookSignatureOperation(authorization: "Bearer \(token)", body: claim)) {
            case .success(_, let answer) where answer.verificationStatus == .success:
                // Two deliveries of one transmission at once: only the first is accepted.
                return seen.withValue { $0.insert(transmission) } ? .accepted(event) : .refused(.replayed)
            case .success: return .refused(.signatureInvalid)
            case .failure: return .refused(.verificationUnavailable)
            }
        } catch {
            return .refused(.verificationUnavailable)
        }
    }
}
