import Foundation

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// The package's root folder, found from this file's location.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The fixtures folder copied into the test bundle's resources, or the source folder.
let fixturesRoot: URL = {
    if let bundled = Bundle.module.url(forResource: "Fixtures", withExtension: nil) { return bundled }
    return packageRoot.appending(path: "Tests/PaySchemaCoreTests/Fixtures")
}()

/// Runs load → parse → check on in-memory schema files of one module.
func check(_ sources: [String: String], module: String = "Snippet") -> (CheckedModule?, [Diagnostic]) {
    var diagnostics = Diagnostics()
    let files = sources.keys.sorted().map { name -> SchemaFile in
        let loaded = YAMLLoader.load(sources[name]!, file: name)
        diagnostics.append(contentsOf: loaded.diagnostics)
        return SchemaParser.parse(loaded.root, path: name, displayPath: "\(module)/\(name)", diagnostics: &diagnostics)
    }
    let (checked, checkDiagnostics) = SchemaChecker.check(module: module, files: files)
    diagnostics.append(contentsOf: checkDiagnostics)
    return (checked, diagnostics.sorted)
}

/// The Swift generated for one schema file, or the diagnostics that stopped it.
func generate(_ yaml: String) -> String {
    let (checked, diagnostics) = check(["Snippet.yaml": yaml])
    guard let checked else { return diagnostics.map(\.description).joined(separator: "\n") }
    return SwiftEmitter.emit(checked.resolved)[0].contents
}
