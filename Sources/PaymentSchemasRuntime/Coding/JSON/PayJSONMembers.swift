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

    /// The member named `name`: compared with each member's name in a small object, hashed in a
    /// larger one.
    @inlinable
    func member(named name: String) -> PayJSON? {
        if count <= Self.largestScannedObject {
            for (member, node) in self where member == name { return node }
            return nil
        }
        return self[name]
    }
}
