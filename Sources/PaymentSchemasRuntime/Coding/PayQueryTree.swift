import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// A URL query as the package's one tree: an object whose members are the item names, each holding
/// its text, or the list of its texts when the name occurs more than once (`id=1&id=2`). The tree
/// decoder reads it like an XML document (every value is text), so query payloads are decoded by the
/// same generated `init(from:)`, the same readers and the same errors as JSON and XML.
@_spi(Generated)
public enum PayQueryTree {
    /// The tree of `items`, in their order; an item without a value holds the empty text.
    public static func tree(_ items: [URLQueryItem]) -> PayJSON {
        var members: [String: PayJSON] = [:]
        for item in items {
            let text = PayJSON.string(item.value ?? "")
            switch members[item.name] {
            case nil: members[item.name] = text
            case .array(var occurrences)?:
                occurrences.append(text)
                members[item.name] = .array(occurrences)
            case let first?: members[item.name] = .array([first, text])
            }
        }
        return .object(members)
    }

    /// A list field's member as a list: comma-joined text split at every `,` (an empty text is the
    /// empty list; a name given twice joins both), or one element per occurrence.
    static func list(_ node: PayJSON, style: PayQueryListStyle) -> PayJSON {
        let occurrences: [PayJSON]
        if case .array(let all) = node { occurrences = all } else { occurrences = [node] }
        switch style {
        case .repeated: return .array(occurrences)
        case .commaJoined:
            return .array(
                occurrences.flatMap { occurrence -> [PayJSON] in
                    guard case .string(let text) = occurrence else { return [occurrence] }
                    return text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map { .string(String($0)) }
                })
        }
    }

    /// The text before and after `{key}` in a map's query name (`{key}CryptoFormat`); `nil` for a
    /// name without one.
    static func keyPattern(_ name: String) -> (prefix: String, suffix: String)? {
        guard let range = name.range(of: "{key}") else { return nil }
        return (String(name[..<range.lowerBound]), String(name[range.upperBound...]))
    }
}
