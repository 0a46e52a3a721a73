import Foundation

/// The one error type of `AmazonPayMobile`, with stable codes.
public struct AmazonPayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong: the codes of the `AmazonPayErrorCode` catalog in `Schemas/AmazonPayMobile/SDKErrors.yaml`
    /// (stable raw values, a domain and a message each).
    public typealias Code = AmazonPayErrorCode

    /// The error domain.
    public static let domain = Code.errorDomain

    /// What went wrong.
    public var code: Code
    /// A readable explanation (never a token).
    public var message: String
    /// Amazon Pay's reason code, when the API gave one.
    public var reasonCode: String?

    /// Creates an error.
    public init(_ code: Code, _ message: String, reasonCode: String? = nil) {
        self.code = code
        self.message = message
        self.reasonCode = reasonCode
    }

    /// `domain error N: message [reasonCode]`.
    public var description: String {
        "\(Self.domain) error \(code.rawValue) (\(code)): \(message)" + (reasonCode.map { " [\($0)]" } ?? "")
    }
}

extension AmazonPayError: LocalizedError {
    /// The readable description.
    public var errorDescription: String? { description }
    /// ``domain``, used when the error is bridged to `NSError`.
    public var _domain: String { code.domain }
    /// The code's raw value, used when the error is bridged to `NSError`.
    public var _code: Int { code.errorCode }
}
