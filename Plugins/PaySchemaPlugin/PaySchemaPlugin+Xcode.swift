#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The plugin for an app target of an Xcode project (the target's Build Phases, Run Build Tool
/// Plug-ins): the schemas are the target's input files, or the project folder's
/// `Schemas/<Target>/`. Everything else is the SwiftPM branch's (``SchemaBuildPlan``).
extension PaySchemaPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        SchemaBuildPlan.buildCommands(
            for: SchemaTargetInputs(
                targetName: target.displayName, files: target.inputFiles.map(\.url), targetDirectory: nil,
                rootDirectory: context.xcodeProject.directoryURL),
            workDirectory: context.pluginWorkDirectoryURL, payschema: try context.tool(named: "payschema").url)
    }
}
#endif
