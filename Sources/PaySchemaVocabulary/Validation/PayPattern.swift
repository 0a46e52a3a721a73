/// A schema `pattern`, compiled once into a deterministic automaton of ``PatternEngine`` (the engine
/// the schema diff reads patterns with), matched against the whole value in one pass over its
/// Unicode scalars with a table lookup each.
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

    /// The automaton as flat tables: a symbol per ASCII scalar (the alphabet's search for the rest),
    /// and one row of next states per state. A pattern whose automaton would be too large is
    /// simulated instead (``PatternEngine/matches(_:_:)``).
    private final class Automaton: Sendable {
        let source: String
        let alphabet: PatternEngine.Alphabet
        let asciiSymbols: [Int32]
        let symbolCount: Int
        let next: [Int32]
        let accepting: [Bool]
        /// States that accept nothing whatever follows: reading stops there.
        let dead: [Bool]
        let simulated: Bool

        init?(_ source: String) {
            guard let node = PatternEngine.Parser.parse(source) else { return nil }
            let alphabet = PatternEngine.Alphabet(sets: node.charSets)
            let dfa = PatternEngine.DFA(node, alphabet)
            self.source = source
            self.alphabet = alphabet
            self.symbolCount = alphabet.count
            self.asciiSymbols = (0..<128).map { scalar in Int32(alphabet.symbol(of: Unicode.Scalar(UInt8(scalar)))) }
            self.next = dfa.map { dfa in dfa.transitions.flatMap { row in row.map(Int32.init) } } ?? []
            self.accepting = dfa?.accepting ?? []
            self.dead = dfa.map { dfa in
                dfa.transitions.indices.map { state in !dfa.accepting[state] && dfa.transitions[state].allSatisfy { $0 == state } }
            } ?? []
            self.simulated = dfa == nil
        }

        func matches(_ value: String) -> Bool {
            if simulated { return PatternEngine.matches(source, value) ?? false }
            var state = 0
            for scalar in value.unicodeScalars {
                let symbol = scalar.value < 128 ? Int(asciiSymbols[Int(scalar.value)]) : alphabet.symbol(of: scalar)
                state = Int(next[state * symbolCount + symbol])
                if dead[state] { return false }
            }
            return accepting[state]
        }
    }
}
