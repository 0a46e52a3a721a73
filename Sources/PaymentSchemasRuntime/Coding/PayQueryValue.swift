import Foundation
import PaymentSchemasVocabulary

/// A value that can stand in one URL-query item.
public protocol PayQueryValue {
    /// Reads the value from its query text; `nil` when the text is not a valid value.
    init?(queryValue: String)
    /// The value's query text.
    var queryValue: String { get }
}

extension PayQueryValue where Self: RawRepresentable, RawValue: PayQueryValue {
    /// The value whose raw value has this query text (generated enums, legacy aliases included,
    /// and scalars); `nil` when there is none.
    public init?(queryValue: String) {
        guard let raw = RawValue(queryValue: queryValue) else { return nil }
        self.init(rawValue: raw)
    }

    /// The raw value's query text.
    public var queryValue: String { rawValue.queryValue }
}

extension String: PayQueryValue {
    /// The text itself.
    public init?(queryValue: String) { self = queryValue }
    /// The text itself.
    public var queryValue: String { self }
}

extension Int: PayQueryValue {
    /// Decimal digits.
    public init?(queryValue: String) { self.init(queryValue) }
    /// Decimal digits.
    public var queryValue: String { String(self) }
}

extension Int64: PayQueryValue {
    /// Decimal digits.
    public init?(queryValue: String) { self.init(queryValue) }
    /// Decimal digits.
    public var queryValue: String { String(self) }
}

extension Double: PayQueryValue {
    /// A decimal number.
    public init?(queryValue: String) { self.init(queryValue) }
    /// A decimal number.
    public var queryValue: String { String(self) }
}

extension Bool: PayQueryValue {
    /// `true` or `false`.
    public init?(queryValue: String) {
        switch queryValue {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
    /// `true` or `false`.
    public var queryValue: String { self ? "true" : "false" }
}

extension Decimal: PayQueryValue {
    /// A plain decimal string such as `11.22`.
    public init?(queryValue: String) {
        guard case .success(let reading) = PayDecimalText.read(queryValue) else { return nil }
        self = reading.value
    }
    /// The plain decimal string.
    public var queryValue: String { PayDecimalText.plain(self) }
}

extension URL: PayQueryValue {
    /// An absolute URL with a scheme and a host (`PayURLText`).
    public init?(queryValue: String) {
        guard let url = PayURLText.url(queryValue, allowRelative: false) else { return nil }
        self = url
    }
    /// The absolute string.
    public var queryValue: String { absoluteString }
}

extension UUID: PayQueryValue {
    /// A UUID in either case.
    public init?(queryValue: String) { self.init(uuidString: queryValue) }
    /// The lowercase UUID.
    public var queryValue: String { uuidString.lowercased() }
}
