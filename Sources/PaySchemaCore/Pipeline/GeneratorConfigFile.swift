import Foundation
import PaySchemaChecker
import PaySchemaDiff
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSwift
import PaySchemaSyntax
import PaySchemaUpstream
import PaySchemaYAML

/// Reading `payschema-config.yaml`: the configuration file is checked like a schema.
extension GeneratorConfig {
    /// The configuration in `directory` (a module's schemas folder): the standard one when there
    /// is no file, `nil` with located errors when the file is wrong.
    package static func load(in directory: URL, diagnosticPath: String, diagnostics: inout Diagnostics) -> GeneratorConfig? {
        let url = directory.appending(path: fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return .standard }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            diagnostics.error("cannot read the file", at: SourceLocation(file: diagnosticPath, line: 1, column: 1))
            return nil
        }
        return parse(data, diagnosticPath: diagnosticPath, diagnostics: &diagnostics)
    }

    /// Parses a configuration file's bytes, reporting every problem at its place.
    package static func parse(_ data: Data, diagnosticPath: String, diagnostics: inout Diagnostics) -> GeneratorConfig? {
        let before = diagnostics.all.count
        let loaded = YAMLLoader.load(bytes: [UInt8](data), file: diagnosticPath)
        diagnostics.append(contentsOf: loaded.diagnostics)
        guard let root = loaded.root, !loaded.stoppedAtSyntaxError else {
            // An empty file configures nothing: the defaults.
            return loaded.diagnostics.isEmpty ? .standard : nil
        }
        guard let reader = MappingReader(root, what: "the configuration", diagnostics: &diagnostics) else { return nil }
        reader.rejectUnknownKeys(["accessModifier", "generate", "naming"], in: "the configuration", diagnostics: &diagnostics)
        var config = GeneratorConfig()
        if let access = reader.string("accessModifier", diagnostics: &diagnostics) {
            if let modifier = AccessModifier(rawValue: access.value) {
                config.accessModifier = modifier
            } else {
                diagnostics.error(
                    "unknown access modifier '\(access.value)' (use public, package or internal)\(Suggestions.hint(for: access.value, in: AccessModifier.allCases.map(\.rawValue)))",
                    at: access.location)
            }
        }
        if let node = reader["generate"] {
            if node.sequence == nil {
                diagnostics.error("'generate' must be a list of parts, found \(node.kindDescription)", at: node.location)
            } else {
                var parts = Set<Part>()
                for item in reader.strings("generate", diagnostics: &diagnostics) {
                    guard let part = Part(rawValue: item.value) else {
                        let names = Part.allCases.map(\.rawValue)
                        diagnostics.error(
                            "unknown part '\(item.value)' (the parts are \(names.joined(separator: ", ")))\(Suggestions.hint(for: item.value, in: names))",
                            at: item.location)
                        continue
                    }
                    if !parts.insert(part).inserted { diagnostics.error("'\(item.value)' is listed twice", at: item.location) }
                }
                if !parts.contains(.models) {
                    diagnostics.error("'generate' must include models: every other part is built on the types", at: node.location)
                }
                config.parts = parts
            }
        }
        if let naming = reader["naming"], let names = MappingReader(naming, what: "'naming'", diagnostics: &diagnostics) {
            names.rejectUnknownKeys(["registry"], in: "'naming'", diagnostics: &diagnostics)
            if let registry = names.string("registry", diagnostics: &diagnostics) {
                if Naming.isIdentifier(registry.value) {
                    config.registryName = registry.value
                    config.registryLocation = registry.location
                } else {
                    diagnostics.error("'\(registry.value)' is not a Swift type name", at: registry.location)
                }
            }
        }
        return diagnostics.all.count > before && diagnostics.hasErrors ? nil : config
    }
}
