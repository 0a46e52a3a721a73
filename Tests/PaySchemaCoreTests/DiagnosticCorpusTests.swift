import Foundation
import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// Each file in `Fixtures/Diagnostics` is a bad schema whose `# expect: line:column: severity: message`
/// comments list every diagnostic it must produce, exactly, at that position.
@Suite("Diagnostics corpus")
struct DiagnosticCorpusTests {
    static let fixtures: [String] = {
        let folder = fixturesRoot.appending(path: "Diagnostics")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    struct Expectation: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var severity: String
        var message: String
        var description: String { "\(line):\(column): \(severity): \(message)" }
    }

    static func expectations(in text: String) -> [Expectation] {
        text.split(separator: "\n").compactMap { line -> Expectation? in
            guard line.hasPrefix("# expect: ") else { return nil }
            let body = line.dropFirst("# expect: ".count)
            let parts = body.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let row = Int(parts[0]), let column = Int(parts[1]) else { return nil }
            return Expectation(
                line: row, column: column, severity: parts[2].trimmingCharacters(in: .whitespaces),
                message: parts[3].trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func corpusIsNotEmpty() {
        #expect(Self.fixtures.count >= 12)
    }

    @Test(arguments: fixtures)
    func fixtureProducesExactlyItsExpectedDiagnostics(_ name: String) throws {
        let text = try String(contentsOf: fixturesRoot.appending(path: "Diagnostics/\(name)"), encoding: .utf8)
        let expected = Self.expectations(in: text)
        #expect(!expected.isEmpty, "fixture \(name) lists no expectations")
        let (_, diagnostics) = check([name: text], module: "Fixture")
        var unmatched = diagnostics
        for expectation in expected {
            let index = unmatched.firstIndex { diagnostic in
                diagnostic.location.line == expectation.line && diagnostic.location.column == expectation.column
                    && diagnostic.severity.rawValue == expectation.severity && diagnostic.message.hasPrefix(expectation.message)
            }
            if let index {
                unmatched.remove(at: index)
            } else {
                Issue.record("\(name): missing \(expectation); got:\n\(diagnostics.map(\.description).joined(separator: "\n"))")
            }
        }
        #expect(unmatched.isEmpty, "\(name): unexpected diagnostics:\n\(unmatched.map(\.description).joined(separator: "\n"))")
        #expect(diagnostics.allSatisfy { $0.location.file == name })
    }

    /// Schemas/README.md's list of reserved field names is the checker's: each name it lists is
    /// refused as a field, at the field, and it lists every name the checker refuses.
    @Test func everyReservedFieldNameTheSchemasREADMEListsIsRefused() throws {
        let readme = try String(contentsOf: packageRoot.appending(path: "Schemas/README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "- Reserved field names"))
        let end = try #require(readme.range(of: "Name the field otherwise", range: start.upperBound..<readme.endIndex))
        let sentence = readme[start.upperBound..<end.lowerBound]
        let listed = sentence.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
        #expect(Set(listed) == SchemaChecker.reservedFieldNames)
        #expect(listed.count == Set(listed).count)
        for name in listed {
            let (_, diagnostics) = check(["Snippet.yaml": "types:\n  Fields:\n    kind: struct\n    fields:\n      \(name): String\n"])
            #expect(
                diagnostics.map(\.description) == [
                    "Snippet.yaml:5:7: error: field name '\(name)' is reserved: generated code declares a member of that name; rename it and keep the wire name with 'json'"
                ], "\(name)")
        }
    }

    @Test func checkerReportsEveryProblemNotJustTheFirst() {
        let (module, diagnostics) = check([
            "a.yaml": """
            types:
              A:
                kind: struct
                fields: { x: Nope, y: { type: Int, minLength: 2 }, z: Alsonope }
            """
        ])
        #expect(module == nil)
        #expect(diagnostics.filter { $0.severity == .error }.count == 3)
    }

    @Test func referencesResolveAcrossFilesOfAModule() {
        let (module, diagnostics) = check([
            "a.yaml": "types:\n  A:\n    kind: struct\n    fields: { b: B }\n",
            "b.yaml": "types:\n  B:\n    kind: enum\n    cases: [x]\n",
        ])
        #expect(diagnostics.isEmpty)
        #expect(module?.types.keys.sorted() == ["A", "B"])
    }

    @Test func generatorNeverCrashesOnArbitraryInput() {
        let inputs = [
            "", "---", "[]", "types: 5", "types: [a, b]", "types:\n  A: 3", "types:\n  A:\n    kind: struct\n    fields: [1]",
            "types:\n  A:\n    kind: enum\n    rawType: Int\n    cases: { a: x }", "errors:\n  E: { domain: d, codes: [1] }",
            "operations:\n  op: { method: GET, path: '{', parameters: 3 }", "\u{0}\u{1}", "a: &x [*x]", "a: *missing",
            "types:\n  A:\n    kind: union\n    variants: {}", "types:\n  A:\n    kind: scalar\n    base: Date",
        ]
        for input in inputs {
            let (_, diagnostics) = check(["fuzz.yaml": input])
            _ = diagnostics
        }
        let (_, aliasDiagnostics) = check(["alias.yaml": "a: *missing"])
        #expect(aliasDiagnostics.contains { $0.message.contains("unknown alias") })
    }
}
