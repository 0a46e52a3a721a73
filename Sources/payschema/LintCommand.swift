import ArgumentParser
import Foundation
import PaySchemaCore
@_spi(Generated) import PaymentSchemasVocabulary

/// `payschema lint`: checks schemas and prints every problem.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check schemas and print every problem as path:line:column: error|warning: message.",
        discussion: """
            PATH may be the schemas folder (every module), one module's folder, or schema files (checked \
            together with the other files of their module, reporting only their own problems).
            Exit codes: 0 clean, 1 problems found, 2 usage errors.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Schema folders or files (default: Schemas).")
    var paths: [String] = []

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Flag(help: "Treat warnings as problems (exit 1).")
    var strict = false

    @Option(
        help:
            "The folder of the providers' official contracts; with it, every `upstream:` link must name a document there and a schema in it."
    )
    var contracts: String?

    func validate() throws {
        if let contracts {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: contracts, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--contracts: no such folder: '\(contracts)'")
            }
        }
    }

    func run() throws {
        var diagnostics: [Diagnostic] = []
        var checkedFiles = 0
        for path in paths.isEmpty ? ["Schemas"] : paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UsageError(description: "no such file or folder: '\(path)'").report()
            }
            let url = URL(fileURLWithPath: path)
            if isDirectory.boolValue {
                let modules = try SchemaSource.modules(under: url)
                let direct = SchemaSource.yamlFiles(under: url).filter {
                    $0.deletingLastPathComponent().standardizedFileURL == url.standardizedFileURL
                        && $0.lastPathComponent != "breaking-changes.yaml"
                }
                let acceptedFile = url.appending(path: "breaking-changes.yaml")
                if let text = try? String(contentsOf: acceptedFile, encoding: .utf8) {
                    checkedFiles += 1
                    diagnostics += AcceptedChanges.load(text, file: (path as NSString).appendingPathComponent("breaking-changes.yaml")).1
                }
                if !direct.isEmpty || modules.isEmpty {
                    let module = SchemaSource.Module(
                        name: url.standardizedFileURL.lastPathComponent, directory: url, files: SchemaSource.yamlFiles(under: url))
                    checkedFiles += module.files.count
                    diagnostics += lint(
                        module, root: url.deletingLastPathComponent(), shownRoot: (path as NSString).deletingLastPathComponent, only: nil)
                } else {
                    for module in modules {
                        checkedFiles += module.files.count
                        diagnostics += lint(module, root: url, shownRoot: path, only: nil)
                    }
                }
            } else {
                let directory = url.deletingLastPathComponent()
                let module = SchemaSource.Module(
                    name: directory.standardizedFileURL.lastPathComponent, directory: directory,
                    files: SchemaSource.yamlFiles(under: directory))
                let shownRoot = (path as NSString).deletingLastPathComponent
                checkedFiles += 1
                var files = module.files
                if !files.contains(where: { $0.standardizedFileURL == url.standardizedFileURL }) { files.append(url) }
                diagnostics += lint(
                    SchemaSource.Module(name: module.name, directory: directory, files: files), root: directory, shownRoot: shownRoot,
                    only: path)
            }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        switch format {
        case .text:
            for diagnostic in diagnostics { Console.out(diagnostic.description) }
            Console.error(
                "payschema lint: \(checkedFiles) file\(checkedFiles == 1 ? "" : "s"), \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            )
        case .json:
            let report: PayJSON = [
                "files": .number(String(checkedFiles)), "errors": .number(String(errors)), "warnings": .number(String(warnings)),
                "diagnostics": .array(diagnostics.map(\.json)),
            ]
            Console.out(PayJSONWriter.text(report, pretty: true))
        }
        if errors > 0 || (strict && warnings > 0) {
            throw ExitCode(1)
        }
    }

    func lint(_ module: SchemaSource.Module, root: URL, shownRoot: String, only: String?) -> [Diagnostic] {
        // The pipeline's own stages: load, parse, check and the module's configuration.
        var (checked, _, all) = GeneratorPipeline.check(module, root: root, diagnosticRoot: shownRoot)
        if let contracts {
            if let checked {
                all.append(contentsOf: UpstreamComparison.checkTargets([checked], contracts: URL(fileURLWithPath: contracts)))
            } else {
                // The links are judged on the resolved model, which a module with errors does not have.
                all.note(
                    "the links to the official documents (--contracts) were not checked: \(module.name) has errors; fix them first",
                    at: SourceLocation(file: GeneratorPipeline.shownPath(module.name, under: shownRoot), line: 1, column: 1))
            }
        }
        return all.sorted.filter { only == nil || $0.location.file == only }
    }
}
