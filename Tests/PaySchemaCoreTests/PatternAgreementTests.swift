import Foundation
import PaymentFlowsCore
@_spi(Generated) import PaymentSchemasVocabulary
import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// One pattern semantics: generated validators (``PayPattern``, a deterministic automaton) and the
/// schema diff (``PatternInclusion``) read patterns with one engine, ``PatternEngine``. This suite
/// holds that engine to the reading of a standard regular-expression engine, ICU's
/// `NSRegularExpression` anchored with `\A(?:…)\z`, and holds its two matchers (the compiled
/// automaton validators use, the state-set simulation the checker uses for defaults) to each other:
/// for every pattern the generated validators contain, all three judge the same generated strings:
/// walks through the pattern's automaton (accepted, and stopped or led astray at random), with
/// characters drawn from every interval the pattern's classes cut the code space into (both ends and
/// the middle, line terminators and scalars beyond the BMP included), and single-character mutations
/// of those.
@Suite("Pattern agreement: the engine, its two matchers and ICU")
struct PatternAgreementTests {
    /// Every `PayPattern("…")` literal in `Generated/`: the patterns the validators run.
    static let generatedPatterns: [String] = {
        let enumerator = FileManager.default.enumerator(at: packageRoot.appending(path: "Generated"), includingPropertiesForKeys: nil)
        var patterns = Set<String>()
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            var rest = Substring(text)
            while let start = rest.range(of: "PayPattern(\"") {
                rest = rest[start.upperBound...]
                if let (literal, after) = stringLiteral(rest) {
                    patterns.insert(literal)
                    rest = after
                }
            }
        }
        return patterns.sorted()
    }()

    /// The value of a Swift string literal's body (after the opening quote) and the text after it.
    static func stringLiteral(_ text: Substring) -> (String, Substring)? {
        var value = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { return (value, text[text.index(after: index)...]) }
            if character == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { return nil }
                switch text[index] {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                case "u":
                    guard let close = text[index...].firstIndex(of: "}"),
                        let code = UInt32(text[text.index(index, offsetBy: 2)..<close], radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else { return nil }
                    value.unicodeScalars.append(scalar)
                    index = close
                default: value.append(text[index])
                }
            } else {
                value.append(character)
            }
            index = text.index(after: index)
        }
        return nil
    }

    @Test func everyGeneratedPatternIsFound() {
        // The bundled schemas name 13 distinct patterns; fewer means the scan above broke.
        #expect(Self.generatedPatterns.count >= 13, "\(Self.generatedPatterns)")
        #expect(Self.generatedPatterns.allSatisfy(PatternEngine.isSupported))
    }

    /// What this suite found when validators still ran ICU: ICU's `$` matches before a final line
    /// terminator, so validators anchored with `^…$` accepted `"1234\n"` for `[0-9]{4}` while the
    /// diff's automaton (rightly) refused it.
    @Test func aTrailingLineTerminatorIsNotPartOfAWholeMatch() {
        for terminator in ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(!PayPattern("[0-9]{4}").matches("1234" + terminator), "\(terminator.unicodeScalars.map(\.value))")
            #expect(PatternEngine.matches("[0-9]{4}", "1234" + terminator) == false)
        }
        #expect(PayPattern("[0-9]{4}").matches("1234"))
    }

    /// A pattern the checker allows whose deterministic automaton would pass the state limit (the
    /// 16th symbol from the end is an `a`: 2^16 states) is matched by simulation, with the same
    /// answers as ICU.
    @Test func aPatternTooLargeForADeterministicAutomatonIsSimulated() throws {
        let pattern = "(a|b)*a(a|b){15}"
        let node = try #require(PatternEngine.Parser.parse(pattern))
        #expect(PatternEngine.DFA(node, PatternEngine.Alphabet(sets: node.charSets)) == nil)
        let validator = PayPattern(pattern)
        let icu = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
        var generator = SeededGenerator(seed: 16)
        for length in [0, 15, 16, 17, 40] {
            for _ in 0..<20 {
                let sample = String((0..<length).map { _ in Bool.random(using: &generator) ? Character("a") : Character("b") })
                let standard = icu.firstMatch(in: sample, range: NSRange(sample.startIndex..<sample.endIndex, in: sample)) != nil
                #expect(validator.matches(sample) == standard, "\(sample)")
            }
        }
        #expect(validator.matches("a" + String(repeating: "b", count: 15)))
        #expect(!validator.matches(String(repeating: "b", count: 16)))
    }

    @Test(arguments: generatedPatterns)
    func theEngineAgreesWithICU(_ pattern: String) throws {
        let node = try #require(PatternEngine.Parser.parse(pattern))
        let alphabet = PatternEngine.Alphabet(sets: node.charSets)
        let dfa = try #require(PatternEngine.DFA(node, alphabet))
        let validator = PayPattern(pattern)
        let icu = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
        var generator = SeededGenerator(seed: pattern.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 })
        let distance = Self.distances(dfa)
        let live = Set(distance.keys)
        var accepted = 0
        var refused = 0
        var disagreements: [String] = []
        var samples: [String] = ["", pattern]
        for round in 0..<700 {
            // The last hundred walks never stray: a long pattern (an RFC 3339 instant) is rarely
            // reached whole by a walk that strays once in twelve steps.
            // Half of those head for acceptance: a pattern that wants a rare run (four digits
            // anywhere in any text) is otherwise seldom met.
            let walk = Self.walk(
                dfa, alphabet, live: live, strays: round < 600, homing: round >= 650 ? distance : nil, using: &generator)
            samples.append(walk)
            samples.append(contentsOf: Self.mutations(of: walk, alphabet, using: &generator))
        }
        for sample in samples {
            let simulated = PatternEngine.matches(pattern, sample)
            let compiled = validator.matches(sample)
            let standard =
                icu.firstMatch(in: sample, options: [.anchored], range: NSRange(sample.startIndex..<sample.endIndex, in: sample)) != nil
            if compiled { accepted += 1 } else { refused += 1 }
            if simulated != compiled || compiled != standard, disagreements.count < 5 {
                disagreements.append(
                    "\(sample.unicodeScalars.map { String($0.value, radix: 16) }): simulated \(String(describing: simulated)), validator \(compiled), ICU \(standard)"
                )
            }
        }
        #expect(disagreements.isEmpty, "\(pattern): \(disagreements)")
        #expect(accepted >= 50 && refused >= 50, "\(pattern): \(accepted) accepted, \(refused) refused")
    }

    /// The states from which an accepting state can be reached.
    static func liveStates(_ dfa: PatternEngine.DFA) -> Set<Int> { Set(distances(dfa).keys) }

    /// Each live state's fewest steps to an accepting one.
    static func distances(_ dfa: PatternEngine.DFA) -> [Int: Int] {
        var distance: [Int: Int] = [:]
        for state in dfa.accepting.indices where dfa.accepting[state] { distance[state] = 0 }
        var step = 0
        var changed = true
        while changed {
            changed = false
            step += 1
            for state in dfa.transitions.indices where distance[state] == nil {
                if dfa.transitions[state].contains(where: { distance[$0] == step - 1 }) {
                    distance[state] = step
                    changed = true
                }
            }
        }
        return distance
    }

    /// A walk from the start: mostly along live states, stopping at random once accepting, and
    /// sometimes (when it `strays`) stepping anywhere (a value the pattern refuses); a walk
    /// `homing` on the states' distances steps closer to acceptance where it can.
    static func walk(
        _ dfa: PatternEngine.DFA, _ alphabet: PatternEngine.Alphabet, live: Set<Int>, strays: Bool = true,
        homing distance: [Int: Int]? = nil, using generator: inout SeededGenerator
    ) -> String {
        var state = 0
        var scalars = String.UnicodeScalarView()
        for _ in 0..<64 {
            if dfa.accepting[state], Int.random(in: 0..<4, using: &generator) == 0 { break }
            var onward = (0..<alphabet.count).filter { live.contains(dfa.transitions[state][$0]) }
            // A homing walk steps closer to acceptance where it can.
            if let distance, let here = distance[state] {
                let closer = onward.filter { (distance[dfa.transitions[state][$0]] ?? .max) < here }
                if !closer.isEmpty { onward = closer }
            }
            let astray = onward.isEmpty || (strays && Int.random(in: 0..<12, using: &generator) == 0)
            let symbol =
                astray ? Int.random(in: 0..<alphabet.count, using: &generator) : onward[Int.random(in: 0..<onward.count, using: &generator)]
            guard let scalar = scalar(in: symbol, alphabet, using: &generator) else { continue }
            scalars.append(scalar)
            state = dfa.transitions[state][symbol]
            if astray, Bool.random(using: &generator) { break }
        }
        return String(scalars)
    }

    /// A scalar of the interval `symbol`: its first, its last or one between (surrogates skipped).
    static func scalar(in symbol: Int, _ alphabet: PatternEngine.Alphabet, using generator: inout SeededGenerator) -> Unicode.Scalar? {
        let low = alphabet.bounds[symbol]
        let high = alphabet.bounds[symbol + 1] - 1
        let value: UInt32
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: value = low
        case 1: value = high
        default: value = UInt32.random(in: low...high, using: &generator)
        }
        return Unicode.Scalar(value) ?? Unicode.Scalar(low) ?? Unicode.Scalar(0xE000)
    }

    /// Values one edit away: a scalar dropped, repeated, or replaced by one from any interval.
    static func mutations(of text: String, _ alphabet: PatternEngine.Alphabet, using generator: inout SeededGenerator) -> [String] {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        let position = Int.random(in: 0..<scalars.count, using: &generator)
        var dropped = scalars
        dropped.remove(at: position)
        var repeated = scalars
        repeated.insert(scalars[position], at: position)
        var replaced = scalars
        if let scalar = scalar(in: Int.random(in: 0..<alphabet.count, using: &generator), alphabet, using: &generator) {
            replaced[position] = scalar
        }
        return [dropped, repeated, replaced].map { String(String.UnicodeScalarView($0)) }
    }
}
