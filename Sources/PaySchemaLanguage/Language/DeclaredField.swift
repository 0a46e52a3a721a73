@_spi(Generated) import PaySchemaVocabulary

/// What the schema author wrote for a field, as the resolved field reads it: the values the checker
/// did not have to resolve. The parsed field's storage conforms (in the syntax module), so the
/// resolved model keeps a reference to it rather than a copy, and names no syntax type.
package protocol DeclaredField: AnyObject, Sendable {
    /// The Swift name.
    var name: String { get }
    /// Where the name is written.
    var nameLocation: SourceLocation { get }
    /// Where the type is written.
    var typeLocation: SourceLocation { get }
    /// Documentation.
    var doc: String? { get }
    /// Whether the field must be present.
    var required: Bool { get }
    /// The default as written (enum cases by wire value).
    var defaultLiteral: DefaultValue? { get }
    /// The constraints, checked.
    var constraints: ResolvedConstraints { get }
    /// Whether any constraint is set.
    var hasConstraints: Bool { get }
    /// Further names accepted when decoding.
    var aliases: [String] { get }
    /// How a list is written in a URL query.
    var queryStyle: QueryListStyle { get }
    /// The JSON name the schema gives, if any.
    var jsonNameOverride: String? { get }
    /// The XML name the schema gives, if any.
    var xmlNameOverride: String? { get }
    /// The query name (or, for a map, the key pattern) the schema gives, if any.
    var queryNameOverride: String? { get }
    /// Whether the value is a secret.
    var sensitive: Bool { get }
    /// Deprecation and former names.
    var lifecycle: ResolvedLifecycle { get }
    /// The date format, when the schema names one.
    var dateFormat: String? { get }
    /// The time zone of the date format, when the schema names one.
    var timeZone: String? { get }
    /// Whether `null` is accepted on the wire.
    var isNullable: Bool { get }
    /// Whether a list's elements may be `null`.
    var nullableElements: Bool { get }
    /// The JSON forms a decimal accepts, when the schema lists them.
    var jsonForms: [PayJSONForm]? { get }
    /// Whether a URL may be relative.
    var allowsRelativeURL: Bool { get }
}
