import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// Deprecation and rename information shared by types, fields and cases.
package struct Lifecycle: Sendable, Hashable {
    /// The deprecation message (empty for a bare `deprecated: true`), `nil` when not deprecated.
    package var deprecated: String?
    /// Earlier names that still compile through a deprecated alias.
    package var renamedFrom: [Located<String>] = []

    /// Not deprecated, never renamed.
    package static let current = Lifecycle()
}

/// A named type.
package struct TypeDecl: Sendable {
    /// The Swift and schema name.
    package var name: Located<String>
    /// Documentation.
    package var doc: String?
    /// Deprecation and renames.
    package var lifecycle: Lifecycle
    /// Who sends values of this type, when declared (`request`, `response`, `both`).
    package var direction: Located<Direction>?
    /// The kind and its details.
    package var kind: Kind
    /// Conversions between this (legacy) type and current types.
    package var conversions: [LegacyConversion] = []
    /// The schema this type models in a provider's official contract, if any.
    package var upstream: UpstreamLink?

    /// The kinds of named type, as the language writes them once (``DeclarationKind``).
    package typealias Kind = DeclarationKind<StructDecl, EnumDecl, UnionDecl, ScalarDecl>
}
