import Foundation
import PackagePlugin

/// Runs `payschema generate` for one module during `swift build`.
///
/// Two layouts. Recommended for apps: the schemas (`*.yaml`, and `payschema-config.yaml`) in the
/// target's own folder (`Sources/<Target>/`), as swift-openapi-generator keeps `openapi.yaml`:
/// SwiftPM lists them with the target's files, so adding, renaming or removing one is seen by the
/// next build, and the output is one `<Target>.generated.swift` whatever their number. Otherwise,
/// this package's own layout: inputs are every `Schemas/<target>/**/*.yaml` file (and the module's `payschema-config.yaml`,
/// which configures the output) and outputs one `<Name>.generated.swift` per schema file plus the
/// module's type registry `<Module>Schema.generated.swift`, so a no-op build does not run the
/// generator and editing one module's schemas regenerates only that module.
///
/// A target that uses the plugin must have schemas: a missing or empty `Schemas/<target>/` folder
/// is a build error naming the folder looked for and the folders found, never an empty module.
@main
struct PaySchemaPlugin: BuildToolPlugin {
    /// The configuration file's name (`GeneratorConfig.fileName` in the generator).
    static let configFileName = "payschema-config.yaml"

    /// Why the plugin cannot generate a target.
    enum Problem: Error, CustomStringConvertible {
        case noSchemas(target: String, folder: String?, looked: String, found: [String])

        var description: String {
            switch self {
            case .noSchemas(let target, let folder, let looked, let found):
                let others =
                    found.isEmpty
                    ? "Schemas/ holds no module folder with schemas"
                    : "Schemas/ has schemas for: \(found.joined(separator: ", "))"
                let inFolder = folder.map { "no .yaml file in the target's folder \($0), " } ?? ""
                return "PaySchemaPlugin: target '\(target)' has no schemas: \(inFolder)no .yaml file in \(looked) (\(others)). "
                    + "Put the target's schemas in its folder (recommended) or in Schemas/\(target)/, or remove the plugin from the target."
            }
        }
    }

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // The recommended layout: the schemas in the target's own folder, beside its Swift files.
        // SwiftPM lists the target's files itself, so a schema file added, renamed or removed
        // there is seen by the next build, and the output is one file whatever their number.
        if let module = target.sourceModule {
            let schemas = module.sourceFiles.map(\.url).filter {
                ["yaml", "yml"].contains($0.pathExtension) && $0.lastPathComponent != Self.configFileName
            }
            if !schemas.isEmpty {
                return try inTargetFolder(
                    context: context, target: target, directory: module.directoryURL, schemas: schemas.sorted { $0.path < $1.path },
                    config: module.sourceFiles.map(\.url).filter { $0.lastPathComponent == Self.configFileName })
            }
        }
        let schemasRoot = context.package.directoryURL.appending(path: "Schemas")
        let moduleDirectory = schemasRoot.appending(path: target.name)
        let schemaFiles = Self.yamlFiles(under: moduleDirectory)
        guard !schemaFiles.isEmpty else {
            // Said once, as an error diagnostic (a thrown error is printed twice by SwiftPM); the
            // build exits 1.
            let problem = Problem.noSchemas(
                target: target.name, folder: target.sourceModule?.directoryURL.path(percentEncoded: false),
                looked: moduleDirectory.path(percentEncoded: false), found: Self.moduleFolders(under: schemasRoot))
            // SwiftPM evaluates build plugins twice while planning one build: the second evaluation,
            // within seconds of the first, says nothing more (the first one's error fails the build).
            let marker = context.pluginWorkDirectoryURL.appending(path: "no-schemas.reported")
            let said =
                (try? FileManager.default.attributesOfItem(atPath: marker.path(percentEncoded: false))[.modificationDate] as? Date)
                .map { Date().timeIntervalSince($0) < 5 } ?? false
            if said {
                try? FileManager.default.removeItem(at: marker)
            } else {
                try? FileManager.default.createDirectory(at: context.pluginWorkDirectoryURL, withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: marker.path(percentEncoded: false), contents: Data(problem.description.utf8))
                Diagnostics.error(problem.description)
            }
            return []
        }
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let outputs =
            schemaFiles.map { file in
                outputDirectory.appending(path: file.deletingPathExtension().lastPathComponent + ".generated.swift")
            } + [outputDirectory.appending(path: target.name + "Schema.generated.swift")]
        let config = moduleDirectory.appending(path: Self.configFileName)
        let configInput = FileManager.default.fileExists(atPath: config.path(percentEncoded: false)) ? [config] : []
        return [
            try Self.generate(
                context: context, what: "\(target.name) from \(schemaFiles.count) schema file(s)", schemasRoot: schemasRoot,
                module: target.name,
                output: outputDirectory, extra: [], inputs: schemaFiles + configInput, outputs: outputs)
        ]
    }

    /// The command for schemas in the target's folder: the generator reads the folder as the
    /// module (`--schemas <parent> --module <folder>`) and writes `<Target>.generated.swift`.
    func inTargetFolder(context: PluginContext, target: Target, directory: URL, schemas: [URL], config: [URL]) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        return [
            try Self.generate(
                context: context, what: "\(target.name) from \(schemas.count) schema file(s) in its folder",
                schemasRoot: directory.deletingLastPathComponent(), module: directory.lastPathComponent, output: output,
                extra: ["--combined-file", target.name + ".generated.swift"], inputs: schemas + config,
                outputs: [output.appending(path: target.name + ".generated.swift")])
        ]
    }

    /// `payschema generate --schemas ROOT --module MODULE --output OUTPUT --flat EXTRA…` as a build command.
    static func generate(
        context: PluginContext, what: String, schemasRoot: URL, module: String, output: URL, extra: [String], inputs: [URL], outputs: [URL]
    ) throws -> Command {
        .buildCommand(
            displayName: "Generating Swift for " + what,
            executable: try context.tool(named: "payschema").url,
            arguments: [
                "generate", "--schemas", schemasRoot.path(percentEncoded: false), "--module", module,
                "--output", output.path(percentEncoded: false), "--flat",
            ] + extra,
            inputFiles: inputs,
            outputFiles: outputs
        )
    }

    /// Every schema file (`.yaml`/`.yml`, not the configuration) below `directory`, sorted by path.
    static func yamlFiles(under directory: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where ["yaml", "yml"].contains(url.pathExtension) && url.lastPathComponent != configFileName {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The folders under `root` that hold schemas, sorted.
    static func moduleFolders(under root: URL) -> [String] {
        let entries =
            (try? FileManager.default.contentsOfDirectory(
                at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])) ?? []
        return entries.filter { !yamlFiles(under: $0).isEmpty }.map(\.lastPathComponent).sorted()
    }
}
