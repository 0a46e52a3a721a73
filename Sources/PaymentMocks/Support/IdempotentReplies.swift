import Foundation

/// The answers a provider keeps by idempotency key, and the replay of a repeated key: the one
/// implementation every mock uses (PayPal's `PayPal-Request-Id`, Amazon's
/// `x-amz-pay-idempotency-key`). A mock calls it under its own lock, so a key's check, the action
/// and the kept answer are one step: two requests with one key never both act.
public struct IdempotentReplies: Sendable {
    /// Which answers are kept under their key.
    public enum Keep: Sendable {
        /// Every answer (PayPal replays a refusal too).
        case every
        /// Only the answers of requests that took effect (2xx): a refused request may be sent
        /// again with its key, corrected (Amazon, Stripe).
        case successes
    }

    /// The header that carries the key (lowercase).
    public let header: String
    /// The methods the key is honoured on (a PATCH is idempotent by definition).
    public let methods: Set<String>
    /// Which answers are kept.
    public let keep: Keep
    private var replies = BoundedStore<String, (body: Data, response: MockResponse)>()

    /// Creates an empty store for keys in `header` on `methods`.
    public init(header: String, methods: Set<String> = ["POST"], keep: Keep) {
        self.header = header.lowercased()
        self.methods = methods
        self.keep = keep
    }

    /// Answers `request` once per key within `scope` (an operation and its resource: the same key
    /// on another order is another key). A repeated key gets the first answer through `replayed`,
    /// or `conflict`'s answer when its body differs from the first and the provider refuses that;
    /// a request without a key, or on a method the key does not apply to, is answered by `act`.
    public mutating func answer(
        _ request: MockRequest, scope: String, conflict: (() -> MockResponse)? = nil,
        replayed: (MockResponse) -> MockResponse = { $0 }, _ act: () -> MockResponse
    ) -> MockResponse {
        guard methods.contains(request.method), let key = request.header(header) else { return act() }
        let scoped = "\(scope) \(key)"
        if let previous = replies[scoped] {
            if let conflict, previous.body != request.body { return conflict() }
            return replayed(previous.response)
        }
        let response = act()
        if keep == .every || (200..<300).contains(response.status) { replies[scoped] = (request.body, response) }
        return response
    }

    /// Forgets every kept answer.
    public mutating func removeAll() { replies.removeAll() }
}
