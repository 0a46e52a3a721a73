import Foundation
import PaymentSchemasVocabulary
import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

@Suite("libyaml loader")
struct YAMLLoaderTests {
    @Test func everyNodeKeepsLineAndColumn() throws {
        let result = YAMLLoader.load("types:\n  Order:\n    kind: struct\n    list: [a, 'b']\n", file: "f.yaml")
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.root?.mapping)
        #expect(root[0].key.location == SourceLocation(file: "f.yaml", line: 1, column: 1))
        let order = try #require(root[0].value.mapping?[0])
        #expect(order.key.scalar == "Order")
        #expect(order.key.location.line == 2 && order.key.location.column == 3)
        let list = try #require(order.value.mapping?[1].value.sequence)
        #expect(list.map(\.location.column) == [12, 15])
        #expect(list[1].value.isQuoted)
    }

    @Test func aLocationNamesItsFileByThePathItWasGiven() {
        let path = "/a/path/longer/than/a/small/string/Orders.yaml"
        let first = SourceLocation(file: path, line: 3, column: 5)
        let second = SourceLocation(fileName: SourceFileName(String(path)), position: PayTextPosition(line: 3, column: 5))
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(first.file == path && first.description == "\(path):3:5")
        var moved = first
        moved.file = "/b/Other.yaml"
        #expect(moved.file == "/b/Other.yaml" && moved != first && moved.line == 3)
        // Ordered by path first, whatever order the paths were first seen in.
        let later = SourceLocation(file: "/z/first-seen-late.yaml", line: 1, column: 1)
        let earlier = SourceLocation(file: "/a/seen-after.yaml", line: 9, column: 9)
        #expect(earlier < later && !(later < earlier))
        #expect(SourceLocation(file: path, line: 2, column: 9) < first && first < SourceLocation(file: path, line: 3, column: 6))
        // Every node of a loaded file carries the path it was loaded as.
        let result = YAMLLoader.load("a:\n  b: [c]\n", file: path)
        let entry = result.root?.mapping?.first
        #expect(entry?.key.location.file == path && entry?.value.mapping?.first?.value.sequence?.first?.location.file == path)
    }

    @Test func typeExpressionsReadTheSameWithAndWithoutTheShortcuts() throws {
        // A bare name and a list of one are answered without the parser; spaced spellings go
        // through it, and both must agree.
        #expect(try TypeExpression.parse("[String]").get() == .list(.primitive(.string)))
        #expect(try TypeExpression.parse("[ String ]").get() == .list(.primitive(.string)))
        #expect(try TypeExpression.parse("[Card]").get() == .list(.named("Card")))
        #expect(try TypeExpression.parse("[ Card]").get() == .list(.named("Card")))
        #expect(try TypeExpression.parse("[Decimal]").get() == .list(.primitive(.decimal)))
        #expect(try TypeExpression.parse("[String: Price]").get() == .map(.named("Price")))
        #expect(try TypeExpression.parse("[Set<CardType>]").get() == .list(.set(.named("CardType"))))
        #expect(try TypeExpression.parse("[[String]]").get() == .list(.list(.primitive(.string))))
        if case .failure(let error) = TypeExpression.parse("[Set]") {
            #expect(error.message == "expected '<' after Set")
        } else {
            Issue.record("'[Set]' must be refused as the parser refuses it")
        }
        if case .success(let type) = TypeExpression.parse("[]") { Issue.record("'[]' read as \(type)") }
    }

    @Test func theBareConstraintsKeepEveryBoundTheLocatedOnesHold() {
        let at = SourceLocation(file: "f.yaml", line: 1, column: 1)
        var each: [Constraints] = [Constraints()]
        let setters: [(inout Constraints) -> Void] = [
            { $0.minLength = Located(1, at: at) }, { $0.maxLength = Located(2, at: at) }, { $0.pattern = Located("a", at: at) },
            { $0.minimum = Located("0", at: at) }, { $0.maximum = Located("9", at: at) }, { $0.scale = Located(2, at: at) },
            { $0.format = Located("email", at: at) }, { $0.minItems = Located(1, at: at) }, { $0.maxItems = Located(3, at: at) },
            { $0.exclusiveMinimum = true }, { $0.exactScale = true }, { $0.schemes = ["https"] },
        ]
        for set in setters {
            var constraints = Constraints()
            set(&constraints)
            each.append(constraints)
        }
        for (index, constraints) in each.enumerated() {
            let bare = constraints.bare
            #expect(bare.isEmpty == constraints.isEmpty, "\(constraints)")
            #expect(bare.hasValueConstraints == constraints.hasValueConstraints, "\(constraints)")
            // Each setter sets one member: the bare copy differs from no constraints exactly then.
            #expect((bare != ResolvedConstraints()) == (index > 0), "\(constraints) lost a member without its location")
        }
    }

    @Test func aMappingReaderFindsEveryKeyAndOnlyItsKeys() throws {
        // Keys of many lengths (the reader skips lengths no key has), one over 63 bytes.
        let long = String(repeating: "k", count: 70)
        let text = "type: String\nrequired: true\nminLength: 1\nmaxLength: 64\ndoc: A note.\n\(long): x\n"
        let node = try #require(YAMLLoader.load(text, file: "reader.yaml").root)
        var diagnostics = Diagnostics()
        let reader = try #require(MappingReader(node, what: "a field", diagnostics: &diagnostics))
        #expect(reader["type"]?.scalar == "String" && reader["doc"]?.scalar == "A note.")
        #expect(reader["minLength"]?.scalar == "1" && reader["maxLength"]?.scalar == "64")
        #expect(reader[long]?.scalar == "x")
        #expect(reader[String(repeating: "k", count: 69)] == nil && reader[String(repeating: "k", count: 71)] == nil)
        for absent in ["json", "xml", "minimum", "typo", "tyqe", "requires", ""] { #expect(reader[absent] == nil, "\(absent)") }
        #expect(diagnostics.all.isEmpty)
    }

    @Test func syntaxErrorsAreDiagnosticsWithPositions() {
        let result = YAMLLoader.load("a: [1, 2\nb: c\n", file: "bad.yaml")
        #expect(result.root == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].message.hasPrefix("YAML syntax error"))
        #expect(result.diagnostics[0].location.line == 2)
    }

    @Test func duplicateKeysAndExtraDocumentsAreReported() {
        let result = YAMLLoader.load("a: 1\nb: 2\na: 3\n---\nc: 4\n", file: "d.yaml")
        #expect(result.diagnostics.map(\.location.line) == [3, 4])
        #expect(result.diagnostics[0].message == "duplicate key 'a' (first defined at line 1, column 1)")
    }

    @Test func duplicateKeysAreFoundInLargeMappingsToo() {
        // Under 16 keys they are compared in a scan, beyond it through an index.
        for count in [30, 100] {
            let keys = (0..<count).map { "k\($0): \($0)" } + ["k3: again", "k25: again", "k3: thrice", "{ a: 1 }: map", "k29: last"]
            let result = YAMLLoader.load(keys.joined(separator: "\n"), file: "big.yaml")
            #expect(
                result.diagnostics.map(\.message) == [
                    "duplicate key 'k3' (first defined at line 4, column 1)", "duplicate key 'k25' (first defined at line 26, column 1)",
                    "duplicate key 'k3' (first defined at line 4, column 1)", "mapping keys must be scalars, found a mapping",
                    "duplicate key 'k29' (first defined at line 30, column 1)",
                ])
        }
    }

    @Test func nestedCollectionsKeepTheirOwnItems() throws {
        // Open collections share the loader's scratch arrays: each must close with its own items only.
        let text = "a:\n  - { x: 1, y: [1, 2, [3]] }\n  - { x: 2, x: 3 }\n  - []\nb: { c: { d: e }, f: [] }\ng: last\n"
        let result = YAMLLoader.load(text, file: "n.yaml")
        let root = try #require(result.root?.mapping)
        #expect(root.map { $0.key.scalar } == ["a", "b", "g"])
        let list = try #require(root[0].value.sequence)
        #expect(list.count == 3)
        #expect(list[0].mapping?.map { $0.key.scalar } == ["x", "y"])
        let y = try #require(list[0].mapping?[1].value.sequence)
        #expect(y.map(\.scalar) == ["1", "2", nil])
        #expect(y[2].sequence?.map(\.scalar) == ["3"])
        #expect(list[1].mapping?.map { $0.value.scalar } == ["2", "3"])
        #expect(list[2].sequence?.isEmpty == true)
        let b = try #require(root[1].value.mapping)
        #expect(b.map { $0.key.scalar } == ["c", "f"])
        #expect(b[0].value.mapping?.first?.value.scalar == "e")
        #expect(root[2].value.scalar == "last")
        #expect(result.diagnostics.map(\.message) == ["duplicate key 'x' (first defined at line 3, column 7)"])
    }

    @Test func aliasesResolveToTheirAnchors() throws {
        let result = YAMLLoader.load("base: &b { x: 1 }\ncopy: *b\n", file: "a.yaml")
        let copy = try #require(result.root?.mapping?[1].value.mapping)
        #expect(copy[0].key.scalar == "x")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func nullsAndBlockScalars() throws {
        let result = YAMLLoader.load("a: ~\nb:\nc: |\n  line one\n  line two\n", file: "n.yaml")
        let entries = try #require(result.root?.mapping)
        #expect(entries[0].value.isNull && entries[1].value.isNull)
        #expect(entries[2].value.scalar == "line one\nline two\n")
    }

    @Test func emptyInputHasNoRootAndNoError() {
        let result = YAMLLoader.load("", file: "e.yaml")
        #expect(result.root == nil && result.diagnostics.isEmpty)
        #expect(YAMLLoader.scanEvents(bytes: Array("a: [1, 2]".utf8)) == 11)
    }
}

extension YAMLNode.Value {
    var isQuoted: Bool {
        if case .scalar(_, .quoted) = self { return true }
        return false
    }
}

@Suite("Schema file encoding")
struct SchemaFileEncodingTests {
    @Test func invalidUTF8IsReportedAtTheFirstBadByte() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "payschema-utf8-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Line 2, after "types: # é" (é is one character): the lone continuation byte is column 11.
        var bytes = Array("module: X\ntypes: # é".utf8)
        bytes.append(0x80)
        bytes.append(contentsOf: Array("\n".utf8))
        let url = folder.appending(path: "Bad.yaml")
        try Data(bytes).write(to: url)
        var diagnostics = Diagnostics()
        _ = SchemaSource.load(url, diagnosticPath: "X/Bad.yaml", displayPath: "X/Bad.yaml", diagnostics: &diagnostics)
        let only = try #require(diagnostics.all.first)
        #expect(diagnostics.all.count == 1)
        #expect("\(only.location.line):\(only.location.column)" == "2:11")
        #expect(only.message.contains("not UTF-8") && only.message.contains("0x80"))
    }
}

@Suite("Schema loader limits")
struct YAMLLoaderLimitTests {
    static func errors(_ text: String, limits: YAMLLoader.Limits = .standard) -> [String] {
        YAMLLoader.load(text, file: "f.yaml", limits: limits).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    @Test func aliasExpansionIsBounded() {
        // "Billion laughs": each level doubles; ten levels of ten would be 10^10 nodes.
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let found = Self.errors(text)
        #expect(found.count == 1)
        #expect(found.first?.contains("expands to more than 200000 nodes") == true, "\(found)")
    }

    @Test func nestingDepthIsBounded() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(Self.errors(deep) == ["1:65: nesting is deeper than 64 levels"])
    }

    @Test func keysPerMappingAreBounded() {
        let text = (0..<12).map { "k\($0): v" }.joined(separator: "\n")
        var limits = YAMLLoader.Limits.standard
        limits.maxKeysPerMapping = 10
        #expect(Self.errors(text, limits: limits) == ["11:1: a mapping may have at most 10 keys"])
    }

    @Test func fileSizeIsBounded() {
        var limits = YAMLLoader.Limits.standard
        limits.maxBytes = 64
        let found = Self.errors(String(repeating: "# comment\n", count: 10), limits: limits)
        #expect(found == ["1:1: the file has 100 bytes; a schema file may have at most 64"])
    }

    @Test func legitimateAnchorsStillWork() {
        let result = YAMLLoader.load("base: &b { type: String, doc: Shared. }\nfields: { a: *b, c: *b }\n", file: "f.yaml")
        #expect(result.diagnostics.isEmpty)
        #expect(result.root?.mapping?.count == 2)
    }
}
