import Foundation

/// The one error type of `MollieCheckout`, with stable codes.
public struct MollieCheckoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong: the codes of the `MollieCheckoutErrorCode` catalog in `Schemas/MollieCheckout/SDKErrors.yaml`
    /// (stable raw values, a domain and a message each).
    public typealias Code = MollieCheckoutErrorCode

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
            + (fieldErrors.isEmpty
                ? ""
                : " "
                    + fieldErrors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.joined(separator: " "))" }.joined(separator: "; "))
    }
}

extension MollieCheckoutError: LocalizedError {
    /// The error domain.
    public static let domain = Code.errorDomain
    /// The readable description.
    public var errorDescription: String? { description }
    /// ``domain``, used when the error is bridged to `NSError`.
    public var _domain: String { code.domain }
    /// The code's raw value, used when the error is bridged to `NSError`.
    public var _code: Int { code.errorCode }
}
