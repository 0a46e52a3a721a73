import Foundation

/// The Swift compiler and the package's own built runtime, for tests that compile generated code
/// the way an app would: `swiftc` from `PATH` (or the toolchain that built the tests), the
/// `PaymentSchemasRuntime` module and its objects (with `PaySchemaVocabulary`'s) from the build folder that holds
/// the running test bundle.
struct ProofToolchain: Sendable {
    let swiftc: URL
    let modules: URL
    let objects: [URL]

    enum Problem: Error, CustomStringConvertible {
        case missing(String)
        var description: String {
            switch self {
            case .missing(let what): return "cannot compile generated code in the test: \(what)"
            }
        }
    }

    /// Finds the compiler and the built runtime.
    static func locate() throws -> ProofToolchain {
        let environment = ProcessInfo.processInfo.environment
        let searchPath = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        guard
            let swiftc = searchPath.map({ URL(fileURLWithPath: $0).appending(path: "swiftc") }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0.path)
            })
        else {
            throw Problem.missing("no swiftc on PATH")
        }
        var candidates: [URL] = []
        if let argument = CommandLine.arguments.first { candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        candidates.append(packageRoot.appending(path: ".build/debug"))
        for folder in candidates {
            var directory = folder
            // The bundle may sit inside the build folder (xctest bundles on some platforms).
            for _ in 0..<4 {
                let modules = directory.appending(path: "Modules")
                if FileManager.default.fileExists(atPath: modules.appending(path: "PaymentSchemasRuntime.swiftmodule").path) {
                    let objects = ["PaymentSchemasRuntime.build", "PaySchemaVocabulary.build"].flatMap {
                        objectFiles(in: directory.appending(path: $0))
                    }
                    for target in ["PaymentSchemasRuntime.build", "PaySchemaVocabulary.build"]
                    where !objects.contains(where: { $0.path.contains(target) }) {
                        throw Problem.missing("no object files in \(directory.path)/\(target)")
                    }
                    return ProofToolchain(swiftc: swiftc, modules: modules, objects: objects)
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw Problem.missing("PaymentSchemasRuntime.swiftmodule not found next to the test bundle (\(candidates.map(\.path)))")
    }

    private static func objectFiles(in directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "o" }.sorted { $0.path < $1.path }
    }

    /// What one compiler run said.
    struct Compilation: Sendable {
        var succeeded: Bool
        var errors: [String]
    }

    /// Builds an executable from `sources` linked with the runtime; errors are `file:line: error: …` lines.
    func build(_ sources: [URL], output: URL) throws -> Compilation {
        let arguments =
            [
                "-swift-version", "6", "-Onone", "-suppress-warnings", "-module-name", "Proof", "-package-name", "Proof", "-I",
                modules.path, "-o", output.path,
            ]
            + sources.map(\.path) + objects.map(\.path)
        let (status, text) = try run(swiftc, arguments)
        let errors = text.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        return Compilation(succeeded: status == 0, errors: status == 0 ? [] : (errors.isEmpty ? [text] : errors))
    }

    /// Runs `program` with `input` on standard input; its standard output, line by line.
    func converse(_ program: URL, _ input: [String]) throws -> [String] {
        let inputFile = program.deletingLastPathComponent().appending(path: program.lastPathComponent + ".in")
        try (input.joined(separator: "\n") + "\n").write(to: inputFile, atomically: true, encoding: .utf8)
        let (status, text) = try run(program, [], stdin: inputFile)
        guard status == 0 else { throw Problem.missing("\(program.lastPathComponent) exited with \(status): \(text.prefix(500))") }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private func run(_ executable: URL, _ arguments: [String], stdin: URL? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        if let stdin { process.standardInput = try FileHandle(forReadingFrom: stdin) }
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
