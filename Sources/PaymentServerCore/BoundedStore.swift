/// A dictionary that holds at most `capacity` entries: inserting a new key past it evicts the
/// oldest inserted key first (FIFO). What a server (a mock provider, a merchant server) keeps per order, payment, session or
/// idempotency key lives in one of these, so no sequence of requests grows a server without bound.
public struct BoundedStore<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most entries kept.
    public let capacity: Int
    private var values: [Key: Value] = [:]
    private var order: [Key] = []
    private var head = 0

    /// The default capacity of a provider's stores: 10,000 entries each.
    public static var defaultCapacity: Int { 10_000 }

    /// Creates an empty store.
    public init(capacity: Int = BoundedStore.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The value for `key`; setting `nil` removes it.
    public subscript(key: Key) -> Value? {
        get { values[key] }
        set {
            guard let newValue else {
                values[key] = nil
                return
            }
            if values.updateValue(newValue, forKey: key) == nil {
                order.append(key)
                evict()
            }
        }
    }

    /// The value for `key`, or `fallback` (for `store[key, default: x] += 1`).
    public subscript(key: Key, default fallback: @autoclosure () -> Value) -> Value {
        get { values[key] ?? fallback() }
        set { self[key] = newValue }
    }

    /// The number of entries.
    public var count: Int { values.count }

    /// Every entry, in no particular order.
    public var entries: [Key: Value] { values }

    /// Removes every entry.
    public mutating func removeAll() {
        values.removeAll()
        order.removeAll()
        head = 0
    }

    private mutating func evict() {
        while values.count > capacity, head < order.count {
            let oldest = order[head]
            head += 1
            values[oldest] = nil
        }
        // Keys removed or evicted leave the order list; compact it once half of it is spent.
        if head > 64, head * 2 > order.count {
            order = order[head...].filter { values[$0] != nil }
            head = 0
        }
        if order.count > capacity * 2 {
            order = order[head...].filter { values[$0] != nil }
            head = 0
        }
    }
}
