import CLITestSupport
import Foundation
import Testing

@testable import PaySchemaCore

/// Every open enum, every enum with aliases and a closed one of more cases than
/// `SwiftEmitter.largestSwitchedEnum` read their wire values from a table instead of a `switch`
/// (which costs the compiler far more than its size: PayPal's 1,277 shipment carriers, Mollie's 166
/// enums); a small closed enum without aliases keeps the `init?(rawValue:)` Swift synthesizes.
/// Compiled by the Swift compiler into a program and run: every value, an alias and an unlisted
/// value are read as the `switch` read them, closed and open, small and large, Int and String.
@Suite("Enum tables, compiled and run")
struct EnumTableProofTests {
    static let size = 130

    static var schema: String {
        let values = (0..<size).map { "v\($0)" }
        let closed = values.enumerated().map { index, value in
            index == 7 ? "      \(value): { value: \(value), aliases: [legacy7] }" : "      \(value): {}"
        }
        let numbers = (0..<size).map { "      n\($0): \($0 * 10)" }
        return """
            types:
              Big:
                kind: enum
                cases:
            \(closed.joined(separator: "\n"))
              BigOpen:
                kind: enum
                open: true
                cases:
            \(closed.joined(separator: "\n"))
              BigNumber:
                kind: enum
                rawType: Int
                cases:
            \(numbers.joined(separator: "\n"))
              Small:
                kind: enum
                cases:
                  a: {}
                  b: {}
              SmallAliased:
                kind: enum
                cases:
                  a: { value: a, aliases: [A, legacyA] }
                  b: {}
              SmallOpen:
                kind: enum
                open: true
                cases:
                  a: { value: a, aliases: [A] }
                  b: {}
              Holder:
                kind: struct
                fields:
                  big: Big
                  open: BigOpen
                  number: BigNumber
                  small: Small
                  aliased: SmallAliased
                  smallOpen: SmallOpen
            """
    }

    static let program = """
        import Foundation
        @_spi(Generated) import PaymentSchemasRuntime

        var out: [String] = []
        out.append("\\(Big(rawValue: "v0") == .v0) \\(Big(rawValue: "v129") == .v129) \\(Big(rawValue: "legacy7") == .v7) \\(Big(rawValue: "nope") == nil)")
        out.append("\\(Big.allCases.allSatisfy { Big(rawValue: $0.rawValue) == $0 }) \\(Big.v7.rawValue)")
        out.append("\\(BigOpen(rawValue: "v64") == .v64) \\(BigOpen(rawValue: "legacy7") == .v7) \\(BigOpen(rawValue: "new").rawValue) \\(BigOpen(rawValue: "new").isKnown)")
        out.append("\\(BigOpen.allCases.allSatisfy { BigOpen(rawValue: $0.rawValue) == $0 })")
        out.append("\\(BigNumber(rawValue: 1290) == .n129) \\(BigNumber(rawValue: 5) == nil) \\(BigNumber.allCases.allSatisfy { BigNumber(rawValue: $0.rawValue) == $0 })")
        out.append("\\(Small(rawValue: "b") == .b) \\(Small(rawValue: "B") == nil) \\(SmallAliased(rawValue: "legacyA") == .a) \\(SmallAliased(rawValue: "A")?.rawValue ?? "nil") \\(SmallAliased(rawValue: "c") == nil)")
        out.append("\\(SmallOpen(rawValue: "A") == .a) \\(SmallOpen(rawValue: "b") == .b) \\(SmallOpen(rawValue: "c").rawValue) \\(SmallOpen(rawValue: "c").isKnown)")
        let holder = try PayWire.readJSON(
            Holder.self, from: Data(#"{"big":"legacy7","open":"brand-new","number":640,"small":"a","aliased":"A","smallOpen":"legacy"}"#.utf8))
        out.append("\\(holder.big == .v7) \\(holder.open.rawValue) \\(holder.number == .n64) \\(holder.aliased == .a) \\(holder.smallOpen.rawValue)")
        do {
            _ = try PayWire.readJSON(Holder.self, from: Data(#"{"big":"v130","open":"v1","number":640,"small":"a","aliased":"a","smallOpen":"a"}"#.utf8))
            out.append("accepted")
        } catch {
            out.append("refused")
        }
        print(out.joined(separator: "\\n"))
        """

    @Test func tablesReadValuesAsASwitchWould() throws {
        let generated = try GeneratedProgram(module: "Large", schemas: [("Large.yaml", Self.schema)], prefix: "enum-table")
        defer { generated.remove() }
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics.prefix(5))")
        let text = try generated.text()
        // No switch over the wire values: one table per enum but the small closed one without aliases.
        #expect(text.components(separatedBy: "private static let casesByRawValue").count - 1 == 5)
        #expect(!text.contains("case \"v129\":") && !text.contains("case 1290:") && !text.contains("case \"legacyA\""))
        let (toolchain, executable, compilation) = try generated.compile(Self.program)
        try #require(compilation.succeeded, "the enums do not compile: \(compilation.errors.prefix(10))")
        let answers = try toolchain.converse(executable, [])
        #expect(
            answers == [
                "true true true true", "true v7", "true true new false", "true", "true true true", "true true true a true",
                "true true c false", "true brand-new true true legacy", "refused",
            ], "\(answers)")
    }
}
