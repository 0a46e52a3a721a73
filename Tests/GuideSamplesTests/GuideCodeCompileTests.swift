import CLITestSupport
import Foundation
import Testing

/// The guides' Swift samples compile as the guides write them, with only the deviations listed in
/// `Tests/GuideText/guide-code.json` (and docs/guides.md) applied: each block is read
/// from `../shared/seeds/` at test time, placed in a scaffold that supplies only what the sample
/// assumes the app has (a view controller, a cart), and type-checked by `swiftc` in Swift 6 against
/// the modules this package built. Every Swift block of every guide is either compiled or listed
/// with the reason it cannot be (WebKit and UIKit excerpts); every deviation applies where it says
/// and is needed (without it the sample does not compile).
@Suite("The guides' code, as written")
struct GuideCodeCompileTests {
    struct Unit: Decodable { var guide: String; var module: String; var scaffold: String; var blocks: [Int] }
    struct NotCompiled: Decodable { var guide: String; var blocks: [Int]; var why: String }
    struct Deviation: Decodable {
        var id: Int
        var guide: String
        var blocks: [Int]?
        var find: String
        var replace: String
        var why: String
    }
    struct Catalog: Decodable { var units: [Unit]; var notCompiled: [NotCompiled]; var deviations: [Deviation] }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let folder = packageRoot.appending(path: "Tests/GuideText")
    /// The guides (`../shared/seeds/`), `nil` in a clone of this repository alone: the tests that
    /// read them skip and say so.
    static let guides: URL? = SharedReference.path("seeds")
    static var seeds: URL { guides ?? packageRoot.appending(path: "shared-seeds-are-absent") }

    static func catalog() throws -> Catalog {
        try JSONDecoder().decode(Catalog.self, from: Data(contentsOf: folder.appending(path: "guide-code.json")))
    }

    /// The guide's ```` ```swift ```` blocks, numbered from 1 in reading order.
    static func swiftBlocks(_ guide: String) throws -> [Int: String] {
        let text = try String(contentsOf: seeds.appending(path: guide), encoding: .utf8)
        var blocks: [Int: String] = [:]
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if let lines = current, trimmed.hasPrefix("```") {
                blocks[blocks.count + 1] = lines.joined(separator: "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        // A guide may end inside a block (the PayPal guide's last sample has no closing fence).
        if let lines = current { blocks[blocks.count + 1] = lines.joined(separator: "\n") }
        return blocks
    }

    /// Block `number` of `guide` with the deviations that apply to it, except `skipping`.
    static func deviated(
        _ text: String, guide: String, block: Int, _ deviations: [Deviation], skipping: Int? = nil, used: inout Set<Int>
    ) -> String {
        var text = text
        for (index, deviation) in deviations.enumerated() where deviation.guide == guide && (deviation.blocks?.contains(block) ?? true) {
            guard text.contains(deviation.find) else { continue }
            used.insert(index)
            if index != skipping { text = text.replacingOccurrences(of: deviation.find, with: deviation.replace) }
        }
        return text
    }

    /// The unit's Swift source: its scaffold with the deviated blocks in place.
    static func source(of unit: Unit, _ catalog: Catalog, skipping: Int? = nil, used: inout Set<Int>) throws -> String {
        var source = try String(contentsOf: folder.appending(path: unit.scaffold), encoding: .utf8)
        let blocks = try swiftBlocks(unit.guide)
        for number in unit.blocks {
            let block = deviated(blocks[number] ?? "", guide: unit.guide, block: number, catalog.deviations, skipping: skipping, used: &used)
            source = source.replacingOccurrences(of: unit.blocks.count == 1 ? "«block»" : "«block \(number)»", with: block)
        }
        return source
    }

    @Test(.enabled(if: guides != nil, "../shared/seeds is absent: the guides' Swift blocks were NOT compiled"))
    func everySwiftBlockOfEveryGuideIsCompiledOrExplained() throws {
        let catalog = try Self.catalog()
        let guides = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path).filter { $0.hasSuffix(".txt") }.sorted()
        #expect(guides.count == 5)
        for guide in guides {
            let blocks = Set(try Self.swiftBlocks(guide).keys)
            let compiled = catalog.units.filter { $0.guide == guide }.flatMap(\.blocks)
            let explained = catalog.notCompiled.filter { $0.guide == guide }.flatMap(\.blocks)
            #expect(Set(compiled).isDisjoint(with: explained), "\(guide): a block both compiled and explained")
            #expect(Set(compiled + explained) == blocks, "\(guide): Swift blocks \(blocks.sorted()), compiled \(compiled), explained \(explained)")
        }
    }

    @Test(.enabled(if: guides != nil, "../shared/seeds is absent: the guides' Swift blocks were NOT compiled"))
    func theGuidesSamplesCompileWithOnlyTheListedDeviations() async throws {
        let catalog = try Self.catalog()
        let checker = try SwiftTypeChecker.locate()
        var used = Set<Int>()
        let sources = try catalog.units.map { try Self.source(of: $0, catalog, used: &used) }
        #expect(used == Set(catalog.deviations.indices), "deviations that apply nowhere: \(Set(catalog.deviations.indices).subtracting(used).map { catalog.deviations[$0].find })")
        let results = try await checker.typecheck(sources)
        for (index, errors) in results.enumerated() {
            let unit = catalog.units[index]
            #expect(errors.isEmpty, "\(unit.guide) blocks \(unit.blocks):\n\(errors.joined(separator: "\n"))\n\(sources[index])")
        }
    }

    /// Each deviation is needed: the unit it applies to does not compile without it.
    @Test(.enabled(if: guides != nil, "../shared/seeds is absent: the guides' Swift blocks were NOT compiled"))
    func everyDeviationIsNeeded() async throws {
        let catalog = try Self.catalog()
        let checker = try SwiftTypeChecker.locate()
        var cases: [(deviation: Int, source: String)] = []
        for index in catalog.deviations.indices {
            for unit in catalog.units {
                var used = Set<Int>()
                let source = try Self.source(of: unit, catalog, skipping: index, used: &used)
                if used.contains(index) { cases.append((index, source)) }
            }
        }
        // Every deviation is tried (none is skipped by applying nowhere), so the test cannot pass empty.
        #expect(Set(cases.map(\.deviation)) == Set(catalog.deviations.indices))
        let results = try await checker.typecheck(cases.map(\.source))
        for (number, errors) in results.enumerated() {
            let deviation = catalog.deviations[cases[number].deviation]
            #expect(!errors.isEmpty, "deviation \(deviation.id) (`\(deviation.find)`) is not needed: the sample compiles without it")
        }
    }

    /// `docs/guides.md` (linked from the README) lists every deviation with the guide's text, so an
    /// integrator sees the change.
    @Test func theReadmeListsEveryDeviation() throws {
        let catalog = try Self.catalog()
        let readme = try String(contentsOf: Self.packageRoot.appending(path: "README.md"), encoding: .utf8)
        #expect(readme.contains("(docs/guides.md)"), "the README links docs/guides.md")
        let guides = try String(contentsOf: Self.packageRoot.appending(path: "docs/guides.md"), encoding: .utf8)
        guard let start = guides.range(of: "# The guides' code") else {
            Issue.record("docs/guides.md has no \"The guides' code\" section")
            return
        }
        let section = String(guides[start.upperBound...])
        #expect(section.contains("Tests/GuideText/guide-code.json"))
        for deviation in catalog.deviations {
            let guideText = deviation.find.trimmingCharacters(in: .newlines).components(separatedBy: "\n")[0]
            #expect(section.contains("`\(guideText)") , "docs/guides.md does not list deviation \(deviation.id): `\(guideText)`")
            #expect(section.contains("\(deviation.id). "), "docs/guides.md has no item \(deviation.id)")
        }
    }
}

/// `swiftc -typecheck` in Swift 6 against the modules of the build that holds the running tests.
struct SwiftTypeChecker: Sendable {
    let swiftc: URL
    let modules: URL

    struct Missing: Error, CustomStringConvertible { var description: String }

    static func locate() throws -> SwiftTypeChecker {
        let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        guard
            let swiftc = searchPath.map({ URL(fileURLWithPath: $0).appending(path: "swiftc") })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else {
            throw Missing(description: "no swiftc on PATH")
        }
        var starts = [Bundle.main.bundleURL, GuideCodeCompileTests.packageRoot.appending(path: ".build/debug")]
        if let argument = CommandLine.arguments.first { starts.insert(URL(fileURLWithPath: argument).deletingLastPathComponent(), at: 0) }
        for start in starts {
            var directory = start
            for _ in 0..<4 {
                let modules = directory.appending(path: "Modules")
                if FileManager.default.fileExists(atPath: modules.appending(path: "PayPalPayments.swiftmodule").path) {
                    return SwiftTypeChecker(swiftc: swiftc, modules: modules)
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw Missing(description: "the package's Modules folder was not found next to the test bundle")
    }

    /// Type-checks each source on its own; the `error:` lines of each, empty when it compiles.
    func typecheck(_ sources: [String]) async throws -> [[String]] {
        let folder = FileManager.default.temporaryDirectory.appending(path: "guide-code-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        for (index, source) in sources.enumerated() {
            let file = folder.appending(path: "Sample\(index).swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        return try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            var results = Array(repeating: [String](), count: files.count)
            var next = 0
            func add() {
                guard next < files.count else { return }
                let index = next, file = files[index]
                next += 1
                group.addTask { (index, try self.errors(of: file)) }
            }
            for _ in 0..<2 { add() }
            while let (index, errors) = try await group.next() {
                results[index] = errors
                add()
            }
            return results
        }
    }

    private func errors(of file: URL) throws -> [String] {
        let process = Process()
        process.executableURL = swiftc
        process.arguments = ["-typecheck", "-swift-version", "6", "-suppress-warnings", "-I", modules.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { $0.contains("error:") }
        return process.terminationStatus == 0 ? [] : (lines.isEmpty ? ["swiftc exited with \(process.terminationStatus)"] : lines)
    }
}
