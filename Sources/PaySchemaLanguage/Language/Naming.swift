@_spi(Generated) import PaymentSchemasVocabulary

/// Swift naming rules shared by the parser, checker and emitter.
package enum Naming {
    /// Words Swift reserves; names equal to one are written in backticks.
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type",
        "Protocol", "some", "any", "await", "async",
    ]

    /// Type names a schema may not declare because generated code uses them.
    package static let reservedTypeNames: Set<String> = [
        "String", "Int", "Int64", "Bool", "Double", "Decimal", "Date", "URL", "UUID", "Data", "Set", "Array",
        "Dictionary", "Optional", "Error", "Never", "Any", "Self", "Type", "Protocol", "Encoder", "Decoder",
        "Codable", "Sendable", "Hashable", "Equatable", "Mirror", "Result", "Character", "Float", "Void",
    ]

    /// Member names generated code declares on every struct, which no field may take; `self` too:
    /// in Swift `value.self` is the value itself, so a field so named could not be read.
    package static let reservedFieldNames: Set<String> = [
        "description", "debugDescription", "customMirror", "hashValue", "violations", "validate", "queryItems",
        "queryString", "xmlData", "encode", "init", "collectViolations", "xmlRootElement", "visitFields", "unknownMembers", "self",
    ]

    /// A name usable as a Swift identifier (`foo` → `foo`, `default` → `` `default` ``).
    package static func escaped(_ name: String) -> String {
        isKeyword(name) ? "`\(name)`" : name
    }

    /// The keywords by length and first letter, so that telling a name from a keyword costs one
    /// index and a comparison or two, not a hash (the renderer asks for every name it writes).
    private static let keywordTable: [[String]] = {
        var table = [[String]](repeating: [], count: 16 * 128)
        for keyword in keywords {
            if let slot = keywordSlot(keyword) { table[slot].append(keyword) }
        }
        return table
    }()

    private static func keywordSlot(_ name: String) -> Int? {
        name.utf8.first.flatMap { keywordSlot(count: name.utf8.count, first: $0) }
    }

    /// The table slot of a name of `count` bytes starting with `first`.
    private static func keywordSlot(count: Int, first: UInt8) -> Int? {
        guard count > 1, count < 16, first < 128 else { return nil }
        return count * 128 + Int(first)
    }

    /// Whether some keyword has the slot's length and first letter: most names miss here, before
    /// any text is compared.
    private static let keywordSlots: [Bool] = keywordTable.map { !$0.isEmpty }

    /// The length of the longest keyword: a longer name is none.
    private static let longestKeyword = keywords.map(\.utf8.count).max() ?? 0

    /// Whether `name` is one of ``keywords``.
    package static func isKeyword(_ name: String) -> Bool {
        let count = name.utf8.count
        guard count <= longestKeyword else { return false }
        // From the bytes in place where the string has them (it nearly always does).
        let slot =
            name.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.first.flatMap { keywordSlot(count: bytes.count, first: $0) }
            } ?? keywordSlot(name)
        // A name the table cannot place is looked up by hash.
        guard let slot else { return keywords.contains(name) }
        return keywordSlots[slot] && keywordTable[slot].contains(name)
    }

    /// Whether `name` is an ASCII identifier: a letter or `_`, then letters, digits or `_`.
    package static func isIdentifier(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), isASCIILetter(first) || first == UInt8(ascii: "_") else { return false }
        while let byte = bytes.next() {
            guard isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") else {
                return false
            }
        }
        return true
    }

    /// Whether `byte` is an ASCII letter.
    package static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Whether `name` is an UpperCamelCase type name.
    package static func isTypeName(_ name: String) -> Bool {
        guard isIdentifier(name), let first = name.utf8.first else { return false }
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) && !name.utf8.contains(UInt8(ascii: "_"))
    }

    /// Whether `name` is a lowerCamelCase member name (leading capitals allowed only as a run such as `xmlA`).
    package static func isMemberName(_ name: String) -> Bool {
        guard isIdentifier(name), let first = name.utf8.first else { return false }
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) || first == UInt8(ascii: "_")
    }

    /// A lowerCamelCase Swift name for a wire value: `SCA_WHEN_REQUIRED` → `scaWhenRequired`,
    /// `PayAndShip` → `payAndShip`, `CREDITO/MasterCard` → `creditoMasterCard`; `nil` when the value starts
    /// with a digit or has no letters.
    package static func caseName(for value: String) -> String? {
        // A value of lowercase ASCII letters only (`alpha`, `open`) is its own name: answered
        // without the Unicode-aware splitting below, which gives the same.
        if !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) { return value }
        var words: [String] = []
        for chunk in value.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) {
            let text = String(chunk)
            if text == text.uppercased() {
                words.append(text.lowercased())
            } else {
                words.append(contentsOf: KeyStyle.split(text))
            }
        }
        guard let first = words.first, let initial = first.first, initial.isLetter else { return nil }
        return first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The Swift type generated for an operation: `getCheckoutSession` → `GetCheckoutSessionOperation`.
    package static func operationTypeName(_ operation: String) -> String {
        upperFirst(operation) + "Operation"
    }

    /// The file holding a module's type registry: `MollieCheckoutSchema.generated.swift`.
    package static func registryFileName(_ module: String) -> String {
        module + "Schema.generated.swift"
    }

    /// The name with its first character upper-cased: `getCheckoutSession` → `GetCheckoutSession`.
    package static func upperFirst(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// A Swift string literal with escapes.
    package static func literal(_ text: String) -> String {
        quoted(text, control: swiftControl)
    }

    /// How a Swift literal writes a control character that has no short escape: `\u{8}`.
    static func swiftControl(_ scalar: UInt32) -> String {
        "\\u{\(String(scalar, radix: 16))}"
    }

    /// `text` escaped as between the quotes of a Swift literal (a literal piece of an interpolation).
    package static func literalContent(_ text: String) -> String {
        var out = ""
        PayStringEscaping.appendEscaped(text, to: &out, control: swiftControl)
        return out
    }

    /// `text` in double quotes, escaped by the package's one string escaping
    /// (`PayStringEscaping`), other control characters written by `control`.
    static func quoted(_ text: String, control: (UInt32) -> String) -> String {
        var out = ""
        PayStringEscaping.appendQuoted(text, to: &out, control: control)
        return out
    }

    /// "an" before a type name read with a vowel sound (`Int`, `Int64`), "a" otherwise (`String`,
    /// `URL`, `UUID`: spelled out, they start with a consonant sound).
    package static func article(_ typeName: String) -> String {
        guard let first = typeName.first else { return "a" }
        return "AEIOaeiou".contains(first) && !typeName.hasPrefix("U") ? "an" : "a"
    }
}
