import PaySchemaLanguage

/// An enum's cases, resolved.
public struct ResolvedEnum: Sendable {
    /// `String` or `Int`.
    public let rawType: EnumRawType
    /// Whether unknown wire values are kept instead of rejected.
    public let isOpen: Bool
    /// Cases in declaration order.
    public let cases: [ResolvedEnumCase]

    /// Creates the value from its parts (the checker does).
    package init(rawType: EnumRawType, isOpen: Bool, cases: [ResolvedEnumCase]) {
        self.rawType = rawType
        self.isOpen = isOpen
        self.cases = cases
    }
}

/// One enum case.
public struct ResolvedEnumCase: Sendable {
    /// The Swift case name.
    public let name: String
    /// The wire value.
    public let value: RawValue
    /// Further wire values decoded to this case.
    public let aliases: [RawValue]
    /// Documentation.
    public let doc: String?
    /// Deprecation and former names.
    public let lifecycle: ResolvedLifecycle
    /// Where the schema writes the case's name.
    public let location: SourceLocation
    /// Where the schema writes the wire value.
    public let valueLocation: SourceLocation

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
