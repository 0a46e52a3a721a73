import PaySchemaLanguage
@_spi(Generated) import PaymentSchemasVocabulary

/// A declared type with everything the emitter and the exporter need resolved: its fields,
/// cases, variants or base, whether it can hold a secret, and its legacy conversions.
package struct ResolvedDecl: Sendable {
    /// What the type declares.
    package typealias Kind = DeclarationKind<ResolvedStruct, ResolvedEnum, ResolvedUnion, ResolvedScalar>

    /// The Swift name.
    package let name: String
    /// Where the schema writes the name.
    package let location: SourceLocation
    /// Documentation.
    package let doc: String?
    /// Deprecation and former names.
    package let lifecycle: ResolvedLifecycle
    /// The official schema the type models, when the schema links one.
    package let upstream: ResolvedUpstream?
    /// What it declares.
    package let kind: Kind
    /// Whether a value of the type can hold a secret, directly or through the types it contains.
    package let isSensitive: Bool
    /// The legacy conversions declared on the type, in declaration order.
    package let conversions: [ResolvedConversion]

    /// Whether the type is deprecated.
    package var isDeprecated: Bool { lifecycle.isDeprecated }

    /// The wire formats values of the type are written in (a struct's encodings; JSON otherwise).
    package var formats: [WireFormat] {
        if case .structure(let structure) = kind { return structure.encodings }
        return [.json]
    }

    /// Whether the type has nothing to check, so it conforms to `PayAlwaysValid` where it is declared.
    package var isAlwaysValid: Bool {
        if case .structure(let structure) = kind {
            return structure.requireAnyOf.isEmpty && !structure.fields.contains(where: \.needsValidation)
        }
        return false
    }

    /// Creates the value from its parts (the checker does).
    package init(
        name: String, location: SourceLocation, doc: String?, lifecycle: ResolvedLifecycle, upstream: ResolvedUpstream?, kind: Kind,
        isSensitive: Bool, conversions: [ResolvedConversion]
    ) {
        self.name = name
        self.location = location
        self.doc = doc
        self.lifecycle = lifecycle
        self.upstream = upstream
        self.kind = kind
        self.isSensitive = isSensitive
        self.conversions = conversions
    }
}

/// A struct's body, resolved.
package struct ResolvedStruct: Sendable {
    /// The wire formats, in declaration order (the first names the paths in validation messages).
    package let encodings: [WireFormat]
    /// The root element of an XML document.
    package let xmlRoot: String?
    /// The fields in declaration order.
    package let fields: [ResolvedField]
    /// The `requireAnyOf` groups, each resolved to its fields in the order the group names them.
    package let requireAnyOf: [[ResolvedField]]
    /// Where the schema writes the fields.
    package let fieldsLocation: SourceLocation
    /// Where the schema writes the first `requireAnyOf` group, when it has one.
    package let requireAnyOfLocation: SourceLocation?
    /// Whether decoding refuses members no field models (`unknownMembers: refuse`); otherwise
    /// they are kept and written back.
    package let refusesUnknownMembers: Bool

    /// Whether values are written in `format`.
    package func supports(_ format: WireFormat) -> Bool { encodings.contains(format) }

    /// The format whose names are used in validation paths: the first declared encoding.
    package var primaryFormat: WireFormat { encodings.first ?? .json }

    /// Creates the value from its parts (the checker does).
    package init(
        encodings: [WireFormat], xmlRoot: String?, fields: [ResolvedField], requireAnyOf: [[ResolvedField]], fieldsLocation: SourceLocation,
        requireAnyOfLocation: SourceLocation?, refusesUnknownMembers: Bool = false
    ) {
        self.refusesUnknownMembers = refusesUnknownMembers
        self.encodings = encodings
        self.xmlRoot = xmlRoot
        self.fields = fields
        self.requireAnyOf = requireAnyOf
        self.fieldsLocation = fieldsLocation
        self.requireAnyOfLocation = requireAnyOfLocation
    }
}

/// A scalar newtype, resolved.
package struct ResolvedScalar: Sendable {
    /// The wrapped primitive.
    package let base: SchemaPrimitive
    /// The constraints on the value.
    package let constraints: ResolvedConstraints
    /// Whether the value is a secret.
    package let sensitive: Bool
    /// Whether the type conforms to the literal protocol of its base.
    package let takesLiterals: Bool
    /// Where the schema writes the base.
    package let baseLocation: SourceLocation
    /// Where the schema writes `literal:`, when it does.
    package let literalLocation: SourceLocation?

    /// Creates the value from its parts (the checker does).
    package init(
        base: SchemaPrimitive, constraints: ResolvedConstraints, sensitive: Bool, takesLiterals: Bool, baseLocation: SourceLocation,
        literalLocation: SourceLocation?
    ) {
        self.base = base
        self.constraints = constraints
        self.sensitive = sensitive
        self.takesLiterals = takesLiterals
        self.baseLocation = baseLocation
        self.literalLocation = literalLocation
    }
}

/// The official schema a type models (`upstream:`).
package struct ResolvedUpstream: Sendable {
    /// The contract and JSON pointer (`paypal-orders-v2.json#/components/schemas/order`).
    package let ref: String
    /// The official properties the type leaves out, with the reason.
    package let omits: [String: String]
    /// Where the type knowingly differs from the official schema, with the reason.
    package let differences: [String: String]
    /// Where the schema writes the link, for problems with it.
    package let location: SourceLocation

    /// Creates the value from its parts (the checker does).
    package init(ref: String, omits: [String: String], differences: [String: String], location: SourceLocation) {
        self.ref = ref
        self.omits = omits
        self.differences = differences
        self.location = location
    }

    /// The contract's path under the contracts folder (`paypal/checkout_orders_v2.json`).
    package var document: String { String(ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]) }

    /// The JSON pointer into it (`/components/schemas/order`); empty for the whole document.
    package var pointer: String {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? String(parts[1]) : ""
    }
}

/// One schema file's declarations, resolved, in declaration order.
package struct ResolvedFile: Sendable {
    /// The path shown in generated code and diagnostics.
    package let displayPath: String
    /// The generated file's base name.
    package let outputName: String
    /// The file's documentation.
    package let doc: String?
    /// The prefix the sandbox serves the file's operations under (`/t/paypal`), if any.
    package let sandboxPath: String?
    /// Its types.
    package let types: [ResolvedDecl]
    /// Its error catalogs.
    package let errorCatalogs: [ResolvedCatalog]
    /// Its operations.
    package let operations: [ResolvedOperation]
    /// Its legacy API surfaces.
    package let legacyAPIs: [ResolvedLegacyAPI]

    /// Creates the value from its parts (the checker does).
    package init(
        displayPath: String, outputName: String, doc: String?, sandboxPath: String?, types: [ResolvedDecl],
        errorCatalogs: [ResolvedCatalog], operations: [ResolvedOperation], legacyAPIs: [ResolvedLegacyAPI]
    ) {
        self.displayPath = displayPath
        self.outputName = outputName
        self.doc = doc
        self.sandboxPath = sandboxPath
        self.types = types
        self.errorCatalogs = errorCatalogs
        self.operations = operations
        self.legacyAPIs = legacyAPIs
    }
}
