import Foundation
/// The one error type of `AmazonPayMobile`, with stable codes.
public struct AmazonPayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong; the raw values are stable.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// The JavaScript message is not a valid `BridgeMessage`, or not the one expected.
        case invalidBridgeMessage = 1
        /// The universal link's token is not the one the app sent: nothing proceeds.
        case tokenMismatch = 2
        /// The checkout session expired.
        case sessionExpired = 3
        /// The session is not in a state that allows the call (`InvalidCheckoutSessionStatus`).
        case invalidSessionStatus = 4
        /// The payment was declined.
        case declined = 5
        /// The buyer canceled.
        case buyerCanceled = 6
        /// No usable answer from Amazon Pay (after retries).
        case transport = 7
        /// Amazon Pay rejected the call for another reason.
        case apiError = 8
        /// A checkout is already in progress.
        case flowInProgress = 9
        /// A page returned to an unexpected URL.
        case invalidCallback = 10
        /// An idempotency key was reused with another body.
        case duplicateIdempotencyKey = 11
        /// The Secure WebView could not be shown.
        case webSessionFailed = 12
    }

    /// The error domain.
    public static let domain = "com.amazon.pay.mobile"

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
    public var _domain: String { Self.domain }
    /// The code's raw value, used when the error is bridged to `NSError`.
    public var _code: Int { code.rawValue }
}
