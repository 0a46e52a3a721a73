import PaySchemaLanguage

/// A union's variants, resolved.
public struct ResolvedUnion: Sendable {
    /// The wire field that selects the variant.
    public let discriminator: String
    /// The variants in declaration order.
    public let variants: [ResolvedVariant]
    /// Where the schema writes the discriminator.
    public let discriminatorLocation: SourceLocation

    /// Creates the value from its parts (the checker does).
    package init(discriminator: String, variants: [ResolvedVariant], discriminatorLocation: SourceLocation) {
        self.discriminatorLocation = discriminatorLocation
        self.discriminator = discriminator
        self.variants = variants
    }
}

/// A union variant with its struct resolved.
public struct ResolvedVariant: Sendable {
    /// The discriminator value.
    public let tag: String
    /// The Swift case name.
    public let caseName: String
    /// Documentation.
    public let doc: String?
    /// The variant's struct.
    public let structure: NamedTypeRef
    /// The struct's field that carries the discriminator, when it declares one.
    public let discriminatorField: ResolvedField?
    /// Where the schema writes the tag.
    public let location: SourceLocation

    /// Creates the value from its parts (the checker does).
    package init(
        tag: String, caseName: String, doc: String?, structure: NamedTypeRef, discriminatorField: ResolvedField?, location: SourceLocation
    ) {
        self.location = location
        self.tag = tag
        self.caseName = caseName
        self.doc = doc
        self.structure = structure
        self.discriminatorField = discriminatorField
    }
}
