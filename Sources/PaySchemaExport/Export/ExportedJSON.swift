import PaySchemaLanguage
import PaySchemaModel
import PaymentSchemasVocabulary

/// How the exporter builds and writes its documents with the runtime's one JSON value type,
/// ``PayJSON``: objects from key–value lists, text with sorted keys and two-space indentation.
extension PayJSON {
    /// An object from key–value pairs; when a key repeats, the first wins.
    package static func members(_ entries: [(String, PayJSON)]) -> PayJSON {
        .object(Dictionary(entries, uniquingKeysWith: { first, _ in first }))
    }

    /// The document as written to a file: ``prettyJSONText`` and a final newline.
    package func serialized() -> String {
        prettyJSONText + "\n"
    }

    /// Every `$ref` in the value, at any depth.
    var references: [String] {
        switch self {
        case .object(let members):
            return members.keys.sorted().flatMap { key -> [String] in
                guard let value = members[key] else { return [] }
                if key == "$ref", case .string(let target) = value { return [target] }
                return value.references
            }
        case .array(let items): return items.flatMap(\.references)
        default: return []
        }
    }
}
