import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

/// Whether a change breaks one side.
package enum Verdict: String, Sendable, Hashable {
    /// Old peers break.
    case breaking
    /// Old peers keep working.
    case compatible
    /// Keeps working, but code or peers that assumed the old shape may misbehave (e.g. exhaustive switches).
    case dangerous
}

/// One classified difference between two revisions of the schemas.
package struct SchemaChange: Sendable, Hashable {
    /// The rule, e.g. ``DiffRule/fieldRemoved`` (`FIELD_REMOVED`).
    package var rule: DiffRule
    /// error, warning or info.
    package var severity: Diagnostic.Severity
    /// Whether payloads written by one side still decode on the other.
    package var wire: Verdict
    /// Whether Swift code written against the old generated API still compiles.
    package var source: Verdict
    /// The element, e.g. `MollieCheckout.Payment.status`.
    package var path: String
    /// Who sends the type the change is in, which decides the wire verdict; `nil` for error
    /// catalogs and operations.
    package var direction: Direction?
    /// What changed.
    package var message: String
    /// Where: in the new schema, or in the old one for removals.
    package var location: SourceLocation
    /// The reason from `breaking-changes.yaml` when the change is accepted.
    package var acceptedBecause: String?

    /// Creates a change.
    package init(
        rule: DiffRule, severity: Diagnostic.Severity, wire: Verdict, source: Verdict, path: String, message: String,
        location: SourceLocation, direction: Direction? = nil
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
    package var isBreaking: Bool { wire == .breaking || source == .breaking }

    /// The change as a JSON value (absent members left out), for `--format json`.
    package var json: PayJSON {
        var members: [String: PayJSON] = [
            "rule": .string(rule.rawValue), "severity": .string(severity.rawValue), "wire": .string(wire.rawValue),
            "source": .string(source.rawValue), "path": .string(path), "message": .string(message), "location": location.json,
        ]
        if let direction { members["direction"] = .string(direction.rawValue) }
        if let acceptedBecause { members["acceptedBecause"] = .string(acceptedBecause) }
        return .object(members)
    }
}
