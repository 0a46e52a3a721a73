import Foundation
import Testing

@testable import PaySchemaCore

/// One module's schemas generated into a temporary folder, compiled by the Swift compiler with a
/// program of the test's own (`main.swift`): what the proof tests that compile and run generated
/// code share. `remove()` deletes the folder.
struct GeneratedProgram {
    /// The temporary folder: `Schemas/<module>/` and the generated Swift files.
    let root: URL
    /// The generated Swift files, written in `root`.
    let sources: [URL]
    /// The generator's diagnostics (a proof expects none).
    let diagnostics: [String]

    /// Writes each `(file, text)` of `schemas` to `Schemas/<module>/<file>` and generates the module.
    init(module: String, schemas: [(file: String, text: String)], prefix: String) throws {
        root = FileManager.default.temporaryDirectory.appending(path: "\(prefix)-\(UUID().uuidString)")
        let folder = root.appending(path: "Schemas/\(module)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, text) in schemas {
            try text.write(to: folder.appending(path: file), atomically: true, encoding: .utf8)
        }
        let output = try GeneratorPipeline(schemasRoot: root.appending(path: "Schemas"), diagnosticRoot: "Schemas").run()
        diagnostics = output.diagnostics.map(\.description)
        var sources: [URL] = []
        for file in output.files[module] ?? [] {
            let url = root.appending(path: file.name)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        self.sources = sources
    }

    /// The generated Swift, every file's text joined.
    func text() throws -> String {
        try sources.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
    }

    /// Compiles the generated files with `program` as `main.swift` into an executable.
    func compile(_ program: String) throws -> (toolchain: ProofToolchain, executable: URL, compilation: ProofToolchain.Compilation) {
        let main = root.appending(path: "main.swift")
        try program.write(to: main, atomically: true, encoding: .utf8)
        let toolchain = try ProofToolchain.locate()
        let executable = root.appending(path: "program")
        return (toolchain, executable, try toolchain.build(sources + [main], output: executable))
    }

    /// Deletes the temporary folder.
    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
