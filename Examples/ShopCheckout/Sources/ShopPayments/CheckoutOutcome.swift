import Foundation
import PaymentSchemasRuntime

/// What the shop's app does with a payment Mollie returned: a hand-written type beside the
/// generated ones, using them as any Swift type.
package enum CheckoutOutcome: Equatable, Sendable {
    /// Send the buyer to the hosted checkout.
    case openCheckout(URL)
    /// The payment is settled; show the receipt for the amount.
    case receipt(currency: String, value: Decimal)
    /// Nothing to do yet (or any status this app does not know).
    case wait

    /// Decodes and validates Mollie's JSON, then decides; every problem in the payload is thrown.
    package static func decide(fromMollieJSON data: Data) throws -> CheckoutOutcome {
        let payment = try PayWire.decodeJSON(ShopPayment.self, from: data)
        try payment.validate()
        switch payment.status {
        case .open:
            if let checkout = payment.links?.checkout?.href { return .openCheckout(checkout) }
            return .wait
        case .paid, .authorized:
            return .receipt(currency: payment.amount.currency, value: payment.amount.value)
        default:
            return .wait
        }
    }
}
