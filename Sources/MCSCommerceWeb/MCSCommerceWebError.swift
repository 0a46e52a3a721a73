import Foundation
import PaymentFlowsCore

/// The one error type of `MCSCommerceWeb`, with stable codes.
public struct MCSCommerceWebError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong: the codes of the `MCSCommerceWebErrorCode` catalog in `Schemas/MCSCommerceWeb/SDKErrors.yaml`
    /// (stable raw values, a domain and a message each).
    public typealias Code = MCSCommerceWebErrorCode

    /// The error domain.
    public static let domain = Code.errorDomain

    /// What went wrong.
    public var code: Code
    /// A readable explanation (never card data).
    public var message: String
    /// The broken constraints, for `invalidConfiguration` and `invalidRequest`.
    public var violations: [ValidationViolation]

    /// Creates an error.
    public init(_ code: Code, _ message: String, violations: [ValidationViolation] = []) {
        self.code = code
        self.message = message
        self.violations = violations
    }

    /// `MCSCommerceWeb error N: message`.
    public var description: String {
        "\(Self.domain) error \(code.rawValue): \(message)"
            + (violations.isEmpty ? "" : " (" + violations.map(\.description).joined(separator: "; ") + ")")
    }
}

extension MCSCommerceWebError: LocalizedError {
    /// The readable description (never card data).
    public var errorDescription: String? { description }
    /// ``domain``, used when the error is bridged to `NSError`.
    public var _domain: String { code.domain }
    /// The code's raw value, used when the error is bridged to `NSError`.
    public var _code: Int { code.errorCode }
}
