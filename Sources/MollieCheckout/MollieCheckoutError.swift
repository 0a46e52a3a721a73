import Foundation

/// The one error type of `MollieCheckout`, with stable codes.
public struct MollieCheckoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong; the raw values are stable.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// No usable answer from the backend.
        case transport = 1
        /// The backend rejected the payment's fields (HTTP 422); see `fieldErrors`.
        case validation = 2
        /// The backend refused the request (HTTP 400, e.g. a bad device UUID).
        case badRequest = 3
        /// The payment does not exist.
        case notFound = 4
        /// Another payment is being executed.
        case flowInProgress = 5
        /// The browser could not open the checkout page.
        case browserFailed = 6
        /// A deep link that is not `mollie-checkout://payments/{id}`.
        case invalidDeepLink = 7
        /// The payment has no checkout URL (it is no longer open).
        case noCheckoutURL = 8
        /// The input breaks its constraints, or a method/issuer selection is missing or unknown.
        case invalidInput = 9
    }

    /// What went wrong.
    public var code: Code
    /// A readable explanation.
    public var message: String
    /// Messages per field, for `validation`.
    public var fieldErrors: [String: [String]]

    /// Creates an error.
    public init(_ code: Code, _ message: String, fieldErrors: [String: [String]] = [:]) {
        self.code = code
        self.message = message
        self.fieldErrors = fieldErrors
    }

    /// `MollieCheckout error N (code): message`.
    public var description: String {
        "MollieCheckout error \(code.rawValue) (\(code)): \(message)"
            + (fieldErrors.isEmpty ? "" : " " + fieldErrors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.joined(separator: " "))" }.joined(separator: "; "))
    }
}

extension MollieCheckoutError: LocalizedError {
    /// The error domain.
    public static let domain = "com.mollie.checkout"
    /// The readable description.
    public var errorDescription: String? { description }
    /// ``domain``, used when the error is bridged to `NSError`.
    public var _domain: String { Self.domain }
    /// The code's raw value, used when the error is bridged to `NSError`.
    public var _code: Int { code.rawValue }
}
