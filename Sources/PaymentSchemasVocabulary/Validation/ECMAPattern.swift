/// An OpenAPI (ECMA-262) `pattern` in the language's regular subset, which always matches the whole
/// value: an anchored alternative loses its `^`/`$`, an unanchored side gains ``anything`` (a JSON
/// Schema pattern searches, past line breaks too), ECMA's `.` becomes ``ecmaDot`` (the engine's `.`
/// also stops at U+0085), a pattern that admits every string is none (``admitsEverything(_:)``),
/// `\d` becomes `[0-9]`, `\w` `[A-Za-z0-9_]` and `\s` ``ecmaSpace`` (ECMA's white space and line
/// terminators, Unicode's space separators among them), `\xHH` and `\uHHHH` the character, a lazy quantifier the greedy one
/// (the same whole values). What still is outside the subset (look-around, back-references,
/// `\p{…}`, bounds over 256) is the reason: `payschema import` reports it and leaves the pattern
/// out, and `payschema upstream` compares such a pattern by its text only.
package enum ECMAPattern {
    /// The translated pattern, or why it cannot be said.
    package static func translate(_ pattern: String) -> Result<String, Reason> {
        // Look-around first: its group may hold an anchor, which would otherwise be the reason given.
        // (An escaped parenthesis, `\(?=`, is a literal and an optional one: not a group.)
        for opening in ["(?=", "(?!", "(?<=", "(?<!"] {
            var searched = pattern[...]
            while let range = searched.range(of: opening) {
                if range.lowerBound == pattern.startIndex || pattern[pattern.index(before: range.lowerBound)] != "\\" {
                    return .failure(.lookaround(opening + "…)"))
                }
                searched = searched[range.upperBound...]
            }
        }
        let alternatives = split(pattern)
        var translated: [String] = []
        for (body, anchoredStart, anchoredEnd) in alternatives {
            switch shorthandsReplaced(body) {
            case .failure(let reason): return .failure(reason)
            case .success(let text):
                var piece = text
                if !anchoredStart { piece = anything + (alternatives.count > 1 || anchoredEnd ? "(?:\(piece))" : piece) }
                if !anchoredEnd { piece = (anchoredStart && alternatives.count == 1 ? piece : "(?:\(piece))") + anything }
                translated.append(alternatives.count > 1 ? "(?:\(piece))" : piece)
            }
        }
        let result = translated.joined(separator: "|")
        guard PatternEngine.isSupported(result) else { return .failure(.outsideSubset) }
        return .success(result)
    }

    /// What an unanchored side of a search may skip: any characters at all, line breaks too (the
    /// engine's `.` stops at `\n`, `\r`, U+0085, U+2028 and U+2029, ICU's also at `\v` and `\f`:
    /// all of them are written here as themselves, so every engine reads the same set).
    package static let anything = "(?:.|[\n\u{0B}\u{0C}\r\u{85}\u{2028}\u{2029}])*"

    /// ECMA-262's `\s`: its white space (tab, vertical tab, form feed, space, no-break space, the
    /// byte order mark and the Unicode space separators) and its line terminators, each written as
    /// itself.
    static let ecmaSpace =
        "\t\n\u{B}\u{C}\r \u{A0}\u{1680}\u{2000}\u{2001}\u{2002}\u{2003}\u{2004}\u{2005}\u{2006}\u{2007}\u{2008}\u{2009}\u{200A}"
        + "\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{FEFF}"

    /// ECMA-262's `.` (no `s` flag): any character but its four line terminators, `\n`, `\r`, U+2028
    /// and U+2029, written as themselves (the engine's `.` also stops at U+0085, which ECMA's takes).
    package static let ecmaDot = "[^\n\r\u{2028}\u{2029}]"

    /// Whether `pattern`, searched as JSON Schema searches, admits every string: an alternative not
    /// anchored at both ends whose body can match nothing at all (`.*`, `[a-z]*`, `^x?`) finds an
    /// empty match in any value. Such a pattern constrains nothing, so an import leaves it out
    /// (its whole-value translation, whose `.` stops at a line break, would constrain).
    package static func admitsEverything(_ pattern: String) -> Bool {
        split(pattern).contains { body, anchoredStart, anchoredEnd in
            guard !(anchoredStart && anchoredEnd), case .success(let text) = shorthandsReplaced(body) else { return false }
            return PatternEngine.matches(text, "") == true
        }
    }

    /// `pattern`'s top-level alternatives, each with whether it is anchored at its start and its end
    /// (the anchors taken off its body).
    private static func split(_ pattern: String) -> [(body: [Unicode.Scalar], anchoredStart: Bool, anchoredEnd: Bool)] {
        let scalars = Array(pattern.unicodeScalars)
        var alternatives: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var depth = 0
        var inClass = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                current.append(scalar)
                current.append(scalars[index + 1])
                index += 2
                continue
            }
            if inClass {
                if scalar == "]" { inClass = false }
            } else if scalar == "[" {
                inClass = true
            } else if scalar == "(" {
                depth += 1
            } else if scalar == ")" {
                depth -= 1
            } else if scalar == "|", depth == 0 {
                alternatives.append(current)
                current = []
                index += 1
                continue
            }
            current.append(scalar)
            index += 1
        }
        alternatives.append(current)
        return alternatives.map { alternative in
            var body = alternative
            let anchoredStart = body.first == "^"
            if anchoredStart { body.removeFirst() }
            var anchoredEnd = false
            if body.last == "$" {
                // `\$` is a literal dollar: count the backslashes before it.
                var slashes = 0
                var position = body.count - 2
                while position >= 0, body[position] == "\\" {
                    slashes += 1
                    position -= 1
                }
                if slashes % 2 == 0 {
                    anchoredEnd = true
                    body.removeLast()
                }
            }
            return (body, anchoredStart, anchoredEnd)
        }
    }

    /// Why a pattern cannot be said.
    package enum Reason: Error, Equatable {
        /// A shorthand with no class equivalent inside a class (`[^\D]`).
        case negatedShorthandInClass(String)
        /// A look-ahead or look-behind (`(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`).
        case lookaround(String)
        /// Back-references, Unicode properties, flags, bounds over 256.
        case outsideSubset
        /// A `^` or `$` that is not at an alternative's edge.
        case innerAnchor

        /// The reason in words.
        package var text: String {
            switch self {
            case .negatedShorthandInClass(let shorthand):
                return "`\\\(shorthand)` inside a class has no equivalent in the language's subset"
            case .lookaround(let group):
                return "it looks around (`\(group)`), which the language's regular subset cannot say"
            case .outsideSubset:
                return
                    "it uses what the language's regular subset cannot say (back-references, Unicode properties, flags, bounds over 256)"
            case .innerAnchor:
                return "it anchors inside an alternative"
            }
        }
    }

    /// `body` with `\d`, `\w`, `\s` and their negations written as classes.
    private static func shorthandsReplaced(_ body: [Unicode.Scalar]) -> Result<String, Reason> {
        var out = ""
        var inClass = false
        var index = 0
        while index < body.count {
            let scalar = body[index]
            if scalar == "\\", index + 1 < body.count {
                let next = body[index + 1]
                index += 2
                let inside: String?
                switch next {
                case "d": inside = "0-9"
                case "w": inside = "A-Za-z0-9_"
                case "s": inside = ecmaSpace
                case "D", "W", "S":
                    if inClass { return .failure(.negatedShorthandInClass(String(next))) }
                    let positive = next == "D" ? "0-9" : next == "W" ? "A-Za-z0-9_" : ecmaSpace
                    out += "[^" + classText(positive) + "]"
                    continue
                case "n", "t", "r", "f", "v":
                    // A control character stands for itself in the engine's reading.
                    let controls: [Unicode.Scalar: Unicode.Scalar] = ["n": "\n", "t": "\t", "r": "\r", "f": "\u{C}", "v": "\u{B}"]
                    out.unicodeScalars.append(controls[next] ?? next)
                    continue
                case "x", "u":
                    // `\xHH` and `\uHHHH`: the character itself.
                    let width = next == "x" ? 2 : 4
                    let digits = String(String.UnicodeScalarView(body[index..<min(body.count, index + width)]))
                    guard digits.count == width, let value = UInt32(digits, radix: 16), let character = Unicode.Scalar(value) else {
                        return .failure(.outsideSubset)
                    }
                    index += width
                    appendLiteral(character, to: &out)
                    continue
                default:
                    // An escaped punctuation mark is the mark (`\!`); letters and digits are classes
                    // or back-references the subset does not have.
                    if !(next.properties.isAlphabetic || ("0"..."9").contains(next)) {
                        appendLiteral(next, to: &out)
                        continue
                    }
                    inside = nil
                }
                if let inside {
                    out += inClass ? classText(inside) : "[" + classText(inside) + "]"
                } else {
                    out.unicodeScalars.append("\\")
                    out.unicodeScalars.append(next)
                }
                continue
            }
            if !inClass, scalar == "^" || scalar == "$" { return .failure(.innerAnchor) }
            if inClass {
                if scalar == "]" { inClass = false }
            } else if scalar == "[" {
                inClass = true
                out.unicodeScalars.append(scalar)
                // `[^` and a leading `]` belong to the class.
                if index + 1 < body.count, body[index + 1] == "^" {
                    out.unicodeScalars.append("^")
                    index += 1
                }
                index += 1
                continue
            }
            // A lazy quantifier (`{1,3}?`, `*?`) matches the same whole values as the greedy one.
            if !inClass, scalar == "?", let previous = out.unicodeScalars.last, ["}", "*", "+", "?"].contains(previous),
                !out.hasSuffix("\\" + String(previous)), !out.hasSuffix("(?")
            {
                index += 1
                continue
            }
            if !inClass, scalar == "." {
                out += ecmaDot
                index += 1
                continue
            }
            out.unicodeScalars.append(scalar)
            index += 1
        }
        return .success(out)
    }

    /// The characters the engine reads only escaped.
    static let metacharacters: Set<Unicode.Scalar> = Set(#".-^$*+?()[]{}|\/"#.unicodeScalars)

    /// `scalar` as a literal of the pattern: escaped when it is a metacharacter.
    private static func appendLiteral(_ scalar: Unicode.Scalar, to out: inout String) {
        if metacharacters.contains(scalar) { out.unicodeScalars.append("\\") }
        out.unicodeScalars.append(scalar)
    }

    /// Class content as the engine reads it: control characters stand for themselves.
    private static func classText(_ text: String) -> String { text }
}
