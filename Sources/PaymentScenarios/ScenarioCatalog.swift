/// Every scenario `payflow run` knows, per provider.
package enum ScenarioCatalog {
    /// All scenarios, grouped by provider in a fixed order.
    package static let all: [FlowScenario] = mcs + mit + amazonPay + payPal + mollie

    /// The providers, in order.
    package static let providers = ["mcs", "mit", "amazonpay", "paypal", "mollie"]

    /// The scenario with `id` (`provider/name`).
    package static func scenario(_ id: String) -> FlowScenario? { all.first { $0.id == id } }
}
