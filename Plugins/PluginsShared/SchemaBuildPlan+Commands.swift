import Foundation
import PackagePlugin

extension SchemaGeneration {
    /// The generation as a build command run by `payschema` at `executable`.
    func buildCommand(executable: URL) -> Command {
        .buildCommand(displayName: displayName, executable: executable, arguments: arguments, inputFiles: inputs, outputFiles: outputs)
    }
}

extension SchemaBuildPlan {
    /// The build commands for `target` (a problem is reported, and no command returned): what both
    /// of the build plugin's branches return, writing into `<workDirectory>/Generated`.
    static func buildCommands(for target: SchemaTargetInputs, workDirectory: URL, payschema: URL) -> [Command] {
        switch plan(target, output: workDirectory.appending(path: "Generated")) {
        case .success(let generation):
            return [generation.buildCommand(executable: payschema)]
        case .failure(let problem):
            report(problem, workDirectory: workDirectory)
            return []
        }
    }

    /// Says `problem` once, as an error diagnostic (a thrown error is printed twice by SwiftPM); the
    /// build exits 1. SwiftPM evaluates build plugins more than once while planning one build (two
    /// or three times, by version, seconds apart under load): an evaluation within 30 s of the one that said it says
    /// nothing more (that one's error fails the build).
    static func report(_ problem: SchemaPlanProblem, workDirectory: URL) {
        let marker = workDirectory.appending(path: "no-schemas.reported")
        let said =
            (try? FileManager.default.attributesOfItem(atPath: marker.path(percentEncoded: false))[.modificationDate] as? Date)
            .map { Date().timeIntervalSince($0) < 30 } ?? false
        if !said {
            try? FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: marker.path(percentEncoded: false), contents: Data(problem.description.utf8))
            Diagnostics.error(problem.description)
        }
    }
}
