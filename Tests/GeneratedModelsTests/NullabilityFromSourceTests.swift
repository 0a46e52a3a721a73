import CLITestSupport
import Foundation
import MollieCheckout
import PaymentSchemasRuntime
import Testing

/// Nullability decided by what the provider's code or contract says, not by examples: the payloads
/// the Mollie demo backend really sends for an open payment, and Mollie payments whose `_links`
/// entries are `null` (built from a real payload read by path, with the entry Mollie's API
/// reference and official SDK fixtures set to `null`).
@Suite("Nullability from the provider's source")
struct NullabilityFromSourceTests {
    static func problems<T: Decodable & Sendable>(_ type: T.Type, _ json: Data) -> [String] {
        do {
            let value = try PayWire.decodeJSON(T.self, from: json)
            return ((value as? any PayValidatable)?.violations ?? []).map(\.description)
        } catch let error as PayloadDecodingError {
            return error.issues.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    /// The demo backend's `PaymentResource` writes every column; its payments migration makes
    /// `mollie_id`, `method`, `issuer` and `url` nullable. An open payment whose customer has not
    /// chosen a method carries `null` in all four.
    @Test func openBackendPaymentWithNullsIsAccepted() throws {
        let json = Data(
            #"""
            {"id":7,"mollie_id":null,"method":null,"issuer":null,"amount":10.00,"description":"Order 7","url":null,"status":"open","created_at":"2024-05-01T10:00:00+00:00","updated_at":"2024-05-01T10:00:00+00:00"}
            """#.utf8)
        #expect(Self.problems(BackendPayment.self, json).isEmpty, "\(Self.problems(BackendPayment.self, json))")
        let payment = try PayWire.decodeJSON(BackendPayment.self, from: json)
        #expect(payment.mollieId == nil && payment.method == nil && payment.issuer == nil && payment.url == nil)
        // Null stays null, never a made-up value; and a present id is still checked.
        let badID = Data(#"{"id":7,"mollie_id":"pay_1","amount":10.00,"description":"Order 7","status":"open"}"#.utf8)
        #expect(Self.problems(BackendPayment.self, badID).contains { $0.contains("mollie_id") })
    }

    static let realPayloads: URL? = SharedReference.path("real-payloads")

    /// A recurring direct debit has no checkout: Mollie sends `"checkout": null` (and its SDKs'
    /// fixtures carry `null` links). Read Mollie's own recurring payment by path and null its links.
    @Test(.enabled(if: realPayloads != nil, "../shared/real-payloads is absent"))
    func nullLinksOfAMolliePaymentAreAccepted() throws {
        let file = try #require(Self.realPayloads).appending(
            path: "MollieCheckout.MolliePayment/valid/pm-create-recurring-pending-directdebit.json")
        var payment = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var links = payment["_links"] as? [String: Any] ?? [:]
        links["checkout"] = NSNull()
        links["documentation"] = NSNull()
        payment["_links"] = links
        let json = try JSONSerialization.data(withJSONObject: payment)
        #expect(Self.problems(MolliePayment.self, json).isEmpty, "\(Self.problems(MolliePayment.self, json))")
        let decoded = try PayWire.decodeJSON(MolliePayment.self, from: json)
        #expect(decoded.links?.checkout == nil && decoded.links?.linkSelf != nil)
    }
}
