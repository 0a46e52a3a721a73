/// An enum's cases, resolved.
public struct ResolvedEnum: Sendable {
    /// `String` or `Int`.
    public let rawType: EnumRawType
    /// Whether unknown wire values are kept instead of rejected.
    public let isOpen: Bool
    /// Cases in declaration order.
    public let cases: [ResolvedEnumCase]
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
}
