import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax

extension SchemaChecker {
    /// Checks a scalar's `literal` key: it only means something on a `String` or integer scalar
    /// that has constraints (one without constraints takes literals anyway).
    mutating func checkLiteral(_ type: TypeDecl, _ decl: ScalarDecl) {
        guard let literal = decl.literal else { return }
        let name = type.name.value
        switch decl.base.value {
        case .string, .int, .int64:
            if decl.constraints.isEmpty {
                diagnostics.error(
                    "'literal' on scalar '\(name)' is redundant: a scalar without constraints always takes literals", at: literal.location)
            }
        default:
            diagnostics.error(
                "'literal' needs a String, Int or Int64 scalar; '\(name)' wraps \(decl.base.value.rawValue), which has no literal of its own",
                at: literal.location)
        }
    }
}
