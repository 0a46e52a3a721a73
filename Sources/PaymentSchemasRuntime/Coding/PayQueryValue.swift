import Foundation

/// A value that can stand in one URL-query item.
public protocol PayQueryValue {
    /// Reads the value from its query text; `nil` when the text is not a valid value.
    init?(queryValue: String)
    /// The value's query text.
    var queryValue: String { get }
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
        guard PayDecimalText.isPlainDecimal(queryValue), let value = Decimal(string: queryValue, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self = value
    }
    /// The plain decimal string.
    public var queryValue: String { PayDecimalText.plain(self) }
}

extension URL: PayQueryValue {
    /// An absolute URL.
    public init?(queryValue: String) {
        guard let url = URL(string: queryValue), url.scheme != nil else { return nil }
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

/// Decimal text helpers.
public enum PayDecimalText {
    /// The plain decimal text, never in exponent form.
    public static func plain(_ value: Decimal) -> String {
        var copy = value
        return NSDecimalString(&copy, Locale(identifier: "en_US_POSIX"))
    }

    /// The text with exactly `scale` fraction digits (rounded half-even when it has more).
    public static func fixed(_ value: Decimal, scale: Int) -> String {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, scale, .bankers)
        var text = plain(rounded)
        let fraction = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? -1
        if scale > 0 {
            if fraction < 0 { text += "." + String(repeating: "0", count: scale) } else if fraction < scale { text += String(repeating: "0", count: scale - fraction) }
        }
        return text
    }

    /// Whether `text` is `-?digits(.digits)?`.
    public static func isPlainDecimal(_ text: String) -> Bool {
        var sawDigit = false
        var sawDot = false
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "-") where offset == 0: continue
            case UInt8(ascii: ".") where !sawDot: sawDot = true
            default: return false
            }
        }
        return sawDigit
    }

    /// The number of fraction digits `value` needs.
    public static func scale(of value: Decimal) -> Int {
        let text = plain(value)
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: dot, to: text.endIndex) - 1
    }
}
