import PaymentMocks
import Testing

/// The ring behind every bounded record (requests, exchanges, the journal) keeps exactly what a
/// plain list trimmed to its limit keeps, whatever the order of appends, drops and clears.
@Suite("Bounded log")
struct BoundedLogTests {
    @Test(arguments: [1, 2, 3, 5, 8])
    func keepsWhatATrimmedListKeeps(limit: Int) {
        var generator = SplitMix(seed: UInt64(limit))
        var log = BoundedLog<Int>(limit: limit)
        var model: [Int] = []
        for step in 0..<20_000 {
            switch generator.next() % 16 {
            case 0..<10:
                log.append(step)
                model.append(step)
                if model.count > limit { model.removeFirst() }
            case 10..<15:
                log.dropFirst()
                if !model.isEmpty { model.removeFirst() }
            default:
                if generator.next() % 8 == 0 {
                    log.removeAll()
                    model.removeAll()
                }
            }
            #expect(log.count == model.count)
            #expect(log.first == model.first)
            #expect(log.isEmpty == model.isEmpty)
            if step % 97 == 0 || log.count <= 1 {
                #expect(log.elements == model)
            }
        }
        #expect(log.elements == model)
    }

    /// A fixed, fast generator so the sequence is the same on every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
