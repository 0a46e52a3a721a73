import PaySchemaLanguage
@_spi(Generated) import PaymentSchemasVocabulary

/// A struct field as the emitter and the exporter read it: its Swift name, resolved type, typed
/// default, checked constraints and its name in each wire format, all settled by the checker, which
/// copies what the author wrote into it (no parsed declaration leaves the checker).
///
/// Immutable and shared: a struct's fields, its `requireAnyOf` groups and a union's discriminator
/// refer to the same instances.
@usableFromInline package final class ResolvedField: Sendable {
    /// The Swift name.
    @usableFromInline package let name: String
    /// Where the schema writes the field's name.
    package let location: SourceLocation
    /// Where the schema writes the field's type.
    package let typeLocation: SourceLocation
    /// Documentation.
    package let doc: String?
    /// Whether the field must be present.
    @usableFromInline package let required: Bool
    /// The default as written in the schema (enum cases by wire value), for exported schemas.
    package let defaultLiteral: DefaultValue?
    /// The constraints on the value (on each element of a collection, item counts aside).
    package let constraints: ResolvedConstraints
    /// Further names accepted when decoding.
    package let aliases: [String]
    /// How a list is written in a URL query.
    package let queryStyle: QueryListStyle
    /// The JSON name the schema gives, if any.
    @usableFromInline let jsonNameOverride: String?
    /// The XML name the schema gives, if any.
    @usableFromInline let xmlNameOverride: String?
    /// The query name (or, for a map, the key pattern) the schema gives, if any.
    @usableFromInline let queryNameOverride: String?
    /// Whether the value is a secret.
    package let sensitive: Bool
    /// Deprecation and former names.
    package let lifecycle: ResolvedLifecycle
    /// The date format the schema names, if any.
    @usableFromInline let dateFormatOverride: String?
    /// The time zone of the date format, when the schema names one.
    package let timeZone: String?
    /// Whether `null` is accepted on the wire.
    @usableFromInline package let isNullable: Bool
    /// Whether a list's elements may be `null`.
    package let nullableElements: Bool
    /// The JSON forms a decimal accepts, when the schema lists them.
    package let jsonForms: [PayJSONForm]?
    /// Whether a URL may be relative.
    package let allowsRelativeURL: Bool
    /// How the struct names fields on the wire when a field does not name itself.
    @usableFromInline let keyStyle: KeyStyle
    /// The type, resolved.
    package let type: ResolvedType
    /// The default, typed (enum cases by Swift name); `nil` when it has none.
    @usableFromInline package let defaultValue: ResolvedValue?
    /// Whether the field's value carries a check (its own constraints or its type's).
    package let needsValidation: Bool

    /// What the author wrote for a field, as the checker hands it over.
    package struct Written: Sendable {
        /// The Swift name.
        package var name: String
        /// Where the name is written.
        package var location: SourceLocation
        /// Where the type is written.
        package var typeLocation: SourceLocation
        /// Documentation.
        package var doc: String?
        /// Whether the field must be present.
        package var required: Bool
        /// The default as written.
        package var defaultLiteral: DefaultValue?
        /// The constraints, checked.
        package var constraints: ResolvedConstraints
        /// Further names accepted when decoding.
        package var aliases: [String]
        /// How a list is written in a URL query.
        package var queryStyle: QueryListStyle
        /// The JSON, XML and query names the schema gives, if any.
        package var jsonName: String?, xmlName: String?, queryName: String?
        /// Whether the value is a secret.
        package var sensitive: Bool
        /// Deprecation and former names.
        package var lifecycle: ResolvedLifecycle
        /// The date format and its time zone, when the schema names them.
        package var dateFormat: String?, timeZone: String?
        /// Whether `null` is accepted, and whether a list's elements may be `null`.
        package var isNullable: Bool, nullableElements: Bool
        /// The JSON forms a decimal accepts, when the schema lists them.
        package var jsonForms: [PayJSONForm]?
        /// Whether a URL may be relative.
        package var allowsRelativeURL: Bool

        /// Creates the values (the checker does, from the parsed field).
        package init(
            name: String, location: SourceLocation, typeLocation: SourceLocation, doc: String?, required: Bool,
            defaultLiteral: DefaultValue?, constraints: ResolvedConstraints, aliases: [String], queryStyle: QueryListStyle,
            jsonName: String?, xmlName: String?, queryName: String?, sensitive: Bool, lifecycle: ResolvedLifecycle, dateFormat: String?,
            timeZone: String?, isNullable: Bool, nullableElements: Bool, jsonForms: [PayJSONForm]?, allowsRelativeURL: Bool
        ) {
            self.name = name
            self.location = location
            self.typeLocation = typeLocation
            self.doc = doc
            self.required = required
            self.defaultLiteral = defaultLiteral
            self.constraints = constraints
            self.aliases = aliases
            self.queryStyle = queryStyle
            self.jsonName = jsonName
            self.xmlName = xmlName
            self.queryName = queryName
            self.sensitive = sensitive
            self.lifecycle = lifecycle
            self.dateFormat = dateFormat
            self.timeZone = timeZone
            self.isNullable = isNullable
            self.nullableElements = nullableElements
            self.jsonForms = jsonForms
            self.allowsRelativeURL = allowsRelativeURL
        }
    }

    /// A field the checker resolved: `written` is what the author wrote, `keyStyle` the struct's.
    package init(_ written: consuming Written, keyStyle: KeyStyle, type: ResolvedType, defaultValue: ResolvedValue?) {
        name = written.name
        location = written.location
        typeLocation = written.typeLocation
        doc = written.doc
        required = written.required
        defaultLiteral = written.defaultLiteral
        constraints = written.constraints
        aliases = written.aliases
        queryStyle = written.queryStyle
        jsonNameOverride = written.jsonName
        xmlNameOverride = written.xmlName
        queryNameOverride = written.queryName
        sensitive = written.sensitive
        lifecycle = written.lifecycle
        dateFormatOverride = written.dateFormat
        timeZone = written.timeZone
        isNullable = written.isNullable
        nullableElements = written.nullableElements
        jsonForms = written.jsonForms
        allowsRelativeURL = written.allowsRelativeURL
        self.keyStyle = keyStyle
        self.type = type
        self.defaultValue = defaultValue
        needsValidation = !written.constraints.isEmpty || type.holdsValidatedValues
    }

    /// For a map in a URL query, the item names of its entries: `{key}` stands for the key
    /// (`{key}` itself when the schema names no pattern).
    @inlinable package var queryKeyPattern: String { queryNameOverride ?? "{key}" }
    /// The text before and after `{key}` in ``queryKeyPattern`` (the whole pattern and nothing
    /// when it has no `{key}`).
    package var queryKeyAffixes: (prefix: String, suffix: String) {
        let pattern = queryKeyPattern
        guard let range = pattern.range(of: "{key}") else { return (pattern, "") }
        return (String(pattern[..<range.lowerBound]), String(pattern[range.upperBound...]))
    }
    /// The date format (`iso8601` when the schema names none).
    @inlinable package var dateFormat: String { dateFormatOverride ?? "iso8601" }

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
            swiftName: name, json: jsonNameOverride, xml: xmlNameOverride, query: queryNameOverride,
            in: format)
    }
}
