/// A struct field with its type and default resolved.
public struct ResolvedField: Sendable {
    /// The field as declared.
    public let decl: FieldDecl
    /// Its type, resolved.
    public let type: ResolvedType
    /// Its default, typed; `nil` when it has none.
    public let defaultValue: ResolvedValue?
    /// Whether the field's value carries a check (its own constraints or its type's).
    public let needsValidation: Bool
}

/// A union variant with the variant struct resolved.
public struct ResolvedVariant: Sendable {
    /// The variant as declared.
    public let decl: UnionVariantDecl
    /// The variant's struct.
    public let structure: NamedTypeRef
    /// The struct's field that carries the discriminator, when it declares one.
    public let discriminatorField: FieldDecl?
}

/// A declared type with everything the emitter needs resolved: its fields or variants, whether it
/// can hold a secret, and its legacy conversions.
public struct ResolvedDecl: Sendable {
    /// The declaration.
    public let type: TypeDecl
    /// Whether a value of the type can hold a secret, directly or through the types it contains.
    public let isSensitive: Bool
    /// A struct's fields in declaration order; empty for other kinds.
    public let fields: [ResolvedField]
    /// A struct's `requireAnyOf` groups, each resolved to its fields in the order the group names
    /// them; empty when the struct declares none (and for other kinds).
    public let requireAnyOf: [[ResolvedField]]
    /// A union's variants in declaration order; empty for other kinds.
    public let variants: [ResolvedVariant]
    /// The legacy conversions declared on the type, in declaration order.
    public let conversions: [ResolvedConversion]

    /// Whether the type is deprecated.
    public var isDeprecated: Bool { type.lifecycle.deprecated != nil }

    /// Whether the type has nothing to check, so it conforms to `PayAlwaysValid` where it is declared.
    public var isAlwaysValid: Bool {
        if case .structure = type.kind {
            return requireAnyOf.isEmpty && !fields.contains(where: \.needsValidation)
        }
        return false
    }
}

/// One schema file's declarations, resolved, in declaration order.
public struct ResolvedFile: Sendable {
    /// The file as parsed (paths, catalogs and legacy APIs).
    public let file: SchemaFile
    /// Its types.
    public let types: [ResolvedDecl]
    /// Its operations.
    public let operations: [ResolvedOperation]
}
