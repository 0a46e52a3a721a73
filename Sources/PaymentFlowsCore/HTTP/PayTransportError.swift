import Foundation

/// A failure to get a usable answer from a provider: the one error type of the transport layer,
/// with stable codes. Modules map it onto their own error types.
public struct PayTransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong; the raw values are stable.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// No answer in time (the server may or may not have acted).
        case timeout = 1
        /// The connection failed before an answer arrived.
        case connection = 2
        /// The server answered 5xx.
        case serverError = 3
        /// The answer could not be decoded.
        case malformedResponse = 4
        /// The caller cancelled.
        case cancelled = 5
        /// The answer's status was neither a success nor an error the operation describes.
        case unexpectedStatus = 6
        /// The request could not be built (an invalid path or body).
        case invalidRequest = 7
    }

    /// What went wrong.
    public var code: Code
    /// The operation that failed.
    public var operationID: String
    /// The HTTP status, when an answer arrived.
    public var status: Int?
    /// A readable explanation that never contains request or response bodies.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, operationID: String, status: Int? = nil, message: String) {
        self.code = code
        self.operationID = operationID
        self.status = status
        self.message = message
    }

    /// Whether retrying the same request may succeed.
    public var isRetryable: Bool {
        switch code {
        case .timeout, .connection, .serverError: return true
        default: return false
        }
    }

    /// `operationID: code (status): message`.
    public var description: String {
        "\(operationID): \(code) " + (status.map { "(HTTP \($0)) " } ?? "") + message
    }
}
