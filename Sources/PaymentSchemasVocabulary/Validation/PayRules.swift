import Foundation

/// The checks generated `collectViolations` implementations call, one per schema constraint.
///
/// Each appends a ``ValidationViolation`` when the value breaks the rule. Values of sensitive
/// fields are passed with `sensitive: true` and appear as `<redacted>`.
@_spi(Generated)
public enum PayRules {
    /// What a sensitive value is shown as.
    public static let redacted = "<redacted>"

    @inline(__always)
    static func shown(_ value: String, _ sensitive: Bool) -> String {
        sensitive ? redacted : value
    }

    /// How many Unicode code points `value` has, or `limit` when it has more: its UTF-8 bytes that
    /// do not continue a sequence (a string's UTF-8 is always valid), the walk stopping at `limit`.
    /// A byte loop instead of decoding each scalar; the same count.
    @inlinable
    static func codePoints(_ value: String, upTo limit: Int) -> Int {
        var found = 0
        for byte in value.utf8 where byte & 0xC0 != 0x80 {
            if found == limit { break }
            found += 1
        }
        return found
    }

    /// `minLength`: at least `limit` characters, counted as Unicode code points (as JSON Schema counts).
    @inlinable
    public static func minLength(
        _ value: String, _ limit: Int, at path: PayPath, sensitive: Bool = false, into violations: inout [ValidationViolation]
    ) {
        if codePoints(value, upTo: limit) < limit {
            violations.append(
                ValidationViolation(
                    path: path, rule: "minLength", message: "must have at least \(limit) characters", value: sensitive ? redacted : value))
        }
    }

    /// `maxLength`: at most `limit` characters, counted as Unicode code points (as JSON Schema counts).
    @inlinable
    public static func maxLength(
        _ value: String, _ limit: Int, at path: PayPath, sensitive: Bool = false, into violations: inout [ValidationViolation]
    ) {
        if value.utf8.count > limit, codePoints(value, upTo: limit + 1) > limit {
            violations.append(
                ValidationViolation(
                    path: path, rule: "maxLength", message: "must have at most \(limit) characters", value: sensitive ? redacted : value))
        }
    }

    /// `pattern`: the whole value matches.
    public static func pattern(
        _ value: String, _ pattern: PayPattern, at path: PayPath, sensitive: Bool = false, into violations: inout [ValidationViolation]
    ) {
        if !pattern.matches(value) {
            violations.append(
                ValidationViolation(path: path, rule: "pattern", message: "must match \(pattern.source)", value: shown(value, sensitive)))
        }
    }

    /// `minimum` (inclusive unless `exclusive`).
    @inlinable
    public static func minimum<T: Comparable & CustomStringConvertible>(
        _ value: T, _ limit: T, exclusive: Bool, at path: PayPath, sensitive: Bool = false, into violations: inout [ValidationViolation]
    ) {
        if exclusive ? !(value > limit) : value < limit {
            violations.append(
                ValidationViolation(
                    path: path, rule: exclusive ? "exclusiveMinimum" : "minimum",
                    message: exclusive ? "must be greater than \(limit)" : "must be at least \(limit)",
                    value: sensitive ? redacted : value.description))
        }
    }

    /// `minimum` of a decimal string (`format: decimalString`, `exclusiveMinimum: 0`): its value
    /// read exactly, never through `Double`; a text that is not a decimal is its format's to refuse.
    public static func minimum(
        _ text: String, _ limit: Decimal, exclusive: Bool, at path: PayPath, sensitive: Bool = false,
        into violations: inout [ValidationViolation]
    ) {
        guard PayDecimalText.unsignedProblem(text) == nil, case .success(let reading) = PayDecimalText.read(text) else { return }
        minimum(reading.value, limit, exclusive: exclusive, at: path, sensitive: sensitive, into: &violations)
    }

    /// `maximum` (inclusive unless `exclusive`).
    @inlinable
    public static func maximum<T: Comparable & CustomStringConvertible>(
        _ value: T, _ limit: T, exclusive: Bool, at path: PayPath, sensitive: Bool = false, into violations: inout [ValidationViolation]
    ) {
        if exclusive ? !(value < limit) : value > limit {
            violations.append(
                ValidationViolation(
                    path: path, rule: exclusive ? "exclusiveMaximum" : "maximum",
                    message: exclusive ? "must be less than \(limit)" : "must be at most \(limit)",
                    value: sensitive ? redacted : value.description))
        }
    }

    /// `scale`: at most `digits` fraction digits.
    public static func scale(
        _ value: Decimal, _ digits: Int, at path: PayPath, sensitive: Bool = false, into violations: inout [ValidationViolation]
    ) {
        if PayDecimalText.scale(of: value) > digits {
            violations.append(
                ValidationViolation(
                    path: path, rule: "scale", message: "must have at most \(digits) fraction digits",
                    value: shown(PayDecimalText.plain(value), sensitive)))
        }
    }

    /// `scale` for doubles.
    public static func scale(
        _ value: Double, _ digits: Int, at path: PayPath, sensitive: Bool = false, into violations: inout [ValidationViolation]
    ) {
        scale(Decimal(string: String(value)) ?? Decimal(value), digits, at: path, sensitive: sensitive, into: &violations)
    }

    /// `minItems`: at least `limit` elements.
    @inlinable
    public static func minItems(_ count: Int, _ limit: Int, at path: PayPath, into violations: inout [ValidationViolation]) {
        if count < limit {
            violations.append(
                ValidationViolation(path: path, rule: "minItems", message: "must have at least \(limit) items", value: "\(count) items"))
        }
    }

    /// `maxItems`: at most `limit` elements.
    @inlinable
    public static func maxItems(_ count: Int, _ limit: Int, at path: PayPath, into violations: inout [ValidationViolation]) {
        if count > limit {
            violations.append(
                ValidationViolation(path: path, rule: "maxItems", message: "must have at most \(limit) items", value: "\(count) items"))
        }
    }

    /// A named `format` on a string value.
    public static func format(
        _ value: String, _ format: PayFormat, at path: PayPath, sensitive: Bool = false, into violations: inout [ValidationViolation]
    ) {
        if let problem = format.problem(with: value) {
            violations.append(
                ValidationViolation(path: path, rule: "format.\(format.name)", message: problem, value: shown(value, sensitive)))
        }
    }

    /// A named `format` on a URL value.
    public static func format(
        _ value: URL, _ format: PayFormat, at path: PayPath, sensitive: Bool = false, into violations: inout [ValidationViolation]
    ) {
        self.format(value.absoluteString, format, at: path, sensitive: sensitive, into: &violations)
    }

    /// A named `format` on a UUID value (only `uuid` and `uuidLowercase` apply; a UUID value always passes them).
    public static func format(
        _ value: UUID, _ format: PayFormat, at path: PayPath, sensitive: Bool = false, into violations: inout [ValidationViolation]
    ) {}
}
