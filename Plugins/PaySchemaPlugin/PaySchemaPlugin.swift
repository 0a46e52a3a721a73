import Foundation
import PackagePlugin

/// Runs `payschema generate` for one module during `swift build`.
///
/// Inputs are every `Schemas/<target>/**/*.yaml` file and outputs one `<Name>.generated.swift` per
/// schema file plus the module's type registry `<Module>Schema.generated.swift`, so a no-op build does not run the generator and editing one module's schemas
/// regenerates only that module.
@main
struct PaySchemaPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let schemasRoot = context.package.directoryURL.appending(path: "Schemas")
        let moduleDirectory = schemasRoot.appending(path: target.name)
        let schemaFiles = Self.yamlFiles(under: moduleDirectory)
        guard !schemaFiles.isEmpty else { return [] }
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let outputs = schemaFiles.map { file in
            outputDirectory.appending(path: file.deletingPathExtension().lastPathComponent + ".generated.swift")
        } + [outputDirectory.appending(path: target.name + "Schema.generated.swift")]
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
                inputFiles: schemaFiles,
                outputFiles: outputs
            )
        ]
    }

    /// Every `.yaml`/`.yml` file below `directory`, sorted by path.
    static func yamlFiles(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where ["yaml", "yml"].contains(url.pathExtension) {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}
