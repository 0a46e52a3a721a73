import PaySchemaLanguage

/// A value read from a schema together with where it was written.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value.
    public var value: Value
    /// Where it was written.
    public var location: SourceLocation

    /// Pairs a value with its location (inlinable: the parser in another module makes millions).
    @inlinable public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
