import Foundation

/// A value delivered at most once by a callback and awaited by one task. Resolving again is
/// ignored; cancelling the waiting task (or a timeout) resolves it with `nil`, so the waiter never hangs.
public final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value?, Never>?
    private var outcome: Value??

    /// Creates an unresolved one-shot.
    public init() {}

    /// Delivers `value` (or `nil`); returns whether this call was the one that resolved it.
    @discardableResult
    public func resolve(_ value: Value?) -> Bool {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return false
        }
        outcome = .some(value)
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
        return true
    }

    /// Waits for the value; `nil` when resolved with `nil`, cancelled, or past `timeout` on `clock`
    /// (inject a test clock to decide when the timeout fires, instead of sleeping).
    public func wait(timeout: Duration? = nil, clock: any Clock<Duration> = ContinuousClock()) async -> Value? {
        let timer = timeout.map { limit in
            Task { [weak self] in
                do {
                    try await clock.sleep(for: limit)
                    self?.resolve(nil)
                } catch {
                    // Cancelled: the value arrived first.
                }
            }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                lock.lock()
                if let outcome {
                    lock.unlock()
                    continuation.resume(returning: outcome)
                } else {
                    self.continuation = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            self.resolve(nil)
        }
    }
}
