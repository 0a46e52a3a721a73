import PaySchemaLanguage

/// A legacy API surface (a protocol, a namespace or an extension), as the emitter writes it.
public struct ResolvedLegacyAPI: Sendable {
    /// A method.
    public struct Method: Sendable {
        /// The base name.
        public let name: String
        /// Parameters and result.
        public let signature: String
        /// Swift statements of a thin wrapper over the current API.
        public let body: String?
        /// For documented no-ops: the Swift expression returned (empty for `Void`).
        public let noOp: String?
        /// What replaces it.
        public let replacement: String?
        /// Documentation.
        public let doc: String?

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
    public struct Property: Sendable {
        /// The name.
        public let name: String
        /// The Swift type.
        public let type: String
        /// The getter's body.
        public let get: String
        /// The setter's body, if settable.
        public let set: String?
        /// Documentation.
        public let doc: String?

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
    public let name: String
    /// The kind.
    public let kind: LegacyAPIKind
    /// The deprecation message.
    public let deprecated: String
    /// Documentation.
    public let doc: String?
    /// Methods.
    public let methods: [Method]
    /// Properties (extensions only).
    public let properties: [Property]
    /// Whether the declaration is isolated to the main actor.
    public let mainActor: Bool

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
