import PaymentSchemasVocabulary

/// How field names become wire names when a field does not name them.
@usableFromInline package enum KeyStyle: String, Sendable, Hashable, CaseIterable {
    /// `cartId` → `cartId`
    case camelCase
    /// `cartId` → `cart_id`
    case snakeCase = "snake_case"
    /// `cartId` → `CartId`
    case pascalCase = "PascalCase"
    /// `cartId` → `cart-id`
    case kebabCase = "kebab-case"

    /// The wire name of a Swift field name.
    package func apply(_ name: String) -> String {
        switch self {
        case .camelCase: return name
        case .pascalCase: return name.prefix(1).uppercased() + name.dropFirst()
        case .snakeCase: return Self.split(name).joined(separator: "_")
        case .kebabCase: return Self.split(name).joined(separator: "-")
        }
    }

    static func split(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character.isUppercase || (character.isNumber && !(current.last?.isNumber ?? true)) {
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                let previousIsUpper = current.last?.isUppercase ?? false
                if !current.isEmpty && (!previousIsUpper || nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(Character(character.lowercased()))
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The wire name of a field in `format`: the field's own name for the format, else its JSON
    /// name, else its Swift name in this key style. The one naming rule; the parsed field and the
    /// resolved field both ask it.
    @usableFromInline package func wireName(swiftName: String, json: String?, xml: String?, query: String?, in format: WireFormat) -> String
    {
        switch format {
        case .json: return json ?? apply(swiftName)
        case .xml: return xml ?? json ?? apply(swiftName)
        case .query: return query ?? json ?? apply(swiftName)
        }
    }
}
