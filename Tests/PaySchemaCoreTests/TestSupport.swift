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

/// A module checked for a test, with its parsed files kept beside the resolved model. Tests read the
/// syntax (to build wire samples from what the author wrote); the stages after the checker see only
/// the `ResolvedModule`, since their modules do not import the syntax module.
struct CheckedSchemas {
    /// What the checker returned.
    let resolved: ResolvedModule
    /// The files as parsed, sorted by path.
    let files: [SchemaFile]
    /// Every named type by name, as parsed.
    let types: [String: TypeDecl]

    init(resolved: ResolvedModule, files: [SchemaFile]) {
        self.resolved = resolved
        self.files = files.sorted { $0.displayPath < $1.displayPath }
        types = Dictionary(files.flatMap(\.types).map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The module's name.
    var name: String { resolved.name }
    /// The declaration of a named type.
    func type(_ name: String) -> TypeDecl? { types[name] }
}

/// Runs load → parse → check on in-memory schema files of one module.
func check(_ sources: [String: String], module: String = "Snippet") -> (CheckedSchemas?, [Diagnostic]) {
    var diagnostics = Diagnostics()
    let files = sources.keys.sorted().map { name -> SchemaFile in
        let loaded = YAMLLoader.load(sources[name]!, file: name)
        diagnostics.append(contentsOf: loaded.diagnostics)
        return SchemaParser.parse(loaded.root, path: name, displayPath: "\(module)/\(name)", diagnostics: &diagnostics)
    }
    let (checked, checkDiagnostics) = SchemaChecker.check(module: module, files: files)
    diagnostics.append(contentsOf: checkDiagnostics)
    return (checked.map { CheckedSchemas(resolved: $0, files: files) }, diagnostics.sorted)
}

/// The Swift generated for one schema file, or the diagnostics that stopped it.
func generate(_ yaml: String) -> String {
    let (checked, diagnostics) = check(["Snippet.yaml": yaml])
    guard let checked else { return diagnostics.map(\.description).joined(separator: "\n") }
    return SwiftEmitter.emit(checked.resolved)[0].contents
}
