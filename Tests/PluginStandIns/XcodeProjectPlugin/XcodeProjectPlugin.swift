import Foundation
import PackagePluginStandIn

// A stand-in for Xcode's `XcodeProjectPlugin`, which only Xcode has: its documented API for a
// build-tool plugin on an Xcode project's target (`XcodePluginContext`, `XcodeProject`,
// `XcodeTarget` with its `inputFiles`, `XcodeBuildToolPlugin`), so the build plugin's Xcode branch
// compiles and runs on Linux. Public initializers are test-only: Xcode makes these values.

/// A plugin's view of an Xcode project target's build.
public struct XcodePluginContext {
    /// The project.
    public let xcodeProject: XcodeProject
    /// A folder the plugin and its commands may write to.
    public let pluginWorkDirectoryURL: URL
    /// The tools the plugin depends on, by name.
    let tools: [String: URL]

    /// A context (test-only).
    public init(xcodeProject: XcodeProject, pluginWorkDirectoryURL: URL, tools: [String: URL]) {
        self.xcodeProject = xcodeProject
        self.pluginWorkDirectoryURL = pluginWorkDirectoryURL
        self.tools = tools
    }

    /// The tool called `name`, which the plugin must depend on.
    public func tool(named name: String) throws -> PluginContext.Tool {
        guard let url = tools[name] else { throw PluginContextError.toolNotFound(name: name) }
        return PluginContext.Tool(name: name, url: url)
    }
}

/// An Xcode project.
public struct XcodeProject {
    /// Its identifier.
    public let id: String
    /// Its name.
    public let displayName: String
    /// The folder that holds the `.xcodeproj`.
    public let directoryURL: URL
    /// Its targets.
    public let targets: [XcodeTarget]

    /// A project (test-only).
    public init(id: String, displayName: String, directoryURL: URL, targets: [XcodeTarget]) {
        self.id = id
        self.displayName = displayName
        self.directoryURL = directoryURL
        self.targets = targets
    }
}

/// A target of an Xcode project.
public struct XcodeTarget {
    /// Its identifier.
    public let id: String
    /// Its name as Xcode shows it.
    public let displayName: String
    /// The files that are members of the target (its sources and resources), with their types.
    public let inputFiles: FileList

    /// A target (test-only).
    public init(id: String, displayName: String, inputFiles: FileList) {
        self.id = id
        self.displayName = displayName
        self.inputFiles = inputFiles
    }
}

/// A build-tool plugin for Xcode project targets.
public protocol XcodeBuildToolPlugin {
    /// The commands that build `target`.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}
