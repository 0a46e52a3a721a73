import Foundation
import PackagePlugin

/// Runs `payschema generate` for one module during `swift build`.
///
/// Inputs are every `Schemas/<target>/**/*.yaml` file (and the module's `payschema-config.yaml`,
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
        case noSchemas(target: String, looked: String, found: [String])

        var description: String {
            switch self {
            case .noSchemas(let target, let looked, let found):
                let others = found.isEmpty
                    ? "Schemas/ holds no module folder with schemas"
                    : "Schemas/ has schemas for: \(found.joined(separator: ", "))"
                return "PaySchemaPlugin: target '\(target)' has no schemas: no .yaml file in \(looked) (\(others)). "
                    + "Put the target's schemas in Schemas/\(target)/ (the folder is named after the target), or remove the plugin from the target."
            }
        }
    }

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let schemasRoot = context.package.directoryURL.appending(path: "Schemas")
        let moduleDirectory = schemasRoot.appending(path: target.name)
        let schemaFiles = Self.yamlFiles(under: moduleDirectory)
        guard !schemaFiles.isEmpty else {
            throw Problem.noSchemas(target: target.name, looked: moduleDirectory.path(percentEncoded: false), found: Self.moduleFolders(under: schemasRoot))
        }
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let outputs = schemaFiles.map { file in
            outputDirectory.appending(path: file.deletingPathExtension().lastPathComponent + ".generated.swift")
        } + [outputDirectory.appending(path: target.name + "Schema.generated.swift")]
        let config = moduleDirectory.appending(path: Self.configFileName)
        let configInput = FileManager.default.fileExists(atPath: config.path(percentEncoded: false)) ? [config] : []
        let tool = try context.tool(named: "payschema")
        return [
            .buildCommand(
                displayName: "Generating Swift for \(target.name) from \(schemaFiles.count) schema file(s)",
                executable: tool.url,
                arguments: [
                    "generate",
                    "--schemas", schemasRoot.path(percentEncoded: false),
                    "--module", target.name,
                    "--output", outputDirectory.path(percentEncoded: false),
                    "--flat",
                ],
                inputFiles: schemaFiles + configInput,
                outputFiles: outputs
            )
        ]
    }

    /// Every schema file (`.yaml`/`.yml`, not the configuration) below `directory`, sorted by path.
    static func yamlFiles(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
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
        let entries = (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])) ?? []
        return entries.filter { !yamlFiles(under: $0).isEmpty }.map(\.lastPathComponent).sorted()
    }
}
