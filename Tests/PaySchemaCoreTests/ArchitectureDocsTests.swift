import CLITestSupport
import Foundation
import Testing

/// `ARCHITECTURE.md` and `docs/layout.md` are claims about the tree: every file, folder and type
/// they name in code spans must exist, and the layout must list every folder of the package. A
/// rename or a removal that leaves the documents behind fails here, naming the stale span.
@Suite struct ArchitectureDocsTests {
    static let documents = ["ARCHITECTURE.md", "docs/layout.md"]
    /// Where named files and types are looked for.
    static let roots = ["Sources", "Tests", "Plugins", "Generated", "Benchmarks", "Fuzz", "Examples"]

    /// Every file and folder of the package (relative paths), build products and corpora aside.
    static let paths: [String] = {
        var out: [String] = []
        for root in roots {
            guard let walker = FileManager.default.enumerator(atPath: packageRoot.appending(path: root).path) else { continue }
            for case let path as String in walker where !path.contains(".build") && !path.hasPrefix("corpus") {
                out.append(root + "/" + path)
            }
        }
        for document in (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appending(path: "docs").path)) ?? [] {
            out.append("docs/" + document)
        }
        return out + roots + ["docs", "Schemas", "Package.swift", ".ci/run", "README.md", "ARCHITECTURE.md"]
    }()

    /// Every name declared in Swift (types, protocols, functions, test suites) or a module folder.
    static let declared: Set<String> = {
        var names = Set<String>()
        let declaration = try! NSRegularExpression(
            pattern: #"\b(?:struct|enum|class|protocol|actor|typealias|func|extension)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        for path in paths where path.hasSuffix(".swift") {
            guard let text = try? String(contentsOf: packageRoot.appending(path: path), encoding: .utf8) else { continue }
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        for path in paths {
            let parts = path.split(separator: "/")
            if parts.count == 2, ["Sources", "Tests", "Plugins"].contains(parts[0]) { names.insert(String(parts[1])) }
        }
        return names
    }()

    /// Names the documents use that other packages declare, with where they come from.
    static let external = [
        "ClientTransport": "OpenAPIRuntime (swift-openapi-runtime)", "URLComponents": "Foundation", "FileManager": "Foundation",
        "Process": "Foundation",
    ]

    /// The code spans of `document`.
    static func spans(_ document: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appending(path: document), encoding: .utf8)
        let span = try NSRegularExpression(pattern: "`([^`\n]+)`")
        return span.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// A path span as a regular expression over relative paths: `<Name>` and `*` stand for any
    /// name part; a span names the end of a path (`Check/checkWireForms.swift`), or a folder.
    static func pathPattern(_ span: String) -> NSRegularExpression? {
        var pattern = ""
        var rest = Substring(span.hasSuffix("/") ? String(span.dropLast()) : span)
        while let character = rest.first {
            if character == "<", let close = rest.firstIndex(of: ">") {
                pattern += "[^/]+"
                rest = rest[rest.index(after: close)...]
            } else if character == "*" {
                pattern += "[^/]*"
                rest = rest.dropFirst()
            } else {
                pattern += NSRegularExpression.escapedPattern(for: String(character))
                rest = rest.dropFirst()
            }
        }
        return try? NSRegularExpression(pattern: "(^|/)" + pattern + "$")
    }

    static func isPath(_ span: String) -> Bool {
        !span.contains(" ") && !span.contains("(")
            && (span.hasSuffix(".swift")
                || (span.contains("/") && !span.hasPrefix("/") && !span.contains(":")
                    && !span.contains("=") && span.first?.isLetter == true && !span.contains("://")))
    }

    @Test(arguments: documents)
    func everyNamedFileFolderAndTypeExists(_ document: String) throws {
        var stale: [String] = []
        var checked = 0
        for span in try Self.spans(document) {
            if Self.isPath(span) {
                guard let pattern = Self.pathPattern(span) else { continue }
                checked += 1
                let found = Self.paths.contains { pattern.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
                if !found { stale.append("`\(span)`: no such file or folder") }
            } else if span.range(of: #"^[A-Z][A-Za-z0-9]+$"#, options: .regularExpression) != nil {
                checked += 1
                if !Self.declared.contains(span) && Self.external[span] == nil {
                    stale.append("`\(span)`: nothing of that name is declared")
                }
            }
        }
        #expect(checked > 20, "\(document): too few spans checked (\(checked))")
        #expect(stale.isEmpty, "\(document) names what the tree does not have:\n\(stale.joined(separator: "\n"))")
    }

    /// The generator's table ("| stage | module / folder | imports | …"): each row's module
    /// depends on the modules its `imports` cell names, and on nothing else of this package but
    /// `PaySchemaLanguage` and `PaymentSchemasVocabulary` ("Every stage imports …"), as SwiftPM reads the
    /// manifest (`PackageManifest`).
    @Test func theGeneratorTableImportsWhatTheManifestDeclares() throws {
        let manifest = try PackageManifest.load()
        let text = try String(contentsOf: packageRoot.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
        let span = try NSRegularExpression(pattern: "`([A-Za-z]+)`")
        func names(_ cell: Substring) -> [String] {
            let cell = String(cell)
            return span.matches(in: cell, range: NSRange(cell.startIndex..., in: cell)).compactMap {
                Range($0.range(at: 1), in: cell).map { String(cell[$0]) }
            }
        }
        var rows = 0
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 4, let module = names(Substring(cells[2])).first, module.hasPrefix("PaySchema"),
                let target = manifest.targets[module]
            else { continue }
            let listed = Set(names(Substring(cells[3])))
            guard !listed.isEmpty else { continue }  // "(same module)", "every stage"
            rows += 1
            let declared = target.dependencies.union(target.products)
            for name in listed.sorted() where !declared.contains(name) {
                Issue.record("ARCHITECTURE.md: \(module) imports `\(name)`, which its target does not depend on")
            }
            for name in target.dependencies.subtracting(listed).subtracting(["PaySchemaLanguage", "PaymentSchemasVocabulary"]).sorted() {
                Issue.record("ARCHITECTURE.md: \(module) depends on \(name), which its row does not list")
            }
            for shared in ["PaySchemaLanguage", "PaymentSchemasVocabulary"] where !target.dependencies.contains(shared) {
                Issue.record("ARCHITECTURE.md says every stage imports \(shared); \(module) does not depend on it")
            }
        }
        #expect(rows >= 4, "the generator's table was not read (\(rows) rows)")
    }

    /// ARCHITECTURE.md: "The merchant servers stand on their provider's module and the runtime,
    /// never on the mocks, the scenarios or the sandbox …: Amazon Pay's also on `PaymentFlowsCore`
    /// and `PaymentServerCore` … and swift-crypto, MIT's on swift-crypto alone".
    @Test func theMerchantServersStandOnWhatTheDocumentSays() throws {
        let manifest = try PackageManifest.load()
        let servers: [String: (targets: Set<String>, packages: Set<String>)] = [
            "AmazonPayMerchantServer": (
                ["AmazonPayMobile", "PaymentFlowsCore", "PaymentServerCore"], ["swift-crypto", "swift-log", "swift-openapi-runtime"]
            ),
            "SuiteMerchantServer": (["SuiteMCommerce"], ["swift-crypto"]),
        ]
        for (server, expected) in servers {
            let target = try #require(manifest.targets[server])
            #expect(target.dependencies == expected.targets, "\(server) depends on \(target.dependencies.sorted())")
            let packages = Set(target.products.map { String($0.split(separator: "/")[0]) })
            #expect(packages == expected.packages, "\(server) uses the packages \(packages.sorted())")
            let reached = manifest.reachable(from: server)
            #expect(reached.contains("PaymentSchemasRuntime"), "\(server) does not stand on the runtime")
            for forbidden in ["PaymentMocks", "PaymentScenarios", "PaymentSandbox"] {
                #expect(!reached.contains(forbidden), "\(server) reaches \(forbidden)")
            }
        }
    }

    /// A figure goes stale in a code comment: measurements live in `Benchmarks/` (RESULTS.md and
    /// NOTES.md, stamped with their run), and a comment points there. A ratio (`3.2x`, `0.7×`),
    /// CPU seconds, instruction counts or a share of a measured cost in any comment of `Sources/`
    /// fails here.
    @Test func noBenchmarkFigureInACodeComment() throws {
        let figure = try NSRegularExpression(
            pattern:
                #"(?<![A-Za-z.])[0-9][0-9.,]*\s?(×|x\b)|[0-9][0-9.,]* (CPU )?seconds? (of|the)|[0-9][0-9,.]* ?(k |M |G )?instructions|[0-9.]+ ?% (of )?(a |the |its )?(run|build|confirm|decode|parse|time|compile|pipeline|generator|instructions|document)|(micro|nano|milli)seconds per|at [0-9,]+ types"#
        )
        var found: [String] = []
        var scanned = 0
        for path in Self.paths where path.hasPrefix("Sources/") && path.hasSuffix(".swift") {
            let text = try String(contentsOf: packageRoot.appending(path: path), encoding: .utf8)
            scanned += 1
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let slashes = line.range(of: #"(^|\s)//"#, options: .regularExpression) else { continue }
                let comment = String(line[slashes.upperBound...])
                if figure.firstMatch(in: comment, range: NSRange(comment.startIndex..., in: comment)) != nil {
                    found.append("\(path):\(index + 1): \(comment.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(scanned > 200, "only \(scanned) source files scanned")
        #expect(found.isEmpty, "benchmark figures in code comments (move them to Benchmarks/):\n\(found.joined(separator: "\n"))")
    }

    /// `Package.swift`'s comments point at ARCHITECTURE.md's sections by title
    /// (`ARCHITECTURE.md, "The generator: one module per stage"`): each title is a heading there.
    @Test func theManifestCitesSectionsThatExist() throws {
        let manifest = try String(contentsOf: packageRoot.appending(path: "Package.swift"), encoding: .utf8)
        let architecture = try String(contentsOf: packageRoot.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
        let headings = architecture.split(separator: "\n").filter { $0.hasPrefix("#") }.map(String.init)
        let citation = try NSRegularExpression(pattern: #"ARCHITECTURE\.md, "([^"]+)""#)
        let cited = citation.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).compactMap {
            Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) }
        }
        #expect(!cited.isEmpty, "Package.swift cites no section (the scan found none)")
        for title in cited where !headings.contains(where: { $0.contains(title) }) {
            Issue.record("Package.swift cites ARCHITECTURE.md's \"\(title)\", which is no heading there")
        }
    }

    /// The layout lists every module folder, every folder of the generator and every top-level
    /// folder of the repository.
    @Test func theLayoutListsEveryFolder() throws {
        let layout = try String(contentsOf: packageRoot.appending(path: "docs/layout.md"), encoding: .utf8)
        let fileManager = FileManager.default
        var folders: [String] = []
        for top in try fileManager.contentsOfDirectory(atPath: packageRoot.path).sorted() where !top.hasPrefix(".") || top == ".ci" {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: packageRoot.appending(path: top).path, isDirectory: &isDirectory), isDirectory.boolValue {
                folders.append(top + "/")
            }
        }
        for module in try fileManager.contentsOfDirectory(atPath: packageRoot.appending(path: "Sources").path).sorted()
        where !module.hasPrefix(".") {
            folders.append("Sources/" + module)
        }
        // The generator's modules (`PaySchema*`, the shared vocabulary aside) and their folders.
        let sources = try fileManager.contentsOfDirectory(atPath: packageRoot.appending(path: "Sources").path)
        for module in sources.sorted() where module.hasPrefix("PaySchema") {
            for stage in try fileManager.contentsOfDirectory(atPath: packageRoot.appending(path: "Sources/\(module)").path).sorted()
            where !stage.hasPrefix(".") && !stage.hasSuffix(".swift") {
                folders.append(stage + "/")
            }
        }
        // A folder is listed by its path or, for a module, by its name in a code span.
        let missing = folders.filter { folder in
            let bare = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            let name = bare.split(separator: "/").last.map(String.init) ?? bare
            return !layout.contains("`\(folder)") && !layout.contains("`\(bare)`") && !layout.contains("`\(bare)/")
                && !layout.contains("`\(name)`")
        }
        #expect(missing.isEmpty, "docs/layout.md does not list: \(missing)")
    }

    /// ARCHITECTURE.md: "Every `--format json` report (`payschema`'s and `payflow`'s) is written by
    /// `PayJSONWriter`", and the package has one JSON reader and writer: no module writes or reads
    /// JSON with Foundation's `JSONEncoder`, `JSONDecoder` or `JSONSerialization` but the Amazon Pay
    /// WebView bridge, whose input is the Foundation object graph WebKit hands over
    /// (`WKScriptMessage.body`), which only `JSONSerialization` turns into JSON.
    @Test func everyJSONReportIsWrittenByTheOneWriter() throws {
        let fileManager = FileManager.default
        let modules = try fileManager.contentsOfDirectory(atPath: packageRoot.appending(path: "Sources").path).filter { !$0.hasPrefix(".") }
        #expect(modules.contains("payflow") && modules.contains("PaymentSandbox") && modules.count > 20)
        let foundationObjects: Set<String> = ["Sources/AmazonPayMobile/AmazonPayWebViewBridge.swift"]
        var others: [String] = []
        for module in modules.sorted() {
            let folder = packageRoot.appending(path: "Sources/\(module)")
            guard let walker = fileManager.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appending(path: path), encoding: .utf8)
                let file = "Sources/\(module)/\(path)"
                if (text.contains("JSONEncoder(") || text.contains("JSONDecoder(") || text.contains("JSONSerialization."))
                    && !foundationObjects.contains(file)
                {
                    others.append(file)
                }
            }
        }
        #expect(others.isEmpty, "JSON written without PayJSONWriter in: \(others)")
    }
}
