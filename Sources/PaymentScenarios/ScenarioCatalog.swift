/// Every scenario `payflow run` knows, per provider.
public enum ScenarioCatalog {
    /// All scenarios, grouped by provider in a fixed order.
    public static let all: [FlowScenario] = mcs + mit + amazonPay + payPal + mollie

    /// The providers, in order.
    public static let providers = ["mcs", "mit", "amazonpay", "paypal", "mollie"]

    /// The scenario with `id` (`provider/name`).
    public static func scenario(_ id: String) -> FlowScenario? { all.first { $0.id == id } }
}
