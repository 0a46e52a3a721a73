import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// Constraints a value must meet, each bound with where the schema writes it (the language's
/// ``SchemaConstraints``; the resolved model keeps them bare).
package typealias Constraints = SchemaConstraints<LocatedBounds>

/// A struct field.
///
/// A value type whose properties live in one shared, copy-on-write box: the stages hand fields to
/// each other and iterate over them many times, and a copy is then one reference count instead of
/// one per string and location the field holds.
package struct FieldDecl: Sendable {
    /// The stored properties, read and written on a field as its own (`field.name`).
    package struct Values: Sendable {
        /// The Swift name.
        package var name: Located<String>
        /// The type.
        package var type: Located<TypeExpression>
        /// Whether the wire must carry it.
        package var required: Bool
        /// Where `required` was written, when it was.
        package var requiredLocation: SourceLocation?
        /// The default used when the wire omits it.
        package var defaultValue: Located<DefaultValue>?
        /// Documentation.
        package var doc: String?
        /// Constraints.
        package var constraints: Constraints
        /// JSON key override.
        package var jsonName: Located<String>?
        /// XML element override.
        package var xmlName: Located<String>?
        /// Query item name override; for maps a pattern containing `{key}`.
        package var queryName: Located<String>?
        /// How a list is written in a query.
        package var queryStyle: QueryListStyle
        /// Older wire spellings accepted on decode.
        package var aliases: [Located<String>]
        /// Whether the value is a secret.
        package var sensitive: Bool
        /// Deprecation and renames.
        package var lifecycle: Lifecycle
        /// The date format, for dates.
        package var dateFormat: Located<String>?
        /// The time zone dates are written in.
        package var timeZone: Located<String>?
        /// Where the field's declaration starts.
        package var location: SourceLocation
        /// Whether an explicit `null` is accepted (as absent); otherwise `null` is a violation.
        package var nullable: Located<Bool>?
        /// The JSON forms a decimal accepts, the first being the one written (`[string, number]`).
        package var jsonForms: Located<[PayJSONForm]>?
        /// Whether a URL field accepts a relative reference.
        package var allowsRelativeURL: Located<Bool>?
        /// Whether list elements may be `null` (`[T?]`).
        package var nullableElements: Bool
    }

    /// The box the properties live in; shared between copies until one of them is changed. It is
    /// `@unchecked Sendable` because a shared box is never written: a write copies it first.
    package final class Box: @unchecked Sendable {
        /// Unchecked: a box is written only through `unique()`, by the one value that owns it.
        @exclusivity(unchecked) package var values: Values
        init(_ values: Values) { self.values = values }
    }

    private var box: Box

    /// The shared box: the checker hands it to the resolved field, which reads the values the
    /// checker did not have to resolve from it instead of copying them.
    package var storage: Box { box }

    /// The box, copied first when another value shares it.
    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.values) }
        return box
    }

    /// Creates a field.
    package init(
        name: Located<String>,
        type: Located<TypeExpression>,
        required: Bool,
        requiredLocation: SourceLocation?,
        defaultValue: Located<DefaultValue>?,
        doc: String?,
        constraints: Constraints,
        jsonName: Located<String>? = nil,
        xmlName: Located<String>? = nil,
        queryName: Located<String>? = nil,
        queryStyle: QueryListStyle = .comma,
        aliases: [Located<String>] = [],
        sensitive: Bool,
        lifecycle: Lifecycle,
        dateFormat: Located<String>? = nil,
        timeZone: Located<String>? = nil,
        location: SourceLocation,
        nullable: Located<Bool>? = nil,
        jsonForms: Located<[PayJSONForm]>? = nil,
        allowsRelativeURL: Located<Bool>? = nil,
        nullableElements: Bool = false
    ) {
        box = Box(
            Values(
                name: name, type: type, required: required, requiredLocation: requiredLocation, defaultValue: defaultValue, doc: doc,
                constraints: constraints, jsonName: jsonName, xmlName: xmlName, queryName: queryName, queryStyle: queryStyle,
                aliases: aliases, sensitive: sensitive, lifecycle: lifecycle, dateFormat: dateFormat, timeZone: timeZone,
                location: location, nullable: nullable, jsonForms: jsonForms, allowsRelativeURL: allowsRelativeURL,
                nullableElements: nullableElements))
    }

    /// A stored property, read from the shared box and written to this field's own copy of it.
    // Each stored property read and written on the field as its own, straight from the box: a
    // key-path member lookup copied all of the field's values on every read.
    /// The Swift name.
    package var name: Located<String> {
        get { box.values.name }
        set { unique().values.name = newValue }
    }

    /// The type.
    package var type: Located<TypeExpression> {
        get { box.values.type }
        set { unique().values.type = newValue }
    }

    /// Whether the wire must carry it.
    package var required: Bool {
        get { box.values.required }
        set { unique().values.required = newValue }
    }

    /// Where `required` was written, when it was.
    package var requiredLocation: SourceLocation? {
        get { box.values.requiredLocation }
        set { unique().values.requiredLocation = newValue }
    }

    /// The default used when the wire omits it.
    package var defaultValue: Located<DefaultValue>? {
        get { box.values.defaultValue }
        set { unique().values.defaultValue = newValue }
    }

    /// Documentation.
    package var doc: String? {
        get { box.values.doc }
        set { unique().values.doc = newValue }
    }

    /// Constraints.
    package var constraints: Constraints {
        get { box.values.constraints }
        set { unique().values.constraints = newValue }
    }

    /// JSON key override.
    package var jsonName: Located<String>? {
        get { box.values.jsonName }
        set { unique().values.jsonName = newValue }
    }

    /// XML element override.
    package var xmlName: Located<String>? {
        get { box.values.xmlName }
        set { unique().values.xmlName = newValue }
    }

    /// Query item name override; for maps a pattern containing `{key}`.
    package var queryName: Located<String>? {
        get { box.values.queryName }
        set { unique().values.queryName = newValue }
    }

    /// How a list is written in a query.
    package var queryStyle: QueryListStyle {
        get { box.values.queryStyle }
        set { unique().values.queryStyle = newValue }
    }

    /// Older wire spellings accepted on decode.
    package var aliases: [Located<String>] {
        get { box.values.aliases }
        set { unique().values.aliases = newValue }
    }

    /// Whether the value is a secret.
    package var sensitive: Bool {
        get { box.values.sensitive }
        set { unique().values.sensitive = newValue }
    }

    /// Deprecation and renames.
    package var lifecycle: Lifecycle {
        get { box.values.lifecycle }
        set { unique().values.lifecycle = newValue }
    }

    /// The date format, for dates.
    package var dateFormat: Located<String>? {
        get { box.values.dateFormat }
        set { unique().values.dateFormat = newValue }
    }

    /// The time zone dates are written in.
    package var timeZone: Located<String>? {
        get { box.values.timeZone }
        set { unique().values.timeZone = newValue }
    }

    /// Where the field's declaration starts.
    package var location: SourceLocation {
        get { box.values.location }
        set { unique().values.location = newValue }
    }

    /// Whether an explicit `null` is accepted (as absent); otherwise `null` is a violation.
    package var nullable: Located<Bool>? {
        get { box.values.nullable }
        set { unique().values.nullable = newValue }
    }

    /// The JSON forms a decimal accepts, the first being the one written (`[string, number]`).
    package var jsonForms: Located<[PayJSONForm]>? {
        get { box.values.jsonForms }
        set { unique().values.jsonForms = newValue }
    }

    /// Whether a URL field accepts a relative reference.
    package var allowsRelativeURL: Located<Bool>? {
        get { box.values.allowsRelativeURL }
        set { unique().values.allowsRelativeURL = newValue }
    }

    /// Whether list elements may be `null` (`[T?]`).
    package var nullableElements: Bool {
        get { box.values.nullableElements }
        set { unique().values.nullableElements = newValue }
    }

    /// Whether the stored property is optional in Swift: not required and without a default, or
    /// required and nullable (present but `null`).
    package var isOptionalInSwift: Bool { (!self.required && self.defaultValue == nil) || (self.required && self.isNullable) }

    /// Whether `null` is accepted.
    package var isNullable: Bool { self.nullable?.value ?? false }
}
