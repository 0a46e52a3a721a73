/// The one reading of a schema `pattern`: the validators match with it (``PayPattern``) and the schema
/// diff decides inclusion with it, so a diff verdict and a validator can never read a pattern two
/// ways. It covers the regular-expression subset the checker allows, with exact semantics: literals
/// and escaped metacharacters, `.` (everything but ICU's line terminators), classes `[a-z0-9_]` and
/// `[^…]`, groups `( )` and `(?: )`, alternation `|`, and the quantifiers `*`, `+`, `?`, `{n}`,
/// `{n,}`, `{n,m}` (bounds up to 256). A pattern always matches the whole value. Anything else
/// (`\d`, anchors, lookaround, back-references, flags) does not parse.
package enum PatternEngine {
    /// Whether `pattern` is inside the subset (what the schema checker requires of every pattern).
    package static func isSupported(_ pattern: String) -> Bool {
        Parser.parse(pattern) != nil
    }

    /// Whether `a` and `b` accept the same values (`nil` when either is outside the subset or its
    /// automaton too large to decide).
    package static func sameLanguage(_ a: String, _ b: String) -> Bool? {
        if a == b { return isSupported(a) ? true : nil }
        guard let first = Parser.parse(a), let second = Parser.parse(b) else { return nil }
        let alphabet = Alphabet(sets: first.charSets + second.charSets)
        guard let one = DFA(first, alphabet), let other = DFA(second, alphabet) else { return nil }
        return one.isSubset(of: other) && other.isSubset(of: one)
    }

    /// Whether the whole of `value` matches `pattern` (`nil` when the pattern is outside the
    /// subset), by simulating the automaton state set by state set: linear in the value, with no
    /// subset construction, for a pattern read once (a schema default).
    package static func matches(_ pattern: String, _ value: String) -> Bool? {
        guard let node = Parser.parse(pattern) else { return nil }
        let alphabet = Alphabet(sets: node.charSets)
        var nfa = NFA()
        let start = nfa.newState()
        let end = nfa.newState()
        guard nfa.build(node, from: start, to: end, alphabet) else { return nil }
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

    /// A set of Unicode scalar values as sorted, disjoint closed ranges.
    package struct CharSet: Hashable {
        var ranges: [ClosedRange<UInt32>]

        /// Every scalar.
        package static let all = CharSet(ranges: [0...0x10FFFF])
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

    /// A parsed pattern: character sets combined by sequence, alternation and repetition.
    package indirect enum Node {
        case chars(CharSet)
        case sequence([Node])
        case alternation([Node])
        case repeated(Node, min: Int, max: Int?)
        case empty

        /// Every character set the pattern names (an alphabet is cut from them).
        package var charSets: [CharSet] {
            switch self {
            case .chars(let set): return [set]
            case .sequence(let nodes), .alternation(let nodes): return nodes.flatMap(\.charSets)
            case .repeated(let node, _, _): return node.charSets
            case .empty: return []
            }
        }
    }

    /// A recursive-descent parser for the decidable subset.
    package struct Parser {
        private let scalars: [Unicode.Scalar]
        private var index = 0

        /// The pattern's tree, or `nil` when it is outside the subset.
        package static func parse(_ pattern: String) -> Node? {
            var parser = Parser(scalars: Array(pattern.unicodeScalars))
            guard let node = parser.alternation(), parser.index == parser.scalars.count else { return nil }
            return node
        }

        private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        private mutating func alternation() -> Node? {
            var branches: [Node] = []
            repeat {
                if peek == "|" { index += 1 }
                guard let branch = sequence() else { return nil }
                branches.append(branch)
            } while peek == "|"
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        private mutating func sequence() -> Node? {
            var items: [Node] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard let atom = atom(), let quantified = quantified(atom) else { return nil }
                items.append(quantified)
            }
            return items.isEmpty ? .empty : (items.count == 1 ? items[0] : .sequence(items))
        }

        private mutating func atom() -> Node? {
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

        private static let literalEscapes: Set<Unicode.Scalar> = Set(#".-^$*+?()[]{}|\/_:#"#.unicodeScalars)

        private mutating func characterClass() -> Node? {
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

        private mutating func classMember() -> UInt32? {
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

        private mutating func quantified(_ atom: Node) -> Node? {
            var node = atom
            while let scalar = peek {
                switch scalar {
                case "*":
                    index += 1
                    node = .repeated(node, min: 0, max: nil)
                case "+":
                    index += 1
                    node = .repeated(node, min: 1, max: nil)
                case "?":
                    index += 1
                    node = .repeated(node, min: 0, max: 1)
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

        private mutating func number() -> Int? {
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
    package struct Alphabet {
        /// The lower bound of each interval, and one past the last.
        package let bounds: [UInt32]

        /// The intervals cut by every range of `sets` (and of `.`).
        package init(sets: [CharSet]) {
            var cuts: Set<UInt32> = [0, 0x110000]
            for set in sets + [.dot] {
                for range in set.ranges {
                    cuts.insert(range.lowerBound)
                    cuts.insert(range.upperBound + 1)
                }
            }
            bounds = cuts.sorted()
        }

        /// How many intervals (symbols) there are.
        package var count: Int { bounds.count - 1 }

        /// The symbol (interval) that holds `scalar`: the last bound not above it.
        package func symbol(of scalar: Unicode.Scalar) -> Int {
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
    package struct DFA {
        /// The next state for each state and symbol.
        package private(set) var transitions: [[Int]]
        /// Whether each state accepts.
        package private(set) var accepting: [Bool]

        static let stateLimit = 20_000

        /// The automaton of `node` over `alphabet` (subset construction); `nil` past ``stateLimit`` states.
        package init?(_ node: Node, _ alphabet: Alphabet) {
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
        package func isSubset(of other: DFA) -> Bool {
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
