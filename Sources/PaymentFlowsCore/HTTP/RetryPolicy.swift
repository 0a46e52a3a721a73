/// When a failed request is sent again.
///
/// Only requests that are safe to repeat are retried: GET, PUT, PATCH and DELETE, and POSTs that
/// carry an idempotency key (the same key on every attempt, so a response lost after the server
/// acted never charges twice).
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts, the first included.
    public var maxAttempts: Int
    /// The pause before the second attempt; doubled for each later one.
    public var initialDelay: Duration

    /// Creates a policy.
    public init(maxAttempts: Int = 3, initialDelay: Duration = .milliseconds(200)) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
    }

    /// Never retry.
    public static let none = RetryPolicy(maxAttempts: 1, initialDelay: .zero)

    /// The pause before attempt `attempt` (2 or more).
    public func delay(beforeAttempt attempt: Int) -> Duration {
        initialDelay * (1 << max(0, min(attempt - 2, 16)))
    }
}
