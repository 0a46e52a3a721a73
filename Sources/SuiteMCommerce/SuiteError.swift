import Foundation

/// The error `SuiteController` reports: a code of MIT's catalogs (C, S, P, A, T) with its Spanish
/// text and English translation, or one of the SDK's own `X` codes.
public struct SuiteError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The code, e.g. `A004`.
    public let code: String
    /// The error domain.
    public let domain: String
    /// The Spanish text (the guide's).
    public let message: String
    /// The English translation.
    public let englishMessage: String
    /// Context that never holds secrets, such as which field was rejected.
    public let detail: String?

    /// The SDK's own codes (the `SuiteSDKError` catalog in `Schemas/SuiteMCommerce/SDKErrors.yaml`).
    public typealias LocalCode = SuiteSDKError

    /// The error for a catalog code, `nil` for codes no catalog lists.
    public init?(code: String, detail: String? = nil) {
        let entry: (String, String, String)?
        if let error = SuiteInitializationError(code: code) {
            entry = (SuiteInitializationError.errorDomain, error.message(language: "es") ?? code, error.message(language: "en") ?? code)
        } else if let error = SuitePaymentError(code: code) {
            entry = (SuitePaymentError.errorDomain, error.message(language: "es") ?? code, error.message(language: "en") ?? code)
        } else if let error = SuiteAuthenticationError(code: code) {
            entry = (SuiteAuthenticationError.errorDomain, error.message(language: "es") ?? code, error.message(language: "en") ?? code)
        } else if let error = SuiteTokenPaymentError(code: code) {
            entry = (SuiteTokenPaymentError.errorDomain, error.message(language: "es") ?? code, error.message(language: "en") ?? code)
        } else if let error = SuiteSDKError(code: code) {
            entry = (error.domain, error.message(language: "es") ?? code, error.message(language: "en") ?? code)
        } else {
            entry = nil
        }
        guard let (domain, spanish, english) = entry else { return nil }
        self.code = code
        self.domain = domain
        self.message = spanish
        self.englishMessage = english
        self.detail = detail
    }

    /// One of the SDK's own errors.
    public init(_ local: LocalCode, detail: String? = nil) {
        self.init(
            code: local.code, domain: local.domain,
            message: local.message(language: "es") ?? local.code, englishMessage: local.message(language: "en") ?? local.code,
            detail: detail)
    }

    /// An error of MIT's initialization catalog (C001–C003, S001, S002).
    public init(_ error: SuiteInitializationError, detail: String? = nil) {
        self.init(
            code: error.code, domain: SuiteInitializationError.errorDomain,
            message: error.message(language: "es") ?? error.code, englishMessage: error.message(language: "en") ?? error.code,
            detail: detail)
    }

    /// An error of MIT's 3-D Secure catalog (A001–A010).
    public init(_ error: SuiteAuthenticationError, detail: String? = nil) {
        self.init(
            code: error.code, domain: SuiteAuthenticationError.errorDomain,
            message: error.message(language: "es") ?? error.code, englishMessage: error.message(language: "en") ?? error.code,
            detail: detail)
    }

    /// An error of MIT's token-payment catalog (T001–T0nn).
    public init(_ error: SuiteTokenPaymentError, detail: String? = nil) {
        self.init(
            code: error.code, domain: SuiteTokenPaymentError.errorDomain,
            message: error.message(language: "es") ?? error.code, englishMessage: error.message(language: "en") ?? error.code,
            detail: detail)
    }

    private init(code: String, domain: String, message: String, englishMessage: String, detail: String?) {
        self.code = code
        self.domain = domain
        self.message = message
        self.englishMessage = englishMessage
        self.detail = detail
    }

    /// S001, connection error.
    public static func connection(_ detail: String) -> SuiteError { SuiteError(.connectionError, detail: detail) }
    /// S002, key exception: a wrong key or tampered text.
    public static func keyException(_ detail: String) -> SuiteError { SuiteError(.keyException, detail: detail) }

    /// `CODE: Spanish text (detail)`.
    public var description: String { "\(code): \(message)" + (detail.map { " (\($0))" } ?? "") }
    /// The Spanish text with the code.
    public var errorDescription: String? { description }
}

extension SuiteError {
    /// ``domain`` (the catalog's), used when the error is bridged to `NSError`.
    public var _domain: String { domain }
    /// The code's digits (`A004` is 4), used when the error is bridged to `NSError`.
    public var _code: Int { Int(code.filter(\.isNumber)) ?? 0 }
}
