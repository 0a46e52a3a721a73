import PaySchemaLanguage

/// An error catalog, resolved.
public struct ResolvedCatalog: Sendable {
    /// The Swift name.
    public let name: String
    /// The error domain.
    public let domain: String
    /// The type of the codes.
    public let codeType: EnumRawType
    /// The language every code has a message in.
    public let defaultLanguage: String
    /// Documentation.
    public let doc: String?
    /// The codes in declaration order.
    public let codes: [ResolvedErrorCode]
    /// Where the schema writes the name.
    public let location: SourceLocation

    /// Creates the value from its parts (the checker does).
    package init(
        name: String, domain: String, codeType: EnumRawType, defaultLanguage: String, doc: String?, codes: [ResolvedErrorCode],
        location: SourceLocation
    ) {
        self.location = location
        self.name = name
        self.domain = domain
        self.codeType = codeType
        self.defaultLanguage = defaultLanguage
        self.doc = doc
        self.codes = codes
    }
}

/// One code of an error catalog.
public struct ResolvedErrorCode: Sendable {
    /// The provider's code.
    public let code: RawValue
    /// The Swift case name.
    public let name: String
    /// Messages by language, in declaration order.
    public let messages: [(language: String, text: String)]
    /// The code's own domain, when it differs from the catalog's.
    public let domain: String?
    /// Documentation.
    public let doc: String?
    /// Deprecation and former names.
    public let lifecycle: ResolvedLifecycle
    /// Where the schema declares the code.
    public let location: SourceLocation

    /// Creates the value from its parts (the checker does).
    package init(
        code: RawValue, name: String, messages: [(language: String, text: String)], domain: String?, doc: String?,
        lifecycle: ResolvedLifecycle, location: SourceLocation
    ) {
        self.location = location
        self.code = code
        self.name = name
        self.messages = messages
        self.domain = domain
        self.doc = doc
        self.lifecycle = lifecycle
    }
}
