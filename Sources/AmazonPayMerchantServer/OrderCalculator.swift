import AmazonPayMobile
import Foundation

/// The sample server's cart arithmetic: subtotals, total, and the charge with 10% tax rounded down.
public enum OrderCalculator {
    /// The order for `items`: each `summary` is `price × num`, `price` their sum,
    /// `chargeAmount = floor(price × 1.1)`.
    public static func order(
        items: [MerchantOrderItem], merchantReferenceId: String? = nil, checkoutSessionId: String? = nil
    ) -> MerchantOrder {
        let lines = items.map { item in
            MerchantOrderItem(id: item.id, name: item.name, price: item.price, num: item.num, summary: item.price * item.num)
        }
        let total = lines.reduce(0) { $0 + $1.summary }
        return MerchantOrder(
            items: lines, price: total, chargeAmount: chargeAmount(total), amazonCheckoutSessionId: checkoutSessionId,
            merchantReferenceId: merchantReferenceId)
    }

    /// `floor(price × 1.1)` in exact decimal arithmetic (no binary rounding).
    public static func chargeAmount(_ price: Int) -> Int {
        (price * 11) / 10
    }

    /// The sample's catalogue: Fire HD8 (8,980) and Fire HD10 (15,980) in the given quantities.
    public static func sampleCart(hd8: Int, hd10: Int) -> [MerchantOrderItem] {
        [
            MerchantOrderItem(id: "item0008", name: "Fire HD8", price: 8980, num: hd8, summary: 0),
            MerchantOrderItem(id: "item0010", name: "Fire HD10", price: 15980, num: hd10, summary: 0),
        ]
    }
}
