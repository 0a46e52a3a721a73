import PaymentSchemasVocabulary

/// The storage of a large optional field of a generated struct: the value lives in a shared,
/// immutable box, so the struct holds one reference where it would hold the whole value.
///
/// PayPal's `payment_source` is 15 optional sources, each with nested addresses, contexts and
/// attributes: held inline, every decode copies kilobytes of absent fields (the stand-in a decode
/// starts from, each field read). The generator marks a field `@PayBoxed` when its type takes more
/// than a few hundred bytes inline, or more than a few dozen in a holder over a kilobyte
/// (`docs/generated-changes.md`); the property's type, its
/// initializer and every reading and writing of it stay those of a plain optional field.
@propertyWrapper
public struct PayBoxed<Value: Sendable>: Sendable {
    /// The value's box, `nil` when the field is absent.
    @usableFromInline var box: PayBox<Value>?

    /// A field holding `wrappedValue`.
    @inlinable
    public init(wrappedValue: Value?) {
        box = wrappedValue.map(PayBox.init)
    }

    /// The field's value; setting it puts the new value in a box of its own (boxes are never
    /// changed, so copies of the struct never share a change).
    @inlinable
    public var wrappedValue: Value? {
        get { box?.value }
        set { box = newValue.map(PayBox.init) }
    }
}

/// An immutable box around one value (``PayBoxed``'s storage).
@usableFromInline final class PayBox<Value: Sendable>: Sendable {
    /// The boxed value.
    @usableFromInline let value: Value

    /// A box holding `value`.
    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}

extension PayBoxed: Equatable where Value: Equatable {
    /// Two fields are equal when both are absent or both hold equal values.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs.box, rhs.box) {
        case (nil, nil): return true
        case (let left?, let right?): return left === right || left.value == right.value
        default: return false
        }
    }
}

extension PayBoxed: Hashable where Value: Hashable {
    /// Hashes the value as its optional would.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(box?.value)
    }
}

extension PayBoxed: PayValidatable where Value: PayValidatable {
    /// Validates the value when present.
    @inlinable
    public func collectViolations(at path: PayPath, into violations: inout [ValidationViolation]) {
        box?.value.collectViolations(at: path, into: &violations)
    }
}

extension PayBoxed: CustomReflectable, CustomDebugStringConvertible {
    /// The value's own mirror (a sensitive type's mirror redacts), not the box's.
    public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }

    /// The value as its optional describes it (`nil`, or `Optional(…)` with the value's own
    /// description, redacted where its type redacts).
    public var debugDescription: String { String(reflecting: wrappedValue) }
}
