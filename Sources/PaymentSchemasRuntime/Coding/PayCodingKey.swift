@_spi(Generated) import PaymentSchemasVocabulary

/// A coding key with any string or integer value, used by generated coders whose wire names
/// depend on the encoding in use.
@_spi(Generated)
public struct PayCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The key's string value.
    public var stringValue: String
    /// The key's integer value, for array positions.
    public var intValue: Int?

    /// Creates a key from a string.
    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// Creates a key for an array position.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// Creates a key from a string literal.
    public init(stringLiteral value: String) {
        self.init(stringValue: value)
    }
}

/// The wire names of one schema field: its JSON key, XML element name and URL-query item name,
/// plus legacy spellings accepted on decode and never produced on encode.
@_spi(Generated)
public struct PayFieldKey: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The JSON object key.
    public let json: String
    /// The XML element name.
    public let xml: String
    /// The URL-query item name.
    public let query: String
    /// Older spellings accepted when decoding, tried in order after the current name.
    public let aliases: [String]
    /// Whether an explicit `null` is allowed (read as absent); otherwise `null` is a violation.
    public let nullable: Bool
    /// How a decimal field is read and written.
    public let decimal: PayDecimalRule
    /// Whether a URL field accepts a relative reference.
    public let relativeURL: Bool
    /// How a list (or each list of a map) is written in a URL query.
    public let queryList: PayQueryListStyle

    /// Creates the wire names of a field; unspecified XML and query names equal the JSON key.
    /// Inlinable: generated coders build a key per field per value, mostly from a literal.
    @inlinable
    public init(
        _ json: String, xml: String? = nil, query: String? = nil, aliases: [String] = [],
        nullable: Bool = false, decimal: PayDecimalRule = .plain, relativeURL: Bool = false,
        queryList: PayQueryListStyle = .commaJoined
    ) {
        self.json = json
        self.xml = xml ?? json
        self.query = query ?? json
        self.aliases = aliases
        self.nullable = nullable
        self.decimal = decimal
        self.relativeURL = relativeURL
        self.queryList = queryList
    }

    /// A field whose name is the same in every format, with no aliases or special rules.
    @inlinable
    public init(stringLiteral json: String) {
        self.init(json)
    }

    /// The name used for `format`.
    @inlinable
    public func name(for format: WireFormat) -> String {
        switch format {
        case .json: return json
        case .xml: return xml
        case .query: return query
        }
    }
}
