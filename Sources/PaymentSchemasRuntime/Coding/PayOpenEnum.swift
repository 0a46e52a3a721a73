import Foundation

/// A generated open enum: the listed cases plus `unknown(_:)`, which keeps a value the schema does
/// not list. The generated type supplies `allCases`, `init(rawValue:)` (aliases included, never
/// failing) and `rawValue`; this protocol supplies equality and hashing by wire value, `isKnown` and
/// the coding, so an unlisted value decodes, is kept and encodes back unchanged.
public protocol PayOpenEnum: RawRepresentable, CaseIterable, Codable, Hashable, Sendable where RawValue: Codable & Hashable & Sendable {
    /// The case of a wire value, legacy aliases included; unlisted values become `unknown(_:)`.
    init(rawValue: RawValue)
}

extension PayOpenEnum {
    /// Whether the wire value is one the schema lists.
    public var isKnown: Bool {
        let raw = rawValue
        return Self.allCases.contains { $0.rawValue == raw }
    }

    /// Values are equal when their wire values are, so `unknown("x")` equals the listed case `x`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the wire value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// Decodes any value; unlisted ones are kept in `unknown(_:)`.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
    }

    /// Encodes the wire value, unlisted ones exactly as received.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
