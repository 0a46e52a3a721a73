/// Whether a name (a JSON member, a form field, an XML element, a header, a key written in text)
/// reads as a credential's, compared without case, without separators and without a namespace
/// prefix (`Security_Code`, `security-code`, `ns:securityCode` and `SECURITYCODE` are one name): it
/// is one of `names`, or ends with a credential word (`password`, `secret`, `token`, `key`, `auth`,
/// `signature`, `session`, `cvv`, `pin`, …: `apiKey`, `X-Access-Key`, `authToken`), or one of its
/// words is a word no harmless name holds (`secret`, `password`, `auth`, `private`, `cvv`, `cvc`:
/// `PayPal-Auth-Assertion`, `client_secret_hint`). Trailing digits are not part of the word (`cvv2`).
/// The one reading of such names: the sandbox's redaction (`SecretName`, with the schemas' sensitive
/// names) and `payschema import` (which marks such members `sensitive`) both ask it.
package enum CredentialName {
    /// Whether `name` reads as a credential's; `names` are further secret names, normalized.
    package static func isCredential(_ name: some StringProtocol, names: Set<String> = []) -> Bool {
        let key = normalized(name)
        guard !key.isEmpty else { return false }
        // Without trailing digits (`cvv2`), cut at an index: a `String` built from the reversed
        // characters appended them one by one.
        var end = key.endIndex
        while end > key.startIndex, key[key.index(before: end)].isNumber { end = key.index(before: end) }
        let stem = String(key[..<end])
        if credentialNames.contains(key) || credentialNames.contains(stem) || names.contains(key) || names.contains(stem) { return true }
        if endings.contains(where: { stem.hasSuffix($0) }) { return true }
        return words(of: name).contains { telltaleWords.contains($0) }
    }

    /// The credential words a secret's name ends with.
    static let endings: [String] = [
        "password", "passwd", "passphrase", "pwd", "secret", "token", "key", "auth", "authorization", "signature", "session", "cookie",
        "credential", "credentials", "assertion", "cvv", "cvc", "cvn", "csc", "cid", "pin", "otp",
        "securitycode", "privatekey", "apikey", "nonce",
    ]

    /// Words that make any name holding them a secret's.
    static let telltaleWords: Set<String> = ["secret", "password", "passwd", "auth", "private", "cvv", "cvc", "credential"]

    /// The OAuth and credential names no schema needs to declare, normalized.
    static let credentialNames: Set<String> = Set(
        ["access_token", "refresh_token", "id_token", "client_secret", "security_code", "private_key", "card_number", "pan"].map {
            normalized($0)
        })

    /// `name` in lower case, its letters and digits only, without a namespace prefix (`ns:`).
    package static func normalized(_ name: some StringProtocol) -> String {
        if let ascii = normalizedASCII(name) { return ascii }
        return normalizedByCharacter(name)
    }

    /// ``normalized(_:)`` for any name: Unicode's case mapping and alphabetic property.
    static func normalizedByCharacter(_ name: some StringProtocol) -> String {
        let local = name.lastIndex(of: ":").map { name[name.index(after: $0)...] } ?? name[...]
        return String(local.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    /// ``normalized(_:)`` for an ASCII name, byte by byte (its letters lower-cased, its digits);
    /// `nil` for any other name.
    static func normalizedASCII(_ name: some StringProtocol) -> String? {
        let utf8 = name.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var bytes: [UInt8] = []
        for byte in utf8 {
            // What follows the last colon: a colon drops what came before it.
            if byte == UInt8(ascii: ":") {
                bytes.removeAll(keepingCapacity: true)
            } else if ASCII.isLetter(byte) || ASCII.isDigit(byte) {
                bytes.append(ASCII.lowered(byte))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `name`'s words in lower case: split at separators, at a lower-case letter followed by an
    /// upper-case one, and between letters and digits (`X-Api_Key` → x, api, key; `cvv2` → cvv, 2).
    static func words(of name: some StringProtocol) -> [String] {
        if let ascii = wordsASCII(of: name) { return ascii }
        return wordsByCharacter(of: name)
    }

    /// ``words(of:)`` for an ASCII name, byte by byte; `nil` for any other name.
    static func wordsASCII(of name: some StringProtocol) -> [String]? {
        let utf8 = name.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var words: [String] = []
        var current: [UInt8] = []
        var previous: UInt8?
        for byte in utf8 {
            let isWordByte = ASCII.isLetter(byte) || ASCII.isDigit(byte)
            let breaks =
                !isWordByte
                || (previous.map { (ASCII.isLower($0) && ASCII.isUpper(byte)) || (ASCII.isDigit($0) != ASCII.isDigit(byte)) } ?? false)
            if breaks, !current.isEmpty {
                words.append(String(decoding: current.map(ASCII.lowered), as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
            if isWordByte { current.append(byte) }
            previous = isWordByte ? byte : nil
        }
        if !current.isEmpty { words.append(String(decoding: current.map(ASCII.lowered), as: UTF8.self)) }
        return words
    }

    /// ``words(of:)`` for any name, by `Character` properties.
    static func wordsByCharacter(of name: some StringProtocol) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            let isWordCharacter = character.isLetter || character.isNumber
            let breaks =
                !isWordCharacter
                || (previous.map { ($0.isLowercase && character.isUppercase) || ($0.isNumber != character.isNumber) } ?? false)
            if breaks, !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
            if isWordCharacter { current.append(character) }
            previous = isWordCharacter ? character : nil
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}

/// ASCII byte classes, for the names' byte-wise paths.
private enum ASCII {
    static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func lowered(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }
}
