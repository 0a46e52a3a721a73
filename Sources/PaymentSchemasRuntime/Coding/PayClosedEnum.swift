import Foundation

/// A generated closed enum whose cases are exactly its raw values (no legacy aliases): Swift
/// synthesizes `init?(rawValue:)` and `allCases`; this protocol supplies the coding, so a value the
/// schema does not list fails to decode with an error naming the allowed values.
public protocol PayClosedEnum: RawRepresentable, CaseIterable, Codable, Hashable, Sendable where RawValue: Codable & Sendable {}

extension PayClosedEnum {
    /// `'x' is not a valid Name; expected one of a, b`.
    static func invalidValue(_ raw: RawValue, in container: any SingleValueDecodingContainer) -> DecodingError {
        let allowed = allCases.map { "\($0.rawValue)" }.joined(separator: ", ")
        return DecodingError.dataCorruptedError(in: container, debugDescription: "'\(raw)' is not a valid \(Self.self); expected one of \(allowed)")
    }

    /// Encodes the raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension PayClosedEnum where RawValue == String {
    /// Decodes a listed value; anything else is an error naming the allowed values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let value = Self(rawValue: raw) else { throw Self.invalidValue(raw, in: container) }
        self = value
    }
}

extension PayClosedEnum where RawValue == Int {
    /// Decodes a listed value; anything else is an error naming the allowed values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(Int.self)
        guard let value = Self(rawValue: raw) else { throw Self.invalidValue(raw, in: container) }
        self = value
    }
}
