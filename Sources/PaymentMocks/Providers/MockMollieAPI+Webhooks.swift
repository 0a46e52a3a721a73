import Foundation
import MollieCheckout
import PaymentServerCore

/// Mollie's webhook: when a payment's status changes, Mollie posts `id=tr_…` (a form body, nothing
/// else: no status, no signature) to the payment's `webhookUrl`, and the merchant's server fetches
/// the payment to learn what changed. A receiver that does not answer 2xx is called again on
/// ``WebhookSchedule/mollie``.
extension MockMollieAPI {
    /// The `User-Agent` Mollie's webhook calls carry.
    static let webhookAgent = "Mollie.nl HTTP client/1.0"

    /// The notice of `payment`'s status now, to its `webhookUrl`; `nil` when it has none (or one
    /// that is not a URL).
    static func notice(of payment: MolliePayment) -> WebhookNotice? {
        guard let text = payment.webhookUrl, !text.isEmpty, let url = URL(string: text),
            let body = try? MollieWebhookCall(id: payment.id).queryString
        else { return nil }
        return WebhookNotice(
            provider: "mollie-api", event: "payment." + payment.status.rawValue, resource: payment.id, url: url,
            headers: [.init("User-Agent", webhookAgent)], contentType: "application/x-www-form-urlencoded",
            body: Data(body.utf8), schedule: .mollie)
    }

    /// Posts the notice of `payment`'s status, where it has a `webhookUrl`.
    func announce(_ payment: MolliePayment) {
        if let notice = Self.notice(of: payment) { transport.webhooks.post(notice) }
    }

    /// `POST /__admin/webhooks/trigger` for Mollie: the payment `resource`'s call again, as it is
    /// now (Mollie's call says nothing but the id, so `event` is not needed and, when given, must
    /// name the payment's status: `payment.paid`).
    func installWebhookTrigger() {
        transport.webhooks.trigger = { [weak self] event, resource in
            guard let self, let resource, let payment = payment(resource) else {
                return .failure(.init("NOT_FOUND", "no payment \(resource ?? "(none named)"): name one with its tr_ id"))
            }
            if let event, event != "payment." + payment.status.rawValue {
                return .failure(
                    .init("UNKNOWN_EVENT", "Mollie calls with the payment's id only; the payment is payment.\(payment.status.rawValue)"))
            }
            guard let notice = Self.notice(of: payment) else {
                return .failure(.init("NO_RECEIVER", "payment \(resource) has no webhookUrl"))
            }
            return .success([notice])
        }
    }
}
