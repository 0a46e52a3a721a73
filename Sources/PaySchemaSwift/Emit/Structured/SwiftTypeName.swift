/// A Swift type as a value: the emitters compose optionals, arrays, dictionaries and generic
/// types from it, and only ``SwiftRenderer`` spells them (`[String: Payment]?`, `Set<Code>`).
indirect enum SwiftTypeName: Equatable, Sendable, ExpressibleByStringLiteral {
    /// A type by name, qualified or not (`Decimal`, `PayPalPayments.Order`, `Self`).
    case named(String)
    /// `Wrapped?`.
    case optional(SwiftTypeName)
    /// `[Element]`.
    case array(SwiftTypeName)
    /// `[Key: Value]`.
    case dictionary(key: SwiftTypeName, value: SwiftTypeName)
    /// `Name<Arguments…>` (`Set<Code>`).
    case generic(String, [SwiftTypeName])
    /// `(A, B)`.
    case tuple([SwiftTypeName])
    /// `inout T`, for a parameter.
    case inoutParameter(SwiftTypeName)

    /// A type by name: `"Decimal"` is `.named("Decimal")`.
    init(stringLiteral name: String) { self = .named(name) }

    /// `self?`, unless `optional` is false.
    func optional(_ optional: Bool) -> SwiftTypeName { optional ? .optional(self) : self }
}
