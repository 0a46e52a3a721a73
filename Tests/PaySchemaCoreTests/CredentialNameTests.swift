import Testing

@testable import PaymentSchemasVocabulary

/// `CredentialName` reads an ASCII name byte by byte (`payschema import` asks it of every string
/// member, the sandbox of every name it redacts): the byte path must give what the `Character`
/// path gives, for every name it takes.
@Suite struct CredentialNameTests {
    @Test func theByteWisePathsAgreeWithTheCharacterPathsOnEveryShortName() {
        // Every name of up to five characters over both cases, a digit, the separators and the
        // namespace colon: 37,449 names.
        let alphabet: [Character] = ["a", "Z", "k", "0", "_", "-", ":", " "]
        let names = ShortStrings.all(over: alphabet, upTo: 5)
        var differences: [String] = []
        for name in names {
            if CredentialName.normalizedASCII(name) != CredentialName.normalizedByCharacter(name) {
                differences.append("normalized \(name)")
            }
            if CredentialName.wordsASCII(of: name) != CredentialName.wordsByCharacter(of: name) { differences.append("words \(name)") }
            let substring = name.dropFirst()
            if CredentialName.wordsASCII(of: substring) != CredentialName.wordsByCharacter(of: substring) {
                differences.append("words of a substring \(name)")
            }
        }
        #expect(names.count == 37_449)
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }

    @Test func aNameBeyondASCIIGoesByCharacter() {
        for name in ["sécurité_code", "Straße:PIN", "clé-API", "ΩToken"] {
            #expect(CredentialName.normalizedASCII(name) == nil)
            #expect(CredentialName.normalized(name) == CredentialName.normalizedByCharacter(name), "\(name)")
            #expect(CredentialName.words(of: name) == CredentialName.wordsByCharacter(of: name), "\(name)")
        }
        // A line break of two bytes is one `Character`; either way it separates words.
        #expect(CredentialName.wordsASCII(of: "line\r\nsecret") == CredentialName.wordsByCharacter(of: "line\r\nsecret"))
        #expect(CredentialName.isCredential("clé-API") == false)
        #expect(CredentialName.isCredential("ΩToken"))
    }

    @Test func namesReadAsCredentialsOrNot() {
        for name in [
            "Security_Code", "security-code", "ns:securityCode", "SECURITYCODE", "cvv2", "apiKey", "X-Access-Key", "authToken",
            "PayPal-Auth-Assertion", "client_secret_hint", "pin1234", "card_number",
        ] {
            #expect(CredentialName.isCredential(name), "\(name)")
        }
        for name in ["amount", "currency_code", "pinned", "keyboard", "description", "status2", "", "123"] {
            #expect(!CredentialName.isCredential(name), "\(name)")
        }
        #expect(CredentialName.normalized("ns:Security_Code-2") == "securitycode2")
        #expect(CredentialName.words(of: "X-Api_Key2") == ["x", "api", "key", "2"])
    }
}
