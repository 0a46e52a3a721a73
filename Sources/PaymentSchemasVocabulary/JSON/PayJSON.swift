import Foundation

/// Any JSON value, kept exactly as written: numbers keep their numeral text, so nothing is read
/// through `Double` and a round trip gives the same value back.
///
/// Schemas use it for free-form fields (`type: JSON`, such as Mollie's `metadata`).
public enum PayJSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its numeral text (`10.50`, `-3`, `1e3`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([PayJSON])
    /// An object; keys are unique.
    case object([String: PayJSON])

    /// The value at `key` of an object, `nil` otherwise.
    public subscript(key: String) -> PayJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The members of an object, `nil` for any other value.
    public var objectMembers: [String: PayJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, `nil` for any other value.
    public var arrayElements: [PayJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text of a string value.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The exact value of a number whose numeral is a plain decimal (`PayDecimalText`).
    public var decimalValue: Decimal? {
        guard case .number(let text) = self, case .success(let reading) = PayDecimalText.read(text) else { return nil }
        return reading.value
    }

    /// The JSON text of this value (sorted keys, no insignificant white space).
    public var jsonText: String { PayJSONWriter.text(self, pretty: false) }

    /// The JSON text, indented by two spaces per level, keys sorted: deterministic and readable
    /// (the exported JSON Schema and OpenAPI documents are written with it).
    public var prettyJSONText: String { PayJSONWriter.text(self, pretty: true) }

    /// A short name of the value's JSON type, for messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension PayJSON: CustomStringConvertible {
    /// The JSON text.
    public var description: String { jsonText }
}

extension PayJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByIntegerLiteral
{
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// An array.
    public init(arrayLiteral elements: PayJSON...) { self = .array(elements) }
    /// An object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, PayJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    /// An integer number.
    public init(integerLiteral value: Int) { self = .number(String(value)) }
}
