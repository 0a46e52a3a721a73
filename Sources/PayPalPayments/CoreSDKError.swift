import Foundation

/// The one error type of the PayPal SDK: a code, its domain and a description. Tests and apps
/// compare codes and domains, never text.
public struct CoreSDKError: Error, Hashable, Sendable, LocalizedError, CustomStringConvertible {
    /// The code within the domain.
    public let code: Int
    /// `CardClientErrorDomain`, `PayPalClientErrorDomain`, `NetworkingClientErrorDomain` or `PayPalErrorDomain`.
    public let domain: String
    /// A readable explanation (never card data or tokens).
    public let errorDescription: String?

    /// Creates an error.
    public init(code: Int, domain: String, errorDescription: String?) {
        self.code = code
        self.domain = domain
        self.errorDescription = errorDescription
    }

    /// An error of a generated catalog, optionally with more detail.
    public init<Catalog: PayErrorCatalog>(_ error: Catalog, detail: String? = nil) {
        self.code = error.errorCode
        self.domain = error.domain
        let base = error.message(language: "en") ?? "\(error)"
        self.errorDescription = detail.map { "\(base) \($0)" } ?? base
    }

    /// `domain code: description`.
    public var description: String { "\(domain) \(code): \(errorDescription ?? "")" }

    /// Whether this is `error` (same domain and code).
    public func matches<Catalog: PayErrorCatalog>(_ error: Catalog) -> Bool {
        code == error.errorCode && domain == error.domain
    }
}

extension PayPalEnvironment {
    /// The REST API base URL.
    public var baseURL: URL {
        switch self {
        case .sandbox: return URL(string: "https://api-m.sandbox.paypal.com")!
        case .live: return URL(string: "https://api-m.paypal.com")!
        }
    }

    /// The web checkout base URL.
    public var webCheckoutURL: URL {
        switch self {
        case .sandbox: return URL(string: "https://www.sandbox.paypal.com/checkoutnow")!
        case .live: return URL(string: "https://www.paypal.com/checkoutnow")!
        }
    }
}

extension CoreSDKError {
    /// ``domain``, used when the error is bridged to `NSError`.
    public var _domain: String { domain }
    /// ``code``, used when the error is bridged to `NSError`.
    public var _code: Int { code }
}
