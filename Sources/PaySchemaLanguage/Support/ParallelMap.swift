import Foundation

/// Maps over a collection on all cores, keeping the input order (so output stays deterministic).
/// `PAYSCHEMA_SEQUENTIAL=1` makes it a plain `map`: the benchmarks' "without" (section 2b of
/// `Benchmarks/RESULTS.md`), and a way to rule it out when something looks nondeterministic.
///
/// Inlinable: the stages call it from other modules with their own closures, and an unspecialized
/// generic call through a module boundary costs every element a witness-table dispatch.
@usableFromInline package enum ParallelMap {
    @usableFromInline package static let sequential = ProcessInfo.processInfo.environment["PAYSCHEMA_SEQUENTIAL"] == "1"

    @inlinable package static func map<T: Sendable, U: Sendable>(_ items: [T], _ transform: @Sendable (T) -> U) -> [U] {
        if items.count < 2 || sequential { return items.map(transform) }
        let results = ResultSlots<U>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values
    }

    /// One slot per element, filled from any thread.
    @usableFromInline package final class ResultSlots<U: Sendable>: @unchecked Sendable {
        @usableFromInline var slots: [U?]
        @usableFromInline let lock = NSLock()

        @inlinable init(count: Int) { slots = Array(repeating: nil, count: count) }

        @inlinable func set(_ index: Int, _ value: U) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        /// Every slot's value: `concurrentPerform` returns after every iteration filled its slot,
        /// so an empty slot is a broken invariant, never a result silently dropped.
        @inlinable var values: [U] {
            slots.map { slot in
                guard let slot else { preconditionFailure("ParallelMap: an iteration left its slot empty") }
                return slot
            }
        }
    }
}
