import AmazonPayMobile
import Foundation
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import PaySchemaVocabulary
import PaymentSchemasRuntime
import PaymentServerCore
import SuiteMCommerce

/// Makes an exchange's headers and bodies safe to show (the sandbox's inspector, copy as curl):
/// the value of every field the schemas mark `sensitive` (by its wire name, in JSON, XML and form
/// bodies and in query strings), of every header that carries a credential, and every card-length
/// digit run anywhere (``CardNumberRedaction``) becomes `<redacted>`.
public enum ExchangeRedaction {
    /// What a secret is shown as.
    public static let placeholder = "<redacted>"

    /// The wire names whose values are secrets: every module's `sensitiveFieldNames` (generated
    /// from the schemas), and the OAuth and credential names no schema of ours declares as a field
    /// but a client may send (`client_secret`, `refresh_token`, `password`, …).
    public static let secretNames: Set<String> = {
        var names = AmazonPayMobileSchema.sensitiveFieldNames
        names.formUnion(MCSCommerceWebSchema.sensitiveFieldNames)
        names.formUnion(MollieCheckoutSchema.sensitiveFieldNames)
        names.formUnion(PayPalPaymentsSchema.sensitiveFieldNames)
        names.formUnion(SuiteMCommerceSchema.sensitiveFieldNames)
        names.formUnion([
            "access_token", "accessToken", "refresh_token", "id_token", "client_secret", "clientSecret", "password", "pin", "cvv", "cvc",
            "security_code", "private_key", "privateKey",
        ])
        return names
    }()

    /// Whether a header's value is a credential: `Authorization`, cookies, signatures, API keys and tokens.
    public static func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower.contains("idempotency") || lower == "paypal-request-id" { return false }
        return ["authorization", "cookie", "set-cookie", "signature", "token", "secret", "api-key", "apikey", "password", "x-amz-pay-key"]
            .contains { lower.contains($0) }
    }

    /// `value` of header `name` as shown: a credential is `<redacted>` (an `Authorization`
    /// keeps its scheme: `Bearer <redacted>`), anything else has its card runs redacted.
    public static func header(_ name: String, _ value: String) -> String {
        guard isSecretHeader(name) else { return text(value) }
        if name.lowercased().hasSuffix("authorization"), let space = value.firstIndex(of: " ") {
            return String(value[..<space].prefix(32).filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) + " " + placeholder
        }
        return placeholder
    }

    /// A request target (path and query) as shown: query values of secret names redacted, card runs redacted.
    public static func target(_ target: String) -> String {
        let (path, query) = PayQueryText.target(target)
        guard let query else { return CardNumberRedaction.redacting(path) }
        return CardNumberRedaction.redacting(path) + "?" + form(query)
    }

    /// A body as shown, at most `limit` bytes of text: JSON pretty-printed with secret fields
    /// redacted; a form or XML body with secret fields redacted; other text with card runs redacted;
    /// anything that is not UTF-8 text as its size.
    public static func body(_ data: Data, contentType: String?, limit: Int = 32 << 10, pretty: Bool = true) -> String {
        guard !data.isEmpty else { return "" }
        guard let text = String(data: data, encoding: .utf8) else { return "(\(data.count) bytes, not UTF-8 text)" }
        let type = (contentType ?? "").lowercased()
        var shown: String
        if let json = try? PayJSONParser.parse(data) {
            shown = pretty ? redacted(json).prettyJSONText : redacted(json).jsonText
        } else if type.contains("x-www-form-urlencoded") {
            shown = form(Substring(text))
        } else if type.contains("xml") || text.hasPrefix("<?xml") {
            shown = xml(text)
        } else {
            shown = CardNumberRedaction.redacting(Substring(text))
        }
        if shown.utf8.count > limit {
            shown = String(decoding: shown.utf8.prefix(limit), as: UTF8.self) + "\n… (\(data.count) bytes in all; the rest is not kept)"
        }
        return shown
    }

    /// `value` with the value of every secret-named member replaced and card runs redacted in every string.
    public static func redacted(_ value: PayJSON) -> PayJSON {
        switch value {
        case .object(let members):
            var result: [String: PayJSON] = [:]
            for (key, member) in members {
                let shownKey = CardNumberRedaction.redacting(Substring(key))
                result[shownKey] = secretNames.contains(key) && member != .null ? .string(placeholder) : redacted(member)
            }
            return .object(result)
        case .array(let elements):
            return .array(elements.map(redacted))
        case .string(let string):
            return .string(text(string))
        case .number(let text):
            return .number(CardNumberRedaction.redacting(Substring(text)))
        case .null, .bool:
            return value
        }
    }

    /// A text value as shown: card runs redacted, and when it holds a query (a URL such as a
    /// return URL carrying `?token=…`), the values of its secret-named items redacted.
    public static func text(_ value: String) -> String {
        guard let mark = value.firstIndex(of: "?"), value[mark...].contains("=") else {
            return CardNumberRedaction.redacting(Substring(value))
        }
        return CardNumberRedaction.redacting(value[..<mark]) + "?" + form(value[value.index(after: mark)...])
    }

    /// A form or query string with the values of secret names redacted, card runs redacted.
    static func form(_ text: Substring) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let decoded = (name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? name)
            guard parts.count == 2 else { return CardNumberRedaction.redacting(item) }
            if secretNames.contains(decoded) { return CardNumberRedaction.redacting(Substring(name)) + "=" + placeholder }
            return CardNumberRedaction.redacting(Substring(name)) + "=" + CardNumberRedaction.redacting(parts[1])
        }.joined(separator: "&")
    }

    /// An XML document with the text of every element whose name is a secret name redacted, card runs redacted.
    static func xml(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[open...close]
            result += tag
            rest = rest[rest.index(after: close)...]
            let name = tag.dropFirst().prefix { !" />".contains($0) }
            guard !tag.hasPrefix("</"), !tag.hasSuffix("/>"), secretNames.contains(String(name)),
                let end = rest.range(of: "</\(name)>")
            else { continue }
            result += placeholder
            rest = rest[end.lowerBound...]
        }
        result += rest
        return CardNumberRedaction.redacting(Substring(result))
    }
}
