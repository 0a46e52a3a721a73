import Foundation
import PaymentSchemasVocabulary

/// The fraction digits a provider accepts in an amount: the currency's (ISO 4217's minor unit),
/// capped at the provider's own limit, with the currencies it writes without decimals at zero.
/// Trailing zeros do not count (`10.10` has one): a provider refuses a value it would have to
/// round, never rounds it.
struct CurrencyPrecision: Sendable {
    /// The most fraction digits any amount may have.
    var maximum: Int
    /// The currencies the provider takes without decimals, whatever ISO 4217 says.
    var withoutDecimals: Set<String> = []

    /// PayPal: "if the currency supports decimals, only two decimal place precision is supported";
    /// HUF, JPY and TWD take none (PayPal's currency codes).
    static let payPal = CurrencyPrecision(maximum: 2, withoutDecimals: ["HUF", "JPY", "TWD"])
    /// Amazon Pay: two decimals, none for JPY (and the other currencies ISO 4217 writes without).
    static let amazonPay = CurrencyPrecision(maximum: 2)
    /// Mollie: exactly the currency's decimals ("you must send the correct number of decimals"),
    /// at most two; JPY and the other currencies ISO 4217 writes without decimals take none.
    static let mollie = CurrencyPrecision(maximum: 2)

    /// The fraction digits `currency` takes here.
    func digits(of currency: String) -> Int {
        withoutDecimals.contains(currency) ? 0 : min(maximum, ISO4217.minorUnits(of: currency) ?? maximum)
    }

    /// `value` in `currency` as the provider writes it: exactly the currency's fraction digits
    /// (`10.00`, `1000` in JPY). Sums and differences of amounts the provider took never need more,
    /// so nothing is rounded; a value that would need more keeps its own digits.
    func text(_ value: Decimal, in currency: String) -> String {
        let digits = digits(of: currency)
        return (try? PayDecimalText.text(value, minimumFractionDigits: digits, maximumFractionDigits: digits))
            ?? PayDecimalText.plain(value)
    }

    /// Whether `amount`, a decimal string, needs no more fraction digits than `currency` takes.
    func allows(_ amount: String, in currency: String) -> Bool {
        guard case .success(let reading) = PayDecimalText.read(amount) else { return true }  // the schema refuses it
        return PayDecimalText.scale(of: reading.value) <= digits(of: currency)
    }
}
