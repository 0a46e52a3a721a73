import PaySchemaLanguage
import PaySchemaModel

/// Every rule the schema diff applies, with what it means. Severities follow the verdicts: a change
/// that breaks the wire or Swift source is an error, a dangerous one a warning, the rest info.
package enum DiffRule: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The rule's stable identifier (`FIELD_REMOVED`), as reports print it.
    package var description: String { rawValue }

    case typeAdded = "TYPE_ADDED"
    case typeRemoved = "TYPE_REMOVED"
    case typeRenamed = "TYPE_RENAMED"
    case typeKindChanged = "TYPE_KIND_CHANGED"
    case typeEncodingRemoved = "TYPE_ENCODING_REMOVED"
    case typeEncodingAdded = "TYPE_ENCODING_ADDED"
    case fieldAddedRequired = "FIELD_ADDED_REQUIRED"
    case fieldAddedOptional = "FIELD_ADDED_OPTIONAL"
    case fieldRemoved = "FIELD_REMOVED"
    case fieldRenamed = "FIELD_RENAMED"
    case fieldTypeChanged = "FIELD_TYPE_CHANGED"
    case fieldBecameRequired = "FIELD_BECAME_REQUIRED"
    case fieldBecameOptional = "FIELD_BECAME_OPTIONAL"
    case fieldWireNameChanged = "FIELD_WIRE_NAME_CHANGED"
    case fieldDefaultChanged = "FIELD_DEFAULT_CHANGED"
    case fieldAliasRemoved = "FIELD_ALIAS_REMOVED"
    case sensitiveRemoved = "SENSITIVE_REMOVED"
    case sensitiveAdded = "SENSITIVE_ADDED"
    case constraintTightened = "CONSTRAINT_TIGHTENED"
    case constraintLoosened = "CONSTRAINT_LOOSENED"
    case constraintChanged = "CONSTRAINT_CHANGED"
    case enumCaseAdded = "ENUM_CASE_ADDED"
    case enumCaseRemoved = "ENUM_CASE_REMOVED"
    case enumCaseRenamed = "ENUM_CASE_RENAMED"
    case enumValueChanged = "ENUM_VALUE_CHANGED"
    case enumAliasRemoved = "ENUM_ALIAS_REMOVED"
    case enumBecameClosed = "ENUM_BECAME_CLOSED"
    case enumBecameOpen = "ENUM_BECAME_OPEN"
    case unionVariantAdded = "UNION_VARIANT_ADDED"
    case unionVariantRemoved = "UNION_VARIANT_REMOVED"
    case scalarBaseChanged = "SCALAR_BASE_CHANGED"
    case scalarLiteralRemoved = "SCALAR_LITERAL_REMOVED"
    case scalarLiteralAdded = "SCALAR_LITERAL_ADDED"
    case errorCodeAdded = "ERROR_CODE_ADDED"
    case errorCodeRemoved = "ERROR_CODE_REMOVED"
    case errorCatalogRemoved = "ERROR_CATALOG_REMOVED"
    case operationAdded = "OPERATION_ADDED"
    case operationRemoved = "OPERATION_REMOVED"
    case operationChanged = "OPERATION_CHANGED"
    case parameterAdded = "PARAMETER_ADDED"
    case parameterRemoved = "PARAMETER_REMOVED"
    case deprecated = "DEPRECATED"
    case removedAfterDeprecation = "REMOVED_AFTER_DEPRECATION"
    case documentationChanged = "DOCUMENTATION_CHANGED"
    case staleAcceptance = "STALE_ACCEPTANCE"
    case elementNullabilityChanged = "ELEMENT_NULLABILITY_CHANGED"
    case fieldNullabilityChanged = "FIELD_NULLABILITY_CHANGED"
    case unknownMembersRefused = "UNKNOWN_MEMBERS_REFUSED"
    case unknownMembersKept = "UNKNOWN_MEMBERS_KEPT"

    /// One line on what the rule reports.
    package var summary: String {
        switch self {
        case .typeAdded: return "a type was added"
        case .typeRemoved: return "a type was removed"
        case .typeRenamed: return "a type was renamed with renamedFrom (a deprecated alias keeps old code compiling)"
        case .typeKindChanged: return "a type changed kind (struct, enum, union, scalar)"
        case .typeEncodingRemoved: return "a type no longer supports an encoding"
        case .typeEncodingAdded: return "a type supports a new encoding"
        case .fieldAddedRequired: return "a required field was added"
        case .fieldAddedOptional: return "an optional or defaulted field was added"
        case .fieldRemoved: return "a field was removed"
        case .fieldRenamed: return "a field was renamed with renamedFrom"
        case .fieldTypeChanged: return "a field's type changed"
        case .fieldBecameRequired: return "an optional field became required"
        case .fieldBecameOptional: return "a required field became optional"
        case .fieldWireNameChanged: return "a field's JSON, XML or query name changed"
        case .fieldDefaultChanged: return "a field's default changed"
        case .fieldAliasRemoved: return "a legacy key spelling is no longer accepted (old senders may still write it)"
        case .sensitiveRemoved: return "a field or scalar is no longer sensitive: secrets may start reaching logs"
        case .sensitiveAdded: return "a field or scalar became sensitive"
        case .constraintTightened: return "a constraint accepts fewer values"
        case .constraintLoosened: return "a constraint accepts more values"
        case .constraintChanged: return "a pattern or format changed (neither strictly tighter nor looser)"
        case .enumCaseAdded: return "an enum case was added"
        case .enumCaseRemoved: return "an enum case was removed"
        case .enumCaseRenamed:
            return
                "an enum case was renamed with renamedFrom (the deprecated alias keeps `.old` expressions compiling, not exhaustive switches naming it)"
        case .enumValueChanged: return "an enum case's wire value changed"
        case .enumAliasRemoved: return "an enum value alias is no longer accepted"
        case .enumBecameClosed: return "an open enum became closed: unknown values now fail to decode"
        case .enumBecameOpen:
            return "a closed enum became open: switches gain an unknown case, and old receivers refuse the values it now lets through"
        case .unionVariantAdded: return "a union variant was added (exhaustive switches stop compiling)"
        case .unionVariantRemoved: return "a union variant was removed"
        case .scalarBaseChanged: return "a scalar's base type changed"
        case .scalarLiteralRemoved:
            return "a scalar no longer takes literals (it gained constraints without `literal: true`, or lost `literal: true`)"
        case .scalarLiteralAdded: return "a scalar now takes literals"
        case .errorCodeAdded: return "an error code was added (exhaustive switches over the catalog stop compiling)"
        case .errorCodeRemoved: return "an error code was removed"
        case .errorCatalogRemoved: return "an error catalog was removed"
        case .operationAdded: return "an operation was added"
        case .operationRemoved: return "an operation was removed"
        case .operationChanged:
            return "an operation's method, path, request, response or error body changed (only a body type change breaks Swift source)"
        case .parameterAdded:
            return
                "an operation parameter was added (a required header or query parameter breaks the wire; a path parameter's wire change is the path's)"
        case .parameterRemoved: return "an operation parameter was removed"
        case .deprecated: return "something was deprecated"
        case .removedAfterDeprecation: return "something deprecated in the old revision was removed"
        case .documentationChanged: return "only documentation changed"
        case .staleAcceptance: return "an entry of breaking-changes.yaml matches no change"
        case .elementNullabilityChanged: return "list elements became nullable (`[T?]`) or stopped being nullable"
        case .fieldNullabilityChanged:
            return "a required field became nullable (present but null: `T` became `T?`) or stopped being nullable"
        case .unknownMembersRefused: return "a struct that kept members no field models now refuses them (`unknownMembers: refuse`)"
        case .unknownMembersKept: return "a struct that refused members no field models now keeps them and writes them back"
        }
    }
}
