import Foundation

/// A generated error catalog: a closed set of provider error codes with a domain and messages.
///
/// Each case bridges to `NSError` with its own domain and code (`(error as NSError).domain`), also
/// in catalogs whose codes have different domains (MCCMerchant). That is why a catalog is not a
/// `CustomNSError`: `CustomNSError` gives every case of a type the one static `errorDomain`.
public protocol PayErrorCatalog: Error, LocalizedError, Hashable, Sendable, CaseIterable {
    /// The code's type: `String` (`A007`) or `Int` (`10012`).
    associatedtype Code: Hashable & Sendable & CustomStringConvertible
    /// The provider's code for this error.
    var code: Code { get }
    /// The error's domain.
    var domain: String { get }
    /// The message in `language` (an ISO 639-1 code such as `es` or `en`), `nil` when none is written.
    func message(language: String) -> String?
    /// The languages this catalog has messages in, the catalog's default first.
    static var languages: [String] { get }
    /// Looks an error up by its code.
    init?(code: Code)
}

extension PayErrorCatalog {
    /// The message in the first of the user's preferred languages the catalog has, else the default.
    public var localizedMessage: String {
        for preferred in Locale.preferredLanguages {
            let language = String(preferred.prefix(2))
            if let text = message(language: language) { return text }
        }
        return message(language: Self.languages[0]) ?? String(describing: code)
    }

    /// `CODE: message`.
    public var errorDescription: String? { "\(code): \(localizedMessage)" }

    /// The catalog's default domain (a case may have its own: see ``domain``).
    public static var errorDomain: String { Self.allCases.first?.domain ?? String(describing: Self.self) }

    /// The case's own domain, used when the error is bridged to `NSError`.
    public var _domain: String { domain }

    /// The case's ``errorCode``, used when the error is bridged to `NSError`.
    public var _code: Int { errorCode }

    /// The code as an integer: integer codes as they are, string codes by their digits (`A007` → 7).
    public var errorCode: Int {
        if let number = code as? Int { return number }
        let digits = String(describing: code).filter(\.isNumber)
        return Int(digits) ?? 0
    }

    /// The domain and localized message, as `NSError` bridging reports them.
    public var errorUserInfo: [String: Any] {
        [NSLocalizedDescriptionKey: errorDescription ?? "", "domain": domain]
    }
}
