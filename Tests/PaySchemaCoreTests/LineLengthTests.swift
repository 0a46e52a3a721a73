import Foundation
import Testing

/// The house style's 140 columns (`.swift-format`) hold for every line of Swift we write, but for
/// what the formatter cannot break: a string literal (with its interpolations) and the lines of a
/// multi-line literal. A comment is wrapped by hand, so a long comment line fails here too.
@Suite struct LineLengthTests {
    static let limit = 140
    static let roots = ["Sources", "Plugins", "Tests", "Benchmarks/Sources", "Fuzz/Sources", "Examples/ShopCheckout/Sources"]

    /// How many characters of `line` lie inside single-line string literals (interpolations
    /// included), scanning from its start; `nil` when a literal does not close on the line.
    static func literalLength(_ line: String) -> Int {
        let characters = Array(line)
        var index = 0
        var inside = 0
        while index < characters.count {
            if characters[index] == "/" && index + 1 < characters.count && characters[index + 1] == "/" { break }
            var hashes = 0
            var start = index
            while start < characters.count && characters[start] == "#" {
                hashes += 1
                start += 1
            }
            if start < characters.count && characters[start] == "\"" {
                let end = literalEnd(characters, from: start + 1, hashes: hashes)
                inside += end - index
                index = end
            } else {
                index = start == index ? index + 1 : start
            }
        }
        return inside
    }

    /// The index just after the literal that opens before `from` with `hashes` pound signs.
    static func literalEnd(_ characters: [Character], from: Int, hashes: Int) -> Int {
        var index = from
        let escape = "\\" + String(repeating: "#", count: hashes)
        while index < characters.count {
            let character = characters[index]
            if character == "\\" && String(characters[index..<min(characters.count, index + escape.count)]) == escape {
                let next = index + escape.count
                if next < characters.count && characters[next] == "(" {
                    index = interpolationEnd(characters, from: next + 1)
                } else {
                    index = next + 1
                }
                continue
            }
            if character == "\"" {
                var closing = index + 1
                var count = 0
                while closing < characters.count && characters[closing] == "#" && count < hashes {
                    count += 1
                    closing += 1
                }
                if count == hashes { return closing }
            }
            index += 1
        }
        return characters.count
    }

    /// The index just after the `)` that closes an interpolation opened before `from`.
    static func interpolationEnd(_ characters: [Character], from: Int) -> Int {
        var index = from
        var depth = 1
        while index < characters.count {
            switch characters[index] {
            case "(":
                depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index + 1 }
            case "\"":
                index = literalEnd(characters, from: index + 1, hashes: 0)
                continue
            default:
                break
            }
            index += 1
        }
        return characters.count
    }

    @Test func theScannerSeesLiteralsInterpolationsAndRawStrings() {
        #expect(Self.literalLength(#"let a = "x\(f("y"))z" + b"#) == 13)
        #expect(Self.literalLength(##"let r = #"a "quoted" b"# // "not a literal""##) == 16)
        #expect(Self.literalLength("let c = 1 // \"comment\"") == 0)
    }

    @Test func noLineIsLongerThanTheStyleAllowsOutsideStringLiterals() throws {
        var found: [String] = []
        var files = 0
        for root in Self.roots {
            let url = packageRoot.appending(path: root)
            guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") && !path.contains(".build/") {
                files += 1
                let text = try String(contentsOf: url.appending(path: path), encoding: .utf8)
                var inMultiline = false
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let wasInside = inMultiline
                    if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inMultiline.toggle() }
                    guard line.count > Self.limit, !wasInside, !inMultiline else { continue }
                    if line.count - Self.literalLength(String(line)) > Self.limit {
                        found.append("\(root)/\(path):\(index + 1): \(line.count) columns")
                    }
                }
            }
        }
        #expect(files > 300, "only \(files) Swift files scanned")
        #expect(found.isEmpty, "lines over \(Self.limit) columns outside string literals:\n\(found.joined(separator: "\n"))")
    }
}
