import Foundation

/// Runs a built executable of this package and captures what it prints.
public struct CLIRunner {
    /// What a run printed and how it exited.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var stdout: String
        /// Standard error.
        public var stderr: String
    }

    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder holding the built products (next to the test bundle).
    public static func executable(_ name: String) -> URL? {
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.deletingLastPathComponent().appending(path: name))
        candidates.append(bundle.appending(path: name))
        if let argument = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent().appending(path: name))
        }
        candidates.append(packageRoot.appending(path: ".build/debug/\(name)"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `name` with `arguments` in `directory`.
    public static func run(
        _ name: String, _ arguments: [String], in directory: URL = packageRoot, environment: [String: String]? = nil
    ) throws -> Result {
        guard let url = executable(name) else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary folder.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "payschema-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Copies the package's `Schemas/` into `directory`.
    public static func copySchemas(to directory: URL) throws {
        try FileManager.default.copyItem(at: packageRoot.appending(path: "Schemas"), to: directory.appending(path: "Schemas"))
    }
}
