import CLITestSupport
import Foundation
import Testing

/// The stage boundary after the checker is held by the compiler: the emitter (`PaySchemaSwift`),
/// the exporter (`PaySchemaExport`), the upstream comparison (`PaySchemaUpstream`), the schema diff
/// (`PaySchemaDiff`) and the resolved model they read (`PaySchemaModel`) are modules that do not
/// depend on the syntax module (`PaySchemaSyntax`), and the checker hands them a `ResolvedModule`
/// alone, so naming a parsed declaration there does not compile. What the compiler cannot see is a dependency added to `Package.swift`:
/// these tests read the manifest's target graph (`PackageManifest`, SwiftPM's own reading) and fail when a stage after the checker can
/// reach
/// the syntax module or libyaml.
@Suite struct StageBoundaryTests {
    /// The Swift files directly in `folder` under `Sources/`, by name.
    static func sources(_ folder: String) throws -> [(name: String, text: String)] {
        let directory = packageRoot.appending(path: "Sources").appending(path: folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: directory.appending(path: $0), encoding: .utf8))
        }
    }

    /// Each target of the manifest (as `swift package dump-package` reads it) with the targets of
    /// this package it depends on (products of other packages are not stages).
    static func targetGraph() throws -> [String: Set<String>] {
        try PackageManifest.load().targets.mapValues(\.dependencies)
    }

    @Test func theManifestDeclaresTheStages() throws {
        // If the graph were not read, the test below could not fail.
        let graph = try Self.targetGraph()
        for stage in [
            "PaySchemaLanguage", "PaySchemaYAML", "PaySchemaSyntax", "PaySchemaModel", "PaySchemaChecker", "PaySchemaSwift",
            "PaySchemaExport", "PaySchemaUpstream", "PaySchemaDiff", "PaySchemaImport",
        ] {
            #expect(graph[stage] != nil, "Package.swift no longer declares \(stage)")
        }
        #expect(try PackageManifest.load().reachable(from: "PaySchemaChecker").contains("PaySchemaSyntax"))
        #expect(try PackageManifest.load().reachable(from: "PaySchemaSyntax").contains("CLibYAML"))
    }

    /// The stages after the checker, and the model they read, cannot reach the syntax or the
    /// checker; the model, the emitter and the exporter not even the YAML loader. (The upstream
    /// comparison and the importer read the official YAML documents, and the diff `breaking-changes.yaml`,
    /// with the loader, which names no schema declaration.)
    @Test(arguments: ["PaySchemaModel", "PaySchemaSwift", "PaySchemaExport", "PaySchemaUpstream", "PaySchemaDiff", "PaySchemaImport"])
    func stageCannotReachTheSyntax(stage: String) throws {
        let reached = try PackageManifest.load().reachable(from: stage)
        #expect(!reached.contains("PaySchemaSyntax"), "\(stage) depends on the syntax module: \(reached.sorted())")
        #expect(!reached.contains("PaySchemaChecker"), "\(stage) depends on the checker: \(reached.sorted())")
        if !["PaySchemaUpstream", "PaySchemaDiff", "PaySchemaImport"].contains(stage) {
            #expect(!reached.contains("CLibYAML"), "\(stage) depends on libyaml: \(reached.sorted())")
        }
    }

    /// The sandbox serves the providers without the scenario catalog (`ScenarioNetwork`, which it
    /// conforms to, is declared beside the transports in `PaymentMocks`).
    @Test func theSandboxDoesNotReachTheScenarios() throws {
        let graph = try Self.targetGraph()
        #expect(graph["PaymentSandbox"]?.contains("PaymentMocks") == true, "the manifest was not read")
        #expect(try !PackageManifest.load().reachable(from: "PaymentSandbox").contains("PaymentScenarios"))
        let server = try String(contentsOf: packageRoot.appending(path: "Sources/PaymentSandbox/SandboxServer.swift"), encoding: .utf8)
        #expect(!server.contains("import PaymentScenarios"))
    }

    /// One router in the sandbox: Hummingbird's router and its middleware carry every request
    /// (`SandboxProviderMiddleware` the providers'); no channel handler of ours sits in a
    /// connection's pipeline, no server child channel or task executor of ours replaces
    /// Hummingbird's, and nothing routes requests beside it.
    @Test func theSandboxServesEveryRequestThroughHummingbirdsRouter() throws {
        let files = try Self.sources("PaymentSandbox")
        #expect(files.count >= 10, "the scan found \(files.count) sandbox files")
        var found: [String] = []
        for (file, text) in files {
            for token in [
                "ChannelInboundHandler", "ChannelDuplexHandler", "ChannelOutboundHandler", "ServerChildChannel", ": TaskExecutor",
                "HTTPServerBuilder {",
            ]
            where text.contains(token) {
                found.append("Sources/PaymentSandbox/\(file): \(token)")
            }
        }
        #expect(found.isEmpty, "the sandbox answers beside Hummingbird's router:\n\(found.joined(separator: "\n"))")
        let server = try String(contentsOf: packageRoot.appending(path: "Sources/PaymentSandbox/SandboxServer.swift"), encoding: .utf8)
        #expect(server.contains("router.add(middleware: SandboxProviderMiddleware("), "the providers are not the router's middleware")
    }

    /// Each stage imports only modules its target declares (SwiftPM would otherwise let a module
    /// import what another target happened to build first).
    @Test(arguments: [
        "PaySchemaLanguage", "PaySchemaYAML", "PaySchemaSyntax", "PaySchemaModel", "PaySchemaChecker", "PaySchemaSwift", "PaySchemaExport",
        "PaySchemaDiff", "PaySchemaUpstream", "PaySchemaImport", "PaySchemaCore",
    ])
    func stageImportsOnlyItsDependencies(stage: String) throws {
        let declared = (try Self.targetGraph()[stage] ?? []).union(["Foundation", "Dispatch"])
        let importLine = try NSRegularExpression(
            pattern: #"^(?:@[A-Za-z_]+(?:\([A-Za-z]+\))? )*import ([A-Za-z]+)"#, options: .anchorsMatchLines)
        var found: [String] = []
        let root = packageRoot.appending(path: "Sources").appending(path: stage)
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty, "no sources under Sources/\(stage)")
        for file in files {
            let text = try String(contentsOf: root.appending(path: file), encoding: .utf8)
            for match in importLine.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text), !declared.contains(String(text[range])) else { continue }
                found.append("Sources/\(stage)/\(file): import \(text[range])")
            }
        }
        #expect(found.isEmpty, "imports of modules the target does not declare:\n\(found.joined(separator: "\n"))")
    }

    /// The stages are pure over values in memory, as swift-openapi-generator's are: reading and
    /// writing files, running git or any other process are the edges' (`PaySchemaCore` and the
    /// CLIs), which hand the stages bytes, text and values. A stage's file that names any of them
    /// fails here (comments aside).
    @Test(arguments: [
        "PaySchemaLanguage", "PaySchemaYAML", "PaySchemaSyntax", "PaySchemaModel", "PaySchemaChecker", "PaySchemaSwift", "PaySchemaExport",
        "PaySchemaDiff", "PaySchemaUpstream", "PaySchemaImport", "PaymentSchemasVocabulary",
    ])
    func stageTouchesNoFileAndRunsNoProcess(stage: String) throws {
        let edges = [
            "FileManager", "Process(", "Process.", "FileHandle", "Data(contentsOf", "String(contentsOf", "contentsOfFile", ".write(to",
        ]
        var found: [String] = []
        let root = packageRoot.appending(path: "Sources").appending(path: stage)
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty, "no sources under Sources/\(stage)")
        for file in files.sorted() {
            let text = try String(contentsOf: root.appending(path: file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                for edge in edges where line.contains(edge) { found.append("Sources/\(stage)/\(file):\(index + 1): \(edge)") }
            }
        }
        #expect(found.isEmpty, "a stage does I/O (move it to PaySchemaCore or the CLI):\n\(found.joined(separator: "\n"))")
    }

    /// Swift syntax is the renderer's: an emitter that writes braces, indentation, documentation
    /// slashes, attributes, access levels, line breaks or escapes as text bypasses the typed layer.
    /// Every string literal in the emitters is scanned for such text.
    @Test func emittersWriteNoSwiftSyntaxAsText() throws {
        let literal = try NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)""#)
        let forbidden = [" {", "{ ", "}", "///", "@available", "@MainActor", "public ", "package ", "private ", #"\n"#, "    "]
        var found: [String] = []
        let emitters = try Self.sources("PaySchemaSwift/Emit")
        #expect(emitters.count >= 13, "the scan found \(emitters.count) emitter files")
        for (file, text) in emitters {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                for token in ["Naming.literal(", "Naming.escaped("] where line.contains(token) {
                    found.append("Emit/\(file):\(index + 1): \(token)")
                }
                for match in literal.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    guard let range = Range(match.range(at: 1), in: line) else { continue }
                    let content = String(line[range])
                    for token in forbidden where content.contains(token) {
                        found.append("Emit/\(file):\(index + 1): \"\(content)\" holds \"\(token)\"")
                    }
                }
            }
        }
        #expect(found.isEmpty, "emitters write Swift as text instead of building the typed layer:\n\(found.joined(separator: "\n"))")
    }

    /// Swift types are values (`SwiftTypeName`): a type written as text with `?`, `[…]`, `<…>` or a
    /// tuple in an emitter fails here (a plain name such as `"Decimal"` is a `.named` literal).
    @Test func emittersWriteNoCompoundTypeAsText() throws {
        let typed = try NSRegularExpression(pattern: #"(?:type: |returns: |metatype\(|typeAlias\(name: [^,]+, type: )"([^"]*)""#)
        var found: [String] = []
        for (file, text) in try Self.sources("PaySchemaSwift/Emit") {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
                for match in typed.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    guard let range = Range(match.range(at: 1), in: line) else { continue }
                    let content = String(line[range])
                    if content.contains(where: { "?[]<>(),:".contains($0) }) || content.contains("\\(") {
                        found.append("Emit/\(file):\(index + 1): \"\(content)\"")
                    }
                }
            }
        }
        #expect(found.isEmpty, "emitters spell compound types as text:\n\(found.joined(separator: "\n"))")
    }

    /// The checker writes no Swift: a conversion's source path is handed on as its root and stored
    /// properties (`ResolvedConversion.Source`), and the emitter builds the expression. A Swift
    /// escape, optional chaining or a member access written as text in `Check/` fails here.
    @Test func theCheckerWritesNoSwift() throws {
        let literal = try NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)""#)
        var found: [String] = []
        let checker = try Self.sources("PaySchemaChecker/Check")
        #expect(checker.count >= 11, "the scan found \(checker.count) checker files")
        for (file, text) in checker {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                for token in ["Naming.literal(", "Naming.escaped("] where line.contains(token) {
                    found.append("Check/\(file):\(index + 1): \(token)")
                }
                for match in literal.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    guard let range = Range(match.range(at: 1), in: line) else { continue }
                    let content = Self.withoutInterpolations(String(line[range]))
                    if content.contains("?.") || content == "self" {
                        found.append("Check/\(file):\(index + 1): \"\(content)\"")
                    }
                }
            }
        }
        #expect(found.isEmpty, "the checker writes Swift:\n\(found.joined(separator: "\n"))")
    }

    /// A string literal's text without its `\(…)` interpolations (which hold Swift code, not text).
    static func withoutInterpolations(_ literal: String) -> String {
        var out = ""
        var depth = 0
        var previous: Character = " "
        for character in literal {
            if depth > 0 {
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            } else if character == "(" && previous == "\\" {
                out.removeLast()
                depth = 1
            } else {
                out.append(character)
            }
            previous = character
        }
        return out
    }
}
