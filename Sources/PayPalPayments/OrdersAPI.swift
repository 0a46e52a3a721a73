import Foundation
import Logging
import OpenAPIRuntime
import PaymentFlowsCore

/// The Orders API calls the clients make, mapping failures to `NetworkingClientErrorDomain`.
struct OrdersAPI: Sendable {
    let client: PayAPIClient
    let config: CoreConfig
    let tokens: TokenSource

    init(config: CoreConfig, transport: any ClientTransport, tokens: TokenSource, logger: Logger) {
        self.config = config
        self.tokens = tokens
        self.client = PayAPIClient(
            transport: transport, baseURL: config.environment.baseURL,
            retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(20)), logger: logger)
    }

    var authorization: String { "Bearer " + config.accessToken.rawValue }

    func confirm(orderID: String, body: ConfirmPaymentSourceRequest) async throws -> OrderResponse {
        try await send(
            ConfirmPaymentSourceOperation(
                orderID: orderID, authorization: authorization, requestID: PayPalRequestId(tokens.uuid().uuidString), body: body))
    }

    func order(_ orderID: String) async throws -> OrderResponse {
        try await send(GetOrderOperation(orderID: orderID, authorization: authorization))
    }

    func send<Operation: PayOperation>(_ operation: Operation) async throws -> Operation.ResponseBody
    where Operation.ErrorBody == PayPalErrorResponse {
        do {
            switch try await client.send(operation) {
            case .success(_, let body):
                return body
            case .failure(let status, let body):
                let text = body.map { "\($0.name): \($0.message)" } ?? "HTTP \(status)"
                throw CoreSDKError(
                    code: NetworkingClientError.serverResponse.errorCode, domain: NetworkingClientError.errorDomain, errorDescription: text)
            }
        } catch let error as PayTransportError {
            switch error.code {
            case .malformedResponse: throw CoreSDKError(NetworkingClientError.jsonDecoding)
            case .invalidRequest: throw CoreSDKError(NetworkingClientError.invalidURLRequest)
            default: throw CoreSDKError(NetworkingClientError.urlSession, detail: "(\(error.code))")
            }
        }
    }
}
