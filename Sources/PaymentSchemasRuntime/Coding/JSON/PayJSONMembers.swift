@_spi(Generated) import PaymentSchemasVocabulary

/// Finding a member of an object in the package's tree: the one lookup both the generated types'
/// container (``PayDecodingContainer``) and the keyed container of collections and `Codable`
/// fallbacks use.
extension Dictionary where Key == String, Value == PayJSON {
    /// The most members an object holds for ``member(named:)`` to compare names one by one: a type
    /// with many optional fields is read from a payload with few members (PayPal's
    /// `payment_source` has 15 fields and one member), and most of its lookups miss; comparing a
    /// handful of short names costs less than hashing the name once.
    @inlinable static var largestScannedObject: Int { 8 }

    /// Whether ``member(named:)`` compares names one by one: the object holds at most
    /// ``largestScannedObject`` members.
    @inlinable var isScanned: Bool { count <= Self.largestScannedObject }

    /// The member named `name`: compared with each member's name in a small object, hashed in a
    /// larger one.
    @inlinable
    func member(named name: String) -> PayJSON? { located(name)?.node }

    /// The member named `name` and, in an object small enough to scan (``isScanned``), its
    /// position in the object's order; `-1` for the position in a larger one, where the name is
    /// hashed.
    @inlinable @inline(__always)
    func located(_ name: String) -> (node: PayJSON, position: Int)? {
        if isScanned {
            var position = 0
            for (member, node) in self {
                if member == name { return (node, position) }
                position += 1
            }
            return nil
        }
        guard let node = self[name] else { return nil }
        return (node, -1)
    }
}
