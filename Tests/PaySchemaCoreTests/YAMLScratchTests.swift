import Testing

@testable import PaySchemaYAML

/// The loader's scratch stack: closed collections move out in order, at their exact size, the
/// elements below stay, and every element is destroyed exactly once (moved out, or left behind when
/// the stack goes), however it grows.
@Suite("YAML loader's scratch stack")
struct YAMLScratchTests {
    /// Counts how many instances are alive.
    final class Tracked {
        nonisolated(unsafe) static var alive = 0
        let value: Int
        init(_ value: Int) {
            self.value = value
            Tracked.alive += 1
        }
        deinit { Tracked.alive -= 1 }
    }

    @Test func collectionsMoveOutInOrderAndEachElementIsDestroyedOnce() {
        Tracked.alive = 0
        var outer: [Tracked] = []
        var inner: [Tracked] = []
        do {
            let scratch = YAMLScratch<Tracked>(capacity: 2)
            for value in 0..<3 { scratch.append(Tracked(value)) }
            let start = scratch.count
            // The inner collection grows the buffer twice while the outer one's elements wait.
            for value in 100..<105 { scratch.append(Tracked(value)) }
            #expect(scratch[start].value == 100 && scratch[start + 4].value == 104)
            inner = scratch.moveOut(from: start)
            #expect(scratch.count == 3)
            #expect(scratch.moveOut(from: 3).isEmpty)
            outer = scratch.moveOut(from: 1)
            #expect(scratch.count == 1 && scratch[0].value == 0)
            #expect(Tracked.alive == 8)
            // The one left is destroyed with the stack.
        }
        #expect(Tracked.alive == 7)
        #expect(inner.map(\.value) == [100, 101, 102, 103, 104] && inner.capacity >= 5)
        #expect(outer.map(\.value) == [1, 2])
        inner = []
        outer = []
        #expect(Tracked.alive == 0)
    }
}
