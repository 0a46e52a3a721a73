import Foundation

/// The Swift compiler and the package's own built runtime, for tests that compile generated code
/// the way an app would: `swiftc` from `PATH` (or the toolchain that built the tests), the
/// `PaymentSchemasRuntime` module and its objects (with `PaymentSchemasVocabulary`'s) from the build folder that holds
/// the running test bundle.
///
/// The objects are linked once into a shared library (`libProofRuntime.so`) that every program
/// links, and every compilation is remembered by what goes into it: the compiler (path, size, time),
/// the runtime's objects (path, size, time), the arguments and each source's name and text. The same
/// inputs compiled again (the second `swift test` of CI, with `../shared` hidden, or a rerun) give the
/// remembered outcome and program (`.build/proof-cache/`): what the compiler said of exactly those
/// inputs, not a guess. Anything changed is a new key and compiles.
struct ProofToolchain: Sendable {
    let swiftc: URL
    let modules: URL
    let objects: [URL]
    /// Where compilations are remembered, and the shared runtime library lives.
    let cache: URL
    /// What the compiler and the runtime's objects are, for every key.
    let toolchainKey: String

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
                    let objects = ["PaymentSchemasRuntime.build", "PaymentSchemasVocabulary.build"].flatMap {
                        objectFiles(in: directory.appending(path: $0))
                    }
                    for target in ["PaymentSchemasRuntime.build", "PaymentSchemasVocabulary.build"]
                    where !objects.contains(where: { $0.path.contains(target) }) {
                        throw Problem.missing("no object files in \(directory.path)/\(target)")
                    }
                    return try ProofToolchain(swiftc: swiftc, modules: modules, objects: objects)
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw Problem.missing("PaymentSchemasRuntime.swiftmodule not found next to the test bundle (\(candidates.map(\.path)))")
    }

    init(swiftc: URL, modules: URL, objects: [URL]) throws {
        self.swiftc = swiftc
        self.modules = modules
        self.objects = objects
        var key = Self.stamp(swiftc)
        for object in objects { key += "\n" + Self.stamp(object) }
        for module in (try? FileManager.default.contentsOfDirectory(atPath: modules.path))?.sorted() ?? []
        where module.hasPrefix("PaymentSchemasRuntime") || module.hasPrefix("PaymentSchemasVocabulary") {
            key += "\n" + Self.stamp(modules.appending(path: module))
        }
        toolchainKey = Self.digest(key)
        let root = packageRoot.appending(path: ".build/proof-cache")
        // A cache that grew past a few thousand entries (many runtimes ago) starts over.
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: root.path), entries.count > 4_000 {
            try? FileManager.default.removeItem(at: root)
        }
        cache = root.appending(path: "runtime-" + toolchainKey)
        let library = cache.appending(path: "libProofRuntime.so")
        if !FileManager.default.fileExists(atPath: library.path) {
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            let building = cache.appending(path: "libProofRuntime.\(UUID().uuidString).so")
            let (status, text) = try Self.run(
                swiftc, ["-emit-library", "-module-name", "ProofRuntime", "-o", building.path] + objects.map(\.path))
            guard status == 0 else { throw Problem.missing("the runtime does not link as a shared library: \(text.prefix(500))") }
            _ = try? FileManager.default.moveItem(at: building, to: library)
            try? FileManager.default.removeItem(at: building)
        }
    }

    /// A file's path, size and modification time.
    private static func stamp(_ url: URL) -> String {
        let attributes = (try? FileManager.default.attributesOfItem(atPath: url.path)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
        let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "\(url.path) \(size) \(time)"
    }

    /// Two 64-bit FNV-1a hashes (two offsets) of `text`, as 32 hex digits.
    static func digest(_ text: String) -> String {
        var first: UInt64 = 14_695_981_039_346_656_037
        var second: UInt64 = 0x6C62_272E_07BB_0142
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 1_099_511_628_211
            second = (second ^ UInt64(byte)) &* 1_099_511_628_211
        }
        return [first, second].map { String($0, radix: 16).leftPadded(to: 16) }.joined()
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
    /// The same inputs built before give the remembered outcome and program (``ProofToolchain``).
    func build(_ sources: [URL], output: URL) throws -> Compilation {
        let options = [
            "-swift-version", "6", "-Onone", "-suppress-warnings", "-module-name", "Proof", "-package-name", "Proof", "-I", modules.path,
        ]
        var key = toolchainKey + "\n" + options.joined(separator: " ")
        for source in sources {
            key += "\n--- " + source.lastPathComponent + "\n" + ((try? String(contentsOf: source, encoding: .utf8)) ?? "?")
        }
        let entry = cache.appending(path: Self.digest(key))
        let remembered = entry.appending(path: "errors.txt")
        let program = entry.appending(path: "program")
        if let text = try? String(contentsOf: remembered, encoding: .utf8) {
            let errors = text.split(separator: "\n").map(String.init)
            if errors.isEmpty {
                try? FileManager.default.removeItem(at: output)
                try FileManager.default.copyItem(at: program, to: output)
            }
            return Compilation(succeeded: errors.isEmpty, errors: errors)
        }
        let arguments =
            options + ["-o", output.path] + sources.map(\.path)
            + ["-L", cache.path, "-lProofRuntime", "-Xlinker", "-rpath", "-Xlinker", cache.path]
        let (status, text) = try run(swiftc, arguments)
        let found = text.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        let errors = status == 0 ? [] : (found.isEmpty ? [text] : found)
        // Remembered whole or not at all: the program first, then the outcome that says it is there.
        let staging = cache.appending(path: "staging-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        if status == 0 { try FileManager.default.copyItem(at: output, to: staging.appending(path: "program")) }
        try errors.joined(separator: "\n").write(to: staging.appending(path: "errors.txt"), atomically: true, encoding: .utf8)
        if (try? FileManager.default.moveItem(at: staging, to: entry)) == nil { try? FileManager.default.removeItem(at: staging) }
        return Compilation(succeeded: status == 0, errors: errors)
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
        try Self.run(executable, arguments, stdin: stdin)
    }

    private static func run(_ executable: URL, _ arguments: [String], stdin: URL? = nil) throws -> (Int32, String) {
        // A program just written may be "busy" for a moment: a process another test forked while the
        // file was open for writing holds that descriptor until it execs (Linux's ETXTBSY). Wait it out,
        // with a new process each time.
        var attempt = 0
        while true {
            attempt += 1
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            if let stdin { process.standardInput = try FileHandle(forReadingFrom: stdin) }
            do {
                try process.run()
            } catch let error as NSError where attempt < 50 && isTextFileBusy(error) {
                Thread.sleep(forTimeInterval: 0.05)
                continue
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }
}

extension ProofToolchain {
    /// Whether `error` (or the error under it) is POSIX's ETXTBSY.
    fileprivate static func isTextFileBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isTextFileBusy) ?? false
    }
}

extension String {
    /// The text with `0`s before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
