import CLITestSupport
import Foundation
import Testing

/// `payschema-config.yaml` through the real executable: `lint` checks it like a schema (text and
/// JSON), `generate` follows it, and the file is never mistaken for a schema.
@Suite("payschema with a configuration file")
struct ConfigCLITests {
    @Test func lintAndGenerateReadTheConfiguration() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLIRunner.copySchemas(to: directory)
        let config = directory.appending(path: "Schemas/MollieCheckout/payschema-config.yaml")

        try "accessModifier: internl\ngenerate: [models, validatrs]\n".write(to: config, atomically: true, encoding: .utf8)
        let lint = try CLIRunner.run("payschema", ["lint"], in: directory)
        #expect(lint.status == 1)
        #expect(
            lint.stdout.split(separator: "\n").map(String.init) == [
                "Schemas/MollieCheckout/payschema-config.yaml:1:17: error: unknown access modifier 'internl' (use public, package or internal); did you mean 'internal'?",
                "Schemas/MollieCheckout/payschema-config.yaml:2:20: error: unknown part 'validatrs' (the parts are models, validators, errorCatalogs, shims, operations); did you mean 'validators'?",
            ], "\(lint.stdout)")
        let json = try CLIRunner.run("payschema", ["lint", "--format", "json"], in: directory)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(report["errors"] as? Int == 2)
        // Each diagnostic in its flat form, located.
        let first = (report["diagnostics"] as? [[String: Any]])?.first ?? [:]
        #expect(first["file"] as? String == "Schemas/MollieCheckout/payschema-config.yaml" && first["line"] as? Int == 1)
        #expect(first["column"] as? Int == 17 && first["severity"] as? String == "error")
        let generateBad = try CLIRunner.run("payschema", ["generate", "--output", "Out"], in: directory)
        #expect(generateBad.status == 1)
        #expect(
            generateBad.stderr.contains("payschema-config.yaml:1:17: error: ")
                || generateBad.stdout.contains("payschema-config.yaml:1:17: error: "))

        try "accessModifier: internal\ngenerate: [models, validators]\n".write(to: config, atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run("payschema", ["lint", "--strict"], in: directory).status == 0)
        let generate = try CLIRunner.run("payschema", ["generate", "--output", "Out"], in: directory)
        #expect(generate.status == 0, "\(generate.stderr)")
        let registry = try String(
            contentsOf: directory.appending(path: "Out/MollieCheckout/MollieCheckoutSchema.generated.swift"), encoding: .utf8)
        #expect(registry.contains("\nenum MollieCheckoutSchema: PaySchemaModule {"))
        #expect(!registry.contains("operations"))
        // The other modules keep today's output.
        let paypal = try String(
            contentsOf: directory.appending(path: "Out/PayPalPayments/PayPalPaymentsSchema.generated.swift"), encoding: .utf8)
        #expect(paypal.contains("\npublic enum PayPalPaymentsSchema: PaySchemaModule {"))
        #expect(
            !FileManager.default.fileExists(atPath: directory.appending(path: "Out/MollieCheckout/payschema-config.generated.swift").path))
    }
}
