import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// An enum's declaration.
package struct EnumDecl: Sendable {
    /// `String` or `Int`.
    package var rawType: RawType
    /// Whether unknown wire values are kept instead of rejected.
    package var isOpen: Bool
    /// Cases in declaration order.
    package var cases: [EnumCaseDecl]
    /// Where `cases` was written.
    package var casesLocation: SourceLocation

    /// The raw value types.
    package typealias RawType = EnumRawType
}

/// One enum case.
package struct EnumCaseDecl: Sendable {
    /// The Swift case name.
    package var name: Located<String>
    /// The wire value.
    package var value: Located<RawValue>
    /// Other wire values accepted on decode.
    package var aliases: [Located<RawValue>]
    /// Documentation.
    package var doc: String?
    /// Deprecation and renames.
    package var lifecycle: Lifecycle
}
