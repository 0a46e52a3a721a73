import Foundation
import HTTPTypes
import PaymentFlowsCore
import PaymentMocks
import PaymentSchemasRuntime
import PaymentServerCore

/// One request the sandbox answered, as the journal keeps it: no headers, no body, query values
/// left out and card-number-like digit runs in the path redacted, so nothing a client sent can
/// leak a secret through the admin API.
package struct SandboxJournalEntry: Sendable, Hashable {
    /// Its number since the sandbox started (a reset or a cleared journal does not restart it).
    package let sequence: Int
    /// When it arrived.
    package let time: Date
    /// The provider prefix (`paypal`, …), `pages` for hosted pages, `admin` for the admin API.
    package let provider: String
    /// The method.
    package let method: String
    /// The path, redacted.
    package let path: String
    /// The query items' names (never their values).
    package let queryNames: [String]
    /// The status answered, `0` when the connection was dropped or held (a fault).
    package let status: Int
    /// The scenario the request chose, if any.
    package let scenario: String?
    /// The fault the request met, if any.
    package let fault: String?
    /// How long the answer took, in milliseconds.
    package let milliseconds: Int
    /// The provider's rule that refused the request, by the provider's code
    /// (`CANNOT_BE_ZERO_OR_NEGATIVE`, `AmountMismatch`, `T009`): a row of `docs/provider-rules.md`.
    package var rule: String? = nil

    /// The entry as the admin API writes it: a member each, an absent one left out.
    package var json: PayJSON {
        var members: [String: PayJSON] = [
            "sequence": .number(String(sequence)), "time": .string(PayDateFormat.iso8601().format(time)), "provider": .string(provider),
            "method": .string(method), "path": .string(path), "queryNames": .array(queryNames.map(PayJSON.string)),
            "status": .number(String(status)), "milliseconds": .number(String(milliseconds)),
        ]
        if let scenario { members["scenario"] = .string(scenario) }
        if let fault { members["fault"] = .string(fault) }
        if let rule { members["rule"] = .string(rule) }
        return .object(members)
    }
}

/// An exchange as the journal keeps it for the inspector: the request as it came (for replay) and
/// the answer as it went, bodies included, and the provider's verdict. Kept in memory only and
/// redacted whenever it is shown (``SandboxExchangeDetail``); never encoded as it is.
struct SandboxExchangeRecord: Sendable {
    /// The request's head: method, target (under `/t/<id>`) and header fields.
    var request: HTTPRequest
    /// The request's body, `nil` when it was larger than ``SandboxJournal/bodyLimit`` (not kept, not replayable).
    var requestBody: Data?
    /// The request body's size.
    var requestBytes: Int
    /// The answer's status (0: the connection was dropped or held).
    var status: Int
    /// The answer's header fields.
    var responseHeaders: HTTPFields
    /// The answer's body (at most ``SandboxJournal/bodyLimit`` bytes of it).
    var responseBody: Data
    /// The answer body's size.
    var responseBytes: Int
    /// How the provider judged the request, when it reached one.
    var verdict: MockVerdict?
    /// The exchange this one replays.
    var replayOf: Int?
    /// Whether the exchange can be replayed (a provider request whose body was kept).
    var replayable: Bool

    /// The bytes it holds.
    var bytes: Int { (requestBody?.count ?? 0) + responseBody.count }
}

/// The request journal: a bounded, redacted record of what the sandbox answered, for tests to
/// assert on (`GET /__admin/requests`), cleared by `DELETE /__admin/requests` or a reset. Beside
/// each entry it keeps the exchange in full for the inspector (``SandboxExchangeRecord``), within
/// ``detailBudget`` bytes of bodies in all: the oldest exchanges lose their bodies first.
final class SandboxJournal: Sendable {
    private struct State: Sendable {
        var entries: BoundedLog<SandboxJournalEntry>
        var next = 1
        /// How many times the journal was cleared: a reader that saw another epoch starts over.
        var epoch = 0
        var details: [Int: SandboxExchangeRecord] = [:]
        var detailOrder: [Int] = []
        var detailHead = 0
        var detailBytes = 0
    }

    private let state: LockIsolated<State>
    let limit: Int
    /// The most bytes of one body kept.
    static let bodyLimit = 64 << 10
    /// The most bytes of bodies kept in all.
    static let detailBudget = 16 << 20

    init(limit: Int) {
        self.limit = max(1, limit)
        state = LockIsolated(State(entries: BoundedLog(limit: max(1, limit))))
    }

    /// A sequence number for an exchange that starts now (recorded when it ends).
    func reserve() -> Int {
        state.withValue { state in
            defer { state.next += 1 }
            return state.next
        }
    }

    func record(
        provider: String, method: String, target: String, status: Int, scenario: String?, fault: String?, started: ContinuousClock.Instant
    ) {
        record(
            sequence: reserve(), provider: provider, method: method, target: target, status: status, scenario: scenario, fault: fault,
            started: started)
    }

    func record(
        sequence: Int, provider: String, method: String, target: String, status: Int, scenario: String?, fault: String?,
        started: ContinuousClock.Instant, exchange: SandboxExchangeRecord? = nil
    ) {
        let (path, names) = Self.redacted(target)
        let elapsed = ContinuousClock.now - started
        let milliseconds = elapsed.wholeMilliseconds
        let entry = SandboxJournalEntry(
            sequence: sequence, time: Date(), provider: provider, method: ExchangeRedaction.text(String(method.prefix(32))), path: path,
            queryNames: names, status: status, scenario: scenario.map { ExchangeRedaction.text(String($0.prefix(64))) },
            fault: fault.map { ExchangeRedaction.text(String($0.prefix(64))) }, milliseconds: milliseconds, rule: exchange?.verdict?.rule)
        state.withValue { state in
            state.entries.append(entry)
            guard let exchange else { return }
            state.details[sequence] = exchange
            state.detailOrder.append(sequence)
            state.detailBytes += exchange.bytes
            while state.detailHead < state.detailOrder.count, state.detailBytes > Self.detailBudget || state.details.count > limit {
                let dropped = state.detailOrder[state.detailHead]
                state.detailHead += 1
                if let gone = state.details.removeValue(forKey: dropped) { state.detailBytes -= gone.bytes }
            }
            if state.detailHead > 64, state.detailHead * 2 > state.detailOrder.count {
                state.detailOrder.removeFirst(state.detailHead)
                state.detailHead = 0
            }
        }
    }

    /// The entries, oldest first, optionally of one provider only and only those after sequence `after`.
    func entries(provider: String? = nil, after: Int? = nil) -> [SandboxJournalEntry] {
        entriesAndEpoch(provider: provider, after: after).entries
    }

    /// ``entries(provider:after:)`` and the journal's epoch (how many times it was cleared), read together.
    func entriesAndEpoch(provider: String? = nil, after: Int? = nil) -> (entries: [SandboxJournalEntry], epoch: Int) {
        let (elements, epoch) = state.withValue { ($0.entries.elements, $0.epoch) }
        var entries = elements.filter { entry in
            (provider == nil || entry.provider == provider) && (after.map { entry.sequence > $0 } ?? true)
        }
        entries.sort { $0.sequence < $1.sequence }
        return (entries, epoch)
    }

    /// Entry `sequence` and its exchange in full, if either is still kept.
    func exchange(_ sequence: Int) -> (entry: SandboxJournalEntry, record: SandboxExchangeRecord?)? {
        state.withValue { state in
            guard let entry = state.entries.elements.first(where: { $0.sequence == sequence }) else { return nil }
            return (entry, state.details[sequence])
        }
    }

    /// Forgets every entry; numbering goes on (the providers' ledgers name exchanges by number).
    func clear() {
        state.withValue { state in
            state = State(entries: BoundedLog(limit: limit), next: state.next, epoch: state.epoch + 1)
        }
    }

    /// The path with runs of 12 or more digits (card numbers, with or without separators)
    /// replaced by `<redacted>`, at most 512 characters, and the query's names (redacted alike).
    static func redacted(_ target: String) -> (path: String, queryNames: [String]) {
        let (pathPart, query) = PayQueryText.target(target)
        var path = ExchangeRedaction.text(String(pathPart))
        if path.utf8.count > 512, path.count > 512 { path = String(path.prefix(512)) + "…" }
        let names = PayQueryText.pairs(query ?? "").compactMap { name, _ -> String? in
            // `=value` has an empty name: the value is never taken for one.
            let decoded = PayQueryText.formDecoded(name) ?? String(name)
            return decoded.isEmpty ? nil : String(ExchangeRedaction.text(decoded).prefix(64))
        }
        return (path, Array(names.prefix(32)))
    }
}
