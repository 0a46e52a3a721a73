import PaySchemaLanguage
@_spi(Generated) import PaySchemaVocabulary
import PaySchemaYAML

/// The parsed field's storage is what the resolved field reads: the checker hands it over, and the
/// stages after it see only ``DeclaredField``. The conformance lives here, beside the storage, so
/// each read is a direct load (from another module, every read of the box paid a dynamic
/// exclusivity check).
extension FieldDecl.Box: DeclaredField {
    package var name: String { values.name.value }
    package var nameLocation: SourceLocation { values.name.location }
    package var typeLocation: SourceLocation { values.type.location }
    package var doc: String? { values.doc }
    package var required: Bool { values.required }
    package var defaultLiteral: DefaultValue? { values.defaultValue?.value }
    /// Read member by member from the storage: converting a copy of the whole `Constraints` (each
    /// value with its location) on every read cost more than the read itself.
    package var constraints: ResolvedConstraints {
        var resolved = ResolvedConstraints()
        resolved.minLength = values.constraints.minLength?.value
        resolved.maxLength = values.constraints.maxLength?.value
        resolved.pattern = values.constraints.pattern?.value
        resolved.minimum = values.constraints.minimum?.value
        resolved.exclusiveMinimum = values.constraints.exclusiveMinimum
        resolved.maximum = values.constraints.maximum?.value
        resolved.exclusiveMaximum = values.constraints.exclusiveMaximum
        resolved.scale = values.constraints.scale?.value
        resolved.exactScale = values.constraints.exactScale
        resolved.minItems = values.constraints.minItems?.value
        resolved.maxItems = values.constraints.maxItems?.value
        resolved.format = values.constraints.format?.value
        resolved.schemes = values.constraints.schemes
        return resolved
    }
    /// `!Constraints.isEmpty`, read member by member from the storage (not through a copy of the
    /// whole `Constraints`, whose texts each cost a retain and a release).
    package var hasConstraints: Bool {
        values.constraints.minLength != nil || values.constraints.maxLength != nil || values.constraints.pattern != nil
            || values.constraints.minimum != nil || values.constraints.maximum != nil || values.constraints.scale != nil
            || values.constraints.format != nil || values.constraints.minItems != nil || values.constraints.maxItems != nil
    }
    package var aliases: [String] { values.aliases.map(\.value) }
    package var queryStyle: QueryListStyle { values.queryStyle }
    package var jsonNameOverride: String? { values.jsonName?.value }
    package var xmlNameOverride: String? { values.xmlName?.value }
    package var queryNameOverride: String? { values.queryName?.value }
    package var sensitive: Bool { values.sensitive }
    package var lifecycle: ResolvedLifecycle { ResolvedLifecycle(values.lifecycle) }
    package var dateFormat: String? { values.dateFormat?.value }
    package var timeZone: String? { values.timeZone?.value }
    package var isNullable: Bool { values.nullable?.value ?? false }
    package var nullableElements: Bool { values.nullableElements }
    package var jsonForms: [PayJSONForm]? { values.jsonForms?.value }
    package var allowsRelativeURL: Bool { values.allowsRelativeURL?.value == true }
}

extension ResolvedConstraints {
    /// The checked constraints of a parsed declaration, without their source positions.
    package init(_ constraints: Constraints) {
        self.init()
        minLength = constraints.minLength?.value
        maxLength = constraints.maxLength?.value
        pattern = constraints.pattern?.value
        minimum = constraints.minimum?.value
        exclusiveMinimum = constraints.exclusiveMinimum
        maximum = constraints.maximum?.value
        exclusiveMaximum = constraints.exclusiveMaximum
        scale = constraints.scale?.value
        exactScale = constraints.exactScale
        minItems = constraints.minItems?.value
        maxItems = constraints.maxItems?.value
        format = constraints.format?.value
        schemes = constraints.schemes
    }
}

extension ResolvedLifecycle {
    /// The lifecycle of a parsed declaration.
    package init(_ lifecycle: Lifecycle) {
        self.init(deprecated: lifecycle.deprecated, renamedFrom: lifecycle.renamedFrom.map(\.value))
    }
}
