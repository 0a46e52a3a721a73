import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax

/// A module whose schema files passed the checker: every reference resolves, every constraint
/// fits its type. Only ``SchemaChecker`` creates one, so later stages can rely on it.
///
/// The emitter and the exporter take ``resolved`` alone: their modules do not import the syntax
/// module, so they cannot read ``files`` or ``types``.
public struct CheckedModule: Sendable {
    /// What the stages after the checker read.
    public let resolved: ResolvedModule
    /// Its files as parsed, sorted by path (read by the schema diff and the upstream comparison).
    public let files: [SchemaFile]
    /// Every named type by name, as parsed.
    public let types: [String: TypeDecl]

    /// The module's name (the folder under `Schemas/`).
    public var name: String { resolved.name }
    /// The direction of each type: declared, or inferred from the operations that use it.
    public var directions: [String: Direction] { resolved.directions }
    /// Every file's resolved declarations, in `files` order.
    public var resolvedFiles: [ResolvedFile] { resolved.files }

    /// The declaration of a named type.
    public func type(_ name: String) -> TypeDecl? { types[name] }

    init(name: String, files: [SchemaFile], types: [String: TypeDecl], directions: [String: Direction], resolvedFiles: [ResolvedFile]) {
        resolved = ResolvedModule(name: name, directions: directions, files: resolvedFiles)
        self.files = files
        self.types = types
    }
}
