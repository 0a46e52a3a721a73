import PaySchemaChecker
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax

/// Whether a change breaks one side.
public enum Verdict: String, Sendable, Hashable, Codable {
    /// Old peers break.
    case breaking
    /// Old peers keep working.
    case compatible
    /// Keeps working, but code or peers that assumed the old shape may misbehave (e.g. exhaustive switches).
    case dangerous
}

/// One classified difference between two revisions of the schemas.
public struct SchemaChange: Sendable, Hashable, Codable {
    /// The rule, e.g. `FIELD_REMOVED` (see ``DiffRule``).
    public var rule: String
    /// error, warning or info.
    public var severity: Diagnostic.Severity
    /// Whether payloads written by one side still decode on the other.
    public var wire: Verdict
    /// Whether Swift code written against the old generated API still compiles.
    public var source: Verdict
    /// The element, e.g. `MollieCheckout.Payment.status`.
    public var path: String
    /// Who sends the type the change is in (`request`, `response` or `both`), which decides the wire
    /// verdict; `nil` for error catalogs and operations.
    public var direction: String?
    /// What changed.
    public var message: String
    /// Where: in the new schema, or in the old one for removals.
    public var location: SourceLocation
    /// The reason from `breaking-changes.yaml` when the change is accepted.
    public var acceptedBecause: String?

    /// Creates a change.
    public init(
        rule: String, severity: Diagnostic.Severity, wire: Verdict, source: Verdict, path: String, message: String,
        location: SourceLocation, direction: String? = nil
    ) {
        self.rule = rule
        self.direction = direction
        self.severity = severity
        self.wire = wire
        self.source = source
        self.path = path
        self.message = message
        self.location = location
    }

    /// Whether either side breaks.
    public var isBreaking: Bool { wire == .breaking || source == .breaking }
}

extension SourceLocation: Codable {
    enum CodingKeys: String, CodingKey { case file, line, column }

    /// Decodes `{file, line, column}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column))
    }

    /// Encodes `{file, line, column}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
