import Foundation

/// A generated closed enum: Swift synthesizes `allCases` and, when there are no legacy aliases,
/// `init?(rawValue:)` (an enum with aliases declares its own, which accepts them); this protocol
/// supplies the coding, so a value the schema does not list fails to decode with an error naming the
/// allowed values, and a value is always encoded in its current spelling.
public protocol PayClosedEnum: RawRepresentable, CaseIterable, Codable, Hashable, Sendable where RawValue: Codable & Sendable {}

extension PayClosedEnum {
    /// The listed case a decoder holds; anything else is an error naming the allowed values
    /// (`'x' is not a valid Name; expected one of a, b`).
    static func decodeListed(from decoder: any Decoder) throws -> Self {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(RawValue.self)
        guard let value = Self(rawValue: raw) else {
            let allowed = allCases.map { "\($0.rawValue)" }.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(raw)' is not a valid \(Self.self); expected one of \(allowed)")
        }
        return value
    }

    /// Encodes the raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

// One initializer per raw type: each is more specialized than the standard library's default for
// `RawRepresentable` enums with that raw type, so it is the one used.
extension PayClosedEnum where RawValue == String {
    /// Decodes a listed value; anything else is an error naming the allowed values.
    public init(from decoder: any Decoder) throws { self = try Self.decodeListed(from: decoder) }
}

extension PayClosedEnum where RawValue == Int {
    /// Decodes a listed value; anything else is an error naming the allowed values.
    public init(from decoder: any Decoder) throws { self = try Self.decodeListed(from: decoder) }
}
