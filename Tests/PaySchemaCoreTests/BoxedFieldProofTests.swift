import CLITestSupport
import Foundation
import Testing

@testable import PaySchemaCore

/// An optional field whose struct would make its holder carry hundreds of bytes is stored boxed
/// (`@PayBoxed`): the holder shrinks to a reference per such field, and nothing else changes.
/// Compiled with the Swift compiler into a program and run: the property reads, writes and
/// compares as a plain optional; decoding, `null` kept, unknown members, every problem with its
/// path, validation inside the box, copies that never share a change, hashing, and descriptions
/// that show the value and still redact its secret.
@Suite("Boxed fields, compiled and run")
struct BoxedFieldProofTests {
    static let schema: String = {
        let strings = (0..<20).map { "      f\($0): String?" }.joined(separator: "\n")
        return """
            types:
              Big:
                kind: struct
                fields:
                  code: { type: String, pattern: "[A-Z]+" }
                  secret: { type: String, sensitive: true }
            \(strings)
              Small:
                kind: struct
                fields:
                  name: { type: String, required: true }
              Holder:
                kind: struct
                fields:
                  big: Big?
                  nullableBig: { type: Big, nullable: true }
                  mandatoryBig: { type: Big, required: true }
                  small: Small?
            """
    }()

    static let program = #"""
        import Foundation
        @_spi(Generated) import PaymentSchemasRuntime

        var out: [String] = []
        out.append("\(MemoryLayout<Big>.size > 256) \(MemoryLayout<Holder>.size < MemoryLayout<Big>.size * 2)")
        let json = #"{"big":{"f0":"a","code":"AB","secret":"s3cr3t"},"nullableBig":null,"mandatoryBig":{},"small":{"name":"n"},"extra":1}"#
        var holder = try PayWire.readJSON(Holder.self, from: Data(json.utf8))
        out.append("\(holder.big?.f0 ?? "-") \(holder.big?.code ?? "-") \(holder.nullableBig == nil) \(holder.small?.name ?? "-")")
        let written = try PayWire.encodeJSONText(holder)
        out.append("\(written.contains(#""nullableBig":null"#)) \(written.contains(#""extra":1"#)) \(try PayWire.readJSON(Holder.self, from: Data(written.utf8)) == holder)")
        let copy = holder
        holder.big?.code = "CD"
        out.append("\(copy.big?.code ?? "-") \(holder.big?.code ?? "-") \(copy == holder) \(Set([copy, holder, copy]).count)")
        holder.big?.code = "AB"
        out.append("\(copy == holder) \(copy.hashValue == holder.hashValue)")
        holder.big = nil
        out.append("\(holder.big == nil) \(copy.big != nil) \(copy == holder)")
        do {
            _ = try PayWire.readJSON(Holder.self, from: Data(#"{"big":{"code":"ab","f1":5},"mandatoryBig":{"code":"x"}}"#.utf8))
            out.append("accepted")
        } catch let error as PayloadDecodingError {
            out.append((error.issues.map { "\($0.path)" } + error.violations.map { "\($0.path) \($0.rule)" }).joined(separator: ","))
        }
        var dumped = ""
        dump(copy, to: &dumped)
        let text = String(describing: copy) + String(reflecting: copy) + dumped
        out.append("\(text.contains("AB")) \(text.contains("s3cr3t"))")
        print(out.joined(separator: "\n"))
        """#

    @Test func aLargeOptionalFieldIsBoxedAndBehavesAsAPlainOptional() throws {
        let generated = try GeneratedProgram(module: "Boxed", schemas: [("Boxed.yaml", Self.schema)], prefix: "boxed-field")
        defer { generated.remove() }
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics.prefix(5))")
        let text = try generated.text()
        // The two optional `Big` fields; not the mandatory one, not the small struct. (Inline, the
        // three `Big` fields would make `Holder` more than three times `Big`'s size.)
        #expect(text.components(separatedBy: "@PayBoxed public var").count - 1 == 2)
        #expect(text.contains("@PayBoxed public var big: Big?") && text.contains("@PayBoxed public var nullableBig: Big?"))
        #expect(text.contains("public var mandatoryBig: Big\n") && text.contains("public var small: Small?\n"))
        #expect(text.contains("fields.nested(&self._big, \"big\")"))
        let (toolchain, executable, compilation) = try generated.compile(Self.program)
        try #require(compilation.succeeded, "the boxed fields do not compile: \(compilation.errors.prefix(10))")
        let answers = try toolchain.converse(executable, [])
        #expect(
            answers == [
                "true true", "a AB true n", "true true true", "AB CD false 2", "true true", "true true false",
                "big.f1,big.code pattern,mandatoryBig.code pattern", "true false",
            ], "\(answers)")
    }

    /// A holder of `count` optional mid-sized structs (five text fields: about 100 bytes, under
    /// the 256 a field needs to be boxed on its own).
    static func holder(of count: Int) -> String {
        let texts = (0..<5).map { "      t\($0): String?" }.joined(separator: "\n")
        let fields = (0..<count).map { "      m\($0): Mid?" }.joined(separator: "\n")
        return """
            types:
              Mid:
                kind: struct
                fields:
            \(texts)
              Holder:
                kind: struct
                fields:
                  id: { type: String, required: true }
                  tiny: Tiny?
            \(fields)
              Tiny:
                kind: struct
                fields:
                  flag: Bool?
            """
    }

    @Test func aHolderOverAKilobyteBoxesItsMidSizedFields() {
        // Twelve make the holder more than 1,024 bytes: each is boxed; a small struct is not.
        let large = generate(Self.holder(of: 12))
        #expect(large.components(separatedBy: "@PayBoxed public var m").count - 1 == 12, "\(large.prefix(400))")
        #expect(large.contains("public var tiny: Tiny?\n") && large.contains("fields.value(&self._m11, \"m11\")"))
        // Three keep the holder small: nothing is boxed.
        let small = generate(Self.holder(of: 3))
        #expect(!small.contains("@PayBoxed") && small.contains("public var m2: Mid?\n"))
    }

    @Test func theDocumentCountsTheBoxedFieldsOfGenerated() throws {
        let root = packageRoot.appending(path: "Generated")
        var fields = 0
        var files = 0
        let urls = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
        for path in urls {
            let text = try String(contentsOf: root.appending(path: path), encoding: .utf8)
            let count = text.components(separatedBy: "@PayBoxed public var").count - 1
            fields += count
            files += count > 0 ? 1 : 0
        }
        let document = try String(contentsOf: packageRoot.appending(path: "docs/generated-changes.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        #expect(document.contains("In `Generated/`, \(fields) fields in \(files) files"), "\(fields) fields in \(files) files")
    }
}
