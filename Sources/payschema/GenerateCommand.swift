import ArgumentParser
import Foundation
import PaySchemaCore

/// `payschema generate`: writes `Generated/<Module>/*.generated.swift` (or checks it is current).
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift from Schemas/<Module>/*.yaml.",
        discussion:
            "With --check nothing is written: a unified diff of what would change is printed and the exit code is 1 when Generated/ is stale."
    )

    @Option(help: "The folder holding one folder of schemas per module.")
    var schemas: String = "Schemas"

    @Option(help: "Where to write the Swift files (one folder per module unless --flat).")
    var output: String = "Generated"

    @Option(name: .customLong("module"), help: "Only these modules (repeatable; default: all).")
    var modules: [String] = []

    @Flag(help: "Write nothing; print a diff and exit 1 when the output is stale.")
    var check = false

    @Flag(help: "Write the files directly into --output, without a folder per module (the build plugin's layout).")
    var flat = false

    @Option(
        name: .customLong("combined-file"),
        help: "With --flat: write the module as this one file (the plugin's layout for schemas in the target's folder).")
    var combinedFile: String?

    func run() throws {
        let root = URL(fileURLWithPath: schemas)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError(description: "no schemas folder at '\(schemas)'").report()
        }
        if flat && modules.count != 1 {
            throw UsageError(description: "--flat needs exactly one --module").report()
        }
        if combinedFile != nil && !flat {
            throw UsageError(description: "--combined-file needs --flat").report()
        }
        let pipeline = GeneratorPipeline(schemasRoot: root, diagnosticRoot: schemas)
        let result: GeneratorPipeline.Output
        do {
            result = try pipeline.run(modules: modules, combinedInto: combinedFile)
            // The process ends after this run: its output is not freed node by node first.
            ProcessLifetime.keepUntilExit(result)
        } catch let error as PipelineError {
            throw UsageError(description: error.description).report()
        }
        for diagnostic in result.diagnostics {
            Console.error(diagnostic.description)
        }
        if result.hasErrors {
            let count = result.diagnostics.filter { $0.severity == .error }.count
            Console.error("payschema: \(count) error\(count == 1 ? "" : "s"); nothing was generated")
            throw ExitCode(1)
        }
        let byModule = result.files.sorted { $0.key < $1.key }
        let names = byModule.map(\.key)
        let files = byModule.flatMap(\.value)
        let outputURL = URL(fileURLWithPath: output)
        let changes = OutputWriter.changes(files, in: outputURL, flat: flat, modules: names)
        if check {
            for change in changes {
                let shown = (output as NSString).appendingPathComponent(change.path)
                Console.out(
                    UnifiedDiff.diff(
                        old: change.old ?? "", new: change.new ?? "",
                        oldName: change.old == nil ? "/dev/null" : "a/\(shown)", newName: change.new == nil ? "/dev/null" : "b/\(shown)"))
            }
            if !changes.isEmpty {
                let paths = changes.map { (output as NSString).appendingPathComponent($0.path) }
                Console.error(
                    "payschema: \(changes.count) generated file\(changes.count == 1 ? " is" : "s are") stale (\(paths.joined(separator: ", "))); "
                        + "run `payschema generate` and commit \(output)/"
                )
                throw ExitCode(1)
            }
            Console.error("payschema: \(output)/ is up to date (\(files.count) files)")
            return
        }
        try OutputWriter.apply(changes, in: outputURL)
        if !flat {
            Console.error(
                "payschema: \(files.count) files for \(names.count) module\(names.count == 1 ? "" : "s"), \(changes.count) changed")
        }
    }
}
