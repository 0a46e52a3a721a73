import Testing

@testable import PaySchemaLanguage

/// A struct's key style names the wire name of each field that names none, and enum cases are
/// named from words the same way: the byte-wise path for ASCII names (`KeyStyle.split`,
/// `joinedWords`) must give what the `Character`-wise rule (`splitByCharacter`) gives.
@Suite struct KeyStyleTests {
    @Test func fieldNamesInEachStyle() {
        #expect(KeyStyle.snakeCase.apply("cartId") == "cart_id")
        #expect(KeyStyle.kebabCase.apply("cartId") == "cart-id")
        #expect(KeyStyle.pascalCase.apply("cartId") == "CartId")
        #expect(KeyStyle.camelCase.apply("cartId") == "cartId")
        #expect(KeyStyle.snakeCase.apply("paymentSourceId") == "payment_source_id")
        // A run of capitals is a word per letter; a digit after a letter starts a word.
        #expect(KeyStyle.snakeCase.apply("URLValue") == "u_r_l_value")
        #expect(KeyStyle.snakeCase.apply("addressLine2") == "address_line_2")
        #expect(KeyStyle.snakeCase.apply("line12Total") == "line_12_total")
        #expect(KeyStyle.snakeCase.apply("already_snake") == "already_snake")
        #expect(KeyStyle.snakeCase.apply("") == "")
    }

    @Test func theByteWisePathAgreesWithSplitOnEveryShortASCIIName() {
        // Every name of up to five characters over lower and upper case, digits and the two
        // separators: 37,449 names, each in both styles that split.
        let alphabet: [Character] = ["a", "z", "A", "Z", "0", "9", "_", "-"]
        let names = ShortStrings.all(over: alphabet, upTo: 5)
        var differences: [String] = []
        for name in names {
            let expected = KeyStyle.splitByCharacter(name)
            if KeyStyle.split(name) != expected { differences.append("\(name): \(KeyStyle.split(name)) != \(expected)") }
            for (style, separator) in [(KeyStyle.snakeCase, "_"), (.kebabCase, "-")]
            where style.apply(name) != expected.joined(separator: separator) {
                differences.append("\(name) (\(style)): \(style.apply(name)) != \(expected.joined(separator: separator))")
            }
        }
        #expect(names.count == 37_449)
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }

    @Test func aNameBeyondASCIIGoesByCharacter() {
        for name in ["caféTotal", "ÉtatCivil", "straßeNr", "ΩmegaValue", "value٣", "İstanbulCode"] {
            let expected = KeyStyle.splitByCharacter(name)
            #expect(KeyStyle.split(name) == expected, "\(name)")
            #expect(KeyStyle.snakeCase.apply(name) == expected.joined(separator: "_"), "\(name)")
            #expect(KeyStyle.kebabCase.apply(name) == expected.joined(separator: "-"), "\(name)")
        }
        #expect(KeyStyle.snakeCase.apply("caféTotal") == "café_total")
    }
}
