import CLITestSupport
import Foundation
import Testing

@testable import PaySchemaCore

/// A pattern several types of one file check is compiled once: the first type declares it
/// (`fileprivate`), later types and fields read that constant, a deprecated type keeps its own
/// (naming it elsewhere would warn), and a scalar shares it too. Compiled with the Swift compiler
/// into a program and run: every type still refuses what the pattern refuses, at its own path.
@Suite("Shared patterns, compiled and run")
struct SharedPatternProofTests {
    static let schema = """
        types:
          OldRefund:
            kind: struct
            deprecated: Use Refund.
            fields:
              paymentId: { type: String, pattern: "tr_[a-z]+" }
          Payment:
            kind: struct
            fields:
              id: { type: String, pattern: "tr_[a-z]+" }
              other: { type: String, pattern: "tr_[a-z]+" }
          Refund:
            kind: struct
            fields:
              paymentId: { type: String, required: true, pattern: "tr_[a-z]+" }
              ids: { type: "[String]", pattern: "tr_[a-z]+" }
          LaterRefund:
            kind: struct
            fields:
              paymentId: { type: String, pattern: "tr_[a-z]+" }
          PaymentToken:
            kind: scalar
            base: String
            pattern: "tr_[a-z]+"
        """

    static let program = """
        import Foundation
        @_spi(Generated) import PaymentSchemasRuntime

        func rules(_ value: some PayValidatable) -> String {
            value.violations.map { "\\($0.path) \\($0.rule)" }.joined(separator: ",")
        }
        var out: [String] = []
        out.append(rules(Payment(id: "tr_ok", other: "tr_ok")) + "|" + rules(Payment(id: "x", other: "tr_9")))
        out.append(rules(Refund(paymentId: "tr_ok", ids: ["tr_a", "nope"])))
        out.append(rules(LaterRefund(paymentId: "tr_")) + "|" + rules(PaymentToken("tr_ok")) + "|" + rules(PaymentToken("tr-ok")))
        print(out.joined(separator: "\\n"))
        """

    @Test func aPatternIsCompiledOnceForTheFileAndChecksEveryUse() throws {
        let generated = try GeneratedProgram(module: "Shared", schemas: [("Shared.yaml", Self.schema)], prefix: "shared-pattern")
        defer { generated.remove() }
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics.prefix(5))")
        let text = try generated.text()
        // The deprecated type's own (it comes first, and no other type names it), then Payment's,
        // which every later use reads: two, not six.
        #expect(text.components(separatedBy: "PayPattern(\"tr_[a-z]+\")").count - 1 == 2)
        #expect(text.contains("fileprivate static let idPattern = PayPattern("))
        #expect(text.contains("pattern: Self.idPattern)") && text.contains("pattern: Payment.idPattern)"))
        #expect(!text.contains("OldRefund.paymentIdPattern"))
        let (toolchain, executable, compilation) = try generated.compile(Self.program)
        try #require(compilation.succeeded, "the shared patterns do not compile: \(compilation.errors.prefix(10))")
        let answers = try toolchain.converse(executable, [])
        #expect(answers == ["|id pattern,other pattern", "ids[1] pattern", "paymentId pattern||$ pattern"], "\(answers)")
    }
}
