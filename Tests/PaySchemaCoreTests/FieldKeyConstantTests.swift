import CLITestSupport
import Foundation
import Testing

@testable import PaySchemaCore

/// A field whose key holds what few fields have (another XML or query name, aliases, a decimal
/// rule: the runtime's `PayFieldKey.Overrides`, an allocation) reads it from a constant of its
/// type, built once, instead of building it at each read, write and check. Compiled with the Swift
/// compiler into a program and run: each name and rule still applies in every format.
@Suite("Field key constants, compiled and run")
struct FieldKeyConstantTests {
    static let schema = """
        types:
          Receipt:
            kind: struct
            encodings: [json, xml, query]
            xmlRoot: receipt
            fields:
              reference: { type: String, required: true, xml: Ref, query: ref_id }
              amount: { type: Decimal, required: true, scale: 2, jsonForms: [string, number] }
              note: { type: String, aliases: [memo], nullable: true }
              plain: String?
          Refund:
            kind: struct
            fields:
              amount: { type: Decimal, scale: 2 }
        """

    static let program = #"""
        import Foundation
        @_spi(Generated) import PaymentSchemasRuntime

        var out: [String] = []
        let json = try PayWire.readJSON(Receipt.self, from: Data(#"{"reference":"r1","amount":"10.50","memo":"m","plain":"p"}"#.utf8))
        out.append("\(json.reference) \(json.amount) \(json.note ?? "-") \(json.plain ?? "-")")
        let xml = try Receipt(xml: Data("<receipt><Ref>r2</Ref><amount>3.25</amount></receipt>".utf8))
        out.append("\(xml.reference) \(xml.amount) \(String(decoding: try xml.xmlData(), as: UTF8.self).contains("<Ref>r2</Ref>"))")
        let query = try Receipt(queryItems: [URLQueryItem(name: "ref_id", value: "r3"), URLQueryItem(name: "amount", value: "1.00")])
        out.append("\(query.reference) \(query.amount) \(try query.queryItems().map(\.name).joined(separator: ","))")
        do {
            _ = try PayWire.readJSON(Receipt.self, from: Data(#"{"reference":"r4","amount":"1.234"}"#.utf8))
            out.append("accepted")
        } catch let error as PayloadDecodingError {
            out.append((error.issues.map { "\($0.path)" } + error.violations.map { "\($0.path) \($0.rule)" }).joined(separator: ","))
        }
        let refund = try PayWire.readJSON(Refund.self, from: Data(#"{"amount":2.5}"#.utf8))
        out.append("\(refund.amount.map { "\($0)" } ?? "-")")
        print(out.joined(separator: "\n"))
        """#

    @Test func aKeyWithOverridesIsAConstantOfItsType() throws {
        let generated = try GeneratedProgram(module: "Keys", schemas: [("Keys.yaml", Self.schema)], prefix: "field-key")
        defer { generated.remove() }
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics.prefix(5))")
        let text = try generated.text()
        // Declared once per field that has overrides; read by the field list and the query writer.
        #expect(text.contains(#"private static let referenceKey = PayFieldKey("reference", xml: "Ref", query: "ref_id")"#), "\(text)")
        #expect(text.contains(#"private static let noteKey = PayFieldKey("note", aliases: ["memo"], nullable: true)"#))
        #expect(text.components(separatedBy: "private static let amountKey = PayFieldKey(\"amount\", decimal:").count - 1 == 2)
        #expect(text.contains("fields.text(&self.reference, Self.referenceKey, required: true)"))
        #expect(text.contains("writer.value(self.reference, Self.referenceKey)"))
        // A key with no overrides is built where it is used: nothing to allocate.
        #expect(!text.contains("plainKey") && text.contains(#"fields.text(&self.plain, "plain")"#))
        let (toolchain, executable, compilation) = try generated.compile(Self.program)
        try #require(compilation.succeeded, "the key constants do not compile: \(compilation.errors.prefix(10))")
        let answers = try toolchain.converse(executable, [])
        #expect(
            answers == ["r1 10.5 m p", "r2 3.25 true", "r3 1 ref_id,amount", "amount scale", "2.5"], "\(answers)")
    }

    /// docs/generated-changes.md counts the constants in `Generated/`.
    @Test func theDocumentCountsTheKeyConstantsOfGenerated() throws {
        let root = packageRoot.appending(path: "Generated")
        var constants = 0
        var files = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) where path.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appending(path: path), encoding: .utf8)
            let count = text.components(separatedBy: "Key = PayFieldKey(").count - 1
            constants += count
            files += count > 0 ? 1 : 0
            // No key with overrides is built where it is used.
            for line in text.split(separator: "\n") where line.contains("PayFieldKey(") && !line.contains("static let") {
                #expect(!["xml:", "query:", "aliases:", "decimal:"].contains { line.contains($0) }, "\(path): \(line)")
            }
        }
        let document = try String(contentsOf: packageRoot.appending(path: "docs/generated-changes.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        #expect(document.contains("In `Generated/`, \(constants) constants in \(files) files"), "\(constants) constants in \(files) files")
    }
}
