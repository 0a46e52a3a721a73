import Foundation
import PaymentSchemasVocabulary

/// One problem found while decoding a payload.
public struct PayloadIssue: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; stable identifiers that tests and tools match on.
    public enum Kind: String, Sendable, Hashable {
        /// A required field is absent.
        case missing
        /// A field holds `null` where a value is required.
        case null
        /// A field holds a value of the wrong JSON/XML type.
        case typeMismatch
        /// A field's value cannot be read as its type (unknown enum value, bad date...).
        case invalidValue
        /// The document itself is not well formed.
        case malformed
        /// A member the type does not model, where its schema refuses such members
        /// (`unknownMembers: refuse`).
        case unknownMember
    }

    /// Where the problem is.
    public var path: PayPath
    /// What kind of problem it is.
    public var kind: Kind
    /// A readable explanation that never contains the offending value of a sensitive field.
    public var message: String

    /// Creates an issue.
    public init(path: PayPath, kind: Kind, message: String) {
        self.path = path
        self.kind = kind
        self.message = message
    }

    /// `path: kind: message`.
    public var description: String { "\(path): \(kind.rawValue): \(message)" }
}

/// The error thrown by generated decoders: every problem found in the payload, not just the first.
public struct PayloadDecodingError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// Every problem, in document order.
    public var issues: [PayloadIssue]
    /// The constraint violations of the parts of the payload that did decode, when the reader
    /// looked for them (``PaySchemaType/read(_:as:)`` does): with ``issues``, everything wrong with
    /// the payload in one report. Empty for the generated decoders' own errors.
    public var violations: [ValidationViolation]

    /// Creates the error from its issues and, optionally, the violations found beside them.
    public init(issues: [PayloadIssue], violations: [ValidationViolation] = []) {
        self.issues = issues
        self.violations = violations
    }

    /// One line per issue, then one per violation found beside them: everything wrong, as
    /// `payflow validate` prints it.
    public var description: String {
        (issues.map(\.description) + violations.map(\.description)).joined(separator: "\n")
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }

    /// Converts any error thrown while decoding at `path` into issues, keeping nested issues intact.
    public static func issues(from error: any Error, at path: PayPath) -> [PayloadIssue] {
        if let aggregate = error as? PayloadDecodingError {
            return aggregate.issues
        }
        if let decodingError = error as? DecodingError {
            switch decodingError {
            case .keyNotFound(let key, let context):
                let full = PayPath(codingPath: context.codingPath + [key])
                return [PayloadIssue(path: full, kind: .missing, message: "required field is missing")]
            case .valueNotFound(_, let context):
                let at = context.codingPath.isEmpty ? path : PayPath(codingPath: context.codingPath)
                return [PayloadIssue(path: at, kind: .null, message: "value is null")]
            case .typeMismatch(let type, let context):
                let at = context.codingPath.isEmpty ? path : PayPath(codingPath: context.codingPath)
                return [PayloadIssue(path: at, kind: .typeMismatch, message: "expected \(PayTypeName.describe(type))")]
            case .dataCorrupted(let context):
                let at = context.codingPath.isEmpty ? path : PayPath(codingPath: context.codingPath)
                let kind: PayloadIssue.Kind = context.codingPath.isEmpty && path.components.isEmpty ? .malformed : .invalidValue
                return [PayloadIssue(path: at, kind: kind, message: context.debugDescription)]
            @unknown default:
                return [PayloadIssue(path: path, kind: .invalidValue, message: "\(decodingError)")]
            }
        }
        return [PayloadIssue(path: path, kind: .invalidValue, message: String(describing: type(of: error)))]
    }
}

/// Readable names of Swift types in decoding messages.
public enum PayTypeName {
    /// `String` → "a string", `Int` → "an integer", and so on.
    public static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type, is Int32.Type: return "an integer"
        case is Double.Type, is Float.Type, is Decimal.Type: return "a number"
        case is Bool.Type: return "a boolean"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array<") || name.hasPrefix("Set<") { return "a list" }
            if name.hasPrefix("Dictionary<") { return "an object" }
            return "an object or value of \(name)"
        }
    }
}
