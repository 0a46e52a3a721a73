import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// A scalar newtype's declaration.
package struct ScalarDecl: Sendable {
    /// The wrapped primitive.
    package var base: Located<TypeExpression.Primitive>
    /// Constraints every value meets.
    package var constraints: Constraints
    /// Whether values are secrets.
    package var sensitive: Bool
    /// `literal: true`: a constrained scalar still takes string or integer literals; `nil` when
    /// the key is absent.
    package var literal: Located<Bool>?

    /// Whether Swift code can write a value as a literal (`let key: IdempotencyKey = "k1"`): a
    /// `String` or integer scalar without constraints (any literal is valid), or a constrained one
    /// that opts in with `literal: true` (a literal can then break a constraint, caught by `validate()`).
    package var takesLiterals: Bool {
        switch base.value {
        case .string, .int, .int64: return constraints.isEmpty || literal?.value == true
        default: return false
        }
    }
}
