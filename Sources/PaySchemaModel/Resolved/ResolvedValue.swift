import PaySchemaLanguage

/// A schema default (or legacy literal) as a typed value of its field's type: the checker has matched
/// enum raw values to cases and scalars to their base, so writing it out needs no lookups.
@usableFromInline package indirect enum ResolvedValue: Sendable, Hashable {
    /// A `String`.
    case string(String)
    /// An `Int` or `Int64`, as written.
    case integer(String)
    /// A `Bool`.
    case bool(Bool)
    /// A `Double`, as written.
    case double(String)
    /// A `Decimal`, exactly as written.
    case decimal(String)
    /// An absolute `URL`.
    case url(String)
    /// A `UUID`.
    case uuid(String)
    /// A listed case of an enum, by its Swift case name.
    case enumCase(String)
    /// A scalar newtype wrapping a value of its base type.
    case scalar(type: String, value: ResolvedValue)
    /// A list or set of values.
    case list([ResolvedValue])
}
