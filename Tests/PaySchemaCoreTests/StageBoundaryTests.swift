import Foundation
import Testing

/// The stage boundary after the checker: the emitter and the exporter read only the resolved
/// model (`Check/Resolved*.swift`) and the schema language's vocabulary (`Language/`), never a
/// declaration as parsed. A syntax type named in `Emit/` or `Export/` fails here, with the file
/// and line, before it can let the two stages disagree with the checker.
@Suite struct StageBoundaryTests {
    static let core = packageRoot.appending(path: "Sources/PaySchemaCore")

    /// The Swift files directly in `folder` under `Sources/PaySchemaCore`, by name.
    static func sources(_ folder: String) throws -> [(name: String, text: String)] {
        let directory = core.appending(path: folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: directory.appending(path: $0), encoding: .utf8))
        }
    }

    /// Every type name `Syntax/` declares (structs, enums, classes, type aliases, nested ones included).
    static func syntaxTypeNames() throws -> Set<String> {
        let declaration = try NSRegularExpression(pattern: #"\b(?:struct|enum|class|typealias)\s+([A-Z][A-Za-z0-9]*)"#)
        var names = Set<String>()
        for (_, text) in try sources("Syntax") {
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        return names
    }

    @Test func syntaxDeclaresTheTypesThisTestLooksFor() throws {
        // If the scan found nothing, the test below could not fail.
        let names = try Self.syntaxTypeNames()
        for expected in [
            "FieldDecl", "StructDecl", "TypeDecl", "OperationDecl", "SchemaFile", "TypeExpression", "Located", "Constraints", "Lifecycle",
        ] {
            #expect(names.contains(expected), "Syntax/ no longer declares \(expected)")
        }
    }

    @Test(arguments: ["Emit", "Emit/Structured", "Export"])
    func stageNamesNoSyntaxType(folder: String) throws {
        let names = try Self.syntaxTypeNames()
        let word = try NSRegularExpression(pattern: #"\b[A-Z][A-Za-z0-9]*\b"#)
        var found: [String] = []
        for (file, text) in try Self.sources(folder) {
            // Documentation counts too: a doc link to a syntax type is a dependency on it.
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
                for match in word.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    guard let range = Range(match.range, in: line), names.contains(String(line[range])) else { continue }
                    found.append("\(folder)/\(file):\(index + 1): \(line[range])")
                }
            }
        }
        #expect(
            found.isEmpty, "the \(folder) stage reads syntax declarations instead of the resolved model:\n\(found.joined(separator: "\n"))")
    }

    /// Swift syntax is the renderer's: an emitter that writes braces, indentation, documentation
    /// slashes, attributes, access levels, line breaks or escapes as text bypasses the typed layer.
    /// Every string literal in the emitters is scanned for such text.
    @Test func emittersWriteNoSwiftSyntaxAsText() throws {
        let literal = try NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)""#)
        let forbidden = [" {", "{ ", "}", "///", "@available", "@MainActor", "public ", "package ", "private ", #"\n"#, "    "]
        var found: [String] = []
        let emitters = try Self.sources("Emit")
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
}
