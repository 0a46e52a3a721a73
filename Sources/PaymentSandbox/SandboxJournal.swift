import Foundation
import PaymentFlowsCore
import PaymentMocks
import PaymentSchemasRuntime

/// One request the sandbox answered, as the journal keeps it: no headers, no body, query values
/// left out and card-number-like digit runs in the path redacted, so nothing a client sent can
/// leak a secret through the admin API.
public struct SandboxJournalEntry: Sendable, Codable, Hashable {
    /// Its position since the sandbox started (or was reset).
    public let sequence: Int
    /// When it arrived.
    public let time: Date
    /// The provider prefix (`paypal`, …), `pages` for hosted pages, `admin` for the admin API.
    public let provider: String
    /// The method.
    public let method: String
    /// The path, redacted.
    public let path: String
    /// The query items' names (never their values).
    public let queryNames: [String]
    /// The status answered, `0` when the connection was dropped or held (a fault).
    public let status: Int
    /// The scenario the request chose, if any.
    public let scenario: String?
    /// The fault the request met, if any.
    public let fault: String?
    /// How long the answer took, in milliseconds.
    public let milliseconds: Int
}

/// The request journal: a bounded, redacted record of what the sandbox answered, for tests to
/// assert on (`GET /__admin/requests`), cleared by `DELETE /__admin/requests` or a reset.
final class SandboxJournal: Sendable {
    private let state: LockIsolated<(entries: BoundedLog<SandboxJournalEntry>, next: Int)>
    let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
        state = LockIsolated((BoundedLog(limit: max(1, limit)), 1))
    }

    func record(provider: String, method: String, target: String, status: Int, scenario: String?, fault: String?, started: ContinuousClock.Instant) {
        let (path, names) = Self.redacted(target)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Int(elapsed.components.seconds) * 1_000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
        state.withValue { state in
            state.entries.append(SandboxJournalEntry(
                sequence: state.next, time: Date(), provider: provider, method: method, path: path, queryNames: names, status: status,
                scenario: scenario.map { String($0.prefix(64)) }, fault: fault, milliseconds: milliseconds))
            state.next += 1
        }
    }

    /// The entries, oldest first, optionally of one provider only.
    func entries(provider: String? = nil) -> [SandboxJournalEntry] {
        let all = state.value.entries.elements
        guard let provider else { return all }
        return all.filter { $0.provider == provider }
    }

    func clear() {
        state.withValue { $0 = (BoundedLog(limit: limit), 1) }
    }

    /// The path with runs of 12 or more digits (card numbers, with or without separators)
    /// replaced by `<redacted>`, at most 512 characters, and the query's names (redacted alike).
    static func redacted(_ target: String) -> (path: String, queryNames: [String]) {
        let (pathPart, query) = PayQueryText.target(target)
        var path = CardNumberRedaction.redacting(pathPart)
        if path.utf8.count > 512, path.count > 512 { path = String(path.prefix(512)) + "…" }
        let names = (query ?? "").split(separator: "&").compactMap { item -> String? in
            // `=value` has an empty name: the value is never taken for one.
            let name = String(item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            let decoded = name.removingPercentEncoding ?? name
            return decoded.isEmpty ? nil : String(CardNumberRedaction.redacting(Substring(decoded)).prefix(64))
        }
        return (path, Array(names.prefix(32)))
    }
}
