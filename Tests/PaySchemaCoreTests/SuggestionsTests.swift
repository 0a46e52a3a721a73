import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// "Did you mean" suggestions: the bounded edit distance agrees with the full one.
@Suite("Suggestions")
struct SuggestionsTests {
    /// Full Levenshtein distance, the textbook recurrence without any cut-off.
    static func reference(_ a: [Character], _ b: [Character]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return table[a.count][b.count]
    }

    @Test func boundedDistanceIsExactWithinTheLimitAndNilBeyondIt() {
        var generator = SystemRandomNumberGenerator()
        let letters: [Character] = ["a", "b", "c", "é"]
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...7, using: &generator)).map { _ in letters.randomElement(using: &generator) ?? "a" }
            let b = (0..<Int.random(in: 0...7, using: &generator)).map { _ in letters.randomElement(using: &generator) ?? "a" }
            let limit = Int.random(in: 0...4, using: &generator)
            let exact = Self.reference(a, b)
            #expect(
                Suggestions.editDistance(a, b, limit: limit) == (exact <= limit ? exact : nil), "\(String(a)) / \(String(b)) limit \(limit)"
            )
            #expect(Suggestions.editDistance(String(a), String(b)) == exact)
        }
    }

    @Test func closestPrefersTheSmallestDistanceThenTheFirstName() {
        #expect(Suggestions.closest(to: "requird", in: ["required", "requires", "type"]) == "required")
        #expect(Suggestions.closest(to: "Fromat", in: ["format", "formats"]) == "format")
        #expect(Suggestions.closest(to: "xyz", in: ["required", "type"]) == nil)
        #expect(Suggestions.closest(to: "tipe", in: ["type", "tape"]) == "tape")
    }
}
