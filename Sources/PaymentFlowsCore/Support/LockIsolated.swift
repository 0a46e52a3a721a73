import Foundation

/// The one lock-isolated box the clients keep their mutable state in, so that a client is plainly
/// `Sendable` (every stored property a `let`) and no other type needs `@unchecked Sendable`.
///
/// `withValue` runs its body under the lock; the body must not call back into code that takes the
/// same lock (delegates are called after the state change, outside it).
public final class LockIsolated<Value: Sendable>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()

    /// Boxes `value`.
    public init(_ value: Value) {
        self.stored = value
    }

    /// Reads or changes the value under the lock and returns what `body` returns.
    @discardableResult
    public func withValue<T: Sendable>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }

    /// A copy of the current value.
    public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Replaces the value.
    public func setValue(_ value: Value) {
        withValue { $0 = value }
    }
}

/// A weak reference to a delegate that can be stored in `Sendable` state (delegates are held
/// weakly, as UIKit holds them). `Object` is a class or a class-bound protocol such as
/// `any SuiteControllerDelegate`; the reference is `Sendable` because `Object` is.
public struct WeakReference<Object: Sendable>: @unchecked Sendable {
    private weak var storage: AnyObject?

    /// References `object` weakly.
    public init(_ object: Object?) {
        self.storage = object.map { $0 as AnyObject }
    }

    /// The object, while something else keeps it alive.
    public var object: Object? { storage as? Object }
}
