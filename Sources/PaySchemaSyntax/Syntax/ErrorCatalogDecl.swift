import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// An error catalog.
package struct ErrorCatalogDecl: Sendable {
    /// The Swift type name.
    package var name: Located<String>
    /// The error domain.
    package var domain: Located<String>
    /// The type of the codes.
    package var codeType: EnumDecl.RawType
    /// The language messages fall back to.
    package var defaultLanguage: String
    /// Documentation.
    package var doc: String?
    /// Codes in declaration order.
    package var codes: [ErrorCodeDecl]
    /// Where `codes` was written.
    package var codesLocation: SourceLocation
}

/// One error code.
package struct ErrorCodeDecl: Sendable {
    /// The provider's code.
    package var code: Located<RawValue>
    /// The Swift case name.
    package var name: Located<String>
    /// Messages by language code.
    package var messages: [(language: String, text: String)]
    /// A domain that overrides the catalog's.
    package var domain: String?
    /// Documentation.
    package var doc: String?
    /// Deprecation and renames.
    package var lifecycle: Lifecycle
    /// Where the code's declaration starts.
    package var location: SourceLocation
}
