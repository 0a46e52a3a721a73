import PaySchemaLanguage

/// An error catalog, resolved.
package struct ResolvedCatalog: Sendable {
    /// The Swift name.
    package let name: String
    /// The error domain.
    package let domain: String
    /// The type of the codes.
    package let codeType: EnumRawType
    /// The language every code has a message in.
    package let defaultLanguage: String
    /// Documentation.
    package let doc: String?
    /// The codes in declaration order.
    package let codes: [ResolvedErrorCode]
    /// Where the schema writes the name.
    package let location: SourceLocation

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
package struct ResolvedErrorCode: Sendable {
    /// The provider's code.
    package let code: RawValue
    /// The Swift case name.
    package let name: String
    /// Messages by language, in declaration order.
    package let messages: [(language: String, text: String)]
    /// The code's own domain, when it differs from the catalog's.
    package let domain: String?
    /// Documentation.
    package let doc: String?
    /// Deprecation and former names.
    package let lifecycle: ResolvedLifecycle
    /// Where the schema declares the code.
    package let location: SourceLocation

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
