import CLITestSupport
import Foundation
import PaymentMocks
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// PayPal's negative testing over a real socket: every issue of every served operation's list
/// (`PayPalIssueCatalog`, read from PayPal's documents), asked for with `PayPal-Mock-Response`, is
/// answered at the list's status, with PayPal's name and message for that status and the issue in
/// the list's words, whether the sandbox raises it on a request's own merits or not (a decision of
/// PayPal's risk or account systems, a condition the document does not state). A code the
/// operation's list does not hold is ignored.
@Suite("PayPal's negative testing over the socket", .serialized)
struct PayPalNegativeTestingSocketTests {
    typealias Served = SandboxHardeningTests.Served

    /// Each served operation's request: method, path and body (any id: the mock answers first).
    static let requests: [String: (method: String, path: String, body: String?)] = [
        "createOrder": ("POST", "/v2/checkout/orders", ProviderRulesSocketTests.order("10.00")),
        "getOrder": ("GET", "/v2/checkout/orders/5O190127TN364715T", nil),
        "confirmPaymentSource": (
            "POST", "/v2/checkout/orders/5O190127TN364715T/confirm-payment-source", SandboxHardeningTests.confirmBody
        ),
        "authorizeOrder": ("POST", "/v2/checkout/orders/5O190127TN364715T/authorize", "{}"),
        "captureOrder": ("POST", "/v2/checkout/orders/5O190127TN364715T/capture", "{}"),
        "getAuthorization": ("GET", "/v2/payments/authorizations/0VF52814937998046", nil),
        "captureAuthorization": ("POST", "/v2/payments/authorizations/0VF52814937998046/capture", "{}"),
        "reauthorizeAuthorization": ("POST", "/v2/payments/authorizations/0VF52814937998046/reauthorize", "{}"),
        "voidAuthorization": ("POST", "/v2/payments/authorizations/0VF52814937998046/void", "{}"),
        "getCapture": ("GET", "/v2/payments/captures/2GG279541U471931P", nil),
        "refundCapture": ("POST", "/v2/payments/captures/2GG279541U471931P/refund", "{}"),
        "getRefund": ("GET", "/v2/payments/refunds/1JU08902781691411", nil),
    ]

    @Test func everyIssueOfEveryListIsAnsweredOnRequest() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        var answered = 0
        #expect(Set(PayPalIssueCatalog.lists.keys) == Set(Self.requests.keys))
        for (operation, list) in PayPalIssueCatalog.lists.sorted(by: { $0.key < $1.key }) {
            let request = try #require(Self.requests[operation])
            for (issue, entry) in list.sorted(by: { $0.key < $1.key }) {
                var headers = ["Authorization": "Bearer \(token)", "PayPal-Mock-Response": #"{"mock_application_codes":"\#(issue)"}"#]
                if request.body != nil { headers["Content-Type"] = "application/json" }
                let reply = try await served.http(request.method, "/t/paypal" + request.path, headers: headers, body: request.body)
                let object = try JSONSerialization.jsonObject(with: reply.2) as? [String: Any] ?? [:]
                let detail = (object["details"] as? [[String: Any]])?.first
                #expect(reply.0 == entry.status, "\(operation) \(issue): \(reply.0)")
                #expect(detail?["issue"] as? String == issue, "\(operation) \(issue): \(object)")
                #expect(
                    (detail?["description"] as? String ?? "") == entry.description,
                    "\(operation) \(issue): \(detail?["description"] ?? "none")")
                #expect(object["name"] is String && object["message"] is String && object["debug_id"] is String)
                answered += 1
            }
        }
        #expect(answered == PayPalIssueCatalog.lists.values.reduce(0) { $0 + $1.count })
        #expect(answered > 400)
        // A code the operation's list does not hold is ignored: the order is created.
        let (status, _, _) = try await served.http(
            "POST", "/t/paypal/v2/checkout/orders",
            headers: [
                "Authorization": "Bearer \(token)", "Content-Type": "application/json",
                "PayPal-Mock-Response": #"{"mock_application_codes":"REFUND_AMOUNT_EXCEEDED"}"#,
            ], body: ProviderRulesSocketTests.order("10.00"))
        #expect(status == 201)
    }
}
