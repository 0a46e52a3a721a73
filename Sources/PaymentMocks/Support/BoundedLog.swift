/// A list that keeps only its most recent `limit` elements, appended to in amortized constant
/// time: dropped elements are compacted away once per `limit` appends rather than shifted out on
/// every append (a sandbox under load appends to several of these per request).
public struct BoundedLog<Element: Sendable>: Sendable {
    /// The most elements kept.
    public let limit: Int
    /// Dropped slots are set to `nil` at once, so what they held (a request's body) is freed then,
    /// not at the next compaction.
    private var storage: [Element?] = []
    private var head = 0

    /// Creates an empty log keeping at most `limit` elements.
    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The elements kept, oldest first.
    public var elements: [Element] { storage[head...].compactMap { $0 } }

    /// How many elements are kept.
    public var count: Int { storage.count - head }

    /// Whether nothing is kept.
    public var isEmpty: Bool { count == 0 }

    /// The oldest element kept.
    public var first: Element? { head < storage.count ? storage[head] : nil }

    /// Appends `element`, dropping the oldest past ``limit``.
    public mutating func append(_ element: Element) {
        storage.append(element)
        if count > limit { dropFirst() }
    }

    /// Drops the oldest element kept (nothing when empty).
    public mutating func dropFirst() {
        guard head < storage.count else { return }
        storage[head] = nil
        head += 1
        if head >= limit || head == storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    /// Forgets every element.
    public mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}
