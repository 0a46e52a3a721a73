import Foundation

/// One refusal a provider documents, and what the sandbox does with it: raised (with the provider's
/// status and code, provoked over a socket by `ProviderRulesSocketTests`), not applicable (with the
/// reason), or applicable and not raised (with the reason).
public struct ProviderRule: Sendable, Hashable {
    /// What the sandbox does with the rule.
    public enum Verdict: Sendable, Hashable {
        /// The sandbox raises it, with the provider's status and code.
        case raised
        /// It cannot apply to what the sandbox serves, for the reason given.
        case notApplicable(String)
        /// It applies and the sandbox does not raise it, for the reason given.
        case notRaised(String)
    }

    /// The provider's code (`InvalidCheckoutSessionStatus`, `A004`), or, where the provider has
    /// none, the name the sandbox gives the rule in its verdicts.
    public let code: String
    /// The HTTP status it is answered with; `nil` for a code the provider's SDK raises on the device.
    public let status: Int?
    /// The operations that raise it (the schema's operation ids); empty for every operation.
    public let operations: [String]
    /// When the provider refuses, in the provider's words where it documents them.
    public let when: String
    /// What the sandbox does.
    public let verdict: Verdict

    /// Creates a rule.
    public init(_ code: String, status: Int?, operations: [String] = [], when: String, _ verdict: Verdict = .raised) {
        self.code = code
        self.status = status
        self.operations = operations
        self.when = when
        self.verdict = verdict
    }
}

/// A provider's rule table: every refusal its documents list for what the sandbox serves, each
/// raised or not with the reason. `docs/provider-rules.md` is written from these tables (PayPal's
/// from its Orders v2 document) and a test fails when the file drifts.
public struct ProviderRuleTable: Sendable {
    /// The provider's prefix under `/t/` (`amazonpay`, `mollie`, `mit`) or its hosted pages' name.
    public let provider: String
    /// The heading.
    public let title: String
    /// Where the provider documents these refusals.
    public let source: String
    /// The rules, in the table's order.
    public let rules: [ProviderRule]

    /// Creates a table.
    public init(provider: String, title: String, source: String, rules: [ProviderRule]) {
        self.provider = provider
        self.title = title
        self.source = source
        self.rules = rules
    }

    /// The codes the sandbox raises over the wire.
    public var raisedCodes: Set<String> {
        Set(rules.filter { $0.verdict == .raised && $0.status != nil }.map(\.code))
    }

    /// `raised / applicable / not applicable` counts.
    public var counts: (raised: Int, applicable: Int, notApplicable: Int) {
        var raised = 0
        var open = 0
        var other = 0
        for rule in rules {
            switch rule.verdict {
            case .raised: raised += 1
            case .notRaised: open += 1
            case .notApplicable: other += 1
            }
        }
        return (raised, raised + open, other)
    }

    /// The table as a Markdown section.
    public var markdown: String {
        let counts = counts
        var text = "\n## \(title)\n\n\(source)\n\n"
        text += "\(counts.raised) raised of \(counts.applicable) applicable, \(counts.notApplicable) not applicable.\n\n"
        text += "| status | code | operations | when | ours |\n|---|---|---|---|---|\n"
        for rule in rules {
            let status = rule.status.map(String.init) ?? "device"
            let operations = rule.operations.isEmpty ? "every" : rule.operations.map { "`\($0)`" }.joined(separator: ", ")
            let ours: String
            switch rule.verdict {
            case .raised: ours = "raised"
            case .notApplicable(let reason): ours = "n/a: " + reason
            case .notRaised(let reason): ours = "not raised: " + reason
            }
            text += "| \(status) | `\(rule.code)` | \(operations) | \(rule.when) | \(ours) |\n"
        }
        return text
    }
}
