import Foundation

/// A generated scalar: a value of a base type (`String`, `Int`, …) with the constraints of its
/// schema declaration, checked by `validate()`, never on construction.
///
/// The protocol supplies what every scalar has in common, once, instead of in each generated type:
/// the unlabelled initializer and the descriptions. A sensitive scalar declares its own
/// descriptions (and mirror), which hide the value. A scalar over `String`, `Int`, `Int64`,
/// `Double` or `Bool` is coded by the standard library's `RawRepresentable` defaults (the bare
/// value); one over another base declares its own coding.
public protocol PayScalar: RawRepresentable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Wraps a value; call `validate()` to check the constraints.
    init(rawValue: RawValue)
}

extension PayScalar {
    /// Wraps a value; call `validate()` to check the constraints.
    @inlinable public init(_ rawValue: RawValue) { self.init(rawValue: rawValue) }

    /// The wrapped value as text.
    public var description: String { String(describing: rawValue) }

    /// `TypeName(value)`, the value as `String(reflecting:)` writes it.
    public var debugDescription: String { "\(Self.self)(\(String(reflecting: rawValue)))" }
}
