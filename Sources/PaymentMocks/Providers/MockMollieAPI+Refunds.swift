import Foundation
import MollieCheckout
import PaymentServerCore

/// A Mollie refund after it is made: Mollie executes refunds two hours after they are created,
/// and until then one may be canceled (Mollie's `cancel-refund`: only while `queued` or
/// `pending`). The sandbox executes a refund when it is read two hours or more after it was
/// made (`Sandbox-Scenario: two-hours-later` plays a request that much later); a canceled refund
/// gives its amount back to what is left to refund.
extension MockMollieAPI {
    /// How long after it is made Mollie executes a refund: two hours.
    public static let refundDelay: TimeInterval = 2 * 3_600

    /// The scenarios a request to Mollie's API may choose with `Sandbox-Scenario`.
    public static let requestScenarios = [
        RequestScenario(
            provider: "mollie-api", name: "two-hours-later",
            operations: ["getMolliePayment", "listMollieRefunds", "getMollieRefund", "cancelMollieRefund"],
            summary: "The request comes two hours later: the payment's refunds still pending are executed (refunded) first.")
    ]

    /// Now, as the request meets it: two hours on for `two-hours-later`.
    func moment(_ request: ServerRequest) -> Date {
        Date().addingTimeInterval(request.scenario == "two-hours-later" ? Self.refundDelay : 0)
    }

    /// Executes payment `id`'s refunds that were queued or pending for two hours at `date`
    /// (under the lock): they are `refunded`.
    func executeRefunds(of id: String, at date: Date) {
        guard var held = payments[id] else { return }
        var changed = false
        for index in held.refunds.indices where [.queued, .pending].contains(held.refunds[index].status) {
            guard date >= held.refunds[index].createdAt.addingTimeInterval(Self.refundDelay) else { continue }
            held.refunds[index].status = .refunded
            transport.ledger.note("refund", id: held.refunds[index].id, state: MollieRefundStatus.refunded.rawValue)
            changed = true
        }
        if changed { payments[id] = held }
    }

    /// `DELETE /v2/payments/{id}/refunds/{refundId}`, under the lock: a refund still `queued` or
    /// `pending` is `canceled` and its amount is refundable again (204); any other is Mollie's 422.
    func cancelRefund(_ id: String, _ refundID: String, _ request: ServerRequest) -> ServerResponse {
        executeRefunds(of: id, at: moment(request))
        guard var held = payments[id] else { return Self.notFound("payment", id) }
        guard let index = held.refunds.firstIndex(where: { $0.id == refundID }) else { return Self.notFound("refund", refundID) }
        let refund = held.refunds[index]
        guard [.queued, .pending].contains(refund.status) else {
            return Self.unprocessable(
                "The refund cannot be canceled: it is \(refund.status.rawValue), and only a queued or pending refund can be",
                rule: "MollieRefundNotCancelable")
        }
        held.refunds[index].status = .canceled
        let currency = held.payment.amount.currency
        let value = Self.exact(refund.amount) ?? 0
        let refunded = (held.payment.amountRefunded.flatMap(Self.exact) ?? value) - value
        held.payment.amountRefunded = Self.amount(refunded, currency)
        held.payment.amountRemaining = Self.amount((Self.exact(held.payment.amount) ?? 0) - refunded, currency)
        payments[id] = held
        transport.ledger.note("refund", id: refundID, state: MollieRefundStatus.canceled.rawValue)
        transport.ledger.note("payment", id: id, state: refunded == 0 ? "paid" : "partially refunded")
        return ServerResponse(status: 204, contentType: "")
    }
}
