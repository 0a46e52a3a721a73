import PaySchemaLanguage
import PaySchemaYAML

/// What a module's schema files already declare, for `payschema import openapi --reuse`: the types
/// linked to the imported document (`upstream: <document>#<pointer>`, or its `ref:`), which the import refers
/// to instead of importing their schemas again, and every name the module takes.
package struct ReusedTypes: Sendable {
    /// Type names by the pointer of the schema they link, for the document being imported.
    package var byPointer: [String: String] = [:]
    /// Every type name and operation type name the files declare.
    package var names: Set<String> = []
    /// Problems reading the files (each located).
    package var diagnostics: [Diagnostic] = []

    /// Reads the schema files `files` (path and bytes), keeping links to `documentName`.
    package init(files: [(path: String, bytes: [UInt8])], documentName: String) {
        for file in files {
            let loaded = YAMLLoader.load(bytes: file.bytes, file: file.path)
            diagnostics += loaded.diagnostics.filter { $0.severity == .error }
            for entry in loaded.root?.member("types")?.mapping ?? [] {
                guard let name = entry.key.scalar else { continue }
                names.insert(name)
                // `upstream: <ref>` or `upstream: { ref: <ref>, … }`: the language takes both.
                let upstream = entry.value.member("upstream")
                guard let ref = upstream?.member("ref")?.text ?? upstream?.scalar,
                    let hash = ref.firstIndex(of: "#"), ref[..<hash] == documentName
                else { continue }
                byPointer[String(ref[ref.index(after: hash)...])] = byPointer[String(ref[ref.index(after: hash)...])] ?? name
            }
            for entry in loaded.root?.member("operations")?.mapping ?? [] {
                if let name = entry.key.scalar { names.insert(Naming.operationTypeName(name)) }
            }
        }
    }
}
