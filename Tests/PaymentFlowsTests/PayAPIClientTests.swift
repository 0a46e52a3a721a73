import AmazonPayMobile
import Foundation
import MollieCheckout
import PayPalPayments
import PaymentFlowsCore
import PaymentMocks
import PaymentServerCore
import Testing

@Suite("HTTP seam")
struct PayAPIClientTests {
    static let device = DeviceUUID("9F6A4D2C-5B1E-4C3A-8E7F-1A2B3C4D5E6F")

    func client(_ transport: MockProviderTransport, logs: CapturedLogs = CapturedLogs()) -> PayAPIClient {
        PayAPIClient(
            transport: transport, baseURL: URL(string: "https://api.example")!,
            retryPolicy: RetryPolicy(maxAttempts: 3, initialDelay: .zero), logger: logs.logger())
    }

    @Test func getsAreRetriedAfterTimeouts() async throws {
        let transport = MockProviderTransport(name: "t", faults: FaultPlan(rate: 1, seed: 1, kinds: [.timeout]))
        transport.on("GET", "/api/payments") { _ in .json(PaymentListEnvelope(data: [])) }
        await #expect { try await client(transport).send(ListPaymentsOperation(deviceUUID: Self.device)) } throws: {
            ($0 as? PayTransportError)?.code == .timeout
        }
        #expect(transport.requests.count == 3)
    }

    @Test func postsWithoutAnIdempotencyKeyAreNeverRetried() async throws {
        let transport = MockProviderTransport(name: "t", faults: FaultPlan(rate: 1, seed: 1, kinds: [.lostResponse]))
        let created = Recorder<Int>()
        transport.on("POST", "/api/payments") { _ in
            created.record(1)
            return .json(ValidationErrorResponse(message: "x", errors: [:]), status: 422)
        }
        let operation = CreatePaymentOperation(deviceUUID: Self.device, body: CreatePaymentRequest(paymentDescription: "Order", amount: 10))
        #expect(!PayAPIClient.isSafeToRetry(operation))
        await #expect { try await client(transport).send(operation) } throws: { ($0 as? PayTransportError)?.code == .timeout }
        #expect(created.events.count == 1)
    }

    @Test func postsWithAnIdempotencyKeyRetryWithTheSameKey() async throws {
        let transport = MockProviderTransport(name: "t", faults: FaultPlan(rate: 1, seed: 1, kinds: [.serverError]))
        transport.on("POST", "/v2/checkoutSessions/{id}/complete") { _ in
            .json(AmazonPayErrorResponse(reasonCode: .resourceNotFound, message: "x"), status: 404)
        }
        let operation = CompleteCheckoutSessionOperation(
            checkoutSessionId: "s1", idempotencyKey: IdempotencyKey("key-1"), region: .na,
            body: CompleteCheckoutSessionRequest(chargeAmount: AmazonPayPrice(amount: "1", currencyCode: "JPY")))
        #expect(PayAPIClient.isSafeToRetry(operation))
        await #expect { try await client(transport).send(operation) } throws: {
            ($0 as? PayTransportError)
                == PayTransportError(.serverError, operationID: "completeCheckoutSession", status: 503, message: "the server failed")
        }
        #expect(transport.requests.map { $0.header("x-amz-pay-idempotency-key") } == ["key-1", "key-1", "key-1"])
    }

    @Test func statusesMapToOutcomes() async throws {
        let transport = MockProviderTransport(name: "t")
        transport.on("GET", "/api/payments/{id}") { request in
            switch request.pathParameters["id"] {
            case "1":
                return .json(
                    PaymentEnvelope(data: BackendPayment(id: 1, mollieId: "tr_1", amount: 1, paymentDescription: "d", status: .paid)))
            case "2": return .json(ValidationErrorResponse(message: "Not found.", errors: [:]), status: 404)
            case "3": return ServerResponse(status: 200, body: Data(#"{"data":{"id":"x"}}"#.utf8))
            default: return ServerResponse(status: 302)
            }
        }
        let api = client(transport)
        guard case .success(200, let envelope) = try await api.send(GetPaymentOperation(id: 1, deviceUUID: Self.device)) else {
            Issue.record("expected success")
            return
        }
        #expect(envelope.data.status == .paid)
        guard case .failure(404, let body) = try await api.send(GetPaymentOperation(id: 2, deviceUUID: Self.device)) else {
            Issue.record("expected a 404")
            return
        }
        #expect(body?.message == "Not found.")
        await #expect { try await api.send(GetPaymentOperation(id: 3, deviceUUID: Self.device)) } throws: {
            let error = $0 as? PayTransportError
            return error?.code == .malformedResponse && error?.message.contains("data.id: typeMismatch") == true
        }
        await #expect { try await api.send(GetPaymentOperation(id: 4, deviceUUID: Self.device)) } throws: {
            ($0 as? PayTransportError)?.code == .unexpectedStatus
        }
    }

    @Test func requestsAreBuiltFromTheDescriptors() throws {
        let operation = ListMethodsOperation(amount: Decimal(string: "10.50")!, deviceUUID: Self.device)
        let request = try PayAPIClient.makeRequest(operation)
        #expect(request.method.rawValue == "GET")
        #expect(request.path == "/api/methods?amount=10.5")
        #expect(request.headerFields[.init("X-Mollie-Checkout-Device-UUID")!] == Self.device.rawValue)
        #expect(request.headerFields[.accept] == "application/json")
        #expect(request.headerFields[.contentType] == nil)
    }

    @Test func sensitiveHeadersAndQueryValuesAreNotLogged() async throws {
        let transport = MockProviderTransport(name: "t")
        transport.on("GET", "/v2/checkout/orders/{orderID}") { _ in .json(OrderResponse(id: "O1", status: .approved)) }
        let logs = CapturedLogs()
        _ = try await client(transport, logs: logs).send(GetOrderOperation(orderID: "O1", authorization: "Bearer secret-token-123"))
        let text = logs.all.joined(separator: "\n")
        #expect(text.contains("Authorization=<redacted>"))
        #expect(!text.contains("secret-token-123"))
        #expect(text.contains("status=200"))
        let mollieLogs = CapturedLogs()
        let mollie = MockProviderTransport(name: "m")
        mollie.on("GET", "/api/methods") { _ in .json(MethodListEnvelope(data: [])) }
        _ = try await client(mollie, logs: mollieLogs).send(ListMethodsOperation(amount: 12345, deviceUUID: Self.device))
        #expect(mollieLogs.all.joined().contains("path=/api/methods?amount=…"))
    }

    @Test func unexpectedRequestsFailLoudly() async throws {
        let transport = MockProviderTransport(name: "t")
        await #expect { try await client(transport).send(ListPaymentsOperation(deviceUUID: Self.device)) } throws: {
            ($0 as? PayTransportError)?.code == .connection
        }
        #expect(transport.unexpected == ["GET /api/payments", "GET /api/payments", "GET /api/payments"])
    }

    @Test func flowGateAndCompletionOnce() async throws {
        let once = Recorder<Int>()
        let completion = CompletionOnce<Int> { once.record($0) }
        #expect(completion(1))
        #expect(!completion(2))
        #expect(once.events == [1])
        #expect(completion.ignoredCalls == 1)
        let shot = OneShot<Int>()
        #expect(await shot.wait(timeout: .milliseconds(10)) == nil)
        #expect(!shot.resolve(3))
        #expect(ConstantTime.equals("abc", "abc"))
        #expect(!ConstantTime.equals("abc", "abd"))
        #expect(!ConstantTime.equals("abc", "abcd"))
    }
}
