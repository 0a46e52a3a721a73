/// A list that keeps only its most recent `limit` elements, in a ring: an append past the limit
/// overwrites the oldest slot, so every append is constant time and nothing is ever shifted (a
/// sandbox under load appends to several of these per request).
public struct BoundedLog<Element: Sendable>: Sendable {
    /// The most elements kept.
    public let limit: Int
    /// The ring's slots (grown up to `limit`). Dropped slots are set to `nil` at once, so what they
    /// held (a request's body) is freed then.
    private var storage: [Element?] = []
    /// The slot of the oldest element.
    private var start = 0
    /// How many elements are kept.
    public private(set) var count = 0

    /// Creates an empty log keeping at most `limit` elements.
    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The elements kept, oldest first.
    public var elements: [Element] {
        (0..<count).compactMap { storage[slot($0)] }
    }

    /// Whether nothing is kept.
    public var isEmpty: Bool { count == 0 }

    /// The oldest element kept.
    public var first: Element? { count > 0 ? storage[start] : nil }

    /// The slot of the element `offset` places after the oldest.
    private func slot(_ offset: Int) -> Int {
        let slot = start + offset
        return slot < storage.count ? slot : slot - storage.count
    }

    /// Appends `element`, dropping the oldest past ``limit``.
    public mutating func append(_ element: Element) {
        if count == limit {
            storage[start] = element
            start = slot(1)
        } else if count < storage.count {
            storage[slot(count)] = element
            count += 1
        } else {
            // Every slot is taken but the ring may still grow: lay it out oldest first, then grow it.
            if start != 0 {
                storage = Array(storage[start...] + storage[..<start])
                start = 0
            }
            storage.append(element)
            count += 1
        }
    }

    /// Drops the oldest element kept (nothing when empty).
    public mutating func dropFirst() {
        guard count > 0 else { return }
        storage[start] = nil
        start = slot(1)
        count -= 1
        if count == 0 { start = 0 }
    }

    /// Forgets every element.
    public mutating func removeAll() {
        storage.removeAll()
        start = 0
        count = 0
    }
}
