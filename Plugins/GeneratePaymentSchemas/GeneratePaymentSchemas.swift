import Foundation
import PackagePlugin

/// `swift package generate-payment-schemas`: runs the generator over targets' schemas into a folder
/// the team chooses, for teams that commit the generated Swift or check it in CI.
///
/// ```sh
/// swift package --allow-writing-to-package-directory generate-payment-schemas [--target T]… [--output DIR] [--check]
/// ```
///
/// Each target's schemas are found as the build plugin finds them (``SchemaBuildPlan``: among the
/// target's files, or `Schemas/<Target>/`), with the same configuration file, and written to
/// `DIR/<Target>/` (`DIR` is `Generated` below the package by default) exactly as the build plugin
/// writes them. With `--check` nothing is written: the command prints what differs and fails when
/// the folder is not what the schemas generate. Without `--target`, every target with schemas.
@main
struct GeneratePaymentSchemas: CommandPlugin {
    /// Why the command fails.
    enum Failure: Error, CustomStringConvertible {
        case usage(String)
        case noTargetWithSchemas
        case generatorFailed([String])
        case stale([String])

        var description: String {
            switch self {
            case .usage(let message):
                return "generate-payment-schemas: \(message). Usage: generate-payment-schemas [--target T]… [--output DIR] [--check]"
            case .noTargetWithSchemas:
                return "generate-payment-schemas: no target of the package has schemas (among its files or in Schemas/<Target>/)"
            case .generatorFailed(let targets):
                return "generate-payment-schemas: payschema failed for \(targets.joined(separator: ", ")) (its diagnostics are above)"
            case .stale(let targets):
                return "generate-payment-schemas: the generated Swift of \(targets.joined(separator: ", ")) is not current "
                    + "(the changed files are above); run the command without --check and commit the result"
            }
        }
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let outputs = extractor.extractOption(named: "output")
        let check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw Failure.usage("unexpected argument(s) \(extractor.remainingArguments.joined(separator: " "))")
        }
        guard outputs.count <= 1 else { throw Failure.usage("--output given more than once") }
        let outputRoot = URL(fileURLWithPath: outputs.first ?? "Generated", relativeTo: context.package.directoryURL).standardizedFileURL
        let known = Set(context.package.targets.map(\.name))
        if let unknown = named.first(where: { !known.contains($0) }) {
            throw Failure.usage("the package has no target '\(unknown)' (targets: \(known.sorted().joined(separator: ", ")))")
        }
        let targets = named.isEmpty ? context.package.targets : context.package.targets.filter { named.contains($0.name) }
        let payschema = try context.tool(named: "payschema").url
        var ran = 0
        var failed: [String] = []
        var stale: [String] = []
        for target in targets {
            let inputs = SchemaTargetInputs(
                targetName: target.name, files: target.sourceModule.map { $0.sourceFiles.map(\.url) } ?? [],
                targetDirectory: target.sourceModule?.directoryURL, rootDirectory: context.package.directoryURL)
            switch SchemaBuildPlan.plan(inputs, output: outputRoot.appending(path: target.name)) {
            case .failure(let problem):
                // A target asked for by name must have schemas; others without are not ours.
                if named.contains(target.name) { throw problem }
            case .success(let generation):
                ran += 1
                if !check {
                    try FileManager.default.createDirectory(at: outputRoot.appending(path: target.name), withIntermediateDirectories: true)
                }
                let status = try Self.run(payschema, generation.arguments + (check ? ["--check"] : []))
                if status == 1 && check {
                    stale.append(target.name)
                } else if status != 0 {
                    failed.append(target.name)
                }
            }
        }
        guard ran > 0 else { throw Failure.noTargetWithSchemas }
        if !failed.isEmpty { throw Failure.generatorFailed(failed) }
        if !stale.isEmpty { throw Failure.stale(stale) }
    }

    /// Runs `payschema` with `arguments`, its output going to the command's own; its exit status.
    static func run(_ executable: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
