import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

// The field kinds a generated `visitFields(_:)` names, each for an optional field (`T?`) and a
// mandatory or defaulted one (`T`): one method per kind reads, writes or checks the field as the
// walk's phase asks. The constraints are arguments (data); in a phase that does not check them,
// the specialized walk never reads them.
@_spi(Generated)
extension PayFieldVisitor {
    /// A field without rules of its own (a flag, an enum, a type that needs no checks).
    @inlinable
    public mutating func value<T: Codable>(_ value: inout T?, _ key: PayFieldKey, required: Bool = false) {
        transfer(&value, key, required: required)
    }

    /// A field without rules of its own (a flag, an enum, a type that needs no checks).
    @inlinable
    public mutating func value<T: Codable>(_ value: inout T, _ key: PayFieldKey, required: Bool = false) {
        transfer(&value, key, required: required)
    }

    /// A field that holds a validated value (a generated type, or a union of them).
    @inlinable
    public mutating func nested<T: Codable & PayValidatable>(_ value: inout T?, _ key: PayFieldKey, required: Bool = false) {
        guard validating else { return transfer(&value, key, required: required) }
        checking { path, format, violations in
            PayRules.nested(value, key.name(for: format), at: path, into: &violations)
        }
    }

    /// A field that holds a validated value (a generated type, or a union of them).
    @inlinable
    public mutating func nested<T: Codable & PayValidatable>(_ value: inout T, _ key: PayFieldKey, required: Bool = false) {
        guard validating else { return transfer(&value, key, required: required) }
        checking { path, format, violations in
            PayRules.nested(value, key.name(for: format), at: path, into: &violations)
        }
    }

    /// A field that holds a generated struct: checked in this walk (``PayFieldValidating``).
    @inlinable
    public mutating func nested<T: Codable & PayFieldValidating>(_ value: inout T?, _ key: PayFieldKey, required: Bool = false) {
        guard validating else { return transfer(&value, key, required: required) }
        value?.check(in: &state, of: Phase.self, key)
    }

    /// A field that holds a generated struct: checked in this walk (``PayFieldValidating``).
    @inlinable
    public mutating func nested<T: Codable & PayFieldValidating>(_ value: inout T, _ key: PayFieldKey, required: Bool = false) {
        guard validating else { return transfer(&value, key, required: required) }
        value.check(in: &state, of: Phase.self, key)
    }

    /// A large optional field that holds a generated struct, stored boxed: checked in this walk.
    @inlinable
    public mutating func nested<T: Codable & PayFieldValidating>(_ value: inout PayBoxed<T>, _ key: PayFieldKey) {
        guard validating else { return transfer(&value, key) }
        value.box?.value.check(in: &state, of: Phase.self, key)
    }

    /// A large optional field without rules of its own, stored boxed (``PayBoxed``).
    @inlinable
    public mutating func value<T: Codable>(_ value: inout PayBoxed<T>, _ key: PayFieldKey) {
        transfer(&value, key)
    }

    /// A large optional field that holds a validated value, stored boxed (``PayBoxed``).
    @inlinable
    public mutating func nested<T: Codable & PayValidatable>(_ value: inout PayBoxed<T>, _ key: PayFieldKey) {
        guard validating else { return transfer(&value, key) }
        checking { path, format, violations in
            PayRules.nested(value, key.name(for: format), at: path, into: &violations)
        }
    }

    /// A text field and its `minLength`, `maxLength`, `pattern` and `format`.
    @inlinable
    public mutating func text(
        _ value: inout String?, _ key: PayFieldKey, required: Bool = false, minLength: Int? = nil, maxLength: Int? = nil,
        pattern: PayPattern? = nil, format textFormat: PayFormat? = nil, sensitive: Bool = false
    ) {
        guard validating else { return transfer(&value, key, required: required) }
        guard minLength != nil || maxLength != nil || pattern != nil || textFormat != nil else { return }
        checking { path, format, violations in
            PayRules.text(
                value, key.name(for: format), minLength: minLength, maxLength: maxLength, pattern: pattern, format: textFormat,
                sensitive: sensitive,
                at: path, into: &violations)
        }
    }

    /// A text field and its `minLength`, `maxLength`, `pattern` and `format`.
    @inlinable
    public mutating func text(
        _ value: inout String, _ key: PayFieldKey, required: Bool = false, minLength: Int? = nil, maxLength: Int? = nil,
        pattern: PayPattern? = nil, format textFormat: PayFormat? = nil, sensitive: Bool = false
    ) {
        guard validating else { return transfer(&value, key, required: required) }
        guard minLength != nil || maxLength != nil || pattern != nil || textFormat != nil else { return }
        checking { path, format, violations in
            PayRules.text(
                value, key.name(for: format), minLength: minLength, maxLength: maxLength, pattern: pattern, format: textFormat,
                sensitive: sensitive,
                at: path, into: &violations)
        }
    }

    /// A URL field and the `format` of its text.
    @inlinable
    public mutating func url(
        _ value: inout URL?, _ key: PayFieldKey, required: Bool = false, format textFormat: PayFormat? = nil, sensitive: Bool = false
    ) {
        guard validating else { return transfer(&value, key, required: required) }
        guard let textFormat else { return }
        checking { path, format, violations in
            PayRules.text(
                value?.absoluteString, key.name(for: format), format: textFormat, sensitive: sensitive, at: path, into: &violations)
        }
    }

    /// A URL field and the `format` of its text.
    @inlinable
    public mutating func url(
        _ value: inout URL, _ key: PayFieldKey, required: Bool = false, format textFormat: PayFormat? = nil, sensitive: Bool = false
    ) {
        guard validating else { return transfer(&value, key, required: required) }
        guard let textFormat else { return }
        checking { path, format, violations in
            PayRules.text(
                value.absoluteString, key.name(for: format), format: textFormat, sensitive: sensitive, at: path, into: &violations)
        }
    }

    /// A number field (`Int`, `Int64`, `Double`) and its bounds.
    @inlinable
    public mutating func number<T: Codable & Comparable & CustomStringConvertible>(
        _ value: inout T?, _ key: PayFieldKey, required: Bool = false, minimum: T? = nil, exclusiveMinimum: Bool = false, maximum: T? = nil,
        exclusiveMaximum: Bool = false, sensitive: Bool = false
    ) {
        guard validating else { return transfer(&value, key, required: required) }
        guard minimum != nil || maximum != nil else { return }
        checking { path, format, violations in
            PayRules.number(
                value, key.name(for: format), minimum: minimum, exclusiveMinimum: exclusiveMinimum, maximum: maximum,
                exclusiveMaximum: exclusiveMaximum,
                sensitive: sensitive, at: path, into: &violations)
        }
    }

    /// A number field (`Int`, `Int64`, `Double`) and its bounds.
    @inlinable
    public mutating func number<T: Codable & Comparable & CustomStringConvertible>(
        _ value: inout T, _ key: PayFieldKey, required: Bool = false, minimum: T? = nil, exclusiveMinimum: Bool = false, maximum: T? = nil,
        exclusiveMaximum: Bool = false, sensitive: Bool = false
    ) {
        guard validating else { return transfer(&value, key, required: required) }
        guard minimum != nil || maximum != nil else { return }
        checking { path, format, violations in
            PayRules.number(
                value, key.name(for: format), minimum: minimum, exclusiveMinimum: exclusiveMinimum, maximum: maximum,
                exclusiveMaximum: exclusiveMaximum,
                sensitive: sensitive, at: path, into: &violations)
        }
    }

    /// A decimal field, read and written through its key's rule (``PayFieldKey/decimal``), and its bounds and `scale`, compared exactly.
    @inlinable
    public mutating func decimal(
        _ value: inout Decimal?, _ key: PayFieldKey, required: Bool = false, minimum: Decimal? = nil, exclusiveMinimum: Bool = false,
        maximum: Decimal? = nil, exclusiveMaximum: Bool = false, scale: Int? = nil, sensitive: Bool = false
    ) {
        guard validating else {
            return transfer(
                &value, key, read: { required ? $0.present(Decimal.self, key) : $0.optional(Decimal.self, key) },
                write: { try $0.encodeDecimal($1, key) })
        }
        guard minimum != nil || maximum != nil || scale != nil else { return }
        checking { path, format, violations in
            PayRules.decimal(
                value, key.name(for: format), minimum: minimum, exclusiveMinimum: exclusiveMinimum, maximum: maximum,
                exclusiveMaximum: exclusiveMaximum,
                scale: scale, sensitive: sensitive, at: path, into: &violations)
        }
    }

    /// A decimal field, read and written through its key's rule (``PayFieldKey/decimal``), and its bounds and `scale`, compared exactly.
    @inlinable
    public mutating func decimal(
        _ value: inout Decimal, _ key: PayFieldKey, required: Bool = false, minimum: Decimal? = nil, exclusiveMinimum: Bool = false,
        maximum: Decimal? = nil, exclusiveMaximum: Bool = false, scale: Int? = nil, sensitive: Bool = false
    ) {
        guard validating else {
            return transfer(
                &value, key, read: { required ? $0.required(Decimal.self, key) : $0.optional(Decimal.self, key) },
                write: { try $0.encodeDecimal($1, key) })
        }
        guard minimum != nil || maximum != nil || scale != nil else { return }
        checking { path, format, violations in
            PayRules.decimal(
                value, key.name(for: format), minimum: minimum, exclusiveMinimum: exclusiveMinimum, maximum: maximum,
                exclusiveMaximum: exclusiveMaximum,
                scale: scale, sensitive: sensitive, at: path, into: &violations)
        }
    }

    /// A date field, read and written as text in `dateFormat`.
    @inlinable
    public mutating func date(_ value: inout Date?, _ key: PayFieldKey, required: Bool = false, format dateFormat: PayDateFormat) {
        transfer(
            &value, key, read: { $0.date(key, format: dateFormat, required: required) },
            write: { try $0.encodeDate($1, key, format: dateFormat) })
    }

    /// A date field, read and written as text in `dateFormat`.
    @inlinable
    public mutating func date(_ value: inout Date, _ key: PayFieldKey, required: Bool = false, format dateFormat: PayDateFormat) {
        transfer(
            &value, key, read: { $0.date(key, format: dateFormat, required: required) },
            write: { try $0.encodeDate($1, key, format: dateFormat) })
    }

    /// A list of dates, each read and written as text in `dateFormat`, and its item counts.
    @inlinable
    public mutating func dates(
        _ value: inout [Date]?, _ key: PayFieldKey, required: Bool = false, format dateFormat: PayDateFormat, minItems: Int? = nil,
        maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(
                &value, key, read: { $0.dateList(key, format: dateFormat, required: required) },
                write: { try $0.encodeDates($1, key, format: dateFormat) })
        }
        counts(value?.count, key, minItems: minItems, maxItems: maxItems)
    }

    /// A list of dates, each read and written as text in `dateFormat`, and its item counts.
    @inlinable
    public mutating func dates(
        _ value: inout [Date], _ key: PayFieldKey, required: Bool = false, format dateFormat: PayDateFormat, minItems: Int? = nil,
        maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(
                &value, key, read: { $0.dateList(key, format: dateFormat, required: required) },
                write: { try $0.encodeDates($1, key, format: dateFormat) })
        }
        counts(value.count, key, minItems: minItems, maxItems: maxItems)
    }

    /// A set of dates, read and written as a list of text in `dateFormat` (in order), and its item counts.
    @inlinable
    public mutating func dateSet(
        _ value: inout Set<Date>?, _ key: PayFieldKey, required: Bool = false, format dateFormat: PayDateFormat, minItems: Int? = nil,
        maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(
                &value, key, read: { $0.dateList(key, format: dateFormat, required: required).map(Set.init) },
                write: { try $0.encodeDates($1.map { $0.sorted() }, key, format: dateFormat) })
        }
        counts(value?.count, key, minItems: minItems, maxItems: maxItems)
    }

    /// A set of dates, read and written as a list of text in `dateFormat` (in order), and its item counts.
    @inlinable
    public mutating func dateSet(
        _ value: inout Set<Date>, _ key: PayFieldKey, required: Bool = false, format dateFormat: PayDateFormat, minItems: Int? = nil,
        maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(
                &value, key, read: { $0.dateList(key, format: dateFormat, required: required).map(Set.init) },
                write: { try $0.encodeDates($1.map { $0.sorted() }, key, format: dateFormat) })
        }
        counts(value.count, key, minItems: minItems, maxItems: maxItems)
    }

    /// A list and its item counts; the elements need no checks.
    @inlinable
    public mutating func list<T: Codable>(
        _ value: inout [T]?, _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.list(T.self, key, required: required) }, write: { try $0.encodeIfPresent($1, key) })
        }
        counts(value?.count, key, minItems: minItems, maxItems: maxItems)
    }

    /// A list and its item counts; the elements need no checks.
    @inlinable
    public mutating func list<T: Codable>(
        _ value: inout [T], _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.list(T.self, key, required: required) }, write: { try $0.encodeIfPresent($1, key) })
        }
        counts(value.count, key, minItems: minItems, maxItems: maxItems)
    }

    /// A map and its item counts; the elements need no checks.
    @inlinable
    public mutating func map<T: Codable>(
        _ value: inout [String: T]?, _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.map(T.self, key, required: required) }, write: { try $0.encodeIfPresent($1, key) })
        }
        counts(value?.count, key, minItems: minItems, maxItems: maxItems)
    }

    /// A map and its item counts; the elements need no checks.
    @inlinable
    public mutating func map<T: Codable>(
        _ value: inout [String: T], _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.map(T.self, key, required: required) }, write: { try $0.encodeIfPresent($1, key) })
        }
        counts(value.count, key, minItems: minItems, maxItems: maxItems)
    }

    /// A set (written as a list in a stable order) and its item counts; the elements need no checks.
    @inlinable
    public mutating func set<T: Codable & Hashable>(
        _ value: inout Set<T>?, _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.set(T.self, key, required: required) }, write: { try $0.encodeSet($1, key) })
        }
        counts(value?.count, key, minItems: minItems, maxItems: maxItems)
    }

    /// A set (written as a list in a stable order) and its item counts; the elements need no checks.
    @inlinable
    public mutating func set<T: Codable & Hashable>(
        _ value: inout Set<T>, _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.set(T.self, key, required: required) }, write: { try $0.encodeSet($1, key) })
        }
        counts(value.count, key, minItems: minItems, maxItems: maxItems)
    }

    /// A list and its item counts, then each element's checks.
    @inlinable
    public mutating func nestedList<T: Codable & PayValidatable>(
        _ value: inout [T]?, _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.list(T.self, key, required: required) }, write: { try $0.encodeIfPresent($1, key) })
        }
        counts(value?.count, key, minItems: minItems, maxItems: maxItems)
        checking { path, format, violations in
            PayRules.nested(value, key.name(for: format), at: path, into: &violations)
        }
    }

    /// A list and its item counts, then each element's checks.
    @inlinable
    public mutating func nestedList<T: Codable & PayValidatable>(
        _ value: inout [T], _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.list(T.self, key, required: required) }, write: { try $0.encodeIfPresent($1, key) })
        }
        counts(value.count, key, minItems: minItems, maxItems: maxItems)
        checking { path, format, violations in
            PayRules.nested(value, key.name(for: format), at: path, into: &violations)
        }
    }

    /// A map and its item counts, then each element's checks.
    @inlinable
    public mutating func nestedMap<T: Codable & PayValidatable>(
        _ value: inout [String: T]?, _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.map(T.self, key, required: required) }, write: { try $0.encodeIfPresent($1, key) })
        }
        counts(value?.count, key, minItems: minItems, maxItems: maxItems)
        checking { path, format, violations in
            PayRules.nested(value, key.name(for: format), at: path, into: &violations)
        }
    }

    /// A map and its item counts, then each element's checks.
    @inlinable
    public mutating func nestedMap<T: Codable & PayValidatable>(
        _ value: inout [String: T], _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.map(T.self, key, required: required) }, write: { try $0.encodeIfPresent($1, key) })
        }
        counts(value.count, key, minItems: minItems, maxItems: maxItems)
        checking { path, format, violations in
            PayRules.nested(value, key.name(for: format), at: path, into: &violations)
        }
    }

    /// A set (written as a list in a stable order) and its item counts, then each element's checks.
    @inlinable
    public mutating func nestedSet<T: Codable & Hashable & PayValidatable>(
        _ value: inout Set<T>?, _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.set(T.self, key, required: required) }, write: { try $0.encodeSet($1, key) })
        }
        counts(value?.count, key, minItems: minItems, maxItems: maxItems)
        checking { path, format, violations in
            PayRules.nested(value, key.name(for: format), at: path, into: &violations)
        }
    }

    /// A set (written as a list in a stable order) and its item counts, then each element's checks.
    @inlinable
    public mutating func nestedSet<T: Codable & Hashable & PayValidatable>(
        _ value: inout Set<T>, _ key: PayFieldKey, required: Bool = false, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        guard validating else {
            return transfer(&value, key, read: { $0.set(T.self, key, required: required) }, write: { try $0.encodeSet($1, key) })
        }
        counts(value.count, key, minItems: minItems, maxItems: maxItems)
        checking { path, format, violations in
            PayRules.nested(value, key.name(for: format), at: path, into: &violations)
        }
    }

    /// Writes `null` for a field that must be present but may be null, when it has no value.
    @inlinable
    public mutating func null<T>(ifNil value: T?, _ key: PayFieldKey) {
        if Phase.work == .encoding { write { try $0.encodeNull(ifNil: value, key) } }
    }

    /// Checks the list cannot state as data (rules on a list's elements, a scalar field's own
    /// bounds, `requireAnyOf`): run when validating, at the value's path.
    @inlinable
    public mutating func check(_ rules: (PayPath, inout [ValidationViolation]) -> Void) {
        checking { path, _, violations in rules(path, &violations) }
    }
}
