/// A sandbox bug: an answer that breaks its operation's declared response type.
public struct ContractBreach: Sendable, Hashable, CustomStringConvertible {
    /// The provider.
    public let provider: String
    /// The operation.
    public let operationID: String
    /// The status of the answer.
    public let status: Int
    /// What is wrong with it.
    public let problems: [String]

    /// `provider operation → status: problems`.
    public var description: String {
        "\(provider) \(operationID) → \(status): \(problems.joined(separator: "; "))"
    }
}
