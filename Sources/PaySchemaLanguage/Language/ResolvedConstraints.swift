@_spi(Generated) import PaySchemaVocabulary

/// The constraints of a value as the emitter and the exporter write them: checked (each fits its
/// type), without the source positions the checker reported them at.
public struct ResolvedConstraints: Sendable, Hashable {
    /// Fewest characters.
    public var minLength: Int?
    /// Most characters.
    public var maxLength: Int?
    /// A regular expression the whole value matches.
    public var pattern: String?
    /// Lower bound, as written.
    public var minimum: String?
    /// Whether the lower bound is exclusive.
    public var exclusiveMinimum = false
    /// Upper bound, as written.
    public var maximum: String?
    /// Whether the upper bound is exclusive.
    public var exclusiveMaximum = false
    /// Most fraction digits (decimals).
    public var scale: Int?
    /// Whether the wire text must have exactly ``scale`` fraction digits.
    public var exactScale = false
    /// Fewest items (lists, sets, maps).
    public var minItems: Int?
    /// Most items (lists, sets, maps).
    public var maxItems: Int?
    /// A named format (`iso4217`, `luhn`, `url`...).
    public var format: String?
    /// The schemes a `url` format allows.
    public var schemes: [String] = []

    /// No constraints.
    public init() {}

    /// Whether any value constraint (not counting item counts) is set.
    public var hasValueConstraints: Bool {
        minLength != nil || maxLength != nil || pattern != nil || minimum != nil || maximum != nil || scale != nil || format != nil
    }

    /// Whether anything at all is set.
    public var isEmpty: Bool { !hasValueConstraints && minItems == nil && maxItems == nil }

    /// The runtime format named by ``format``.
    public var runtimeFormat: PayFormat? {
        format.flatMap { PayFormat(name: $0, schemes: schemes) }
    }
}
