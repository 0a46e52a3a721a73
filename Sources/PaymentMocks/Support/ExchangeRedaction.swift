import Foundation
import PaymentSchemasRuntime
import PaymentSchemasVocabulary
import PaymentServerCore

/// Makes an exchange's headers and bodies safe to show (the sandbox's inspector, copy as curl, the
/// journal, the providers' state, `payflow serve`'s output): redaction by structure first, patterns
/// second.
///
/// - A body is read in its own form and redacted member by member: JSON, a form, XML (references,
///   CDATA and namespaces resolved: ``xml(_:)``), a multipart body part by part. The value of every
///   member, field, element, attribute or part whose name is a secret's (``SecretName``: the
///   schemas' `sensitive` names and the credential words, compared without case and separators)
///   becomes `<redacted>`, and every other text goes through ``text(_:)``.
/// - A body that does not parse is text: ``text(_:)`` redacts the value after every secret's name
///   written as `name=`, `name:` or `<name>`, every private key block, and every card number in
///   any encoding (``CardNumberRedaction``).
/// - Headers: only the names of ``shownHeaders`` show their values (through ``text(_:)``); any
///   other header is `<redacted>`, and an `Authorization` keeps its scheme when it is a known one.
/// - Anything else a client chose and the admin shows (header names, the scenario, the method, ids
///   used as resources) goes through ``text(_:)``.
public enum ExchangeRedaction {
    /// What a secret is shown as.
    public static let placeholder = CardNumberRedaction.placeholder

    /// The headers whose values are shown (through ``text(_:)``): what describes the message, its
    /// caching, its origin and the providers' ids and options. Every other header is a secret.
    public static let shownHeaders: Set<String> = [
        "accept", "accept-charset", "accept-encoding", "accept-language", "access-control-allow-headers",
        "access-control-allow-methods", "access-control-allow-origin", "access-control-request-headers",
        "access-control-request-method", "allow", "cache-control", "connection", "content-disposition", "content-encoding",
        "content-language", "content-length", "content-location", "content-security-policy", "content-type", "date", "etag",
        "expect", "expires", "forwarded", "host", "idempotency-key", "if-match", "if-modified-since", "if-none-match",
        "keep-alive", "last-modified", "link", "location", "origin", "paypal-client-metadata-id", "paypal-debug-id",
        "paypal-mock-response", "paypal-partner-attribution-id", "paypal-request-id", "pragma", "prefer",
        "preference-applied", "referer", "referrer-policy", "retry-after", "sandbox-delay", "sandbox-fault", "sandbox-scenario",
        "sec-fetch-dest", "sec-fetch-mode", "sec-fetch-site", "sec-fetch-user", "server", "te", "traceparent", "tracestate",
        "trailer", "transfer-encoding", "upgrade", "upgrade-insecure-requests", "user-agent", "vary", "via",
        "x-amz-pay-date", "x-amz-pay-host", "x-amz-pay-idempotency-key", "x-amz-pay-region", "x-content-type-options",
        "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-frame-options", "x-mollie-checkout-device-uuid",
        "x-pay-operation-id", "x-request-id", "x-requested-with", "x-sandbox-client",
    ]

    /// The `Authorization` schemes shown before `<redacted>`.
    public static let authorizationSchemes: [String] = [
        "Basic", "Bearer", "Digest", "Negotiate", "AMZN-PAY-RSASSA-PSS", "AMZN-PAY-RSASSA-PSS-V2", "OAuth",
    ]

    /// Whether a header's value is hidden: every header not in ``shownHeaders``.
    public static func isSecretHeader(_ name: String) -> Bool {
        !shownHeaders.contains(name.lowercased())
    }

    /// A header's name as shown: a client chooses it, so card numbers in it are redacted.
    public static func headerName(_ name: String) -> String {
        CardNumberRedaction.redacting(Substring(name))
    }

    /// `value` of header `name` as shown: a shown header through ``text(_:)``; an `Authorization`
    /// as its scheme when it is one of ``authorizationSchemes`` and `<redacted>`
    /// (`Bearer <redacted>`); any other header `<redacted>`.
    public static func header(_ name: String, _ value: String) -> String {
        let lower = name.lowercased()
        if lower == "authorization" || lower == "proxy-authorization" {
            let scheme = value.prefix { !$0.isWhitespace }
            guard let known = authorizationSchemes.first(where: { $0.caseInsensitiveCompare(scheme) == .orderedSame }) else {
                return placeholder
            }
            return known + " " + placeholder
        }
        return isSecretHeader(name) ? placeholder : text(value)
    }

    /// A request target (path and query) as shown: the values of secret names in the query
    /// redacted, card numbers redacted anywhere.
    public static func target(_ target: String) -> String {
        let (path, query) = PayQueryText.target(target)
        guard let query else { return text(String(path)) }
        return text(String(path)) + "?" + form(query)
    }

    /// A body as shown, at most `limit` bytes of text: JSON (pretty-printed when `pretty`), a form,
    /// XML and multipart bodies redacted by structure; other text by ``text(_:)``; anything that is
    /// not UTF-8 text as its size.
    public static func body(_ data: Data, contentType: String?, limit: Int = 32 << 10, pretty: Bool = true) -> String {
        guard !data.isEmpty else { return "" }
        guard let text = String(data: data, encoding: .utf8) else { return "(\(data.count) bytes, not UTF-8 text)" }
        var shown = bodyText(text, data: data, contentType: contentType ?? "", pretty: pretty, depth: 0)
        if shown.utf8.count > limit {
            shown = String(decoding: shown.utf8.prefix(limit), as: UTF8.self) + "\n… (\(data.count) bytes in all; the rest is not kept)"
        }
        return shown
    }

    /// A body's text redacted by the form it has: multipart parts, JSON, a form, XML, or text.
    static func bodyText(_ text: String, data: Data, contentType declared: String, pretty: Bool, depth: Int) -> String {
        let contentType = declared.lowercased()
        if contentType.hasPrefix("multipart/"), depth < 2, let shown = multipart(text, contentType: declared, depth: depth) {
            return shown
        }
        if let json = try? PayJSONParser.parse(data) {
            return pretty ? redacted(json).prettyJSONText : redacted(json).jsonText
        }
        if contentType.contains("x-www-form-urlencoded") || looksLikeForm(text) {
            return form(Substring(text))
        }
        if contentType.contains("xml") || text.drop(while: \.isWhitespace).hasPrefix("<"), let shown = xml(text) {
            return shown
        }
        return CardNumberRedaction.redacting(Substring(LooseText.redacting(text, blankAssigns: true)))
    }

    /// `value` with the value of every secret-named member replaced and every other text and name
    /// through ``text(_:)``.
    public static func redacted(_ value: PayJSON) -> PayJSON {
        switch value {
        case .object(let members):
            var result: [String: PayJSON] = [:]
            for (key, member) in members {
                result[text(key)] = SecretName.isSecret(key) && member != .null ? .string(placeholder) : redacted(member)
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

    /// Text a client chose, as shown: the value after every secret's name written as `name=…`,
    /// `name: …` or `"name": "…"` redacted, every private key block (`-----BEGIN … KEY-----` to its
    /// end) redacted, and every card number in any encoding redacted.
    public static func text(_ value: String) -> String {
        CardNumberRedaction.redacting(Substring(LooseText.redacting(value)))
    }

    /// A form or query string: the values of secret names redacted, everything else through the
    /// card-number redaction (which reads percent-encoded digits).
    static func form(_ text: Substring) -> String {
        PayQueryText.pairs(text).map { name, value -> String in
            guard let value else { return Self.text(String(name)) }
            let decoded = PayQueryText.formDecoded(name) ?? String(name)
            if SecretName.isSecret(decoded) { return CardNumberRedaction.redacting(name) + "=" + placeholder }
            return CardNumberRedaction.redacting(name) + "=" + formValue(value)
        }.joined(separator: "&")
    }

    /// A form value as shown: read as the form writes it (`+` a space, percent-encoded bytes), put
    /// through ``text(_:)``, and written again only when that changed something (what the client
    /// sent otherwise stays byte for byte).
    static func formValue(_ raw: Substring) -> String {
        guard let decoded = PayQueryText.formDecoded(raw) else { return text(String(raw)) }
        let shown = text(decoded)
        guard shown != decoded else { return CardNumberRedaction.redacting(raw) }
        var written = ""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case " ": written += "+"
            case "%", "&", "=", "+", "#": written += String(format: "%%%02X", scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    written += String(format: "%%%02X", scalar.value)
                } else {
                    written.unicodeScalars.append(scalar)
                }
            }
        }
        return written
    }

    /// Whether text that is not JSON reads as a form whatever its declared type: `name=value`
    /// items joined by `&`, no whitespace.
    static func looksLikeForm(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isWhitespace), !trimmed.hasPrefix("<") else { return false }
        return trimmed.split(separator: "&").allSatisfy { item in
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else { return false }
            return true
        }
    }

    /// A multipart body part by part: each part's headers as shown headers, its value `<redacted>`
    /// when the part's name is a secret's, otherwise redacted by its own type. `nil` when the body
    /// has no boundary it can be cut at (it is then shown as text).
    static func multipart(_ text: String, contentType: String, depth: Int) -> String? {
        guard let range = contentType.range(of: "boundary=", options: .caseInsensitive) else { return nil }
        let boundary = contentType[range.upperBound...].prefix { $0 != ";" }.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        guard !boundary.isEmpty, text.contains("--" + boundary) else { return nil }
        let pieces = text.components(separatedBy: "--" + boundary)
        var shown = [Self.text(pieces[0])]
        for piece in pieces.dropFirst() {
            if piece.hasPrefix("--") {
                shown.append(Self.text(piece))
                continue
            }
            let split = piece.range(of: "\r\n\r\n") ?? piece.range(of: "\n\n")
            guard let split else {
                shown.append(Self.text(piece))
                continue
            }
            let head = piece[..<split.lowerBound]
            let content = String(piece[split.upperBound...])
            var partName: String?
            var partType = ""
            let lines = head.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line -> String in
                guard let colon = line.firstIndex(of: ":") else { return Self.text(String(line)) }
                let name = line[..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if name.lowercased() == "content-disposition", let nameRange = value.range(of: "name=\"") {
                    partName = String(value[nameRange.upperBound...].prefix { $0 != "\"" })
                }
                if name.lowercased() == "content-type" { partType = value.lowercased() }
                return headerName(name) + ": " + header(name, value)
            }
            let ending = content.hasSuffix("\r\n") ? "\r\n" : content.hasSuffix("\n") ? "\n" : ""
            let value = String(content.dropLast(ending.count))
            let shownValue =
                partName.map(SecretName.isSecret) == true
                ? placeholder : bodyText(value, data: Data(value.utf8), contentType: partType, pretty: false, depth: depth + 1)
            let separator = piece[split]
            shown.append(lines.joined(separator: separator.hasPrefix("\r") ? "\r\n" : "\n") + separator + shownValue + ending)
        }
        return shown.joined(separator: "--" + boundary)
    }
}
