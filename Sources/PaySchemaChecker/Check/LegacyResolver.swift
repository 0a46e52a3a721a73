import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax

/// Resolves the `from` paths of legacy conversions against the module's structs, for the checker,
/// which reports what does not resolve and hands the emitter ``ResolvedConversion``s.
struct LegacyResolver {
    /// Why a path did not resolve.
    struct ResolveError: Error {
        var message: String
    }

    /// A resolved expression: Swift text, its schema type and whether it may be `nil`.
    struct Value {
        var expression: String
        var type: TypeExpression
        var optional: Bool
    }

    let types: [String: TypeDecl]

    /// The roots a conversion's paths start from.
    func roots(for conversion: LegacyConversion, owner: TypeDecl) -> [String: Value] {
        switch conversion.kind {
        case .to:
            guard case .structure(let decl) = owner.kind else { return [:] }
            var roots: [String: Value] = [:]
            for field in decl.fields { roots[field.name.value] = value(of: field, base: "self", optionalBase: false) }
            return roots
        case .from(let arguments):
            var roots: [String: Value] = [:]
            for argument in arguments {
                roots[argument.label] = Value(
                    expression: Naming.escaped(argument.label), type: .named(argument.type.value), optional: false)
            }
            return roots
        }
    }

    func value(of field: FieldDecl, base: String, optionalBase: Bool) -> Value {
        let storage = field.lifecycle.deprecated != nil ? "_" + field.name.value : Naming.escaped(field.name.value)
        return Value(
            expression: base + (optionalBase ? "?." : ".") + storage, type: field.type.value,
            optional: optionalBase || field.isOptionalInSwift)
    }

    /// Resolves `path`; the error explains which segment failed.
    func resolve(_ path: String, roots: [String: Value]) -> Result<Value, ResolveError> {
        let segments = path.split(separator: ".").map(String.init)
        guard let first = segments.first, var current = roots[first] else {
            return .failure(
                ResolveError(
                    message:
                        "'\(segments.first ?? path)' is not \(roots.isEmpty ? "available" : "one of " + roots.keys.sorted().joined(separator: ", "))"
                ))
        }
        for segment in segments.dropFirst() {
            guard case .named(let name) = current.type, case .structure(let decl)? = types[name]?.kind,
                let field = decl.fields.first(where: { $0.name.value == segment })
            else {
                return .failure(ResolveError(message: "'\(segment)' is not a field of \(current.type)"))
            }
            current = value(of: field, base: current.expression, optionalBase: current.optional)
        }
        return .success(current)
    }
}
