import Foundation

/// The one strict reader and writer of decimal numerals, used for JSON numbers, JSON strings that
/// hold amounts, XML text and URL-query text alike.
///
/// A numeral is an optional minus sign, one or more digits and an optional fraction of one or more
/// digits (`-?[0-9]+(\.[0-9]+)?`); a leading `+` is refused, as JSON refuses it and as every provider's
/// amount pattern does. Nothing else is read: no grouping separators
/// (`1,500.00`), exponents (`1e3`), spaces, `NaN` or `Infinity`. The value is exact; a numeral with
/// more significant digits than `Decimal` holds (38) is rejected, never rounded. Writing never rounds
/// either: a value with more fraction digits than the field's scale is an error.
public enum PayDecimalText {
    /// The most significant digits a `Decimal` holds exactly.
    public static let maximumSignificantDigits = 38

    /// A numeral that was read: its exact value and how many fraction digits it was written with.
    public struct Reading: Sendable, Hashable {
        /// The exact value.
        public var value: Decimal
        /// The fraction digits as written (`10.50` → 2, `10` → 0).
        public var fractionDigits: Int
    }

    /// Why text is not a decimal numeral.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text is not `-?digits(.digits)?`.
        case notPlain
        /// The text is a plain numeral with a minus sign where only an unsigned one is taken.
        case signed
        /// More significant digits (or fraction digits) than `Decimal` holds exactly.
        case tooManyDigits

        /// A readable explanation.
        public var description: String {
            switch self {
            case .notPlain: return "is not a plain decimal number (digits with an optional minus sign and fraction, such as 10.50)"
            case .signed: return "must be an unsigned decimal number (digits with an optional fraction, such as 10.50; no sign)"
            case .tooManyDigits:
                return "has more digits than can be held exactly (\(PayDecimalText.maximumSignificantDigits) significant digits)"
            }
        }
    }

    /// Reads `text` as a decimal numeral.
    public static func read(_ text: String) -> Result<Reading, Problem> {
        var text = text
        return text.withUTF8 { read(bytes: $0) }
    }

    /// Reads UTF-8 bytes as a decimal numeral.
    public static func read(bytes: UnsafeBufferPointer<UInt8>) -> Result<Reading, Problem> {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var integerDigits = 0
        var fractionDigits = 0
        var significant = 0
        var mantissa: UInt64 = 0
        var fitsInUInt64 = true
        var sawDot = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if sawDot { fractionDigits += 1 } else { integerDigits += 1 }
                let digit = UInt64(byte - UInt8(ascii: "0"))
                if significant > 0 || digit != 0 { significant += 1 }
                if fitsInUInt64 {
                    let (times10, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times10.addingReportingOverflow(digit)
                    if overflow1 || overflow2 { fitsInUInt64 = false } else { mantissa = sum }
                }
            } else if byte == UInt8(ascii: "."), !sawDot, integerDigits > 0 {
                sawDot = true
            } else {
                return .failure(.notPlain)
            }
            index += 1
        }
        guard integerDigits > 0, !sawDot || fractionDigits > 0 else { return .failure(.notPlain) }
        guard significant <= maximumSignificantDigits, fractionDigits <= 127 else { return .failure(.tooManyDigits) }
        let value: Decimal
        if fitsInUInt64 {
            value = Decimal(sign: negative && mantissa != 0 ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(mantissa))
        } else {
            var digits = ""
            digits.reserveCapacity(bytes.count)
            for byte in bytes where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits.unicodeScalars.append(Unicode.Scalar(byte))
            }
            let stripped = digits.drop(while: { $0 == "0" })
            guard let significand = Decimal(string: stripped.isEmpty ? "0" : String(stripped), locale: posix) else {
                return .failure(.tooManyDigits)
            }
            value = Decimal(sign: negative ? .minus : .plus, exponent: -fractionDigits, significand: significand)
        }
        return .success(Reading(value: value, fractionDigits: fractionDigits))
    }

    /// Whether `text` is a decimal numeral this reader accepts.
    public static func isPlainDecimal(_ text: String) -> Bool {
        if case .success = read(text) { return true }
        return false
    }

    /// Why `text` is not an unsigned numeral (`[0-9]+(\.[0-9]+)?`, what `format: decimalString`
    /// takes): ``Problem/signed`` for a well-formed negative numeral, `nil` when it is one.
    public static func unsignedProblem(_ text: String) -> Problem? {
        switch read(text) {
        case .failure(let problem): return problem
        case .success: return text.utf8.first == UInt8(ascii: "-") ? .signed : nil
        }
    }

    /// The plain text of `value`, never in exponent form, with as few fraction digits as it needs.
    public static func plain(_ value: Decimal) -> String {
        var copy = value
        return NSDecimalString(&copy, posix)
    }

    /// The text of `value` with at least `minimumFractionDigits` fraction digits (zeros added).
    ///
    /// Throws ``ScaleError`` when `value` needs more than `maximumFractionDigits`: nothing is rounded.
    public static func text(
        _ value: Decimal, minimumFractionDigits: Int = 0, maximumFractionDigits: Int? = nil
    ) throws(ScaleError) -> String {
        var text = plain(value)
        let fraction = fractionDigits(ofPlain: text)
        if let maximumFractionDigits, fraction > maximumFractionDigits {
            throw ScaleError(fractionDigits: fraction, scale: maximumFractionDigits)
        }
        if fraction < minimumFractionDigits {
            if fraction == 0 { text += "." }
            text += String(repeating: "0", count: minimumFractionDigits - fraction)
        }
        return text
    }

    /// The number of fraction digits `value` needs: the one measure of scale that validation
    /// (`PayRules.scale`) and writing (``text(_:minimumFractionDigits:maximumFractionDigits:)``) use.
    public static func scale(of value: Decimal) -> Int {
        fractionDigits(ofPlain: plain(value))
    }

    /// The digits after the dot of a plain numeral.
    private static func fractionDigits(ofPlain text: String) -> Int {
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: dot, to: text.endIndex) - 1
    }

    /// A value that cannot be written within its scale.
    public struct ScaleError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The fraction digits the value needs.
        public var fractionDigits: Int
        /// The most the field allows.
        public var scale: Int

        /// A readable explanation.
        public var description: String {
            "the value needs \(fractionDigits) fraction digits but the field allows \(scale); it is not rounded"
        }
    }

    static let posix = Locale(identifier: "en_US_POSIX")
}

/// The JSON forms a decimal can take on the wire: one enum for the schema language (`jsonForms:`),
/// the generator and the runtime.
public enum PayJSONForm: String, Sendable, Hashable, CaseIterable {
    /// A JSON number (`10.50`).
    case number
    /// A JSON string (`"10.50"`).
    case string
}

/// How one decimal field is read and written: which JSON forms it accepts, which it writes, and its
/// scale. XML and query text are always text.
@_spi(Generated)
public struct PayDecimalRule: Sendable, Hashable {
    /// The JSON forms accepted when decoding; empty means the type's own form (a number for
    /// `Decimal`, a string for `String`).
    public var accepts: [PayJSONForm]
    /// The JSON form written (the first accepted one).
    public var writes: PayJSONForm { accepts.first ?? .number }
    /// The forms a `Decimal` field accepts.
    public var decimalForms: [PayJSONForm] { accepts.isEmpty ? [.number] : accepts }
    /// The most fraction digits a value may have, when the schema sets a scale.
    public var scale: Int?
    /// Whether the wire text must have exactly ``scale`` fraction digits.
    public var exactScale: Bool

    /// A JSON number with no scale.
    @inlinable public static var plain: PayDecimalRule { PayDecimalRule() }

    /// Creates a rule.
    @inlinable
    public init(accepts: [PayJSONForm] = [], scale: Int? = nil, exactScale: Bool = false) {
        self.accepts = accepts
        self.scale = scale
        self.exactScale = exactScale
    }

    /// Checks a numeral read from the wire; returns a problem message, or `nil` when it is fine.
    public func check(_ text: String) -> Result<Decimal, PayDecimalRuleViolation> {
        switch PayDecimalText.read(text) {
        case .failure(let problem):
            return .failure(PayDecimalRuleViolation(message: "'\(text)' " + problem.description))
        case .success(let reading):
            if exactScale, let scale, reading.fractionDigits != scale {
                return .failure(PayDecimalRuleViolation(message: "'\(text)' must have exactly \(scale) fraction digits"))
            }
            return .success(reading.value)
        }
    }

    /// The canonical text of `value`: padded to the scale when it is exact (and always in XML,
    /// queries and a JSON string, which providers read as fixed-scale text: MIT writes `"150.00"`);
    /// an error when it needs more digits. A JSON number is written with the digits it needs.
    public func text(_ value: Decimal, format: WireFormat) throws(PayDecimalText.ScaleError) -> String {
        let pad = (exactScale || format != .json || writes == .string) ? (scale ?? 0) : 0
        return try PayDecimalText.text(value, minimumFractionDigits: pad, maximumFractionDigits: scale)
    }
}

/// A decimal read from the wire that breaks its field's rule.
@_spi(Generated)
public struct PayDecimalRuleViolation: Error, Sendable, Hashable {
    /// A readable explanation, quoting the text.
    public var message: String
}
