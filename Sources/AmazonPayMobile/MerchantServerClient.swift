import Foundation
import Logging
import OpenAPIRuntime
import PaymentFlowsCore

/// The native app's client of the merchant server's JSON endpoints (`/sample/…`). It never calls
/// Amazon Pay itself and holds no key; the server's refusals become typed errors.
struct MerchantServerClient: Sendable {
    let configuration: AmazonPayConfiguration
    let client: PayAPIClient

    init(configuration: AmazonPayConfiguration, transport: any ClientTransport, retryPolicy: RetryPolicy, logger: Logger) {
        self.configuration = configuration
        self.client = PayAPIClient(transport: transport, baseURL: configuration.merchantServerURL, retryPolicy: retryPolicy, logger: logger)
    }

    /// Calls the merchant server; its refusals become typed errors (Amazon Pay's reason decides which).
    func call<Operation: PayOperation>(_ operation: Operation) async throws -> Operation.ResponseBody
    where Operation.ErrorBody == MerchantErrorResponse {
        let response: PayAPIResponse<Operation>
        do {
            response = try await client.send(operation)
        } catch let error as PayTransportError {
            throw AmazonPayError(.transport, "\(error.code) on \(Operation.operationID)")
        }
        switch response {
        case .success(_, let body):
            return body
        case .failure(let status, let body):
            throw Self.error(status: status, body, operation: Operation.operationID)
        }
    }

    /// The typed error for a merchant-server refusal: the session's reason (`Declined`, `Expired`,
    /// `BuyerCanceled`) or Amazon Pay's error reason the server passed on, read with the schema's enums.
    static func error(status: Int, _ body: MerchantErrorResponse?, operation: String) -> AmazonPayError {
        let reason = body?.amazonPayReasonCode
        if let state = reason.map(CheckoutSessionReasonCode.init(rawValue:)), state.isKnown {
            return stateError(StatusDetails(state: .canceled, reasonCode: state))
        }
        switch reason.map(ErrorReasonCode.init(rawValue:)) {
        case .invalidCheckoutSessionStatus?:
            return AmazonPayError(.invalidSessionStatus, "the session does not allow \(operation)", reasonCode: reason)
        case .duplicateIdempotencyKey?:
            return AmazonPayError(.duplicateIdempotencyKey, "an idempotency key was reused with another body", reasonCode: reason)
        default:
            let what = body.map { "\($0.error.rawValue): \($0.message)" } ?? "no error body"
            return AmazonPayError(.apiError, "HTTP \(status) on \(operation) (\(what))", reasonCode: reason)
        }
    }

    /// Fails unless the session is open, with the session's reason.
    static func requireOpen(_ session: CheckoutSession) throws {
        guard session.statusDetails.state != .open else { return }
        throw stateError(session.statusDetails)
    }

    static func stateError(_ status: StatusDetails) -> AmazonPayError {
        switch status.reasonCode {
        case .expired?: return AmazonPayError(.sessionExpired, "the checkout session expired", reasonCode: status.reasonCode?.rawValue)
        case .declined?: return AmazonPayError(.declined, "the payment was declined", reasonCode: status.reasonCode?.rawValue)
        case .buyerCanceled?: return AmazonPayError(.buyerCanceled, "the buyer canceled", reasonCode: status.reasonCode?.rawValue)
        default:
            return AmazonPayError(.invalidSessionStatus, "the session is \(status.state.rawValue)", reasonCode: status.reasonCode?.rawValue)
        }
    }
}
