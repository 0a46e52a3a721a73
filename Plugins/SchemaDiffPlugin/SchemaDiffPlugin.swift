import Foundation
import PackagePlugin

/// `swift package schema-diff [--against REF] [payschema diff options…]`: runs `payschema diff` in
/// the package's folder, so reviewers see which schema changes break apps or servers.
@main
struct SchemaDiffPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "payschema")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["diff"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            // The same contract as `payschema diff` (docs/schema-diff.md):
            // 1 changes at or above --fail-on, 2 usage or input errors. SwiftPM prints the thrown
            // error once; payschema has already said what it found.
            throw SchemaDiffFailure(status: process.terminationStatus)
        }
    }
}

struct SchemaDiffFailure: Error, CustomStringConvertible {
    let status: Int32
    var description: String {
        let meaning =
            status == 1
            ? "changes at or above --fail-on were found" : status == 2 ? "a usage or input error (above)" : "an unexpected failure"
        return "payschema diff exited with \(status): \(meaning)"
    }
}
