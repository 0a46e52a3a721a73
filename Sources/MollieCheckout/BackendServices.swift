import Foundation
import Logging
import OpenAPIRuntime
import PaymentFlowsCore

/// Sends the demo backend's operations with the device's UUID and unwraps `{"data": …}`.
struct Backend: Sendable {
    let client: PayAPIClient
    let device: DeviceUUID

    func send<Operation: PayOperation>(_ operation: Operation) async throws -> Operation.ResponseBody
    where Operation.ErrorBody == ValidationErrorResponse {
        let response: PayAPIResponse<Operation>
        do {
            response = try await client.send(operation)
        } catch let error as PayTransportError {
            throw MollieCheckoutError(.transport, "\(error.code) on \(Operation.operationID)")
        }
        switch response {
        case .success(_, let body):
            return body
        case .failure(422, let body):
            throw MollieCheckoutError(.validation, body?.message ?? "the given data was invalid", fieldErrors: body?.errors ?? [:])
        case .failure(404, _):
            throw MollieCheckoutError(.notFound, "no such payment")
        case .failure(let status, _):
            throw MollieCheckoutError(.badRequest, "HTTP \(status) on \(Operation.operationID)")
        }
    }
}

/// `PaymentsService`: create, list and get payments.
public struct PaymentsService: Sendable {
    let backend: Backend

    /// A service for the demo backend at `baseUrl`, sending `device` with every request over
    /// `transport` (`URLSessionTransport` unless given).
    public init(
        baseUrl: URL, device: DeviceUUID, transport: any ClientTransport = PaymentDefaults.transport,
        logger: Logger = Logger(label: "MollieCheckout")
    ) {
        self.init(backend: Backend(client: PayAPIClient(transport: transport, baseURL: baseUrl, logger: logger), device: device))
    }

    init(backend: Backend) {
        self.backend = backend
    }

    /// Creates a payment (`POST /api/payments`); a 422 lists the invalid fields.
    public func createPayment(_ payment: CreatePaymentRequest) async throws -> BackendPayment {
        let violations = payment.violations
        guard violations.isEmpty else {
            var fields: [String: [String]] = [:]
            for violation in violations { fields[violation.path.description, default: []].append(violation.message) }
            throw MollieCheckoutError(.invalidInput, "the payment is invalid", fieldErrors: fields)
        }
        return try await backend.send(CreatePaymentOperation(deviceUUID: backend.device, body: payment)).data
    }

    /// The device's payments (`GET /api/payments`).
    public func getPayments() async throws -> [BackendPayment] {
        try await backend.send(ListPaymentsOperation(deviceUUID: backend.device)).data
    }

    /// One payment, refreshed from Mollie (`GET /api/payments/{id}`).
    public func getPayment(_ id: Int) async throws -> BackendPayment {
        try await backend.send(GetPaymentOperation(id: id, deviceUUID: backend.device)).data
    }
}

/// `MethodsService`: the active methods for an amount.
public struct MethodsService: Sendable {
    let backend: Backend

    /// A service for the demo backend at `baseUrl`, sending `device` with every request over
    /// `transport` (`URLSessionTransport` unless given).
    public init(
        baseUrl: URL, device: DeviceUUID, transport: any ClientTransport = PaymentDefaults.transport,
        logger: Logger = Logger(label: "MollieCheckout")
    ) {
        self.init(backend: Backend(client: PayAPIClient(transport: transport, baseURL: baseUrl, logger: logger), device: device))
    }

    init(backend: Backend) {
        self.backend = backend
    }

    /// The methods (with issuers) available for `amount` (`GET /api/methods?amount=`), or every
    /// active method without one: the guide's `getActiveMethods()`.
    public func getActiveMethods(amount: Decimal? = nil) async throws -> [BackendMethod] {
        try await backend.send(ListMethodsOperation(amount: amount, deviceUUID: backend.device)).data
    }
}
