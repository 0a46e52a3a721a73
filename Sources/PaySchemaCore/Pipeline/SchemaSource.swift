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
@_spi(Generated) import PaymentSchemasVocabulary

/// Finds schema files on disk: modules are the folders directly under the schemas root, and a
/// module's schemas are every `.yaml`/`.yml` file below its folder.
package enum SchemaSource {
    /// One module's schema files, sorted by path.
    package struct Module: Sendable, Hashable {
        /// The module's name (its folder's name).
        package var name: String
        /// The module's folder.
        package var directory: URL
        /// Its schema files.
        package var files: [URL]

        /// Creates a module from its files.
        package init(name: String, directory: URL, files: [URL]) {
            self.name = name
            self.directory = directory
            self.files = files
        }
    }

    /// The modules under `root`, sorted by name.
    package static func modules(under root: URL) throws -> [Module] {
        let entries = try FileManager.default.contentsOfDirectory(
            at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        var modules: [Module] = []
        for entry in entries where (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            let files = yamlFiles(under: entry)
            if !files.isEmpty {
                modules.append(Module(name: entry.lastPathComponent, directory: entry, files: files))
            }
        }
        return modules.sorted { $0.name < $1.name }
    }

    /// Every schema file below `directory`, sorted by path (the configuration file,
    /// ``GeneratorConfig/fileName``, is not a schema).
    package static func yamlFiles(under directory: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator
        where (url.pathExtension == "yaml" || url.pathExtension == "yml") && url.lastPathComponent != GeneratorConfig.fileName {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Where the first byte that breaks UTF-8 is (columns in scalars, as libyaml counts them) and
    /// its value, `nil` when the data is valid UTF-8.
    static func firstInvalidUTF8(_ data: Data) -> (position: PayTextPosition, byte: UInt8)? {
        data.withUnsafeBytes { raw -> (PayTextPosition, UInt8)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let offset = PayUTF8.firstInvalidOffset(bytes) else { return nil }
            return (PayTextPosition(offset: offset, in: bytes, columns: .scalars), bytes[offset])
        }
    }

    /// Loads and parses one file. `displayPath` is what generated code records.
    package static func load(_ url: URL, diagnosticPath: String, displayPath: String, diagnostics: inout Diagnostics) -> SchemaFile {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            diagnostics.error("cannot read the file", at: SourceLocation(file: diagnosticPath, line: 1, column: 1))
            return SchemaFile(path: diagnosticPath, displayPath: displayPath, outputName: url.deletingPathExtension().lastPathComponent)
        }
        return load(
            data, diagnosticPath: diagnosticPath, displayPath: displayPath, outputName: url.deletingPathExtension().lastPathComponent,
            diagnostics: &diagnostics)
    }

    /// Loads and parses one file's bytes (what the file-based ``load(_:diagnosticPath:displayPath:diagnostics:)``
    /// reads; the fuzz harnesses call it directly).
    package static func load(
        _ data: Data, diagnosticPath: String, displayPath: String, outputName: String, diagnostics: inout Diagnostics
    ) -> SchemaFile {
        if let (position, byte) = Self.firstInvalidUTF8(data) {
            diagnostics.error(
                "the file is not UTF-8 text: byte 0x\(String(byte, radix: 16, uppercase: true)) does not belong to a valid UTF-8 sequence",
                at: SourceLocation(file: diagnosticPath, position: position))
            return SchemaFile(path: diagnosticPath, displayPath: displayPath, outputName: outputName)
        }
        let loaded = YAMLLoader.load(bytes: [UInt8](data), file: diagnosticPath)
        diagnostics.append(contentsOf: loaded.diagnostics)
        if loaded.stoppedAtSyntaxError {
            return SchemaFile(path: diagnosticPath, displayPath: displayPath, outputName: outputName)
        }
        return SchemaParser.parse(loaded.root, path: diagnosticPath, displayPath: displayPath, diagnostics: &diagnostics)
    }
}
