import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// A discriminated union's declaration.
package struct UnionDecl: Sendable {
    /// The field whose value selects the variant.
    package var discriminator: Located<String>
    /// Variants in declaration order.
    package var variants: [UnionVariantDecl]
    /// Where `variants` was written.
    package var variantsLocation: SourceLocation
}

/// One variant of a union.
package struct UnionVariantDecl: Sendable {
    /// The discriminator value that selects it.
    package var tag: Located<String>
    /// The Swift case name.
    package var caseName: String
    /// The struct type holding the variant's fields.
    package var type: Located<String>
    /// Documentation.
    package var doc: String?
}
