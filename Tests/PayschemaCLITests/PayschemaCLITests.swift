import CLITestSupport
import Foundation
import Testing

@Suite("payschema CLI end to end")
struct PayschemaCLITests {
    @Test func lintIsCleanOnTheBundledSchemas() throws {
        let result = try CLIRunner.run("payschema", ["lint"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(", 0 errors, 0 warnings"))
    }

    @Test func lintPrintsEveryProblemInCompilerFormat() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let module = directory.appending(path: "Schemas/Shop")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        try """
        types:
          Order:
            kind: struct
            fields:
              id: Strng
              total: { type: Decimal, minLength: 2 }
        """.write(to: module.appending(path: "Order.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run("payschema", ["lint", "Schemas"], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                Schemas/Shop/Order.yaml:5:11: error: unknown type 'Strng'; did you mean 'String'?
                Schemas/Shop/Order.yaml:6:42: error: constraint 'minLength' does not fit type 'Decimal': it applies to String values

                """)
        let json = try CLIRunner.run("payschema", ["lint", "--format", "json", "Schemas/Shop/Order.yaml"], in: directory)
        #expect(json.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(report?["errors"] as? Int == 2)
        let first = (report?["diagnostics"] as? [[String: Any]])?.first
        #expect(first?["file"] as? String == "Schemas/Shop/Order.yaml")
        #expect(first?["line"] as? Int == 5)
        #expect(first?["column"] as? Int == 11)
        #expect(first?["severity"] as? String == "error")
    }

    @Test func usageErrorsExitWithTwo() throws {
        #expect(try CLIRunner.run("payschema", ["lint", "no/such/folder"]).status == 2)
        #expect(try CLIRunner.run("payschema", ["lint", "--format", "yaml"]).status == 2)
        #expect(try CLIRunner.run("payschema", ["frobnicate"]).status == 2)
        let unknown = try CLIRunner.run("payschema", ["generate", "--check", "--module", "MolieCheckout"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'MollieCheckout'?"))
        #expect(try CLIRunner.run("payschema", ["--help"]).status == 0)
    }

    @Test func committedGeneratedFolderIsCurrent() throws {
        let result = try CLIRunner.run("payschema", ["generate", "--check"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("is up to date"))
    }

    @Test func generateWritesOnlyChangesAndCheckShowsADiff() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLIRunner.copySchemas(to: directory)
        let first = try CLIRunner.run("payschema", ["generate"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let generated = directory.appending(path: "Generated/MollieCheckout/Settings.generated.swift")
        #expect(FileManager.default.fileExists(atPath: generated.path))
        #expect(try CLIRunner.run("payschema", ["generate", "--check"], in: directory).status == 0)
        let second = try CLIRunner.run("payschema", ["generate"], in: directory)
        #expect(second.stderr.contains(", 0 changed"))

        let schema = directory.appending(path: "Schemas/MollieCheckout/Settings.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
        try text.replacingOccurrences(
            of: "choose: { doc: Let the user choose between the two. }",
            with: "choose: { doc: Let the user choose between the two. }\n      ask: { doc: Ask every time. }"
        )
        .write(to: schema, atomically: true, encoding: .utf8)
        try "stale".write(to: directory.appending(path: "Generated/MollieCheckout/Gone.generated.swift"), atomically: true, encoding: .utf8)
        let check = try CLIRunner.run("payschema", ["generate", "--check"], in: directory)
        #expect(check.status == 1)
        #expect(check.stdout.contains("--- a/Generated/MollieCheckout/Settings.generated.swift"))
        #expect(check.stdout.contains("+    case ask\n") || check.stdout.contains("+    case ask = \"ask\"\n"))
        #expect(check.stdout.contains("+++ /dev/null"))
        #expect(check.stderr.contains("2 generated files are stale"))
        #expect(try CLIRunner.run("payschema", ["generate"], in: directory).status == 0)
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "Generated/MollieCheckout/Gone.generated.swift").path))
        #expect(try CLIRunner.run("payschema", ["generate", "--check"], in: directory).status == 0)
    }

    @Test func generateRefusesBrokenSchemasAndWritesNothing() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLIRunner.copySchemas(to: directory)
        let schema = directory.appending(path: "Schemas/PayPalPayments/Card.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
        try text.replacingOccurrences(of: "format: luhn", with: "format: lunh").write(to: schema, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run("payschema", ["generate", "--module", "PayPalPayments"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Schemas/PayPalPayments/Card.yaml:"))
        #expect(result.stderr.contains("error: unknown format 'lunh'"))
        #expect(result.stderr.contains("did you mean 'luhn'?"))
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "Generated").path))
    }
}
