import Foundation

/// Calls a completion handler exactly once: later calls are ignored and counted.
public final class CompletionOnce<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: (@Sendable (Value) -> Void)?
    private var ignored = 0

    /// Wraps `handler`.
    public init(_ handler: @escaping @Sendable (Value) -> Void) {
        self.handler = handler
    }

    /// Calls the handler if it has not been called yet; returns whether it was called now.
    @discardableResult
    public func callAsFunction(_ value: Value) -> Bool {
        lock.lock()
        let current = handler
        handler = nil
        if current == nil { ignored += 1 }
        lock.unlock()
        current?(value)
        return current != nil
    }

    /// How many calls were ignored because the handler had already run.
    public var ignoredCalls: Int {
        lock.lock()
        defer { lock.unlock() }
        return ignored
    }
}
