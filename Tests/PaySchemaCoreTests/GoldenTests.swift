import Foundation
@testable import PaySchemaCore
import Testing

/// `Generated/` is the committed output of the generator: it must equal a fresh generation byte
/// for byte, and generation must be deterministic.
@Suite("Golden files")
struct GoldenTests {
    @Test func generatedFolderMatchesAFreshGeneration() throws {
        let output = try GeneratorPipeline(schemasRoot: packageRoot.appending(path: "Schemas"), diagnosticRoot: "Schemas").run()
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.description).joined(separator: "\n"))")
        let files = output.files.keys.sorted().flatMap { output.files[$0]! }
        #expect(files.count >= 5)
        let changes = OutputWriter.changes(files, in: packageRoot.appending(path: "Generated"), flat: false, modules: output.files.keys.sorted())
        let diff = changes.map { UnifiedDiff.diff(old: $0.old ?? "", new: $0.new ?? "", oldName: "a/Generated/\($0.path)", newName: "b/Generated/\($0.path)") }
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
        #expect(SwiftEmitter.emit(one!) == SwiftEmitter.emit(two!))
    }

    @Test func unifiedDiffShowsOnlyTheChangedHunk() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 10", with: "line ten")
        let diff = UnifiedDiff.diff(old: old, new: new, oldName: "a/x", newName: "b/x")
        #expect(diff == "--- a/x\n+++ b/x\n@@ -7,7 +7,7 @@\n line 7\n line 8\n line 9\n-line 10\n+line ten\n line 11\n line 12\n line 13\n")
        #expect(UnifiedDiff.diff(old: old, new: old, oldName: "a", newName: "b").isEmpty)
    }

    @Test func writerTouchesOnlyChangedFilesAndRemovesStaleOnes() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "payschema-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [GeneratedFile(name: "A.generated.swift", module: "M", contents: "a\n"), GeneratedFile(name: "B.generated.swift", module: "M", contents: "b\n")]
        try OutputWriter.apply(OutputWriter.changes(files, in: directory, flat: false, modules: ["M"]), in: directory)
        let stamp = try FileManager.default.attributesOfItem(atPath: directory.appending(path: "M/A.generated.swift").path)[.modificationDate] as? Date
        try "stale".write(to: directory.appending(path: "M/Old.generated.swift"), atomically: true, encoding: .utf8)
        let changed = [files[0], GeneratedFile(name: "B.generated.swift", module: "M", contents: "b2\n")]
        let changes = OutputWriter.changes(changed, in: directory, flat: false, modules: ["M"])
        #expect(changes.map(\.path) == ["M/B.generated.swift", "M/Old.generated.swift"])
        try OutputWriter.apply(changes, in: directory)
        #expect(try FileManager.default.attributesOfItem(atPath: directory.appending(path: "M/A.generated.swift").path)[.modificationDate] as? Date == stamp)
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "M/Old.generated.swift").path))
    }
}
