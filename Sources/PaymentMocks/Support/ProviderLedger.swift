import Foundation
import PaymentFlowsCore
import PaymentServerCore

/// What a provider holds and how it got there: every order, payment, checkout session and token a
/// mock keeps, its current state and the transitions that led to it, each with the exchange that
/// caused it (``MockExchangeContext/current``'s sequence, when a carrier such as the sandbox
/// numbers its exchanges). The sandbox's inspector shows it; mocks write it where their state moves.
///
/// Bounded as the mocks' own stores are: at most ``capacity`` resources (the oldest go first) and
/// ``historyLimit`` transitions each (the first and the most recent are kept). A token's id is never
/// kept, only a fingerprint of it (``fingerprint(_:)``).
public final class ProviderLedger: Sendable {
    /// One state a resource entered.
    public struct Transition: Sendable, Codable, Hashable {
        /// The state entered.
        public let state: String
        /// The exchange that moved it there (the sandbox's journal sequence), `nil` when it moved
        /// outside a numbered exchange (in memory, or set up by a test).
        public let exchange: Int?
        /// When.
        public let time: Date
    }

    /// One resource the provider holds.
    public struct Resource: Sendable, Codable, Hashable {
        /// What it is: `order`, `payment`, `checkout session`, `access token`, …
        public let kind: String
        /// Its id (a fingerprint for tokens).
        public let id: String
        /// Its current state.
        public var state: String
        /// The states it went through, oldest first (the first and the most recent ``ProviderLedger/historyLimit``).
        public var history: [Transition]
    }

    private struct Key: Hashable, Sendable {
        let kind: String
        let id: String
    }

    /// The resources with the order they first appeared in, and the next order: one lock for all.
    private let state: LockIsolated<(store: BoundedStore<Key, (order: Int, resource: Resource)>, next: Int)>
    /// The most resources kept.
    public let capacity: Int
    /// The most transitions kept per resource.
    public static let historyLimit = 16

    /// Creates an empty ledger keeping at most `capacity` resources.
    public init(capacity: Int = 2_000) {
        self.capacity = max(1, capacity)
        state = LockIsolated((BoundedStore(capacity: max(1, capacity)), 0))
    }

    /// Notes that the `kind` called `id` is now in `state`. Nothing is added when it already is;
    /// the answer says whether the state changed (a new resource's first state is a change).
    @discardableResult
    public func note(_ kind: String, id: String, state newState: String) -> Bool {
        let key = Key(kind: kind, id: String(id.prefix(128)))
        let transition = Transition(state: String(newState.prefix(64)), exchange: MockExchangeContext.current?.sequence, time: Date())
        return state.withValue { state in
            if var entry = state.store[key] {
                guard entry.resource.state != transition.state else { return false }
                entry.resource.state = transition.state
                entry.resource.history.append(transition)
                if entry.resource.history.count > Self.historyLimit { entry.resource.history.remove(at: 1) }
                state.store[key] = entry
            } else {
                state.next += 1
                state.store[key] = (state.next, Resource(kind: key.kind, id: key.id, state: transition.state, history: [transition]))
            }
            return true
        }
    }

    /// Every resource held, in the order they first appeared.
    public var all: [Resource] {
        state.value.store.entries.values.sorted { $0.order < $1.order }.map(\.resource)
    }

    /// Forgets every resource (a reset).
    public func clear() {
        state.withValue { $0.store.removeAll() }
    }

    /// What the ledger shows for a secret id (a token): `token·` and eight hex digits of its
    /// FNV-1a hash, enough to tell two tokens apart and useless to a reader who wants the token.
    public static func fingerprint(_ secret: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in secret.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return "token·" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}

/// The exchange a provider is answering, as its carrier numbers and watches it: the sandbox sets
/// ``current`` around each request it serves, so the ledger attributes state changes to that
/// exchange and the transport reports its verdict (which operation, which violations, which rule
/// refused it) to the inspector. `nil` in memory, where nobody watches.
public struct MockExchangeContext: Sendable {
    /// The carrier's number for the exchange (the sandbox's journal sequence).
    public let sequence: Int
    /// Where the transport writes its verdict.
    public let verdict: LockIsolated<MockVerdict>

    /// Creates a context for exchange `sequence` with an empty verdict.
    public init(sequence: Int) {
        self.sequence = sequence
        self.verdict = LockIsolated(MockVerdict())
    }

    /// The exchange being answered by this task, if a carrier numbers it.
    @TaskLocal public static var current: MockExchangeContext?
}

/// How the provider judged one request: the operation and generated types it was read as, every
/// schema violation with its path, or the provider's rule that refused it.
public struct MockVerdict: Sendable, Hashable, Codable {
    /// One constraint the request broke.
    public struct Violation: Sendable, Hashable, Codable {
        /// Where: `body.purchase_units[0].amount.value`, `header.Authorization`, `query.fields`.
        public let path: String
        /// The rule (`pattern`, `required`, `minimum`, …).
        public let rule: String
        /// Why, never quoting a sensitive value.
        public let message: String
    }

    /// The schema operation the request was routed to, if any.
    public var operationID: String?
    /// The generated type the request body was decoded as, if the operation takes one.
    public var requestType: String?
    /// The generated type of the answer's body (success or error), if the operation declares one.
    public var responseType: String?
    /// The schema violations that refused the request (answered 400 or 422 without reaching the provider's logic).
    public var violations: [Violation] = []
    /// The provider's rule that refused the request (`CANNOT_BE_ZERO_OR_NEGATIVE`,
    /// `InvalidParameterValue`, …): its own error code, as its answer carries it.
    public var rule: String?
    /// What happened, in a few words: `answered`, `refused by the schema`, `refused by the provider`,
    /// `not authenticated`, `method not allowed`, `no route`, `fault: timeout`, `contract breach`.
    public var outcome: String = "answered"

    /// An empty verdict.
    public init() {}
}
