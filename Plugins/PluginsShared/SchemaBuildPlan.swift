import Foundation

/// A target as the plugin sees it, whichever host lists it: SwiftPM for a package target, Xcode
/// for an app target of an `.xcodeproj`. The two plugin branches differ only in how they fill this
/// in; everything after it (where the schemas are, what to run, what it writes, what to say when
/// there are none) is ``SchemaBuildPlan``.
struct SchemaTargetInputs {
    /// The target's name (SwiftPM's `name`, Xcode's `displayName`).
    var targetName: String
    /// Every file the host lists for the target (SwiftPM's `sourceFiles`, Xcode's `inputFiles`).
    var files: [URL]
    /// The target's own folder, when the host has one (SwiftPM); `nil` for an Xcode target, whose
    /// files live wherever its groups put them.
    var targetDirectory: URL?
    /// The folder that may hold a top-level `Schemas/<Target>/` (the package's or the project's).
    var rootDirectory: URL
}

/// One run of `payschema generate`: what a build command or the command plugin executes.
struct SchemaGeneration: Equatable {
    /// Shown in the build log.
    var displayName: String
    /// `payschema`'s arguments, `generate` first.
    var arguments: [String]
    /// The files whose change reruns it (the schemas and the configuration).
    var inputs: [URL]
    /// What it writes: known before it runs, as SwiftPM and Xcode require.
    var outputs: [URL]
}

/// Why a target cannot be generated.
enum SchemaPlanProblem: Error, Equatable, CustomStringConvertible {
    /// No schema among the target's files nor in `Schemas/<Target>/`. `folder` is the target's own
    /// folder when the host has one; `found` the module folders `Schemas/` does hold.
    case noSchemas(target: String, folder: String?, looked: String, found: [String])
    /// The target's schemas (an Xcode target's, listed file by file) sit in no one folder: the
    /// folder that holds them all is the module, and they have none but the file system's root.
    case noCommonFolder(target: String, files: [String])

    var description: String {
        switch self {
        case .noSchemas(let target, let folder, let looked, let found):
            let others =
                found.isEmpty
                ? "Schemas/ holds no module folder with schemas"
                : "Schemas/ has schemas for: \(found.joined(separator: ", "))"
            let inFolder = folder.map { "no .yaml file in the target's folder \($0), " } ?? "no .yaml file among the target's files, "
            return "PaySchemaPlugin: target '\(target)' has no schemas: \(inFolder)no .yaml file in \(looked) (\(others)). "
                + "Put the target's schemas in its folder (recommended) or in Schemas/\(target)/, or remove the plugin from the target."
        case .noCommonFolder(let target, let files):
            return "PaySchemaPlugin: target '\(target)' has schemas in no common folder (\(files.joined(separator: ", "))); "
                + "keep them in one folder, which names the module"
        }
    }
}

/// Where a target's schemas are and the `payschema generate` that turns them into Swift: the one
/// implementation behind the build plugin's SwiftPM and Xcode branches and the command plugin.
///
/// Two layouts. Recommended: the schemas (`*.yaml`, and `payschema-config.yaml`) among the target's
/// own files, as swift-openapi-generator keeps `openapi.yaml`: the host lists them, so adding,
/// renaming or removing one is seen by the next build, and the output is one
/// `<Target>.generated.swift` whatever their number. The folder that holds them is the module (a
/// SwiftPM target's folder; for an Xcode target, the deepest folder holding all of them, whose
/// `.yaml` files the generator reads). Otherwise this package's own layout: every
/// `<root>/Schemas/<Target>/**/*.yaml` (and that folder's `payschema-config.yaml`), one
/// `<Name>.generated.swift` per schema file plus the module's type registry, so a no-op build runs
/// nothing and editing one module's schemas regenerates only that module.
enum SchemaBuildPlan {
    /// The configuration file's name (`GeneratorConfig.fileName` in the generator).
    static let configFileName = "payschema-config.yaml"

    /// The generation for `target`, writing into `output`; a problem when there are no schemas.
    static func plan(_ target: SchemaTargetInputs, output: URL) -> Result<SchemaGeneration, SchemaPlanProblem> {
        let listed = target.files.filter(isSchema).sorted { $0.path < $1.path }
        if !listed.isEmpty {
            guard let directory = target.targetDirectory ?? commonFolder(of: listed) else {
                return .failure(.noCommonFolder(target: target.targetName, files: listed.map { $0.path(percentEncoded: false) }))
            }
            let config = target.files.filter { $0.lastPathComponent == configFileName }
            return .success(
                generation(
                    what: "\(target.targetName) from \(listed.count) schema file(s) in its folder",
                    schemasRoot: directory.deletingLastPathComponent(), module: directory.lastPathComponent, output: output,
                    extra: ["--combined-file", target.targetName + ".generated.swift"], inputs: listed + config,
                    outputs: [output.appending(path: target.targetName + ".generated.swift")]))
        }
        let schemasRoot = target.rootDirectory.appending(path: "Schemas")
        let moduleDirectory = schemasRoot.appending(path: target.targetName)
        let schemaFiles = yamlFiles(under: moduleDirectory)
        guard !schemaFiles.isEmpty else {
            return .failure(
                .noSchemas(
                    target: target.targetName, folder: target.targetDirectory?.path(percentEncoded: false),
                    looked: moduleDirectory.path(percentEncoded: false), found: moduleFolders(under: schemasRoot)))
        }
        let outputs =
            schemaFiles.map { output.appending(path: $0.deletingPathExtension().lastPathComponent + ".generated.swift") }
            + [output.appending(path: target.targetName + "Schema.generated.swift")]
        let config = moduleDirectory.appending(path: configFileName)
        let configInput = FileManager.default.fileExists(atPath: config.path(percentEncoded: false)) ? [config] : []
        return .success(
            generation(
                what: "\(target.targetName) from \(schemaFiles.count) schema file(s)", schemasRoot: schemasRoot, module: target.targetName,
                output: output, extra: [], inputs: schemaFiles + configInput, outputs: outputs))
    }

    /// `payschema generate --schemas ROOT --module MODULE --output OUTPUT --flat EXTRA…`.
    static func generation(
        what: String, schemasRoot: URL, module: String, output: URL, extra: [String], inputs: [URL], outputs: [URL]
    ) -> SchemaGeneration {
        SchemaGeneration(
            displayName: "Generating Swift for " + what,
            arguments: [
                "generate", "--schemas", schemasRoot.path(percentEncoded: false), "--module", module,
                "--output", output.path(percentEncoded: false), "--flat",
            ] + extra,
            inputs: inputs, outputs: outputs)
    }

    /// Whether a listed file is a schema (`.yaml`/`.yml`, not the configuration).
    static func isSchema(_ url: URL) -> Bool {
        ["yaml", "yml"].contains(url.pathExtension) && url.lastPathComponent != configFileName
    }

    /// The deepest folder holding every file of `files`; `nil` when only the file system's root does.
    static func commonFolder(of files: [URL]) -> URL? {
        guard let first = files.first else { return nil }
        var common = first.deletingLastPathComponent().standardizedFileURL.pathComponents
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        guard common.count > 1 else { return nil }
        return URL(fileURLWithPath: "/" + common.dropFirst().joined(separator: "/"), isDirectory: true)
    }

    /// Every schema file below `directory`, sorted by path.
    static func yamlFiles(under directory: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where isSchema(url) {
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
