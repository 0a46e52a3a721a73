import PaySchemaLanguage
@_spi(Generated) import PaySchemaVocabulary
import PaySchemaYAML

/// One schema file as read from YAML: the types, error catalogs and operations it declares.
package struct SchemaFile: Sendable {
    /// The path diagnostics use for this file.
    package var path: String
    /// The path recorded in generated code (relative to the schemas folder, e.g. `MCSCommerceWeb/Checkout.yaml`).
    package var displayPath: String
    /// The base name of the generated Swift file.
    package var outputName: String
    /// The file's documentation.
    package var doc: String?
    /// The declared module, when the file names one.
    package var module: Located<String>?
    /// Named types in file order.
    package var types: [TypeDecl] = []
    /// Error catalogs in file order.
    package var errorCatalogs: [ErrorCatalogDecl] = []
    /// REST operations in file order.
    package var operations: [OperationDecl] = []
    /// Legacy API surfaces in file order.
    package var legacyAPIs: [LegacyAPIDecl] = []
    /// Where the file's operations are served in the sandbox (`/t/paypal`), for the exported
    /// contract's `servers`.
    package var sandboxPath: Located<String>?

    /// Creates the value from its parts (the parser does).
    package init(
        path: String, displayPath: String, outputName: String, doc: String? = nil, module: Located<String>? = nil, types: [TypeDecl] = [],
        errorCatalogs: [ErrorCatalogDecl] = [], operations: [OperationDecl] = [], legacyAPIs: [LegacyAPIDecl] = [],
        sandboxPath: Located<String>? = nil
    ) {
        self.path = path
        self.displayPath = displayPath
        self.outputName = outputName
        self.doc = doc
        self.module = module
        self.types = types
        self.errorCatalogs = errorCatalogs
        self.operations = operations
        self.legacyAPIs = legacyAPIs
        self.sandboxPath = sandboxPath
    }
}

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

    /// The kinds of named type.
    package enum Kind: Sendable {
        /// A struct with fields.
        case structure(StructDecl)
        /// An enum with raw values.
        case enumeration(EnumDecl)
        /// A discriminated union of struct types.
        case union(UnionDecl)
        /// A constrained newtype over a primitive.
        case scalar(ScalarDecl)
    }

    /// `struct`, `enum`, `union` or `scalar`.
    package var kindName: String {
        switch kind {
        case .structure: return "struct"
        case .enumeration: return "enum"
        case .union: return "union"
        case .scalar: return "scalar"
        }
    }
}

/// A struct's declaration.
package struct StructDecl: Sendable {
    /// The encodings the type supports.
    package var encodings: [Located<WireFormat>] = []
    /// How field names become wire names.
    package var keyStyle: KeyStyle = .camelCase
    /// The XML root element, for types that are whole XML documents.
    package var xmlRoot: Located<String>?
    /// Fields in declaration order.
    package var fields: [FieldDecl] = []
    /// Where `fields` was written.
    package var fieldsLocation: SourceLocation
    /// Groups of optional fields of which at least one group must be wholly present
    /// (`[[token, payerID], [opType]]`); empty when there is no such rule.
    package var requireAnyOf: [Located<[Located<String>]>] = []
    /// `unknownMembers: refuse` (`true`): decoding refuses members no field models instead of
    /// keeping them (`keep`, the default); where the schema says it.
    package var refusesUnknownMembers: Located<Bool>?

    /// Whether the type supports `format`.
    package func supports(_ format: WireFormat) -> Bool { encodings.contains { $0.value == format } }

    /// The wire name of `field` in `format`: the explicit name for that format, else the JSON name,
    /// else the field's name in the struct's key style.
    package func wireName(of field: FieldDecl, in format: WireFormat) -> String {
        Self.wireName(of: field, in: format, keyStyle: keyStyle)
    }

    /// The wire name of `field` in `format` in a struct of `keyStyle`: the one naming rule.
    package static func wireName(of field: FieldDecl, in format: WireFormat, keyStyle: KeyStyle) -> String {
        keyStyle.wireName(
            swiftName: field.name.value, json: field.jsonName?.value, xml: field.xmlName?.value, query: field.queryName?.value, in: format)
    }
}

/// Constraints a value must meet; which apply depends on the (innermost) type.
package struct Constraints: Sendable, Hashable {
    /// Fewest characters.
    package var minLength: Located<Int>?
    /// Most characters.
    package var maxLength: Located<Int>?
    /// A regular expression the whole value matches.
    package var pattern: Located<String>?
    /// Lower bound, as written.
    package var minimum: Located<String>?
    /// Whether the lower bound is exclusive.
    package var exclusiveMinimum = false
    /// Upper bound, as written.
    package var maximum: Located<String>?
    /// Whether the upper bound is exclusive.
    package var exclusiveMaximum = false
    /// Most fraction digits (decimals).
    package var scale: Located<Int>?
    /// Whether the wire text must have exactly ``scale`` fraction digits.
    package var exactScale = false
    /// Fewest items (lists, sets, maps).
    package var minItems: Located<Int>?
    /// Most items (lists, sets, maps).
    package var maxItems: Located<Int>?
    /// A named format (`iso4217`, `luhn`, `url`...).
    package var format: Located<String>?
    /// The schemes a `url` format allows.
    package var schemes: [String] = []

    /// No constraints.
    package init() {}

    /// Whether any value constraint (not counting item counts) is set.
    package var hasValueConstraints: Bool {
        minLength != nil || maxLength != nil || pattern != nil || minimum != nil || maximum != nil || scale != nil || format != nil
    }

    /// Whether anything at all is set.
    package var isEmpty: Bool { !hasValueConstraints && minItems == nil && maxItems == nil }

    /// The runtime format named by ``format``.
    package var runtimeFormat: PayFormat? {
        format.flatMap { PayFormat(name: $0.value, schemes: schemes) }
    }
}

/// A struct field.
///
/// A value type whose properties live in one shared, copy-on-write box: the stages hand fields to
/// each other and iterate over them many times, and a copy is then one reference count instead of
/// one per string and location the field holds.
@dynamicMemberLookup
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
    package subscript<Value>(dynamicMember property: WritableKeyPath<Values, Value>) -> Value {
        get { box.values[keyPath: property] }
        set { unique().values[keyPath: property] = newValue }
    }

    /// Whether the stored property is optional in Swift: not required and without a default, or
    /// required and nullable (present but `null`).
    package var isOptionalInSwift: Bool { (!self.required && self.defaultValue == nil) || (self.required && self.isNullable) }

    /// Whether `null` is accepted.
    package var isNullable: Bool { self.nullable?.value ?? false }
}

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

/// A scalar newtype's declaration.
package struct ScalarDecl: Sendable {
    /// The wrapped primitive.
    package var base: Located<TypeExpression.Primitive>
    /// Constraints every value meets.
    package var constraints: Constraints
    /// Whether values are secrets.
    package var sensitive: Bool
    /// `literal: true`: a constrained scalar still takes string or integer literals; `nil` when
    /// the key is absent.
    package var literal: Located<Bool>?

    /// Whether Swift code can write a value as a literal (`let key: IdempotencyKey = "k1"`): a
    /// `String` or integer scalar without constraints (any literal is valid), or a constrained one
    /// that opts in with `literal: true` (a literal can then break a constraint, caught by `validate()`).
    package var takesLiterals: Bool {
        switch base.value {
        case .string, .int, .int64: return constraints.isEmpty || literal?.value == true
        default: return false
        }
    }
}

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

/// A REST operation.
package struct OperationDecl: Sendable {
    /// The schema name, lowerCamelCase (`getCheckoutSession`).
    package var name: Located<String>
    /// Documentation.
    package var doc: String?
    /// The HTTP method.
    package var method: Located<PayHTTPMethod>
    /// The path with `{parameter}` placeholders.
    package var path: Located<String>
    /// Path, query and header parameters.
    package var parameters: [ParameterDecl]
    /// The request body type.
    package var request: Located<String>?
    /// Whether the request may come without a body (`requestOptional: true`): an empty body reads
    /// as the request type's empty object, as a provider whose contract makes the body optional takes it.
    package var requestOptional = false
    /// The success body type.
    package var response: Located<String>?
    /// The error body type.
    package var errorBody: Located<String>?
    /// The HTTP statuses of success.
    package var successStatuses: [Int]
    /// The HTTP statuses (4xx, 5xx) the provider answers with the error body; empty when the
    /// schema does not list them (any error status then carries the error body).
    package var errorStatuses: [Int] = []
    /// How requests authenticate, when they do.
    package var security: SecurityScheme?
    /// The media type of the answers' bodies (success and error): `application/json`, or a
    /// JSON-based type with RFC 6839's `+json` suffix (Mollie answers `application/hal+json`).
    package var responseMediaType = "application/json"
    /// `unknownMembers: refuse` (`true`): the provider refuses a member no field models at every
    /// depth of the request body, in the types the request shares with answers too (which keep such
    /// members when they read an answer), as Amazon Pay's `UnrecognizedField` does.
    package var refusesUnknownMembers = false
    /// Deprecation and renames.
    package var lifecycle: Lifecycle
    /// The operations a success answer leads to, with the parameters it supplies.
    package var links: [LinkDecl] = []
}

/// A link of an operation (`links: { getOrder: { orderID: id } }`): after a success, `target`
/// can be called with each of its `parameters` taken from a field of the success body.
package struct LinkDecl: Sendable {
    /// The operation the answer leads to, in the same module.
    package var target: Located<String>
    /// Each parameter of `target` (its schema name) with the dotted path of schema field names in
    /// this operation's success body that supplies it.
    package var parameters: [(parameter: Located<String>, field: Located<String>)]
}

/// A parameter of an operation.
package struct ParameterDecl: Sendable {
    /// Where the parameter travels.
    package typealias Place = ParameterPlace

    /// The Swift name.
    package var name: Located<String>
    /// The wire name (header name, query item name or path placeholder).
    package var wireName: String
    /// Where it travels.
    package var place: Place
    /// Its type (a primitive, scalar or enum).
    package var type: Located<TypeExpression>
    /// Whether it must be sent.
    package var required: Bool
    /// Whether it is a secret.
    package var sensitive: Bool
    /// Whether it is the operation's idempotency key (a header that makes retries of the request safe).
    package var idempotencyKey: Bool = false
    /// Documentation.
    package var doc: String?

    /// Creates the value from its parts (the parser does).
    package init(
        name: Located<String>, wireName: String, place: Place, type: Located<TypeExpression>, required: Bool, sensitive: Bool,
        idempotencyKey: Bool = false, doc: String?
    ) {
        self.name = name
        self.wireName = wireName
        self.place = place
        self.type = type
        self.required = required
        self.sensitive = sensitive
        self.idempotencyKey = idempotencyKey
        self.doc = doc
    }
}
