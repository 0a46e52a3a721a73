import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
@_spi(Generated) import PaymentSchemasRuntime

/// What a provider answered to an operation.
public enum PayAPIResponse<Operation: PayOperation>: Sendable {
    /// A success status with its decoded body.
    case success(status: Int, body: Operation.ResponseBody)
    /// An error status with the decoded error body (`nil` when the body was not of the error type).
    case failure(status: Int, body: Operation.ErrorBody?)
}

/// Sends generated operations through a `ClientTransport` (a mock, `URLSessionTransport` or
/// `AsyncHTTPClientTransport`) and decodes answers into the generated types.
///
/// Transport failures, 5xx answers and undecodable bodies become ``PayTransportError``; retries
/// follow the ``RetryPolicy``. Sensitive headers are never logged and bodies are never logged.
public struct PayAPIClient: Sendable {
    /// The transport requests go through.
    public let transport: any ClientTransport
    /// The provider's base URL.
    public let baseURL: URL
    /// The retry policy.
    public let retryPolicy: RetryPolicy
    /// Where requests and outcomes are logged.
    public let logger: Logger
    /// The largest response body read.
    public let maxResponseBytes: Int

    /// Creates a client.
    public init(
        transport: any ClientTransport, baseURL: URL, retryPolicy: RetryPolicy = RetryPolicy(),
        logger: Logger = Logger(label: "PaymentSchemas.http"), maxResponseBytes: Int = 4 << 20
    ) {
        self.transport = transport
        self.baseURL = baseURL
        self.retryPolicy = retryPolicy
        self.logger = logger
        self.maxResponseBytes = maxResponseBytes
    }

    /// Sends `operation` and decodes the answer, retrying what is safe to retry.
    public func send<Operation: PayOperation>(_ operation: Operation) async throws -> PayAPIResponse<Operation> {
        let request = try Self.makeRequest(operation)
        let body = try Self.encodeBody(operation)
        let retryable = Self.isSafeToRetry(operation)
        var attempt = 1
        while true {
            do {
                return try await sendOnce(operation, request: request, body: body, attempt: attempt)
            } catch let error as PayTransportError where error.isRetryable && retryable && attempt < retryPolicy.maxAttempts {
                attempt += 1
                logger.notice(
                    "retrying", metadata: ["operation": "\(Operation.operationID)", "attempt": "\(attempt)", "reason": "\(error.code)"])
                try? await Task.sleep(for: retryPolicy.delay(beforeAttempt: attempt))
                if Task.isCancelled {
                    throw PayTransportError(.cancelled, operationID: Operation.operationID, message: "cancelled while waiting to retry")
                }
            }
        }
    }

    func sendOnce<Operation: PayOperation>(
        _ operation: Operation, request: HTTPRequest, body: Data?, attempt: Int
    ) async throws -> PayAPIResponse<Operation> {
        let operationID = Operation.operationID
        logger.info(
            "request",
            metadata: [
                "operation": "\(operationID)", "method": "\(request.method.rawValue)",
                "path": "\(Self.loggablePath(request.path, operation))",
                "headers": "\(Self.loggableHeaders(operation))", "attempt": "\(attempt)",
            ])
        let response: HTTPResponse
        let responseBody: HTTPBody?
        do {
            (response, responseBody) = try await transport.send(
                request, body: body.map { HTTPBody($0) }, baseURL: baseURL, operationID: operationID)
        } catch let error as PayTransportError {
            throw error
        } catch is CancellationError {
            throw PayTransportError(.cancelled, operationID: operationID, message: "the request was cancelled")
        } catch let error as URLError {
            let code: PayTransportError.Code = error.code == .timedOut ? .timeout : (error.code == .cancelled ? .cancelled : .connection)
            logger.warning("transport failure", metadata: ["operation": "\(operationID)", "code": "\(code)"])
            throw PayTransportError(code, operationID: operationID, message: "URL error \(error.code.rawValue)")
        } catch {
            logger.warning("transport failure", metadata: ["operation": "\(operationID)", "error": "\(type(of: error))"])
            throw PayTransportError(.connection, operationID: operationID, message: "the transport failed: \(type(of: error))")
        }
        let status = response.status.code
        logger.info("response", metadata: ["operation": "\(operationID)", "status": "\(status)"])
        var data = Data()
        do {
            if let responseBody { data = try await Data(collecting: responseBody, upTo: maxResponseBytes) }
        } catch {
            throw PayTransportError(.malformedResponse, operationID: operationID, status: status, message: "the body could not be read")
        }
        if Operation.successStatuses.contains(status) {
            do {
                return .success(status: status, body: try Self.decode(Operation.ResponseBody.self, data))
            } catch {
                throw PayTransportError(.malformedResponse, operationID: operationID, status: status, message: Self.summary(of: error))
            }
        }
        if (500...599).contains(status) {
            throw PayTransportError(.serverError, operationID: operationID, status: status, message: "the server failed")
        }
        if (400...499).contains(status) {
            return .failure(status: status, body: try? Self.decode(Operation.ErrorBody.self, data))
        }
        throw PayTransportError(.unexpectedStatus, operationID: operationID, status: status, message: "unexpected status")
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        if T.self == PayNoBody.self, let empty = PayNoBody() as? T { return empty }
        return try PayWire.decodeJSON(T.self, from: data)
    }

    static func summary(of error: any Error) -> String {
        if let decoding = error as? PayloadDecodingError {
            return "the body does not match the schema: "
                + decoding.issues.prefix(5).map { "\($0.path): \($0.kind.rawValue)" }.joined(separator: "; ")
        }
        return "the body could not be decoded"
    }

    /// The HTTP request of an operation: method, path with query, headers.
    public static func makeRequest<Operation: PayOperation>(_ operation: Operation) throws -> HTTPRequest {
        var components = URLComponents()
        components.percentEncodedPath = operation.path
        let items = operation.queryItems
        if !items.isEmpty {
            components.percentEncodedQuery = PayQueryEncoding.text(items)
        }
        guard let path = components.string else {
            throw PayTransportError(.invalidRequest, operationID: Operation.operationID, message: "the path cannot be encoded")
        }
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        if operation.requestBody != nil {
            fields[.contentType] = Operation.requestFormat == .query ? "application/x-www-form-urlencoded" : "application/json"
        }
        for header in operation.headerFields {
            guard let name = HTTPField.Name(header.name) else {
                throw PayTransportError(.invalidRequest, operationID: Operation.operationID, message: "invalid header name \(header.name)")
            }
            fields[name] = header.value
        }
        return HTTPRequest(
            method: HTTPRequest.Method(Operation.method.rawValue)!, scheme: nil, authority: nil, path: path, headerFields: fields)
    }

    static func encodeBody<Operation: PayOperation>(_ operation: Operation) throws -> Data? {
        guard let body = operation.requestBody else { return nil }
        do {
            if Operation.requestFormat == .query {
                guard let form = body as? any PayQueryCodable else { throw PayloadDecodingError(issues: []) }
                return Data(try form.queryString.utf8)
            }
            return try PayWire.encodeJSON(body)
        } catch {
            throw PayTransportError(.invalidRequest, operationID: Operation.operationID, message: "the body cannot be encoded")
        }
    }

    /// Whether a failed attempt may be sent again: everything but POSTs, and POSTs that carry the
    /// idempotency key their schema declares (the same key on every attempt).
    public static func isSafeToRetry<Operation: PayOperation>(_ operation: Operation) -> Bool {
        if Operation.method != .post { return true }
        guard let header = Operation.idempotencyKeyHeader?.lowercased() else { return false }
        return operation.headerFields.contains { $0.name.lowercased() == header && !$0.value.isEmpty }
    }

    /// The path with query values left out (only the names are kept): values may be secrets.
    static func loggablePath<Operation: PayOperation>(_ path: String?, _ operation: Operation) -> String {
        let bare = (path ?? "").split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let names = operation.queryItems.map(\.name)
        return names.isEmpty ? bare : bare + "?" + names.map { "\($0)=…" }.joined(separator: "&")
    }

    /// Header names with the values of sensitive headers replaced.
    static func loggableHeaders<Operation: PayOperation>(_ operation: Operation) -> String {
        operation.headerFields.map { "\($0.name)=\($0.sensitive ? PayRedaction.placeholder : $0.value)" }.joined(separator: ",")
    }
}
