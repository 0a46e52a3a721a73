/// A scenario a client chooses for one request with the `Sandbox-Scenario` header, the way
/// stripe-mock's users choose a test card: the provider answers that request as the scenario says
/// and every other request as usual.
public struct RequestScenario: Sendable, Hashable {
    /// The provider's sandbox prefix (`paypal`, `mollie`, `amazonpay`, `amazonpay-merchant`, `mit`).
    public let provider: String
    /// The header's value.
    public let name: String
    /// The operations it changes.
    public let operations: [String]
    /// What the provider does.
    public let summary: String

    /// Creates a scenario.
    public init(provider: String, name: String, operations: [String], summary: String) {
        self.provider = provider
        self.name = name
        self.operations = operations
        self.summary = summary
    }
}
