import PaySchemaLanguage

/// A legacy API surface (a protocol, a namespace or an extension), as the emitter writes it.
package struct ResolvedLegacyAPI: Sendable {
    /// A method.
    package struct Method: Sendable {
        /// The base name.
        package let name: String
        /// Parameters and result.
        package let signature: String
        /// Swift statements of a thin wrapper over the current API.
        package let body: String?
        /// For documented no-ops: the Swift expression returned (empty for `Void`).
        package let noOp: String?
        /// What replaces it.
        package let replacement: String?
        /// Documentation.
        package let doc: String?

        /// Creates the value from its parts (the checker does).
        package init(name: String, signature: String, body: String?, noOp: String?, replacement: String?, doc: String?) {
            self.name = name
            self.signature = signature
            self.body = body
            self.noOp = noOp
            self.replacement = replacement
            self.doc = doc
        }
    }

    /// A property of an extension.
    package struct Property: Sendable {
        /// The name.
        package let name: String
        /// The Swift type.
        package let type: String
        /// The getter's body.
        package let get: String
        /// The setter's body, if settable.
        package let set: String?
        /// Documentation.
        package let doc: String?

        /// Creates the value from its parts (the checker does).
        package init(name: String, type: String, get: String, set: String?, doc: String?) {
            self.name = name
            self.type = type
            self.get = get
            self.set = set
            self.doc = doc
        }
    }

    /// The Swift name.
    package let name: String
    /// The kind.
    package let kind: LegacyAPIKind
    /// The deprecation message.
    package let deprecated: String
    /// Documentation.
    package let doc: String?
    /// Methods.
    package let methods: [Method]
    /// Properties (extensions only).
    package let properties: [Property]
    /// Whether the declaration is isolated to the main actor.
    package let mainActor: Bool

    /// Creates the value from its parts (the checker does).
    package init(
        name: String, kind: LegacyAPIKind, deprecated: String, doc: String?, methods: [Method], properties: [Property], mainActor: Bool
    ) {
        self.name = name
        self.kind = kind
        self.deprecated = deprecated
        self.doc = doc
        self.methods = methods
        self.properties = properties
        self.mainActor = mainActor
    }
}
