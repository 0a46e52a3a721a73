import Foundation
import PackagePlugin

/// Runs `payschema generate` for one target during a build: a SwiftPM package target
/// (`BuildToolPlugin`, here) or an app target of an Xcode project (`XcodeBuildToolPlugin`, in
/// `PaySchemaPlugin+Xcode.swift`). The branches only list the target's files; where its schemas are,
/// the command and its outputs, and the error for a target without schemas are
/// ``SchemaBuildPlan``'s, shared with the `generate-payment-schemas` command plugin.
///
/// A target that uses the plugin must have schemas: none among its files nor in
/// `Schemas/<target>/` is a build error naming the folders looked in and those found, never an
/// empty module.
@main
struct PaySchemaPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        SchemaBuildPlan.buildCommands(
            for: SchemaTargetInputs(
                targetName: target.name, files: target.sourceModule.map { $0.sourceFiles.map(\.url) } ?? [],
                targetDirectory: target.sourceModule?.directoryURL, rootDirectory: context.package.directoryURL),
            workDirectory: context.pluginWorkDirectoryURL, payschema: try context.tool(named: "payschema").url)
    }
}
