/// A schema `pattern`, compiled once into a deterministic automaton of ``PatternEngine`` (the engine
/// the schema diff reads patterns with), matched against the whole value in one pass over its
/// Unicode scalars with a table lookup each.
@_spi(Generated)
public struct PayPattern: Sendable {
    /// The pattern as written in the schema.
    public let source: String
    private let automaton: Automaton?

    /// Compiles `source`. A pattern outside the subset the schema checker allows never matches (the
    /// checker rejects those before generation).
    public init(_ source: String) {
        self.source = source
        self.automaton = Automaton(source)
    }

    /// Whether the whole of `value` matches.
    public func matches(_ value: String) -> Bool {
        automaton?.matches(value) ?? false
    }

    /// The pattern's deterministic automaton, with a symbol per ASCII scalar looked up once (the
    /// alphabet's search for the rest), its transitions in one table (a row of `width` next states
    /// per state). A pattern whose automaton would be too large is simulated instead
    /// (``PatternEngine/matches(_:_:)``). A class: copies of a pattern share it.
    private final class Automaton: Sendable {
        let source: String
        let alphabet: PatternEngine.Alphabet
        /// The next state of state `s` on symbol `y` is `table[s * width + y]`; empty when the
        /// automaton is simulated.
        let table: [Int]
        let width: Int
        let accepting: [Bool]
        let asciiSymbols: [Int]

        init?(_ source: String) {
            guard let node = PatternEngine.Parser.parse(source) else { return nil }
            let alphabet = PatternEngine.Alphabet(sets: node.charSets)
            self.source = source
            self.alphabet = alphabet
            let dfa = PatternEngine.DFA(node, alphabet)
            self.width = alphabet.count
            self.table = dfa?.transitions.flatMap { $0 } ?? []
            self.accepting = dfa?.accepting ?? []
            self.asciiSymbols = (0..<128).map { alphabet.symbol(of: Unicode.Scalar(UInt8($0))) }
        }

        func matches(_ value: String) -> Bool {
            guard !accepting.isEmpty else { return PatternEngine.matches(source, value) ?? false }
            // ASCII text is walked byte by byte; at the first other byte, the scalars from the start.
            var state = 0
            for byte in value.utf8 {
                guard byte < 0x80 else { return matchesScalars(value) }
                state = table[state &* width &+ asciiSymbols[Int(byte)]]
            }
            return accepting[state]
        }

        private func matchesScalars(_ value: String) -> Bool {
            var state = 0
            for scalar in value.unicodeScalars {
                let symbol = scalar.value < 128 ? asciiSymbols[Int(scalar.value)] : alphabet.symbol(of: scalar)
                state = table[state &* width &+ symbol]
            }
            return accepting[state]
        }
    }
}
