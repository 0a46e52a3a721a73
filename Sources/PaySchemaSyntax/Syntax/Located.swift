import PaySchemaLanguage
import PaySchemaYAML

/// A value read from a schema together with where it was written.
package struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value.
    package var value: Value
    /// Where it was written.
    package var location: SourceLocation

    /// Pairs a value with its location.
    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
