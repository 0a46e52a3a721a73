import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// One thing `payschema upstream` found about a linked type: a field, enum case or constraint of
/// the official contract that the type does not follow, or a change between two versions of the
/// contract that touches it.
package struct UpstreamFinding: Sendable, Hashable {
    /// The kinds of finding, with stable identifiers.
    package enum Rule: String, Sendable, CaseIterable {
        case targetMissing = "UPSTREAM_TARGET_MISSING"
        case fieldMissed = "UPSTREAM_FIELD_MISSED"
        case fieldUnknown = "UPSTREAM_FIELD_UNKNOWN"
        case caseMissed = "UPSTREAM_CASE_MISSED"
        case caseUnknown = "UPSTREAM_CASE_UNKNOWN"
        case stricter = "UPSTREAM_STRICTER"
        case looser = "UPSTREAM_LOOSER"
        case omissionStale = "UPSTREAM_OMISSION_STALE"
        case schemaRemoved = "UPSTREAM_SCHEMA_REMOVED"
        case fieldAdded = "UPSTREAM_FIELD_ADDED"
        case fieldRemoved = "UPSTREAM_FIELD_REMOVED"
        case caseAdded = "UPSTREAM_CASE_ADDED"
        case caseRemoved = "UPSTREAM_CASE_REMOVED"
        case constraintChanged = "UPSTREAM_CONSTRAINT_CHANGED"
        case shapeStricter = "UPSTREAM_SHAPE_STRICTER"

        /// One line on what the rule reports.
        package var summary: String {
            switch self {
            case .targetMissing: return "the linked schema does not exist in the official document"
            case .fieldMissed: return "an official field the type neither models nor lists in `omits`"
            case .fieldUnknown: return "a field of the type that the official schema does not have"
            case .caseMissed: return "an official enum value the type neither models nor lists in `omits`"
            case .caseUnknown: return "an enum value of the type that the official schema does not have"
            case .stricter: return "the type requires a field the official schema leaves optional, not listed in `differences`"
            case .looser: return "the official schema requires a field the type leaves optional"
            case .omissionStale: return "`omits` or `differences` names something the official schema does not have"
            case .schemaRemoved: return "the new document no longer has the linked schema"
            case .fieldAdded: return "the new document adds a field to the linked schema"
            case .fieldRemoved: return "the new document removes a field of the linked schema"
            case .caseAdded: return "the new document adds an enum value"
            case .caseRemoved: return "the new document removes an enum value"
            case .constraintChanged:
                return "the new document changes a field's type, format, enum, length, pattern, bounds or whether it is required"
            case .shapeStricter:
                return "a field's pattern or format that the official schema does not have (or has otherwise), not listed in `differences`"
            }
        }
    }

    /// The rule.
    package let rule: Rule
    /// `Module.Type`.
    package let type: String
    /// The official schema (`document#/pointer`).
    package let upstream: String
    /// The field, enum value or constraint concerned (empty for the schema as a whole).
    package let element: String
    /// What was found.
    package let message: String
    /// Whether someone must act: update the type, or list the difference with its reason.
    package let needsReview: Bool
    /// Where the link is declared (`file:line:column`).
    package let location: SourceLocation

    /// The finding as a JSON value, for `--format json`.
    package var json: PayJSON {
        [
            "rule": .string(rule.rawValue), "type": .string(type), "upstream": .string(upstream), "element": .string(element),
            "message": .string(message), "needsReview": .bool(needsReview), "location": location.json,
        ]
    }
}

/// How much of one official schema a linked type covers: its fields and enum values modelled, left
/// out on purpose (`omits`) or missed.
package struct UpstreamCoverage: Sendable, Hashable {
    /// `Module.Type`.
    package let type: String
    /// The official schema.
    package let upstream: String
    /// Official fields (or enum values) the type models.
    package let modelled: [String]
    /// Official fields (or enum values) listed in `omits`.
    package let omitted: [String]
    /// Official fields (or enum values) neither modelled nor omitted.
    package let missed: [String]
    /// Differences the type declares, with their reasons.
    package let differences: [String: String]

    /// Every official field or value.
    package var total: Int { modelled.count + omitted.count + missed.count }

    /// The coverage as a JSON value, for `--format json`.
    package var json: PayJSON {
        [
            "type": .string(type), "upstream": .string(upstream), "modelled": .array(modelled.map(PayJSON.string)),
            "omitted": .array(omitted.map(PayJSON.string)), "missed": .array(missed.map(PayJSON.string)),
            "differences": .object(differences.mapValues(PayJSON.string)),
        ]
    }
}
