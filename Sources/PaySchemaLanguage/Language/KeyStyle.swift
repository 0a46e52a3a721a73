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
        case .snakeCase: return Self.joinedWords(name, separator: UInt8(ascii: "_"))
        case .kebabCase: return Self.joinedWords(name, separator: UInt8(ascii: "-"))
        }
    }

    /// `name`'s words (``split(_:)``), joined by `separator`, built in one string.
    static func joinedWords(_ name: String, separator: UInt8) -> String {
        var name = name
        let joined = name.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
                var count = 0
                for index in bytes.indices {
                    if Self.startsWord(bytes, at: index) {
                        buffer[count] = separator
                        count += 1
                    }
                    buffer[count] = Self.lowered(bytes[index])
                    count += 1
                }
                return count
            }
        }
        return joined ?? Self.splitByCharacter(name).joined(separator: String(UnicodeScalar(separator)))
    }

    /// `name`'s words, lower-cased, by ``splitByCharacter(_:)``'s rule. An ASCII name (as field
    /// names are in practice) is read byte by byte: the rule asks each `Character` for its
    /// Unicode properties, and a `snake_case` document names each field this way in several
    /// stages.
    static func split(_ name: String) -> [String] {
        var name = name
        let words = name.withUTF8 { bytes -> [String]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var words: [String] = []
            var start = 0
            for index in bytes.indices where Self.startsWord(bytes, at: index) {
                words.append(Self.lowered(bytes[start..<index]))
                start = index
            }
            if start < bytes.count { words.append(Self.lowered(bytes[start...])) }
            return words
        }
        return words ?? Self.splitByCharacter(name)
    }

    /// Whether a word of an ASCII name starts at `index`: at a capital, and at a digit after a
    /// non-digit, never at the first byte (``splitByCharacter(_:)``'s rule for ASCII, where the
    /// word so far is lower-cased and so never ends in a capital).
    private static func startsWord(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index > 0 else { return false }
        let byte = bytes[index]
        return isUpper(byte) || (isDigit(byte) && !isDigit(bytes[index - 1]))
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func lowered(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }
    private static func lowered(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: bytes.lazy.map { lowered($0) }, as: UTF8.self)
    }

    /// `name`'s words, lower-cased: a new word at each capital and at each digit after a
    /// non-digit. The word so far is kept lower-cased, so a run of capitals is a word per letter
    /// (`URLValue`: `u`, `r`, `l`, `value`). The rule for any name; ``split(_:)`` reads an ASCII
    /// name by it byte by byte.
    static func splitByCharacter(_ name: String) -> [String] {
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
