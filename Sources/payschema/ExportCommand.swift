import ArgumentParser
import Foundation
import PaySchemaCore

/// `payschema export`: OpenAPI 3.1 and JSON Schema documents of the schemas.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the schemas as OpenAPI 3.1 or JSON Schema, for the OpenAPI and JSON Schema tool world.",
        subcommands: [OpenAPIExport.self, JSONSchemaExport.self]
    )

    static func load(_ schemas: String, modules: [String]) throws -> [ResolvedModule] {
        let output: GeneratorPipeline.Output
        do {
            output = try GeneratorPipeline(schemasRoot: URL(fileURLWithPath: schemas), diagnosticRoot: schemas).run(
                modules: modules, emit: false)
        } catch let error as PipelineError {
            throw UsageError(description: error.description).report()
        }
        if output.hasErrors {
            output.diagnostics.forEach { Console.error($0.description) }
            throw ExitCode(1)
        }
        return output.modules.sorted { $0.key < $1.key }.map(\.value)
    }

    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if (try? String(contentsOf: url, encoding: .utf8)) != text { try Data(text.utf8).write(to: url, options: .atomic) }
    }
}

/// `payschema export openapi`.
struct OpenAPIExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi", abstract: "One OpenAPI 3.1 document (JSON): components for every type, paths for every operation.")

    @Option(help: "The schemas folder.")
    var schemas: String = "Schemas"

    @Option(name: .customLong("module"), help: "Only these modules (repeatable; several are prefixed Module_Type).")
    var modules: [String] = []

    @Option(help: "The output file (default: standard output).")
    var output: String?

    @Option(help: "The sandbox's base URL in the document's servers (`payflow serve`'s address).")
    var sandboxURL: String = "http://127.0.0.1:8080"

    func validate() throws {
        guard let url = URL(string: sandboxURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil, !sandboxURL.hasSuffix("/")
        else {
            throw ValidationError("--sandbox-url must be an absolute http(s) URL without a trailing '/', such as http://127.0.0.1:8080")
        }
    }

    func run() throws {
        let modules = try ExportCommand.load(schemas, modules: self.modules)
        try ExportCommand.write(SchemaExport.openAPI(modules, sandboxURL: sandboxURL).serialized(), to: output)
    }
}

/// `payschema export jsonschema`.
struct JSONSchemaExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonschema",
        abstract: "A JSON Schema per type (<output>/<Module>/<Type>.schema.json) and the schema language's own JSON Schema."
    )

    @Option(help: "The schemas folder.")
    var schemas: String = "Schemas"

    @Option(name: .customLong("module"), help: "Only these modules (repeatable).")
    var modules: [String] = []

    @Option(help: "Where the per-type schemas go.")
    var output: String = "JSONSchema"

    @Option(name: .customLong("language-schema"), help: "Where the schema language's JSON Schema goes.")
    var languageSchema: String = "Schemas/payschema.schema.json"

    func run() throws {
        let modules = try ExportCommand.load(schemas, modules: self.modules)
        var count = 0
        for module in modules {
            for (name, document) in SchemaExport.jsonSchemas(module) {
                try ExportCommand.write(document.serialized(), to: "\(output)/\(module.name)/\(name)")
                count += 1
            }
        }
        try ExportCommand.write(LanguageSchema.document().serialized(), to: languageSchema)
        Console.error("payschema: \(count) type schemas in \(output)/, the language schema in \(languageSchema)")
    }
}
