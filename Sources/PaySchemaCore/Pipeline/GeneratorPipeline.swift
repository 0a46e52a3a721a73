import Foundation
import PaySchemaChecker
import PaySchemaDiff
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSwift
import PaySchemaSyntax
import PaySchemaUpstream
import PaySchemaYAML

/// The generator's stages: load (libyaml) → parse → check → emit. Each stage's output is a typed
/// value and diagnostics are collected across all of them; nothing stops at the first problem.
package struct GeneratorPipeline {
    /// The result of running the pipeline over some modules.
    package struct Output: Sendable {
        /// Generated files by module (only modules without errors).
        package var files: [String: [GeneratedFile]] = [:]
        /// Every diagnostic, sorted by location.
        package var diagnostics: [Diagnostic] = []
        /// Checked modules, for tools that need the resolved schemas.
        package var modules: [String: ResolvedModule] = [:]
        /// Each module's configuration (`payschema-config.yaml`, or the defaults).
        package var configs: [String: GeneratorConfig] = [:]

        /// Whether any error was reported.
        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// The folder that holds one folder per module.
    package var schemasRoot: URL
    /// How the root is written in diagnostics (as the user typed it, or absolute).
    package var diagnosticRoot: String

    /// Creates a pipeline over `schemasRoot`.
    package init(schemasRoot: URL, diagnosticRoot: String? = nil) {
        self.schemasRoot = schemasRoot
        self.diagnosticRoot = diagnosticRoot ?? schemasRoot.path
    }

    /// Runs every stage for `moduleNames` (all modules when empty); with `combinedInto`, each
    /// module's files are emitted as one file of that name.
    package func run(modules moduleNames: [String] = [], emit: Bool = true, combinedInto: String? = nil) throws -> Output {
        var output = Output()
        var available = try SchemaSource.modules(under: schemasRoot)
        if !moduleNames.isEmpty {
            for name in moduleNames where !available.contains(where: { $0.name == name }) {
                throw PipelineError.unknownModule(name, available: available.map(\.name))
            }
            available = available.filter { moduleNames.contains($0.name) }
        }
        for source in available {
            let (checked, config, all) = Self.check(source, root: schemasRoot, diagnosticRoot: diagnosticRoot)
            output.diagnostics.append(contentsOf: all.sorted)
            if let checked, let config, !all.hasErrors {
                output.modules[source.name] = checked
                output.configs[source.name] = config
                if emit { output.files[source.name] = SwiftEmitter.emit(checked, config: config, combinedInto: combinedInto) }
            }
        }
        return output
    }

    /// The stages before emitting, for one module: load and parse its files, check them, read its
    /// configuration; every diagnostic of the three. `generate` and `lint` both run them here.
    package static func check(
        _ source: SchemaSource.Module, root: URL, diagnosticRoot: String
    ) -> (checked: ResolvedModule?, config: GeneratorConfig?, diagnostics: Diagnostics) {
        let (files, diagnostics) = parse(source, root: root, diagnosticRoot: diagnosticRoot)
        let (checked, checkDiagnostics) = SchemaChecker.check(module: source.name, files: files)
        var all = Diagnostics()
        all.append(contentsOf: diagnostics)
        all.append(contentsOf: checkDiagnostics)
        let config = config(
            of: source, checked: checked, diagnosticPath: shownPath(source.name + "/" + GeneratorConfig.fileName, under: diagnosticRoot),
            diagnostics: &all)
        return (checked, config, all)
    }

    /// A path below the schemas root as diagnostics write it.
    func shownPath(_ relative: String) -> String {
        Self.shownPath(relative, under: diagnosticRoot)
    }

    /// `relative` below `root` as diagnostics write it (`root` empty or `.`: `relative` alone).
    package static func shownPath(_ relative: String, under root: String) -> String {
        root.isEmpty || root == "." ? relative : (root.hasSuffix("/") ? root + relative : root + "/" + relative)
    }

    /// The configuration beside `source`'s schemas (the defaults without a file), `nil` with
    /// located errors when it is wrong, including a registry name that a type of `checked` has.
    /// `payschema generate`, the plugin and `payschema lint` all read it here.
    package static func config(
        of source: SchemaSource.Module, checked: ResolvedModule?, diagnosticPath: String, diagnostics: inout Diagnostics
    ) -> GeneratorConfig? {
        guard let config = GeneratorConfig.load(in: source.directory, diagnosticPath: diagnosticPath, diagnostics: &diagnostics) else {
            return nil
        }
        guard let name = config.registryName, let location = config.registryLocation, let checked,
            checked.files.contains(where: { $0.types.contains { $0.name == name } })
        else { return config }
        diagnostics.error("the registry name '\(name)' is already a type of \(checked.name); choose another", at: location)
        return nil
    }

    /// Loads and parses a module's files, several at a time (files are independent until checking).
    package static func parse(_ source: SchemaSource.Module, root: URL, diagnosticRoot: String) -> ([SchemaFile], [Diagnostic]) {
        let rootPath = root.standardizedFileURL.path
        let results = ParallelMap.map(source.files) { url -> (SchemaFile, [Diagnostic]) in
            var diagnostics = Diagnostics()
            let full = url.standardizedFileURL.path
            let relative = full.hasPrefix(rootPath + "/") ? String(full.dropFirst(rootPath.count + 1)) : url.lastPathComponent
            let shown = shownPath(relative, under: diagnosticRoot)
            let file = SchemaSource.load(url, diagnosticPath: shown, displayPath: relative, diagnostics: &diagnostics)
            return (file, diagnostics.all)
        }
        return (results.map(\.0), results.flatMap(\.1))
    }
}

/// Errors that stop the pipeline before any schema is read.
package enum PipelineError: Error, CustomStringConvertible, Equatable {
    /// A module was asked for that has no folder.
    case unknownModule(String, available: [String])
    /// The schemas folder does not exist.
    case missingDirectory(String)

    /// A readable explanation.
    package var description: String {
        switch self {
        case .unknownModule(let name, let available):
            return "unknown module '\(name)'\(Suggestions.hint(for: name, in: available)) (modules: \(available.joined(separator: ", ")))"
        case .missingDirectory(let path):
            return "no schemas folder at '\(path)'"
        }
    }
}
