import PaySchemaLanguage

/// A module as the stages after the checker read it: every file's declarations with their types,
/// defaults and operations resolved. The checker is the only stage that creates one.
package struct ResolvedModule: Sendable {
    /// The module's name (the folder under `Schemas/`).
    package let name: String
    /// The direction of each type: declared, or inferred from the operations that use it.
    package let directions: [String: Direction]
    /// Every file's resolved declarations, in file path order.
    package let files: [ResolvedFile]

    /// Every declared type of every file, sorted by name.
    package var types: [ResolvedDecl] { files.flatMap(\.types).sorted { $0.name < $1.name } }

    /// A resolved module (the checker's result).
    package init(name: String, directions: [String: Direction], files: [ResolvedFile]) {
        self.name = name
        self.directions = directions
        self.files = files
    }
}
