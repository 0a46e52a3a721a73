import Foundation
import PaymentSchemasVocabulary

extension PayJSON: Codable {
    /// Decodes any JSON value. Under ``PayWire`` the value comes straight from the parsed document;
    /// under another decoder it is rebuilt from what that decoder offers (numbers through `Decimal`).
    public init(from decoder: any Decoder) throws {
        if let tree = PayJSONTreeDecoder.own(decoder) {
            self = tree.node
            return
        }
        self = try Self.rebuild(from: decoder)
    }

    /// Encodes the value; under ``PayWire`` numbers keep their numeral text.
    public func encode(to encoder: any Encoder) throws {
        if let tree = encoder as? PayJSONTreeEncoder {
            tree.slot.set(self)
            return
        }
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let text):
            var container = encoder.singleValueContainer()
            guard let value = Self.exactDecimal(text) else {
                throw EncodingError.invalidValue(
                    text,
                    EncodingError.Context(
                        codingPath: encoder.codingPath, debugDescription: "the numeral cannot be written exactly by this encoder"))
            }
            try container.encode(value)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: PayJSONKey.self)
            for key in members.keys.sorted() {
                if let value = members[key] { try container.encode(value, forKey: PayJSONKey(key)) }
            }
        }
    }

    /// The exact value of a JSON numeral, exponent forms included (`1.5e3` is 1500), `nil` when a
    /// `Decimal` cannot hold it exactly. Never through `Double`.
    static func exactDecimal(_ numeral: String) -> Decimal? {
        let parts = numeral.split(whereSeparator: { $0 == "e" || $0 == "E" }).map(String.init)
        guard (1...2).contains(parts.count), case .success(let mantissa) = PayDecimalText.read(parts[0]) else { return nil }
        guard parts.count == 2 else { return mantissa.value }
        guard let shift = Int(parts[1]), abs(shift) <= 100 else { return nil }
        let exponent = mantissa.value.exponent + shift
        guard (-128...127).contains(exponent) else { return nil }
        return Decimal(sign: mantissa.value.sign, exponent: exponent, significand: mantissa.value.significand)
    }

    static func rebuild(from decoder: any Decoder) throws -> PayJSON {
        if let keyed = try? decoder.container(keyedBy: PayJSONKey.self) {
            var members: [String: PayJSON] = [:]
            for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(PayJSON.self, forKey: key) }
            return .object(members)
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [PayJSON] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(PayJSON.self)) }
            return .array(elements)
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { return .null }
        if let value = try? single.decode(Bool.self) { return .bool(value) }
        if let value = try? single.decode(String.self) { return .string(value) }
        if let value = try? single.decode(Decimal.self) { return .number(PayDecimalText.plain(value)) }
        throw DecodingError.dataCorruptedError(in: single, debugDescription: "not a JSON value")
    }
}

/// A coding key for any object member.
struct PayJSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { self.stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
