import Foundation

/// A named string format that a schema field or scalar can require.
public enum PayFormat: Sendable, Hashable {
    /// An active ISO 4217 alphabetic currency code (`USD`, `MXN`).
    case iso4217
    /// An ISO 3166-1 alpha-2 country code (`US`, `MX`).
    case iso3166Alpha2
    /// Digits only, 12 to 19 of them, passing the Luhn check (card numbers).
    case luhn
    /// A UUID in any case.
    case uuid
    /// A UUID in lowercase, as Amazon Pay's app-login token is.
    case uuidLowercase
    /// An absolute URL whose scheme is one of `schemes` (any scheme when empty).
    case url(schemes: [String])
    /// A URL scheme such as `fancyshop` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    case urlScheme
    /// A POSIX locale identifier such as `en_US`.
    case localeIdentifier
    /// An unsigned plain decimal number written as text (`10`, `0.01`; never `-3.5` or `+3.5`): an
    /// amount. A value that may be negative is a `Decimal` field.
    case decimalString

    /// Every format, in the order schemas document them (a URL format with any scheme).
    public static let all: [PayFormat] = [
        .iso4217, .iso3166Alpha2, .luhn, .uuid, .uuidLowercase, .url(schemes: []), .urlScheme, .localeIdentifier, .decimalString,
    ]

    /// Every format name a schema may use.
    public static let names = all.map(\.name)

    /// The format a schema names, `nil` for an unknown name; `schemes` applies to `url`.
    public init?(name: String, schemes: [String] = []) {
        guard let format = Self.all.first(where: { $0.name == name }) else { return nil }
        if case .url = format { self = .url(schemes: schemes) } else { self = format }
    }

    /// The format's schema name.
    public var name: String {
        switch self {
        case .iso4217: return "iso4217"
        case .iso3166Alpha2: return "iso3166Alpha2"
        case .luhn: return "luhn"
        case .uuid: return "uuid"
        case .uuidLowercase: return "uuidLowercase"
        case .url: return "url"
        case .urlScheme: return "urlScheme"
        case .localeIdentifier: return "localeIdentifier"
        case .decimalString: return "decimalString"
        }
    }

    /// Why `value` does not have this format, or `nil` when it does. Never quotes the value.
    public func problem(with value: String) -> String? {
        switch self {
        case .iso4217:
            return ISO4217.codes.contains(value) ? nil : "must be an ISO 4217 currency code"
        case .iso3166Alpha2:
            return ISO3166.alpha2.contains(value) ? nil : "must be an ISO 3166-1 alpha-2 country code"
        case .luhn:
            return Luhn.isValid(value) ? nil : "must be a card number of 12 to 19 digits that passes the Luhn check"
        case .uuid:
            return UUID(uuidString: value) != nil ? nil : "must be a UUID"
        case .uuidLowercase:
            return UUID(uuidString: value) != nil && value == value.lowercased() ? nil : "must be a lowercase UUID"
        case .url(let schemes):
            guard PayURLText.problem(in: value, allowRelative: false) == nil, let url = URL(string: value),
                let scheme = url.scheme?.lowercased()
            else {
                return "must be an absolute URL with a host"
            }
            if !schemes.isEmpty && !schemes.contains(scheme) {
                return "must use the scheme " + schemes.joined(separator: " or ")
            }
            return nil
        case .urlScheme:
            return Self.isURLScheme(value) ? nil : "must be a URL scheme (a letter, then letters, digits, '+', '-' or '.')"
        case .localeIdentifier:
            return Self.isLocaleIdentifier(value) ? nil : "must be a locale identifier such as en_US"
        case .decimalString:
            switch PayDecimalText.unsignedProblem(value) {
            case nil: return nil
            case .signed?: return "must be an unsigned decimal number such as 10.50 (no sign)"
            case .some: return "must be a decimal number such as 10.50"
            }
        }
    }

    static func isURLScheme(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first) else { return false }
        return value.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "+" || scalar == "-" || scalar == ".")
        }
    }

    static func isLocaleIdentifier(_ value: String) -> Bool {
        let parts = value.split(separator: "_", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return false }
        let language = parts[0]
        guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...4).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

/// The Luhn (mod 10) check used by card numbers.
public enum Luhn {
    /// Whether `number` is 12 to 19 ASCII digits with a valid Luhn check digit.
    public static func isValid(_ number: String) -> Bool {
        let digits = number.utf8
        guard (12...19).contains(digits.count) else { return false }
        var sum = 0
        var double = false
        for byte in digits.reversed() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            var digit = Int(byte - UInt8(ascii: "0"))
            if double {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
            double.toggle()
        }
        return sum % 10 == 0
    }
}
