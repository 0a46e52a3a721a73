import Foundation
import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// `payschema-config.yaml`: checked like a schema (every problem located), absent means today's
/// output, and what it asks for is what the Swift compiler gets.
@Suite("Generator configuration")
struct GeneratorConfigTests {
    func parse(_ text: String) -> (GeneratorConfig?, [String]) {
        var diagnostics = Diagnostics()
        let config = GeneratorConfig.parse(Data(text.utf8), diagnosticPath: "M/payschema-config.yaml", diagnostics: &diagnostics)
        return (config, diagnostics.sorted.map(\.description))
    }

    @Test func everyProblemIsLocated() {
        let (config, errors) = parse(
            """
            accessModifier: packag
            generate: [validators, operation, validators]
            naming:
              registry: 9Types
              prefix: X
            extra: 1
            """)
        #expect(config == nil)
        #expect(
            errors == [
                "M/payschema-config.yaml:1:17: error: unknown access modifier 'packag' (use public, package or internal); did you mean 'package'?",
                "M/payschema-config.yaml:2:11: error: 'generate' must include models: every other part is built on the types",
                "M/payschema-config.yaml:2:24: error: unknown part 'operation' (the parts are models, validators, errorCatalogs, shims, operations); did you mean 'operations'?",
                "M/payschema-config.yaml:2:35: error: 'validators' is listed twice",
                "M/payschema-config.yaml:4:13: error: '9Types' is not a Swift type name",
                "M/payschema-config.yaml:5:3: error: unknown key 'prefix' in 'naming'",
                "M/payschema-config.yaml:6:1: error: unknown key 'extra' in the configuration",
            ], "\(errors)")
    }

    @Test func absentOrEmptyIsTodaysOutput() {
        #expect(parse("").0 == .standard)
        #expect(parse("accessModifier: public").0 == .standard)
        let config = parse("accessModifier: internal\ngenerate: [models, operations]\nnaming: { registry: Types }").0
        #expect(config?.accessModifier == .internal)
        #expect(config?.parts == [.models, .operations])
        #expect(config?.registryName == "Types")
    }

    /// The pipeline reads the file beside the module's schemas (it is not a schema) and a registry
    /// name taken by a type is an error at the name.
    @Test func thePipelineReadsTheFile() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let module = root.appending(path: "MollieCheckout")
        try FileManager.default.copyItem(at: packageRoot.appending(path: "Schemas/MollieCheckout"), to: module)
        let file = module.appending(path: GeneratorConfig.fileName)
        try "accessModifier: package\ngenerate: [models, validators]\nnaming: { registry: MollieTypes }\n".write(
            to: file, atomically: true, encoding: .utf8)
        let output = try GeneratorPipeline(schemasRoot: root, diagnosticRoot: "Schemas").run()
        #expect(!output.hasErrors, "\(output.diagnostics)")
        let text = try #require(output.files["MollieCheckout"]).map(\.contents).joined()
        #expect(text.contains("\npackage enum MollieTypes: PaySchemaModule {"))
        #expect(text.contains("\npackage struct CreatePaymentRequest: "))
        #expect(!text.contains("\npublic "))
        #expect(!text.contains("PayOperationDescriptor"))
        #expect(!text.contains("PayErrorCatalog"))
        #expect(text.contains("PayValidatable"))

        try "naming: { registry: MolliePayment }\n".write(to: file, atomically: true, encoding: .utf8)
        let clash = try GeneratorPipeline(schemasRoot: root, diagnosticRoot: "Schemas").run()
        #expect(
            clash.diagnostics.map(\.description) == [
                "Schemas/MollieCheckout/payschema-config.yaml:1:21: error: the registry name 'MolliePayment' is already a type of MollieCheckout; choose another"
            ])
        #expect(clash.files.isEmpty)
    }

    /// Each configuration's output compiles as Swift 6 on its own: every part at `internal`, the
    /// Mastercard module without its shims (its legacy APIs call the hand-written SDK class, so
    /// with them it compiles only in the module, as `swift build` proves), and models alone at `package`.
    @Test func configuredOutputCompiles() throws {
        let toolchain = try ProofToolchain.locate()
        let configs: [(String, GeneratorConfig)] = [
            ("MollieCheckout", GeneratorConfig(accessModifier: .internal)),
            ("MCSCommerceWeb", GeneratorConfig(accessModifier: .internal, parts: [.models, .validators, .errorCatalogs, .operations])),
            ("PayPalPayments", GeneratorConfig(accessModifier: .package, parts: [.models], registryName: "PayPalTypes")),
        ]
        for (module, config) in configs {
            let folder = FileManager.default.temporaryDirectory.appending(path: "config-compile-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try GeneratorPipeline(schemasRoot: packageRoot.appending(path: "Schemas")).run(modules: [module], emit: false)
            let checked = try #require(output.modules[module])
            var sources: [URL] = []
            for file in SwiftEmitter.emit(checked, config: config) {
                let url = folder.appending(path: file.name)
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
                sources.append(url)
            }
            let main = folder.appending(path: "main.swift")
            try "print(\(config.registry(for: module)).types.count)\n".write(to: main, atomically: true, encoding: .utf8)
            let build = try toolchain.build(sources + [main], output: folder.appending(path: "program"))
            #expect(build.succeeded, "\(module): \(build.errors.prefix(5))")
        }
    }
}
