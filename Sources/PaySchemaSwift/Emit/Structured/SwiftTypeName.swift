/// A Swift type as a value: the emitters compose optionals, arrays, dictionaries and generic
/// types from it, and only ``SwiftRenderer`` spells them (`[String: Payment]?`, `Set<Code>`).
/// Only the cases that nest one type are `indirect`: a name, the most common, is held inline.
enum SwiftTypeName: Equatable, Sendable, ExpressibleByStringLiteral {
    /// A type by name, qualified or not (`Decimal`, `PayPalPayments.Order`, `Self`).
    case named(String)
    /// `Wrapped?`.
    indirect case optional(SwiftTypeName)
    /// `[Element]`.
    indirect case array(SwiftTypeName)
    /// `[Key: Value]`.
    indirect case dictionary(key: SwiftTypeName, value: SwiftTypeName)
    /// `Name<Arguments…>` (`Set<Code>`).
    case generic(String, [SwiftTypeName])
    /// `(A, B)`.
    case tuple([SwiftTypeName])
    /// `inout T`, for a parameter.
    indirect case inoutParameter(SwiftTypeName)

    /// A type by name: `"Decimal"` is `.named("Decimal")`.
    init(stringLiteral name: String) { self = .named(name) }

    /// `self?`, unless `optional` is false.
    func optional(_ optional: Bool) -> SwiftTypeName { optional ? .optional(self) : self }
}
