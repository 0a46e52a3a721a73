/// Decides how two `pattern` constraints relate as languages — equal, one a subset of the other, or
/// neither — with finite automata, for the regular-expression subset that has exact semantics here:
/// literals and escaped metacharacters, `.`, classes `[a-z0-9_]` and `[^…]`, groups `( )` and
/// `(?: )`, alternation `|`, and the quantifiers `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`.
/// Anything else (`\d`, anchors, lookaround, back-references, flags) is outside the subset and
/// answers `nil`: the diff then says "changed" rather than guess.
enum PatternInclusion {
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

    /// Whether `pattern` is inside the subset the schema language allows (what the checker requires).
    static func isSupported(_ pattern: String) -> Bool {
        Parser.parse(pattern) != nil
    }

    /// Whether the whole of `value` matches `pattern`, decided by the automaton (`nil` when the
    /// pattern is outside the subset). The checker uses it for defaults, so it never
    /// creates an `NSRegularExpression`.
    static func matches(_ pattern: String, _ value: String) -> Bool? {
        guard let node = Parser.parse(pattern) else { return nil }
        let alphabet = Alphabet(sets: node.charSets)
        var nfa = NFA()
        let start = nfa.newState()
        let end = nfa.newState()
        guard nfa.build(node, from: start, to: end, alphabet) else { return nil }
        // The automaton is simulated state set by state set (linear in the value, no subset
        // construction), so a default is checked in time proportional to its length.
        var states = nfa.closure([start])
        for scalar in value.unicodeScalars {
            let symbol = alphabet.symbol(of: scalar)
            var moved = Set<Int>()
            for state in states { moved.formUnion(nfa.moves[state][symbol] ?? []) }
            if moved.isEmpty { return false }
            states = nfa.closure(moved)
        }
        return states.contains(end)
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
              let oldInNew = includes(dfaOld, old, in: dfaNew, new, cap: cap) else { return nil }
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
                let low = alphabet.bounds[symbol], high = alphabet.bounds[symbol + 1] - 1
                // A readable representative of the interval: a letter or digit when it holds one.
                let preferred: [UInt32] = [0x61, 0x41, 0x30, 0x5F, 0x2D, 0x2E, 0x20]
                let value = preferred.first { $0 >= low && $0 <= high }
                    ?? (low >= 0x20 ? low : (0x20...0x7E).first { $0 >= low && $0 <= high } ?? low)
                guard let scalar = Unicode.Scalar(value) ?? Unicode.Scalar(0xE000) else { continue }
                queue.append((next, text + String(Character(scalar))))
            }
        }
        return nil
    }

    /// A set of Unicode scalar values as sorted, disjoint closed ranges.
    struct CharSet: Hashable {
        var ranges: [ClosedRange<UInt32>]

        static let all = CharSet(ranges: [0...0x10FFFF])
        /// `.`: everything but ICU's line terminators.
        static let dot = CharSet(ranges: [0...0x09, 0x0B...0x0C, 0x0E...0x84, 0x86...0x2027, 0x202A...0x10FFFF])

        init(ranges: [ClosedRange<UInt32>]) {
            let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
            var merged: [ClosedRange<UInt32>] = []
            for range in sorted {
                if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                    merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
            self.ranges = merged
        }

        var complement: CharSet {
            var result: [ClosedRange<UInt32>] = []
            var next: UInt32 = 0
            for range in ranges {
                if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
                next = range.upperBound &+ 1
                if range.upperBound == 0x10FFFF { return CharSet(ranges: result) }
            }
            result.append(next...0x10FFFF)
            return CharSet(ranges: result)
        }
    }

    indirect enum Node {
        case chars(CharSet)
        case sequence([Node])
        case alternation([Node])
        case repeated(Node, min: Int, max: Int?)
        case empty

        var charSets: [CharSet] {
            switch self {
            case .chars(let set): return [set]
            case .sequence(let nodes), .alternation(let nodes): return nodes.flatMap(\.charSets)
            case .repeated(let node, _, _): return node.charSets
            case .empty: return []
            }
        }
    }

    /// A recursive-descent parser for the decidable subset.
    struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        static func parse(_ pattern: String) -> Node? {
            var parser = Parser(scalars: Array(pattern.unicodeScalars))
            guard let node = parser.alternation(), parser.index == parser.scalars.count else { return nil }
            return node
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func alternation() -> Node? {
            var branches: [Node] = []
            repeat {
                if peek == "|" { index += 1 }
                guard let branch = sequence() else { return nil }
                branches.append(branch)
            } while peek == "|"
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func sequence() -> Node? {
            var items: [Node] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard let atom = atom(), let quantified = quantified(atom) else { return nil }
                items.append(quantified)
            }
            return items.isEmpty ? .empty : (items.count == 1 ? items[0] : .sequence(items))
        }

        mutating func atom() -> Node? {
            guard let scalar = peek else { return nil }
            index += 1
            switch scalar {
            case "(":
                if peek == "?" {
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return nil }
                    index += 2
                }
                guard let inner = alternation(), peek == ")" else { return nil }
                index += 1
                return inner
            case "[": return characterClass()
            case ".": return .chars(.dot)
            case "\\":
                guard let escaped = peek, Self.literalEscapes.contains(escaped) else { return nil }
                index += 1
                return .chars(CharSet(ranges: [escaped.value...escaped.value]))
            case "^", "$", "*", "+", "?", "{", "}", "]": return nil
            default: return .chars(CharSet(ranges: [scalar.value...scalar.value]))
            }
        }

        static let literalEscapes: Set<Unicode.Scalar> = Set(#".-^$*+?()[]{}|\/_:#"#.unicodeScalars)

        mutating func characterClass() -> Node? {
            var negated = false
            if peek == "^" {
                negated = true
                index += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            var first = true
            while let scalar = peek, scalar != "]" || first {
                first = false
                guard let low = classMember() else { return nil }
                if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard let high = classMember(), low <= high else { return nil }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
                _ = scalar
            }
            guard peek == "]", !ranges.isEmpty else { return nil }
            index += 1
            let set = CharSet(ranges: ranges)
            return .chars(negated ? set.complement : set)
        }

        mutating func classMember() -> UInt32? {
            guard let scalar = peek else { return nil }
            index += 1
            if scalar == "\\" {
                guard let escaped = peek, Self.literalEscapes.contains(escaped) else { return nil }
                index += 1
                return escaped.value
            }
            if scalar == "[" { return nil }
            return scalar.value
        }

        mutating func quantified(_ atom: Node) -> Node? {
            var node = atom
            while let scalar = peek {
                switch scalar {
                case "*": index += 1; node = .repeated(node, min: 0, max: nil)
                case "+": index += 1; node = .repeated(node, min: 1, max: nil)
                case "?": index += 1; node = .repeated(node, min: 0, max: 1)
                case "{":
                    index += 1
                    guard let low = number() else { return nil }
                    var high: Int? = low
                    if peek == "," {
                        index += 1
                        high = peek == "}" ? nil : number()
                        if high == nil && peek != "}" { return nil }
                    }
                    guard peek == "}", high.map({ $0 >= low }) ?? true, low <= 256, (high ?? 0) <= 256 else { return nil }
                    index += 1
                    node = .repeated(node, min: low, max: high)
                default:
                    return node
                }
                // A lazy or possessive suffix changes matching, not the language; reject to stay simple.
                if peek == "?" || peek == "+" { return nil }
            }
            return node
        }

        mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while let scalar = peek, ("0"..."9").contains(scalar) {
                value = value * 10 + Int(scalar.value - 48)
                digits += 1
                index += 1
                if value > 10_000 { return nil }
            }
            return digits > 0 ? value : nil
        }
    }

    /// The intervals that every character set of both patterns is a union of.
    struct Alphabet {
        let bounds: [UInt32]

        init(sets: [CharSet]) {
            var cuts: Set<UInt32> = [0, 0x110000]
            for set in sets + [.dot] {
                for range in set.ranges {
                    cuts.insert(range.lowerBound)
                    cuts.insert(range.upperBound + 1)
                }
            }
            bounds = cuts.sorted()
        }

        var count: Int { bounds.count - 1 }

        /// The symbol (interval) that holds `scalar`: the last bound not above it.
        func symbol(of scalar: Unicode.Scalar) -> Int {
            var low = 0
            var high = count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if bounds[middle] <= scalar.value { low = middle } else { high = middle - 1 }
            }
            return low
        }

        /// The symbols (interval indices) a set covers.
        func symbols(_ set: CharSet) -> [Int] {
            var result: [Int] = []
            for symbol in 0..<count {
                let start = bounds[symbol]
                if set.ranges.contains(where: { $0.contains(start) }) { result.append(symbol) }
            }
            return result
        }
    }

    /// A complete deterministic automaton over the alphabet's symbols (state 0 is the start).
    struct DFA {
        var transitions: [[Int]]
        var accepting: [Bool]

        static let stateLimit = 20_000

        init?(_ node: Node, _ alphabet: Alphabet) {
            var nfa = NFA()
            let start = nfa.newState()
            let end = nfa.newState()
            guard nfa.build(node, from: start, to: end, alphabet) else { return nil }
            // Subset construction.
            var index: [Set<Int>: Int] = [:]
            var queue: [Set<Int>] = []
            let first = nfa.closure([start])
            index[first] = 0
            queue.append(first)
            transitions = []
            accepting = []
            var position = 0
            while position < queue.count {
                let current = queue[position]
                position += 1
                accepting.append(current.contains(end))
                var row: [Int] = []
                for symbol in 0..<alphabet.count {
                    var moved = Set<Int>()
                    for state in current { moved.formUnion(nfa.moves[state][symbol] ?? []) }
                    let target = nfa.closure(moved)
                    if let known = index[target] {
                        row.append(known)
                    } else {
                        guard queue.count < Self.stateLimit else { return nil }
                        index[target] = queue.count
                        row.append(queue.count)
                        queue.append(target)
                    }
                }
                transitions.append(row)
            }
        }

        /// Whether every value this automaton accepts, `other` accepts too.
        func isSubset(of other: DFA) -> Bool {
            var seen: Set<[Int]> = [[0, 0]]
            var queue = [[0, 0]]
            while let pair = queue.popLast() {
                if accepting[pair[0]] && !other.accepting[pair[1]] { return false }
                for symbol in transitions[pair[0]].indices {
                    let next = [transitions[pair[0]][symbol], other.transitions[pair[1]][symbol]]
                    if seen.insert(next).inserted { queue.append(next) }
                }
            }
            return true
        }
    }

    /// A Thompson automaton: ε-moves and symbol moves per state.
    struct NFA {
        var epsilon: [[Int]] = []
        var moves: [[Int: [Int]]] = []

        mutating func newState() -> Int {
            epsilon.append([])
            moves.append([:])
            return epsilon.count - 1
        }

        mutating func build(_ node: Node, from start: Int, to end: Int, _ alphabet: Alphabet) -> Bool {
            guard epsilon.count < 50_000 else { return false }
            switch node {
            case .empty:
                epsilon[start].append(end)
            case .chars(let set):
                for symbol in alphabet.symbols(set) { moves[start][symbol, default: []].append(end) }
            case .sequence(let nodes):
                var current = start
                for (offset, item) in nodes.enumerated() {
                    let next = offset == nodes.count - 1 ? end : newState()
                    guard build(item, from: current, to: next, alphabet) else { return false }
                    current = next
                }
            case .alternation(let nodes):
                for item in nodes {
                    guard build(item, from: start, to: end, alphabet) else { return false }
                }
            case .repeated(let item, let low, let high):
                var current = start
                for _ in 0..<low {
                    let next = newState()
                    guard build(item, from: current, to: next, alphabet) else { return false }
                    current = next
                }
                if let high {
                    for _ in low..<high {
                        let next = newState()
                        epsilon[current].append(end)
                        guard build(item, from: current, to: next, alphabet) else { return false }
                        current = next
                    }
                    epsilon[current].append(end)
                } else {
                    let loop = newState()
                    epsilon[current].append(loop)
                    guard build(item, from: loop, to: loop, alphabet) else { return false }
                    epsilon[loop].append(end)
                }
            }
            return true
        }

        func closure(_ states: Set<Int>) -> Set<Int> {
            var result = states
            var stack = Array(states)
            while let state = stack.popLast() {
                for next in epsilon[state] where result.insert(next).inserted { stack.append(next) }
            }
            return result
        }
    }
}
