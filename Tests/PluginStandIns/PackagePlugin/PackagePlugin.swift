import Foundation

// A stand-in for SwiftPM's `PackagePlugin`, which only exists inside a plugin's own compilation:
// the part of its API our plugins use, with the same names and shapes (SwiftPM 6's URL-based
// API), so the plugins' source compiles and runs in a test. What only a test needs (public
// initializers, the diagnostics it records) says so.

/// A plugin: SwiftPM's entry point protocol.
public protocol Plugin {
    /// Creates the plugin (SwiftPM makes one per invocation).
    init()
}

extension Plugin {
    /// The entry point `@main` calls. SwiftPM's talks to its host; no host talks to the stand-in,
    /// so it returns at once.
    public static func main() async throws {}
}

/// A plugin with the build-tool capability.
public protocol BuildToolPlugin: Plugin {
    /// The commands that build `target`.
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command]
}

/// A command a build runs.
public enum Command {
    /// Runs `executable` when one of `outputFiles` is missing or older than one of `inputFiles`.
    case buildCommand(
        displayName: String?, executable: URL, arguments: [String], environment: [String: String] = [:], inputFiles: [URL] = [],
        outputFiles: [URL] = [])
    /// Runs `executable` before every build; whatever it writes to `outputFilesDirectory` is built.
    case prebuildCommand(
        displayName: String?, executable: URL, arguments: [String], environment: [String: String] = [:], outputFilesDirectory: URL)
}

/// What a plugin is told of the package and the tools it may run.
public struct PluginContext {
    /// The package the plugin works on.
    public let package: Package
    /// A folder the plugin and its commands may write to.
    public let pluginWorkDirectoryURL: URL
    /// The tools the plugin depends on, by name (test-only: SwiftPM builds them).
    let tools: [String: URL]

    /// A context (test-only: SwiftPM makes it).
    public init(package: Package, pluginWorkDirectoryURL: URL, tools: [String: URL]) {
        self.package = package
        self.pluginWorkDirectoryURL = pluginWorkDirectoryURL
        self.tools = tools
    }

    /// The tool called `name`, which the plugin must depend on.
    public func tool(named name: String) throws -> Tool {
        guard let url = tools[name] else { throw PluginContextError.toolNotFound(name: name) }
        return Tool(name: name, url: url)
    }

    /// An executable a plugin may run.
    public struct Tool {
        /// The tool's name.
        public let name: String
        /// Where it is.
        public let url: URL

        /// A tool.
        public init(name: String, url: URL) {
            self.name = name
            self.url = url
        }
    }
}

/// What a plugin's context lookups throw.
public enum PluginContextError: Error {
    /// The plugin does not depend on a tool of that name.
    case toolNotFound(name: String)
}

/// A package.
public struct Package {
    /// Its name.
    public let displayName: String
    /// Its folder.
    public let directoryURL: URL
    /// Its targets.
    public let targets: [any Target]

    /// A package (test-only: SwiftPM makes it).
    public init(displayName: String, directoryURL: URL, targets: [any Target]) {
        self.displayName = displayName
        self.directoryURL = directoryURL
        self.targets = targets
    }
}

/// A target of a package.
public protocol Target {
    /// Its name in the manifest.
    var name: String { get }
    /// Its folder.
    var directoryURL: URL { get }
}

extension Target {
    /// The target as a source module, when it is one.
    public var sourceModule: (any SourceModuleTarget)? { self as? any SourceModuleTarget }
}

/// A target made of source files.
public protocol SourceModuleTarget: Target {
    /// Its files, as SwiftPM lists them (excluded files left out).
    var sourceFiles: FileList { get }
}

/// A target of Swift source files.
public struct SwiftSourceModuleTarget: SourceModuleTarget {
    /// Its name in the manifest.
    public let name: String
    /// Its folder.
    public let directoryURL: URL
    /// Its files.
    public let sourceFiles: FileList

    /// A target (test-only: SwiftPM makes it).
    public init(name: String, directoryURL: URL, sourceFiles: FileList) {
        self.name = name
        self.directoryURL = directoryURL
        self.sourceFiles = sourceFiles
    }
}

/// A file of a target, and what the host takes it for.
public struct File {
    /// Where it is.
    public let url: URL
    /// What the host takes it for.
    public let type: FileType

    /// A file.
    public init(url: URL, type: FileType) {
        self.url = url
        self.type = type
    }
}

/// What a host takes a file for.
public enum FileType {
    /// A source file.
    case source
    /// A header.
    case header
    /// A resource (processed or copied).
    case resource
    /// Anything else.
    case unknown
}

/// A target's files, in a stable order.
public struct FileList: Sequence {
    let files: [File]

    /// The list of `files`.
    public init(_ files: [File]) {
        self.files = files
    }

    /// Its files, one by one.
    public func makeIterator() -> IndexingIterator<[File]> {
        files.makeIterator()
    }
}

/// What a plugin tells the user.
public struct Diagnostics {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable {
        /// Fails the build.
        case error
        /// Shown, does not fail.
        case warning
        /// Informational.
        case remark
    }

    /// Says `message` as an error.
    public static func error(_ message: String, file: String? = #file, line: Int? = #line) {
        emit(.error, message, file: file, line: line)
    }

    /// Says `message` as a warning.
    public static func warning(_ message: String, file: String? = #file, line: Int? = #line) {
        emit(.warning, message, file: file, line: line)
    }

    /// Says `description` with `severity`. The stand-in records it (``takeEmitted()``).
    public static func emit(_ severity: Severity, _ description: String, file: String? = #file, line: Int? = #line) {
        recorder.append(severity, description)
    }

    /// Everything said since the last ``takeEmitted()`` (test-only), oldest first.
    public static func takeEmitted() -> [(severity: Severity, message: String)] {
        recorder.take()
    }

    static let recorder = Recorder()

    /// The diagnostics said so far, behind a lock: plugins may be called from any thread.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var said: [(severity: Severity, message: String)] = []

        func append(_ severity: Severity, _ message: String) {
            lock.lock()
            defer { lock.unlock() }
            said.append((severity, message))
        }

        func take() -> [(severity: Severity, message: String)] {
            lock.lock()
            defer { lock.unlock() }
            let taken = said
            said = []
            return taken
        }
    }
}
