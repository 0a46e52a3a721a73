import PaySchemaLanguage
@_spi(Generated) import PaySchemaVocabulary

/// A struct field as the emitter and the exporter read it: its Swift name, resolved type, typed
/// default, checked constraints and its name in each wire format, all settled by the checker.
///
/// Immutable and shared: a struct's fields, its `requireAnyOf` groups and a union's discriminator
/// refer to the same instances. The values the checker did not have to resolve (names, documentation,
/// constraints) are read through ``DeclaredField`` from the parsed field, which the checker makes
/// conform to it, so the resolved model does not hold a second copy of every field (a copy's
/// memory grows with every field of every type). This module does not import the syntax module, so
/// no stage after the checker can name the parsed field itself. Its readers are inlinable: the
/// emitter, in another module, reads them for every field many times.
package final class ResolvedField: Sendable {
    /// The parsed field, read only by the properties below.
    @usableFromInline let declared: any DeclaredField
    /// How the struct names fields on the wire when a field does not name itself.
    @usableFromInline let keyStyle: KeyStyle
    /// The type, resolved.
    package let type: ResolvedType
    /// The default, typed (enum cases by Swift name); `nil` when it has none.
    package let defaultValue: ResolvedValue?
    /// Whether the field's value carries a check (its own constraints or its type's).
    package let needsValidation: Bool
    /// Deprecation and former names (read for every field by several emitters: built once).
    package let lifecycle: ResolvedLifecycle

    /// A field the checker resolved: `declared` is what the author wrote, `keyStyle` the struct's.
    package init(declared: any DeclaredField, keyStyle: KeyStyle, type: ResolvedType, defaultValue: ResolvedValue?) {
        self.declared = declared
        self.keyStyle = keyStyle
        self.type = type
        self.defaultValue = defaultValue
        needsValidation = declared.hasConstraints || type.holdsValidatedValues
        lifecycle = declared.lifecycle
    }

    /// The Swift name.
    @inlinable package var name: String { declared.name }
    /// Where the schema writes the field's name.
    @inlinable package var location: SourceLocation { declared.nameLocation }
    /// Where the schema writes the field's type.
    @inlinable package var typeLocation: SourceLocation { declared.typeLocation }
    /// Documentation.
    @inlinable package var doc: String? { declared.doc }
    /// Whether the field must be present.
    @inlinable package var required: Bool { declared.required }
    /// The default as written in the schema (enum cases by wire value), for exported schemas.
    @inlinable package var defaultLiteral: DefaultValue? { declared.defaultLiteral }
    /// The constraints on the value (on each element of a collection, item counts aside).
    @inlinable package var constraints: ResolvedConstraints { declared.constraints }
    /// Further names accepted when decoding.
    @inlinable package var aliases: [String] { declared.aliases }
    /// How a list is written in a URL query.
    @inlinable package var queryStyle: QueryListStyle { declared.queryStyle }
    /// For a map in a URL query, the item names of its entries: `{key}` stands for the key
    /// (`{key}` itself when the schema names no pattern).
    @inlinable package var queryKeyPattern: String { declared.queryNameOverride ?? "{key}" }
    /// The text before and after `{key}` in ``queryKeyPattern`` (the whole pattern and nothing
    /// when it has no `{key}`).
    package var queryKeyAffixes: (prefix: String, suffix: String) {
        let pattern = queryKeyPattern
        guard let range = pattern.range(of: "{key}") else { return (pattern, "") }
        return (String(pattern[..<range.lowerBound]), String(pattern[range.upperBound...]))
    }
    /// Whether the value is a secret.
    @inlinable package var sensitive: Bool { declared.sensitive }
    /// The date format (`iso8601` when the schema names none).
    @inlinable package var dateFormat: String { declared.dateFormat ?? "iso8601" }
    /// The time zone of the date format, when the schema names one.
    @inlinable package var timeZone: String? { declared.timeZone }
    /// Whether `null` is accepted on the wire.
    @inlinable package var isNullable: Bool { declared.isNullable }
    /// Whether a list's elements may be `null`.
    @inlinable package var nullableElements: Bool { declared.nullableElements }
    /// The JSON forms a decimal accepts, when the schema lists them.
    @inlinable package var jsonForms: [PayJSONForm]? { declared.jsonForms }
    /// Whether a URL may be relative.
    @inlinable package var allowsRelativeURL: Bool { declared.allowsRelativeURL }

    /// Whether the field must be present but may be `null` (`required: true` with `nullable: true`):
    /// optional in Swift, always written (`nil` as `null`), refused when absent.
    @inlinable package var isPresentButNull: Bool { required && isNullable }

    /// Whether the Swift property is optional: not required and without a default, or present but
    /// null.
    @inlinable package var isOptionalInSwift: Bool { (!required && defaultValue == nil) || isPresentButNull }

    /// Whether the decoded value always holds a value (required and never `null`): such fields
    /// are checked for completeness after every field was read.
    @inlinable package var isMandatory: Bool { required && !isNullable }

    /// The name in JSON.
    @inlinable package var jsonName: String { wireName(in: .json) }
    /// The name in XML.
    @inlinable package var xmlName: String { wireName(in: .xml) }
    /// The name in a URL query.
    @inlinable package var queryName: String { wireName(in: .query) }

    /// The name in `format`: the field's own name for the format, its JSON name, or its Swift
    /// name in the struct's key style.
    @inlinable package func wireName(in format: WireFormat) -> String {
        keyStyle.wireName(
            swiftName: declared.name, json: declared.jsonNameOverride, xml: declared.xmlNameOverride, query: declared.queryNameOverride,
            in: format)
    }
}
