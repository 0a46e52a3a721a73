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
///
/// Generated coders build a key per field each time a value is read, written or checked, mostly
/// from a literal, so the key holds two references at most: the JSON key and, only for a field
/// that has any, its ``Overrides`` (another XML or query name, aliases, a decimal rule). A key
/// with overrides is built once, a constant of its type (`private static let <field>Key`), since
/// building one allocates.
@_spi(Generated)
public struct PayFieldKey: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The JSON object key.
    public let json: String
    /// Whether an explicit `null` is allowed (read as absent); otherwise `null` is a violation.
    public let nullable: Bool
    /// Whether a URL field accepts a relative reference.
    public let relativeURL: Bool
    /// How a list (or each list of a map) is written in a URL query.
    public let queryList: PayQueryListStyle
    /// What few fields have; `nil` when every name is the JSON key, there are no aliases and the
    /// decimal rule is the plain one.
    @usableFromInline let overrides: Overrides?

    /// The XML element name.
    @inlinable public var xml: String { overrides?.xml ?? json }
    /// The URL-query item name.
    @inlinable public var query: String { overrides?.query ?? json }
    /// Older spellings accepted when decoding, tried in order after the current name.
    @inlinable public var aliases: [String] { overrides?.aliases ?? [] }
    /// How a decimal field is read and written.
    @inlinable public var decimal: PayDecimalRule { overrides?.decimal ?? .plain }

    /// Creates the wire names of a field; unspecified XML and query names equal the JSON key.
    @inlinable
    public init(
        _ json: String, xml: String? = nil, query: String? = nil, aliases: [String] = [],
        nullable: Bool = false, decimal: PayDecimalRule? = nil, relativeURL: Bool = false,
        queryList: PayQueryListStyle = .commaJoined
    ) {
        self.json = json
        self.nullable = nullable
        self.relativeURL = relativeURL
        self.queryList = queryList
        if xml == nil, query == nil, aliases.isEmpty, decimal == nil {
            self.overrides = nil
        } else {
            self.overrides = Overrides(xml: xml ?? json, query: query ?? json, aliases: aliases, decimal: decimal ?? .plain)
        }
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

    /// Whether two keys name and read a field alike (their names, aliases and rules; an explicit
    /// name equal to the JSON key is the same key as none).
    public static func == (lhs: PayFieldKey, rhs: PayFieldKey) -> Bool {
        lhs.json == rhs.json && lhs.xml == rhs.xml && lhs.query == rhs.query && lhs.aliases == rhs.aliases
            && lhs.nullable == rhs.nullable && lhs.decimal == rhs.decimal && lhs.relativeURL == rhs.relativeURL
            && lhs.queryList == rhs.queryList
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(json)
        hasher.combine(xml)
        hasher.combine(query)
        hasher.combine(aliases)
        hasher.combine(nullable)
        hasher.combine(decimal)
        hasher.combine(relativeURL)
        hasher.combine(queryList)
    }

    /// The parts of a key that few fields have, held once behind one reference.
    @usableFromInline
    final class Overrides: Sendable {
        @usableFromInline let xml: String
        @usableFromInline let query: String
        @usableFromInline let aliases: [String]
        @usableFromInline let decimal: PayDecimalRule

        @usableFromInline
        init(xml: String, query: String, aliases: [String], decimal: PayDecimalRule) {
            self.xml = xml
            self.query = query
            self.aliases = aliases
            self.decimal = decimal
        }
    }
}
