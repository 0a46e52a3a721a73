import Foundation
import MollieCheckout
import PaymentFlowsCore
import PaymentSchemasRuntime

/// A merchant server's receiving end of Mollie's webhook, as Mollie says to receive it: the body
/// (``MollieWebhookCall``) says only `id=tr_…` and carries no signature, so nothing in it is trusted; the payment is
/// fetched from Mollie's API with the merchant's key, and what Mollie answers is the news. An id
/// Mollie does not know (a forged call) is refused; a call repeated is harmless, as it only fetches
/// the payment again. The caller then updates its order and answers 2xx.
public struct MollieWebhookReceiver: Sendable {
    /// Why a call was not accepted.
    public enum Refusal: String, Sendable, Hashable {
        /// The body is not `id=tr_…`.
        case malformedBody
        /// Mollie knows no such payment: the call is not Mollie's.
        case unknownPayment
        /// Mollie could not be asked; the call is not accepted, so Mollie calls again.
        case verificationUnavailable

        /// The status a receiver answers with: 503 when Mollie could not be asked (so Mollie calls
        /// again), 400 otherwise.
        public var status: Int { refusalStatus(replayed: false, unavailable: self == .verificationUnavailable) }
    }

    /// What became of a call.
    public enum Outcome: Sendable {
        /// The payment as Mollie's API answers it now: update the order, answer 2xx.
        case accepted(MolliePayment)
        /// Not accepted, and why.
        case refused(Refusal)
    }

    private let client: PayAPIClient
    private let apiKey: String

    /// A receiver that fetches payments through `client` (Mollie's API, or the sandbox's
    /// `/t/mollie-api`) with the merchant's `apiKey` (`test_…` or `live_…`).
    public init(client: PayAPIClient, apiKey: String) {
        self.client = client
        self.apiKey = apiKey
    }

    /// Receives one call: its form body as sent.
    public func receive(body: Data) async -> Outcome {
        // Read as the generated `MollieWebhookCall` reads it: one `id` of the form `tr_…`, nothing else.
        guard let items = try? PayQueryText.items(Substring(decoding: body, as: UTF8.self)), items.map(\.name) == ["id"],
            let call = try? PayWire.decodeQuery(MollieWebhookCall.self, from: items), call.violations.isEmpty
        else { return .refused(.malformedBody) }
        let id = call.id
        do {
            switch try await client.send(GetMolliePaymentOperation(paymentId: id, authorization: "Bearer \(apiKey)")) {
            case .success(_, let payment): return .accepted(payment)
            case .failure(404, _): return .refused(.unknownPayment)
            case .failure: return .refused(.verificationUnavailable)
            }
        } catch {
            return .refused(.verificationUnavailable)
        }
    }
}
