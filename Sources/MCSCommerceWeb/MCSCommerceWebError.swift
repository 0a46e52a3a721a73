import Foundation
import PaymentFlowsCore

/// The one error type of `MCSCommerceWeb`, with stable codes.
public struct MCSCommerceWebError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong; the raw values are stable.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// `setConfiguration` was never called.
        case notConfigured = 1
        /// The configuration breaks its constraints.
        case invalidConfiguration = 2
        /// The checkout request breaks its constraints.
        case invalidRequest = 3
        /// The web view could not be shown.
        case webSessionFailed = 4
        /// The page returned to a URL whose scheme is not the configured `callbackScheme`.
        case callbackMismatch = 5
        /// A checkout is already in progress.
        case flowInProgress = 6
        /// The delegate did not provide a checkout request in time.
        case requestNotProvided = 7
    }

    /// The error domain.
    public static let domain = "com.mastercard.MCSCommerceWeb"

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
        "\(Self.domain) error \(code.rawValue): \(message)" + (violations.isEmpty ? "" : " (" + violations.map(\.description).joined(separator: "; ") + ")")
    }
}

extension MCSCommerceWebError: LocalizedError {
    /// The readable description (never card data).
    public var errorDescription: String? { description }
    /// ``domain``, used when the error is bridged to `NSError`.
    public var _domain: String { Self.domain }
    /// The code's raw value, used when the error is bridged to `NSError`.
    public var _code: Int { code.rawValue }
}
