/// A module whose schema files passed the checker: every reference resolves, every constraint
/// fits its type. Only ``SchemaChecker`` creates one, so later stages can rely on it.
public struct CheckedModule: Sendable {
    /// The module's name (the folder under `Schemas/`).
    public let name: String
    /// Its files, sorted by path.
    public let files: [SchemaFile]
    /// Every named type by name.
    public let types: [String: TypeDecl]
    /// The direction of each type: declared, or inferred from the operations that use it.
    public let directions: [String: Direction]
    /// Every file's declarations with their types, defaults and operations resolved, in `files`
    /// order: what the emitter consumes.
    public let resolvedFiles: [ResolvedFile]

    /// The declaration of a named type.
    public func type(_ name: String) -> TypeDecl? { types[name] }
}
