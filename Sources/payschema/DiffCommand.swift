import ArgumentParser
import Foundation
import PaySchemaCore

/// `payschema diff`: classifies every schema change as breaking or not, for the wire and for Swift source.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Classify every change to the schemas as breaking or not, for the wire and for Swift source.",
        discussion: """
            Compare the working tree's schemas with a git revision (--against main) or two folders (OLD NEW).
            Intentional breaks are accepted in Schemas/breaking-changes.yaml (rule, path, reason).
            Exit codes: 0 nothing at or above --fail-on, 1 breaking changes found, 2 usage or input errors.
            """
    )

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case error, warning, none
    }

    @Argument(help: "OLD and NEW schema folders (instead of --against).")
    var folders: [String] = []

    @Option(help: "A git revision whose schemas are the old side.")
    var against: String?

    @Option(help: "The schemas folder of the working tree.")
    var schemas: String = "Schemas"

    @Option(help: "text, markdown, json, github or junit.")
    var format: String = "text"

    @Option(name: .customLong("fail-on"), help: "The severity that fails the run: error, warning or none.")
    var failOn: FailOn = .error

    @Option(help: "The accepted-changes file (default: <schemas>/breaking-changes.yaml).")
    var accepted: String?

    @Flag(help: "Also report documentation-only changes.")
    var includeDocs = false

    func run() throws {
        guard let outputFormat = DiffReport.Format(rawValue: format) else {
            throw UsageError(description: "unknown format '\(format)'; expected text, markdown, json, github or junit").report()
        }
        let oldRoot: URL
        let newRoot: URL
        let oldShown: String
        let newShown: String
        var cleanup: URL?
        defer { if let cleanup { try? FileManager.default.removeItem(at: cleanup.deletingLastPathComponent()) } }
        switch (against, folders.count) {
        case (let ref?, 0):
            let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            do {
                oldRoot = try GitRevision.extract(schemas, at: ref, repository: repository)
            } catch let failure as GitRevision.Failure {
                throw UsageError(description: failure.description).report()
            }
            cleanup = oldRoot
            newRoot = URL(fileURLWithPath: schemas)
            oldShown = "\(ref):\(schemas)"
            newShown = schemas
        case (nil, 2):
            oldRoot = URL(fileURLWithPath: folders[0])
            newRoot = URL(fileURLWithPath: folders[1])
            oldShown = folders[0]
            newShown = folders[1]
        default:
            throw UsageError(description: "give either --against REF or two folders OLD NEW").report()
        }
        guard FileManager.default.fileExists(atPath: newRoot.path) else {
            throw UsageError(description: "no schemas folder at '\(newShown)'").report()
        }
        let old = try load(oldRoot, shown: oldShown, side: "old")
        let new = try load(newRoot, shown: newShown, side: "new")
        var changes = SchemaDiff.compare(old: old, new: new)
        if !includeDocs { changes.removeAll { $0.rule == .documentationChanged } }
        let acceptedPath = accepted ?? (folders.count == 2 ? folders[1] : schemas) + "/breaking-changes.yaml"
        if let text = try? String(contentsOfFile: acceptedPath, encoding: .utf8) {
            let (file, diagnostics) = AcceptedChanges.load(text, file: acceptedPath)
            if diagnostics.contains(where: { $0.severity == .error }) {
                diagnostics.forEach { Console.error($0.description) }
                throw UsageError(description: "\(acceptedPath) is invalid").report()
            }
            changes = file.apply(to: changes)
        } else if accepted != nil {
            throw UsageError(description: "cannot read '\(acceptedPath)'").report()
        }
        Console.out(DiffReport.render(changes, format: outputFormat))
        let threshold: Diagnostic.Severity? = failOn == .none ? nil : (failOn == .error ? .error : .warning)
        let failing = changes.filter { DiffReport.fails($0, threshold: threshold) }
        if outputFormat == .text || outputFormat == .markdown {
            Console.error(
                "payschema diff: \(changes.count) change\(changes.count == 1 ? "" : "s"), \(failing.count) at or above --fail-on \(failOn.rawValue)"
            )
        }
        if !failing.isEmpty { throw ExitCode(1) }
    }

    func load(_ root: URL, shown: String, side: String) throws -> [String: ResolvedModule] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else { return [:] }
        let output: GeneratorPipeline.Output
        do {
            output = try GeneratorPipeline(schemasRoot: root, diagnosticRoot: shown).run(emit: false)
        } catch {
            throw UsageError(description: "the \(side) schemas cannot be read: \(error)").report()
        }
        if output.hasErrors {
            output.diagnostics.filter { $0.severity == .error }.forEach { Console.error($0.description) }
            throw UsageError(description: "the \(side) schemas (\(shown)) do not lint; fix them first").report()
        }
        return output.modules
    }
}
