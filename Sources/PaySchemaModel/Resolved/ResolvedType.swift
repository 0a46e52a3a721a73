import PaySchemaLanguage

/// A named type as the stages after checking need it, resolved once by the checker: what kind of
/// type it is and whether its values carry checks, so no later stage looks a name up.
package struct NamedTypeRef: Sendable, Hashable {
    /// What the name declares.
    package enum Kind: Sendable, Hashable {
        /// A struct.
        case structure
        /// An enum (open or closed).
        case enumeration
        /// A union of structs.
        case union
        /// A scalar newtype over a primitive.
        case scalar(base: SchemaPrimitive)
    }

    /// The type's name (its Swift name).
    package let name: String
    /// What it declares.
    package let kind: Kind
    /// Whether values of the type carry a check: constraints of their own or of the values they hold.
    package let needsValidation: Bool

    /// Creates the value from its parts (the checker does).
    package init(name: String, kind: Kind, needsValidation: Bool) {
        self.name = name
        self.kind = kind
        self.needsValidation = needsValidation
    }
}

/// A type expression whose named types are resolved (the language's ``SchemaType``).
package typealias ResolvedType = SchemaType<NamedTypeRef>

extension NamedTypeRef: CustomStringConvertible {
    /// The type's name, as a schema writes it.
    package var description: String { name }
}

extension SchemaType where Name == NamedTypeRef {
    /// Whether a value of this type, or any value it holds, carries a check of its own.
    package var holdsValidatedValues: Bool {
        switch self {
        case .primitive: return false
        case .named(let reference): return reference.needsValidation
        case .list(let element), .set(let element), .map(let element): return element.holdsValidatedValues
        }
    }
}
