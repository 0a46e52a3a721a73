@_spi(Generated) import PaySchemaVocabulary

/// The constraints of a value as the emitter and the exporter write them: checked (each fits its
/// type), without the source positions the checker reported them at.
package struct ResolvedConstraints: Sendable, Hashable {
    /// Fewest characters.
    package var minLength: Int?
    /// Most characters.
    package var maxLength: Int?
    /// A regular expression the whole value matches.
    package var pattern: String?
    /// Lower bound, as written.
    package var minimum: String?
    /// Whether the lower bound is exclusive.
    package var exclusiveMinimum = false
    /// Upper bound, as written.
    package var maximum: String?
    /// Whether the upper bound is exclusive.
    package var exclusiveMaximum = false
    /// Most fraction digits (decimals).
    package var scale: Int?
    /// Whether the wire text must have exactly ``scale`` fraction digits.
    package var exactScale = false
    /// Fewest items (lists, sets, maps).
    package var minItems: Int?
    /// Most items (lists, sets, maps).
    package var maxItems: Int?
    /// A named format (`iso4217`, `luhn`, `url`...).
    package var format: String?
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
        format.flatMap { PayFormat(name: $0, schemes: schemes) }
    }
}
