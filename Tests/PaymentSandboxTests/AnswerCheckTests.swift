import Foundation
import HTTPTypes
import PayPalPayments
import PaymentSchemasRuntime
import PaymentServerCore
import Testing

@testable import PaymentMocks

/// Every answer to a schema operation is checked against its declared type before it leaves. An
/// answer built from a value (`ServerResponse.json`) is judged on that value, without reading its body
/// back; these tests hold that judgement to the wire check (decoding the body) and show the body
/// check taking over wherever the value cannot say: another type, or a body changed afterwards.
@Suite("Answer checks")
struct AnswerCheckTests {
    static let getOrder = PayPalPaymentsSchema.operations.first { $0.operationID == "getOrder" }

    static let order = OrderResponse(
        id: "5O190127TN364715T", status: .approved, intent: .capture,
        purchaseUnits: [
            PurchaseUnitResponse(referenceId: "default", amount: AmountWithBreakdown(currencyCode: "USD", value: "10.00"))
        ])

    @Test func theValueIsJudgedAsItsBodyIs() throws {
        let operation = try #require(Self.getOrder)
        var broken = Self.order
        broken.purchaseUnits = []
        let error = PayPalErrorResponse(
            name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist.", debugId: "b1d1f06c7246c")
        let cases: [(status: Int, value: any Encodable & Sendable)] = [
            (200, Self.order), (200, broken), (404, error), (409, error), (302, Self.order),
        ]
        for (status, value) in cases {
            let answer = ServerResponse.json(value, status: status)
            let value = try #require(answer.typedBody)
            let typed = try #require(operation.responseProblems(status: status, value: value))
            #expect(typed == operation.responseProblems(status: status, body: answer.body), "\(status) \(type(of: value))")
        }
        #expect(
            operation.responseProblems(status: 200, value: broken) == [
                "purchase_units: [minItems] must have at least 1 items (value: 0 items)"
            ])
        #expect(operation.responseProblems(status: 409, value: error)?.first?.contains("not among the error statuses") == true)
        // Another type than the status calls for: only the body can say.
        #expect(operation.responseProblems(status: 200, value: error) == nil)
        #expect(operation.responseProblems(status: 404, value: Self.order) == nil)
        #expect(!operation.responseProblems(status: 200, body: ServerResponse.json(error).body).isEmpty)
    }

    @Test func aChangedBodyIsJudgedOnItsBytes() {
        var answer = ServerResponse.json(Self.order)
        #expect(answer.typedBody != nil)
        answer.status = 201
        #expect(answer.typedBody != nil)
        answer.body = Data(#"{"id":"5O190127TN364715T"}"#.utf8)
        #expect(answer.typedBody == nil)
    }

    /// Through the transport: a valid answer leaves, an invalid value, a value of another type and a
    /// body changed after it was built are each answered 500 and recorded as breaches.
    @Test func theTransportSendsOnlyAnswersOfTheDeclaredType() async throws {
        let chosen = LockIsolated(ServerResponse.json(Self.order))
        let transport = MockProviderTransport(name: "paypal")
        transport.handle("getOrder", of: PayPalPaymentsSchema.operations) { _ in chosen.value }
        func send() async throws -> (status: Int, body: String) {
            let request = ServerRequest(
                method: "GET", path: "/v2/checkout/orders/5O190127TN364715T", query: [], headers: ["authorization": "Bearer A21AA"],
                body: Data(), operationID: "getOrder")
            guard case .answered(let answer) = try await transport.serve(request) else { return (0, "") }
            return (answer.status, String(decoding: answer.body, as: UTF8.self))
        }
        #expect(try await send().status == 200)
        #expect(transport.breaches.isEmpty)

        var broken = Self.order
        broken.purchaseUnits = []
        var changed = ServerResponse.json(Self.order)
        changed.body = Data(#"{"id":"5O190127TN364715T"}"#.utf8)
        let wrongType = ServerResponse.json(PayPalErrorResponse(name: "INTERNAL_SERVER_ERROR", message: "x", debugId: "b1"))
        for (index, answer) in [ServerResponse.json(broken), wrongType, changed].enumerated() {
            chosen.setValue(answer)
            let (status, body) = try await send()
            #expect(status == 500)
            #expect(body.contains("SANDBOX_CONTRACT_BREACH"))
            #expect(transport.breaches.count == index + 1)
        }
        #expect(transport.breaches.map(\.problems.isEmpty) == [false, false, false])
    }

    /// A value that counts how often it is encoded, and can refuse to be.
    struct Counted: Encodable, Sendable {
        let count = LockIsolated(0)
        var writable = true

        func encode(to encoder: any Encoder) throws {
            count.withValue { $0 += 1 }
            guard writable else { throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "not writable")) }
            var container = encoder.singleValueContainer()
            try container.encode("counted")
        }
    }

    /// A mock builds its answer under its own lock; the encoding waits until the body is read (after
    /// the handler has returned), happens once for every copy, and a value that cannot be written
    /// leaves an empty body and no value to judge, so the wire check reports it.
    @Test func aValueIsEncodedOnceWhenItsBodyIsFirstRead() {
        let value = Counted()
        let answer = ServerResponse.json(value)
        #expect(value.count.value == 0)
        let copy = answer
        #expect(copy.body == Data(#""counted""#.utf8))
        #expect(answer.body == copy.body)
        #expect(answer.typedBody != nil)
        #expect(value.count.value == 1)

        let refused = ServerResponse.json(Counted(writable: false), status: 201)
        #expect(refused.typedBody == nil)
        #expect(refused.body.isEmpty)
        #expect(refused.status == 201)
    }
}
