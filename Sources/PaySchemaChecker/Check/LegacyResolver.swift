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

    /// A resolved path: where it starts, the stored properties it reads, its schema type and
    /// whether it may be `nil`. No Swift: the emitter writes the path.
    struct Value {
        var root: ResolvedConversion.Source.Root
        var members: [ResolvedConversion.Source.Member]
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
            let base = Value(root: .selfValue, members: [], type: .named(owner.name.value), optional: false)
            for field in decl.fields { roots[field.name.value] = value(of: field, base: base) }
            return roots
        case .from(let arguments):
            var roots: [String: Value] = [:]
            for argument in arguments {
                roots[argument.label] = Value(
                    root: .parameter(argument.label), members: [], type: .named(argument.type.value), optional: false)
            }
            return roots
        }
    }

    /// `field` read from `base`: one more member, chained when `base` may be `nil`.
    func value(of field: FieldDecl, base: Value) -> Value {
        let storage = field.lifecycle.deprecated != nil ? "_" + field.name.value : field.name.value
        return Value(
            root: base.root, members: base.members + [.init(storage: storage, chained: base.optional)], type: field.type.value,
            optional: base.optional || field.isOptionalInSwift)
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
            current = value(of: field, base: current)
        }
        return .success(current)
    }
}
