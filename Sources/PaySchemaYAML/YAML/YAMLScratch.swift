/// The loader's scratch stack of the open collections' items or entries, innermost last: a
/// collection's elements are appended while it is open and moved out as one array, at its exact
/// size, when it closes.
///
/// `Array` can copy its tail out (each element retained) and then remove it (each released), but
/// has no safe way to move elements out; this buffer hands them over moved (`move()`, read by
/// `Array(_:)` as a sequence), so closing a collection touches no reference count. A class, so the loader's nested functions share one
/// buffer; its stored properties are only touched by the one loader that owns it.
final class YAMLScratch<Element> {
    /// The elements, `count` of them initialized, room for `capacity`.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var capacity: Int
    /// The number of elements waiting.
    @exclusivity(unchecked) private(set) var count = 0

    /// An empty stack with room for `capacity` elements before it grows.
    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The element at `position` (`0..<count`), read in place.
    subscript(position: Int) -> Element {
        unsafeAddress {
            precondition(position >= 0 && position < count, "YAMLScratch: position out of range")
            return UnsafePointer(base + position)
        }
    }

    /// Puts `element` on top.
    func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The elements from `start` on, moved out in order into an array of their exact size; the
    /// stack keeps the ones below `start`.
    func moveOut(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "YAMLScratch: start out of range")
        let moved = Moved(base: base + start, count: count - start)
        count = start
        // `Array(_:)` of a sequence takes each element as `next()` hands it over: moved, not copied.
        return Array(moved)
    }

    /// The elements above a start, each handed over (moved out of its slot) as it is read, once;
    /// `Array(_:)` reads them all.
    private struct Moved: Sequence, IteratorProtocol {
        let base: UnsafeMutablePointer<Element>
        let count: Int
        var index = 0

        var underestimatedCount: Int { count }

        mutating func next() -> Element? {
            guard index < count else { return nil }
            defer { index += 1 }
            return (base + index).move()
        }
    }

    /// Doubles the room, moving the elements.
    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
