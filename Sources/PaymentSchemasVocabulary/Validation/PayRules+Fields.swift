import Foundation

// The field-level entry points generated `collectViolations` implementations call: one call per
// field holds that field's constraints as arguments (data), and the checks run here, in the
// order of the single-rule functions (length, pattern, bounds, scale, format). An absent value
// (`nil`) passes every rule, and the field's path is built only when a rule is broken.
@_spi(Generated)
extension PayRules {
    /// A text field's `minLength`, `maxLength`, `pattern` and `format`, at `path.key`.
    @inlinable
    public static func text(
        _ value: String?, _ key: String, minLength: Int? = nil, maxLength: Int? = nil, pattern: PayPattern? = nil,
        format: PayFormat? = nil, sensitive: Bool = false, at path: PayPath, into violations: inout [ValidationViolation]
    ) {
        guard let value else { return }
        let start = violations.count
        let here = PayPath.root
        if let minLength { self.minLength(value, minLength, at: here, sensitive: sensitive, into: &violations) }
        if let maxLength { self.maxLength(value, maxLength, at: here, sensitive: sensitive, into: &violations) }
        if let pattern { self.pattern(value, pattern, at: here, sensitive: sensitive, into: &violations) }
        if let format { self.format(value, format, at: here, sensitive: sensitive, into: &violations) }
        placed(from: start, at: path, key, in: &violations)
    }

    /// A number field's bounds (`minimum`, `maximum`, inclusive unless marked exclusive), at `path.key`.
    @inlinable
    public static func number<T: Comparable & CustomStringConvertible>(
        _ value: T?, _ key: String, minimum: T? = nil, exclusiveMinimum: Bool = false, maximum: T? = nil,
        exclusiveMaximum: Bool = false, sensitive: Bool = false, at path: PayPath, into violations: inout [ValidationViolation]
    ) {
        guard let value else { return }
        let start = violations.count
        let here = PayPath.root
        if let minimum { self.minimum(value, minimum, exclusive: exclusiveMinimum, at: here, sensitive: sensitive, into: &violations) }
        if let maximum { self.maximum(value, maximum, exclusive: exclusiveMaximum, at: here, sensitive: sensitive, into: &violations) }
        placed(from: start, at: path, key, in: &violations)
    }

    /// A decimal field's bounds and `scale` (most fraction digits), at `path.key`; the value is
    /// compared exactly, never through `Double`.
    @inlinable
    public static func decimal(
        _ value: Decimal?, _ key: String, minimum: Decimal? = nil, exclusiveMinimum: Bool = false, maximum: Decimal? = nil,
        exclusiveMaximum: Bool = false, scale: Int? = nil, sensitive: Bool = false, at path: PayPath,
        into violations: inout [ValidationViolation]
    ) {
        guard let value else { return }
        let start = violations.count
        let here = PayPath.root
        if let minimum { self.minimum(value, minimum, exclusive: exclusiveMinimum, at: here, sensitive: sensitive, into: &violations) }
        if let maximum { self.maximum(value, maximum, exclusive: exclusiveMaximum, at: here, sensitive: sensitive, into: &violations) }
        if let scale { self.scale(value, scale, at: here, sensitive: sensitive, into: &violations) }
        placed(from: start, at: path, key, in: &violations)
    }

    /// A collection field's `minItems` and `maxItems`, given its element count, at `path.key`.
    @inlinable
    public static func items(
        _ count: Int?, _ key: String, minItems: Int? = nil, maxItems: Int? = nil, at path: PayPath,
        into violations: inout [ValidationViolation]
    ) {
        guard let count else { return }
        let start = violations.count
        if let minItems { self.minItems(count, minItems, at: .root, into: &violations) }
        if let maxItems { self.maxItems(count, maxItems, at: .root, into: &violations) }
        placed(from: start, at: path, key, in: &violations)
    }

    /// Moves the violations appended since `start` (checked at the root) to `path.key`; the path
    /// is built only when a rule was broken.
    @usableFromInline
    static func placed(from start: Int, at path: PayPath, _ key: String, in violations: inout [ValidationViolation]) {
        guard violations.count > start else { return }
        let fieldPath = path.appending(key)
        for index in start..<violations.count { violations[index].path = fieldPath }
    }
}
