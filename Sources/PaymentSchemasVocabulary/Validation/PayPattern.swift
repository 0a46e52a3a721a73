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
    /// alphabet's search for the rest). A pattern whose automaton would be too large is simulated
    /// instead (``PatternEngine/matches(_:_:)``). A class: copies of a pattern share it.
    private final class Automaton: Sendable {
        let source: String
        let alphabet: PatternEngine.Alphabet
        let dfa: PatternEngine.DFA?
        let asciiSymbols: [Int]

        init?(_ source: String) {
            guard let node = PatternEngine.Parser.parse(source) else { return nil }
            let alphabet = PatternEngine.Alphabet(sets: node.charSets)
            self.source = source
            self.alphabet = alphabet
            self.dfa = PatternEngine.DFA(node, alphabet)
            self.asciiSymbols = (0..<128).map { alphabet.symbol(of: Unicode.Scalar(UInt8($0))) }
        }

        func matches(_ value: String) -> Bool {
            guard let dfa else { return PatternEngine.matches(source, value) ?? false }
            var state = 0
            for scalar in value.unicodeScalars {
                state = dfa.transitions[state][scalar.value < 128 ? asciiSymbols[Int(scalar.value)] : alphabet.symbol(of: scalar)]
            }
            return dfa.accepting[state]
        }
    }
}
