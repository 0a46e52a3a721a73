import Foundation

/// Maps over a collection on all cores, keeping the input order (so output stays deterministic).
/// `PAYSCHEMA_SEQUENTIAL=1` makes it a plain `map`: the benchmarks' "without" (section 2b of
/// `Benchmarks/RESULTS.md`), and a way to rule it out when something looks nondeterministic.
package enum ParallelMap {
    package static let sequential = ProcessInfo.processInfo.environment["PAYSCHEMA_SEQUENTIAL"] == "1"

    package static func map<T: Sendable, U: Sendable>(_ items: [T], _ transform: @Sendable (T) -> U) -> [U] {
        if items.count < 2 || sequential { return items.map(transform) }
        let results = ResultSlots<U>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values
    }

    final class ResultSlots<U: Sendable>: @unchecked Sendable {
        private var slots: [U?]
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: U) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        var values: [U] { slots.map { $0! } }
    }
}
