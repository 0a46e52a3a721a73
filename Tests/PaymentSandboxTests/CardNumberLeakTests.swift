import Foundation
import PaymentMocks
import PaymentSandbox
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A card number a client puts anywhere (a path, a query, a header, any body field) in any
/// encoding (plain, spaced, dashed, percent-encoded) never comes back: not in a provider's error
/// body, not in the journal, not in the inspector's view of the exchange.
@Suite("No card number comes back")
struct CardNumberLeakTests {
    typealias Live = SandboxInspectorTests.Live
    static let card = "4111111111111111"
    static let encodings = [
        "4111111111111111", "4111 1111 1111 1111", "4111-1111-1111-1111", "%34%31%31%31%31%31%31%31%31%31%31%31%31%31%31%31",
    ]

    /// `text` with separators and percent-encoded digits undone: a card number written any way is plain digits here.
    static func digits(_ text: String) -> String {
        var plain = text
        for digit in 0...9 { plain = plain.replacingOccurrences(of: "%3\(digit)", with: "\(digit)") }
        return plain.replacingOccurrences(of: #"(?<=[0-9])(?:[- +]|%2[0dDbB]|\\u0020)+(?=[0-9])"#, with: "", options: .regularExpression)
    }

    @Test func noProviderEchoesACardNumberInAnyEncoding() async throws {
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        let token = try #require(
            try await live.json(
                "POST", "/t/paypal/v1/oauth2/token",
                headers: ["Authorization": "Basic aWQ6c2VjcmV0", "Content-Type": "application/x-www-form-urlencoded"],
                body: "grant_type=client_credentials")["access_token"] as? String)
        let bearer = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let device = ["X-Mollie-Checkout-Device-UUID": UUID().uuidString.lowercased(), "Content-Type": "application/json"]
        var answers: [String] = []
        for card in Self.encodings {
            let text = card.removingPercentEncoding ?? card
            let requests: [(String, String, [String: String], String?)] = [
                ("GET", "/t/paypal/v2/checkout/orders/\(card)", bearer, nil),
                ("GET", "/t/paypal/v2/checkout/orders/ABC?fields=\(card)", bearer, nil),
                (
                    "POST", "/t/paypal/v2/checkout/orders", bearer.merging(["Prefer": text, "PayPal-Request-Id": text]) { $1 },
                    #"{"intent":"\#(text)","purchase_units":[{"reference_id":"","amount":{"currency_code":"\#(text)","value":"\#(text).001"}}]}"#
                ),
                (
                    "POST", "/t/paypal/v1/oauth2/token",
                    ["Authorization": "Basic aWQ6c2VjcmV0", "Content-Type": "application/x-www-form-urlencoded"], "grant_type=\(card)"
                ),
                (
                    "POST", "/t/paypal/v2/checkout/orders/ABC/confirm-payment-source", bearer,
                    #"{"payment_source":{"card":{"number":"\#(text)","expiry":"\#(text)","security_code":"\#(text)"}}}"#
                ),
                (
                    "POST", "/t/mollie/api/payments", device,
                    #"{"description":"\#(text)","amount":"\#(text)","method":"\#(text)","issuer":"\#(text)"}"#
                ),
                ("GET", "/t/mollie/api/payments/\(card)", device, nil),
                ("GET", "/t/amazonpay/v2/checkoutSessions/\(card)", ["Authorization": "AMZN-PAY-RSASSA-PSS-V2 x"], nil),
                ("GET", "/t/amazonpay-merchant/sample/checkoutReview?amazonCheckoutSessionId=\(card)", ["Cookie": "session=\(text)"], nil),
                ("POST", "/t/mit/\(card)", ["Content-Type": "application/json"], #"{"ccNum":"\#(text)"}"#),
                ("GET", "/h/www.sandbox.paypal.com/checkoutnow?token=\(card)", [:], nil),
                ("GET", "/t/\(card)/x", [:], nil),
            ]
            for (method, path, headers, body) in requests {
                let (status, data) = try await live.http(method, path, headers: headers, body: body)
                #expect(status >= 400 || status == 200 || status == 201, "\(method) \(path): \(status)")
                answers.append("\(method) \(path) → \(status): " + String(decoding: data, as: UTF8.self))
            }
        }
        let echoed = answers.filter { Self.digits($0.components(separatedBy: "→").dropFirst().joined()).contains(Self.card) }
        #expect(echoed.isEmpty, "\(echoed.count) answer(s) echo the card number: \(echoed.map { String($0.prefix(300)) })")
        // The journal and the inspector's every exchange.
        let journal = String(decoding: try await live.http("GET", "/__admin/requests").body, as: UTF8.self)
        #expect(!Self.digits(journal).contains(Self.card))
        let entries = try await live.journal()
        #expect(entries.count >= Self.encodings.count * 12)
        for entry in entries {
            let sequence = try #require(entry["sequence"] as? Int)
            let detail = String(decoding: try await live.http("GET", "/__admin/requests/\(sequence)").body, as: UTF8.self)
            let plain = Self.digits(detail)
            var at = ""
            if let found = plain.range(of: Self.card) {
                let start = plain.index(found.lowerBound, offsetBy: -60, limitedBy: plain.startIndex) ?? plain.startIndex
                at = String(plain[start..<found.upperBound])
            }
            #expect(at.isEmpty, "exchange \(sequence) shows the card number: …\(at)")
        }
    }
}
