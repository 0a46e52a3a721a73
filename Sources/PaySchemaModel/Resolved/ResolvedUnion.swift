import PaySchemaLanguage

/// A union's variants, resolved.
package struct ResolvedUnion: Sendable {
    /// The wire field that selects the variant.
    package let discriminator: String
    /// The variants in declaration order.
    package let variants: [ResolvedVariant]
    /// Where the schema writes the discriminator.
    package let discriminatorLocation: SourceLocation

    /// Creates the value from its parts (the checker does).
    package init(discriminator: String, variants: [ResolvedVariant], discriminatorLocation: SourceLocation) {
        self.discriminatorLocation = discriminatorLocation
        self.discriminator = discriminator
        self.variants = variants
    }
}

/// A union variant with its struct resolved.
package struct ResolvedVariant: Sendable {
    /// The discriminator value.
    package let tag: String
    /// The Swift case name.
    package let caseName: String
    /// Documentation.
    package let doc: String?
    /// The variant's struct.
    package let structure: NamedTypeRef
    /// The struct's field that carries the discriminator, when it declares one.
    package let discriminatorField: ResolvedField?
    /// Where the schema writes the tag.
    package let location: SourceLocation

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
