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
            // The same contract as `payschema diff` (README, "Reviewing schema changes"):
            // 1 changes at or above --fail-on, 2 usage or input errors.
            let meaning = process.terminationStatus == 1 ? "changes at or above --fail-on were found" : process.terminationStatus == 2 ? "usage or input error" : "unexpected failure"
            Diagnostics.error("payschema diff exited with \(process.terminationStatus): \(meaning)")
            throw SchemaDiffFailure(status: process.terminationStatus)
        }
    }
}

struct SchemaDiffFailure: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "payschema diff exited with \(status) (0 nothing at or above --fail-on, 1 changes at or above it, 2 usage or input errors)" }
}
