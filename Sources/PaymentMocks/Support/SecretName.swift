import AmazonPayMobile
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import SuiteMCommerce

/// Whether a name (a JSON member, a form field, an XML element or attribute, a multipart part, a
/// key written in text) names a secret, compared without case, without separators and without a
/// namespace prefix: `Security_Code`, `security-code`, `ns:securityCode` and `SECURITYCODE` are one
/// name.
///
/// A name is a secret when it is one the schemas mark `sensitive` (every module's
/// `sensitiveFieldNames`), when it ends with a credential word (`password`, `secret`, `token`,
/// `key`, `auth`, `signature`, `session`, `cvv`, `pin`, …: `apiKey`, `X-Access-Key`, `authToken`,
/// `X-Session`), or when one of its words is a word no harmless name holds (`secret`, `password`,
/// `auth`, `private`, `cvv`, `cvc`: `PayPal-Auth-Assertion`, `client_secret_hint`). Trailing digits
/// are not part of the word (`cvv2`). Names that end otherwise (`checkoutSessionId`, `token_type`,
/// `shipping`) are not secrets.
public enum SecretName {
    /// Whether `name` names a secret.
    public static func isSecret(_ name: some StringProtocol) -> Bool {
        let key = normalized(name)
        guard !key.isEmpty else { return false }
        if schemaNames.contains(key) { return true }
        let stem = String(key.reversed().drop(while: \.isNumber).reversed())
        if schemaNames.contains(stem) { return true }
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

    /// The schemas' sensitive names and the OAuth and credential names no schema declares, normalized.
    static let schemaNames: Set<String> = {
        var names = AmazonPayMobileSchema.sensitiveFieldNames
        names.formUnion(MCSCommerceWebSchema.sensitiveFieldNames)
        names.formUnion(MollieCheckoutSchema.sensitiveFieldNames)
        names.formUnion(PayPalPaymentsSchema.sensitiveFieldNames)
        names.formUnion(SuiteMCommerceSchema.sensitiveFieldNames)
        names.formUnion([
            "access_token", "refresh_token", "id_token", "client_secret", "security_code", "private_key", "card_number", "pan",
        ])
        return Set(names.map { normalized($0) })
    }()

    /// `name` in lower case, its letters and digits only, without a namespace prefix (`ns:`).
    static func normalized(_ name: some StringProtocol) -> String {
        let local = name.lastIndex(of: ":").map { name[name.index(after: $0)...] } ?? name[...]
        return String(local.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    /// `name`'s words in lower case: split at separators, at a lower-case letter followed by an
    /// upper-case one, and between letters and digits (`X-Api_Key` → x, api, key; `cvv2` → cvv, 2).
    static func words(of name: some StringProtocol) -> [String] {
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
