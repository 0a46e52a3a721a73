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

/// `Generated/` is the committed output of the generator: it must equal a fresh generation byte
/// for byte, and generation must be deterministic.
@Suite("Golden files")
struct GoldenTests {
    @Test func generatedFolderMatchesAFreshGeneration() throws {
        let output = try GeneratorPipeline(schemasRoot: packageRoot.appending(path: "Schemas"), diagnosticRoot: "Schemas").run()
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.description).joined(separator: "\n"))")
        let files = output.files.keys.sorted().flatMap { output.files[$0]! }
        #expect(files.count >= 5)
        let changes = OutputWriter.changes(
            files, in: packageRoot.appending(path: "Generated"), flat: false, modules: output.files.keys.sorted())
        let diff = changes.map {
            UnifiedDiff.diff(old: $0.old ?? "", new: $0.new ?? "", oldName: "a/Generated/\($0.path)", newName: "b/Generated/\($0.path)")
        }
        #expect(changes.isEmpty, "Generated/ is stale; run `swift run payschema generate`:\n\(diff.joined(separator: "\n"))")
    }

    @Test func generationIsDeterministic() throws {
        let pipeline = GeneratorPipeline(schemasRoot: packageRoot.appending(path: "Schemas"), diagnosticRoot: "Schemas")
        let first = try pipeline.run()
        let second = try pipeline.run()
        for module in first.files.keys {
            #expect(first.files[module] == second.files[module])
        }
    }

    @Test func fileOrderDoesNotChangeOutput() {
        let a = "types:\n  A:\n    kind: struct\n    fields: { b: B }\n"
        let b = "types:\n  B:\n    kind: enum\n    cases: [x, y]\n"
        let (one, _) = check(["a.yaml": a, "b.yaml": b])
        let (two, _) = check(["b.yaml": b, "a.yaml": a])
        #expect(SwiftEmitter.emit(one!.resolved) == SwiftEmitter.emit(two!.resolved))
    }

    @Test func unifiedDiffShowsOnlyTheChangedHunk() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 10", with: "line ten")
        let diff = UnifiedDiff.diff(old: old, new: new, oldName: "a/x", newName: "b/x")
        #expect(diff == "--- a/x\n+++ b/x\n@@ -7,7 +7,7 @@\n line 7\n line 8\n line 9\n-line 10\n+line ten\n line 11\n line 12\n line 13\n")
        #expect(UnifiedDiff.diff(old: old, new: old, oldName: "a", newName: "b").isEmpty)
    }

    /// Random insertions, removals and replacements in a text whose lines repeat (so that many
    /// shortest edit scripts exist): applying the diff's hunks to the old lines gives the new ones.
    @Test func unifiedDiffHunksRebuildTheNewText() throws {
        var seed: UInt64 = 7
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<200 {
            let old = (0..<120).map { "line \($0 % 17)" }
            var new = old
            for _ in 0..<(1 + next(10)) {
                switch next(3) {
                case 0: new.insert("new \(next(5))", at: next(new.count + 1))
                case 1: new.remove(at: next(new.count))
                default: new[next(new.count)] = "line \(next(17))"
                }
            }
            let diff = UnifiedDiff.diff(old: old.joined(separator: "\n"), new: new.joined(separator: "\n"), oldName: "a", newName: "b")
            #expect(try Self.apply(diff, to: old) == new)
        }
    }

    /// The lines a unified diff turns `old` into, its hunk headers checked against their bodies.
    static func apply(_ diff: String, to old: [String]) throws -> [String] {
        var result: [String] = []
        var consumed = 0
        var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
        while let header = lines.popFirst(), header.hasPrefix("@@ ") {
            let numbers = header.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            try #require(numbers.count == 4)
            result += old[consumed..<(numbers[0] - 1)]
            consumed = numbers[0] - 1
            var oldCount = 0
            var newCount = 0
            while let line = lines.first, let mark = line.first, mark != "@" {
                lines.removeFirst()
                let text = String(line.dropFirst())
                if mark != "+" {
                    #expect(old[consumed] == text)
                    consumed += 1
                    oldCount += 1
                }
                if mark != "-" {
                    result.append(text)
                    newCount += 1
                }
            }
            #expect(oldCount == numbers[1])
            #expect(newCount == numbers[3])
        }
        return result + old[consumed...]
    }

    @Test func writerTouchesOnlyChangedFilesAndRemovesStaleOnes() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "payschema-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            GeneratedFile(name: "A.generated.swift", module: "M", contents: "a\n"),
            GeneratedFile(name: "B.generated.swift", module: "M", contents: "b\n"),
        ]
        try OutputWriter.apply(OutputWriter.changes(files, in: directory, flat: false, modules: ["M"]), in: directory)
        let stamp =
            try FileManager.default.attributesOfItem(atPath: directory.appending(path: "M/A.generated.swift").path)[.modificationDate]
            as? Date
        try "stale".write(to: directory.appending(path: "M/Old.generated.swift"), atomically: true, encoding: .utf8)
        let changed = [files[0], GeneratedFile(name: "B.generated.swift", module: "M", contents: "b2\n")]
        let changes = OutputWriter.changes(changed, in: directory, flat: false, modules: ["M"])
        #expect(changes.map(\.path) == ["M/B.generated.swift", "M/Old.generated.swift"])
        try OutputWriter.apply(changes, in: directory)
        #expect(
            try FileManager.default.attributesOfItem(atPath: directory.appending(path: "M/A.generated.swift").path)[.modificationDate]
                as? Date == stamp)
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "M/Old.generated.swift").path))
    }
}
