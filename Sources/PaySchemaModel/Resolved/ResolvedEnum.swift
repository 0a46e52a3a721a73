import PaySchemaLanguage

/// An enum's cases, resolved.
package struct ResolvedEnum: Sendable {
    /// `String` or `Int`.
    package let rawType: EnumRawType
    /// Whether unknown wire values are kept instead of rejected.
    package let isOpen: Bool
    /// Cases in declaration order.
    package let cases: [ResolvedEnumCase]

    /// Creates the value from its parts (the checker does).
    package init(rawType: EnumRawType, isOpen: Bool, cases: [ResolvedEnumCase]) {
        self.rawType = rawType
        self.isOpen = isOpen
        self.cases = cases
    }
}

/// One enum case.
package struct ResolvedEnumCase: Sendable {
    /// The Swift case name.
    package let name: String
    /// The wire value.
    package let value: RawValue
    /// Further wire values decoded to this case.
    package let aliases: [RawValue]
    /// Documentation.
    package let doc: String?
    /// Deprecation and former names.
    package let lifecycle: ResolvedLifecycle
    /// Where the schema writes the case's name.
    package let location: SourceLocation
    /// Where the schema writes the wire value.
    package let valueLocation: SourceLocation

    /// Creates the value from its parts (the checker does).
    package init(
        name: String, value: RawValue, aliases: [RawValue], doc: String?, lifecycle: ResolvedLifecycle, location: SourceLocation,
        valueLocation: SourceLocation
    ) {
        self.location = location
        self.valueLocation = valueLocation
        self.name = name
        self.value = value
        self.aliases = aliases
        self.doc = doc
        self.lifecycle = lifecycle
    }
}
