import PaySchemaLanguage
import PaySchemaModel
import PaymentSchemasVocabulary

/// Decides how two `pattern` constraints relate as languages — equal, one a subset of the other, or
/// neither — with the automata of ``PatternEngine``, the one engine the generated validators match
/// with. A pattern outside its subset answers `nil`: the diff then says "changed" rather than guess.
enum PatternInclusion {
    private typealias Node = PatternEngine.Node
    private typealias Parser = PatternEngine.Parser
    private typealias Alphabet = PatternEngine.Alphabet
    typealias DFA = PatternEngine.DFA

    /// How the new language relates to the old one.
    enum Relation: Equatable {
        /// The same set of values.
        case equal
        /// The new pattern accepts a strict subset: tightened.
        case subset
        /// The new pattern accepts a strict superset: loosened.
        case superset
        /// Each accepts values the other refuses.
        case neither
    }

    /// The relation of `new` to `old`, `nil` when either is outside the decidable subset or too large.
    static func relation(old: String, new: String) -> Relation? {
        guard let a = Parser.parse(old), let b = Parser.parse(new) else { return nil }
        let alphabet = Alphabet(sets: a.charSets + b.charSets)
        guard let dfaOld = DFA(a, alphabet), let dfaNew = DFA(b, alphabet) else { return nil }
        let newInOld = dfaNew.isSubset(of: dfaOld)
        let oldInNew = dfaOld.isSubset(of: dfaNew)
        switch (newInOld, oldInNew) {
        case (true, true): return .equal
        case (true, false): return .subset
        case (false, true): return .superset
        case (false, false): return .neither
        }
    }

    /// The strings a `pattern` (absent: any text) and length bounds admit together.
    struct StringLanguage: Equatable {
        var pattern: String?
        var minLength: Int?
        var maxLength: Int?

        func admits(length: Int) -> Bool {
            length >= (minLength ?? 0) && length <= (maxLength ?? Int.max)
        }
    }

    /// The relation of `new` to `old` where each is a pattern and length bounds taken together
    /// (lengths in Unicode scalars), decided exactly: a breadth-first search over pairs of automaton
    /// states and the length read so far, capped one past the largest bound (beyond it no bound
    /// changes its answer). `nil` when a pattern is outside the subset or the search is too large.
    static func relation(old: StringLanguage, new: StringLanguage) -> Relation? {
        if old == new { return .equal }
        let anything = Node.repeated(.chars(.all), min: 0, max: nil)
        guard let a = old.pattern.map(Parser.parse) ?? anything, let b = new.pattern.map(Parser.parse) ?? anything else { return nil }
        let alphabet = Alphabet(sets: a.charSets + b.charSets)
        guard let dfaOld = DFA(a, alphabet), let dfaNew = DFA(b, alphabet) else { return nil }
        let cap = ([old.minLength, old.maxLength, new.minLength, new.maxLength].compactMap { $0 }.max() ?? 0) + 1
        guard let newInOld = includes(dfaNew, new, in: dfaOld, old, cap: cap),
            let oldInNew = includes(dfaOld, old, in: dfaNew, new, cap: cap)
        else { return nil }
        switch (newInOld, oldInNew) {
        case (true, true): return .equal
        case (true, false): return .subset
        case (false, true): return .superset
        case (false, false): return .neither
        }
    }

    static let searchLimit = 2_000_000

    /// Whether every string `x` (within `xBounds`) admits, `y` (within `yBounds`) admits too.
    static func includes(_ x: DFA, _ xBounds: StringLanguage, in y: DFA, _ yBounds: StringLanguage, cap: Int) -> Bool? {
        var seen: Set<[Int]> = [[0, 0, 0]]
        var queue = [[0, 0, 0]]
        while let item = queue.popLast() {
            let (sx, sy, length) = (item[0], item[1], item[2])
            if x.accepting[sx] && xBounds.admits(length: length) && !(y.accepting[sy] && yBounds.admits(length: length)) { return false }
            let next = min(length + 1, cap)
            for symbol in x.transitions[sx].indices {
                let state = [x.transitions[sx][symbol], y.transitions[sy][symbol], next]
                if seen.insert(state).inserted {
                    guard seen.count < searchLimit else { return nil }
                    queue.append(state)
                }
            }
        }
        return true
    }

    /// The shortest value `pattern` accepts and `excluded` (when given) refuses, preferring printable
    /// ASCII; `nil` when there is none or either pattern is outside the subset. The diff proofs use it
    /// to write the payload that tells two patterns apart.
    static func example(acceptedBy pattern: String, refusedBy excluded: String? = nil) -> String? {
        guard let a = Parser.parse(pattern) else { return nil }
        let b = excluded.flatMap { Parser.parse($0) }
        if excluded != nil && b == nil { return nil }
        let alphabet = Alphabet(sets: a.charSets + (b?.charSets ?? []))
        guard let dfaA = DFA(a, alphabet) else { return nil }
        let dfaB = b.flatMap { DFA($0, alphabet) }
        if b != nil && dfaB == nil { return nil }
        // Breadth first over state pairs, so the first accepting pair is reached by a shortest value.
        var seen: Set<[Int]> = [[0, 0]]
        var queue: [([Int], String)] = [([0, 0], "")]
        var position = 0
        while position < queue.count {
            let (pair, text) = queue[position]
            position += 1
            if dfaA.accepting[pair[0]] && !(dfaB?.accepting[pair[1]] ?? false) { return text }
            for symbol in 0..<alphabet.count {
                let next = [dfaA.transitions[pair[0]][symbol], dfaB?.transitions[pair[1]][symbol] ?? 0]
                guard seen.insert(next).inserted else { continue }
                let low = alphabet.bounds[symbol]
                let high = alphabet.bounds[symbol + 1] - 1
                // A readable representative of the interval: a letter or digit when it holds one.
                let preferred: [UInt32] = [0x61, 0x41, 0x30, 0x5F, 0x2D, 0x2E, 0x20]
                let value =
                    preferred.first { $0 >= low && $0 <= high }
                    ?? (low >= 0x20 ? low : (0x20...0x7E).first { $0 >= low && $0 <= high } ?? low)
                guard let scalar = Unicode.Scalar(value) ?? Unicode.Scalar(0xE000) else { continue }
                queue.append((next, text + String(Character(scalar))))
            }
        }
        return nil
    }
}
