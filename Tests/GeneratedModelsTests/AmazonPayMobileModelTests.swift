import AmazonPayMobile
import Foundation
import PaymentSchemasRuntime
import Testing

@Suite("AmazonPayMobile generated models")
struct AmazonPayMobileModelTests {
    @Test func bridgeMessagesDecodeByOp() throws {
        #expect(try decodeJSON(BridgeMessage.self, #"{"op":"login"}"#) == .login(LoginMessage()))
        let auth = try decodeJSON(BridgeMessage.self, #"{"op":"auth","url":"https://pay.amazon.co.jp/redirect"}"#)
        #expect(auth == .auth(AuthMessage(url: URL(string: "https://pay.amazon.co.jp/redirect")!)))
        #expect(auth.op == "auth")
        #expect(try encodeJSON(auth) == #"{"op":"auth","url":"https://pay.amazon.co.jp/redirect"}"#)
    }

    @Test func bridgeMessageProblemsAreTyped() {
        #expect(decodingIssues(BridgeMessage.self, #"{"op":"auth"}"#) == ["url: missing"])
        #expect(decodingIssues(BridgeMessage.self, #"{"op":"pay"}"#) == ["op: invalidValue"])
        #expect(decodingIssues(BridgeMessage.self, #"{}"#) == ["op: missing"])
        let wrongTag = BridgeMessage.auth(AuthMessage(op: "login", url: URL(string: "http://x.example")!))
        #expect(violationSummary(wrongTag) == ["op [discriminator]", "url [format.url]"])
    }

    @Test func appLoginQueryNeedsALowercaseUUIDToken() throws {
        let token = UUID().uuidString.lowercased()
        let query = AppLoginQuery(client: .iosApp, token: token)
        #expect(try query.queryString == "client=iosApp&token=\(token)")
        #expect(query.violations.isEmpty)
        #expect(violationSummary(AppLoginQuery(client: .iosApp, token: token.uppercased())) == ["token [format.uuidLowercase]"])
        #expect(!everythingPrinted(query).contains(token))
        #expect(!AppLoginQuery(client: .iosApp, token: "nope").violations.description.contains("nope"))
    }

    @Test func checkoutSessionReadsCurrentAndSingularKeys() throws {
        let current = """
            {"checkoutSessionId":"bd504926-f659-4ad7-a1a9-9a747aaf5275","webCheckoutDetails":{"amazonPayRedirectUrl":"https://apay.example/redirect"},
             "paymentDetails":{"paymentIntent":"Authorize","chargeAmount":{"amount":"10","currencyCode":"JPY"}},
             "statusDetails":{"state":"Open","lastUpdatedTimestamp":"20201202T120000Z"},"creationTimestamp":"20201202T120000Z",
             "constraints":[{"constraintId":"ChargeAmountNotSet","description":"Charge amount not set"}],"releaseEnvironment":"Sandbox"}
            """
        let legacy = current.replacingOccurrences(of: "webCheckoutDetails", with: "webCheckoutDetail")
            .replacingOccurrences(of: "paymentDetails", with: "paymentDetail").replacingOccurrences(
                of: "statusDetails", with: "statusDetail")
        let session = try decodeJSON(CheckoutSession.self, current)
        #expect(try decodeJSON(CheckoutSession.self, legacy) == session)
        #expect(session.statusDetails.state == .open)
        #expect(session.creationTimestamp == PayDateFormat.iso8601Basic.parse("20201202T120000Z"))
        #expect(session.constraints?.first?.constraintId == .chargeAmountNotSet)
        #expect(try canonicalJSON(encodeJSON(session)) == canonicalJSON(current))
    }

    @Test func newReasonCodesAndStatesAreKept() throws {
        let details = try decodeJSON(StatusDetails.self, #"{"state":"Suspended","reasonCode":"FraudSuspected"}"#)
        #expect(details.state == .unknown("Suspended"))
        #expect(details.reasonCode?.rawValue == "FraudSuspected")
    }

    @Test func idempotencyKeysAreAtMost32SafeCharacters() {
        #expect(IdempotencyKey(UUID().uuidString.replacingOccurrences(of: "-", with: "")).violations.isEmpty)
        #expect(violationSummary(IdempotencyKey(String(repeating: "a", count: 33))) == ["$ [pattern]"])
        #expect(violationSummary(IdempotencyKey("has space")) == ["$ [pattern]"])
    }

    @Test func idempotencyKeysTakeNoLiterals() {
        // `let key: IdempotencyKey = "has space"` would compile into an invalid value, so it must not compile.
        #expect(!takesStringLiterals(IdempotencyKey.self))
    }

    @Test func operationsDescribeTheirRequests() {
        let complete = CompleteCheckoutSessionOperation(
            checkoutSessionId: "bd50 4926", idempotencyKey: IdempotencyKey("abc123"), region: .jp,
            body: CompleteCheckoutSessionRequest(chargeAmount: AmazonPayPrice(amount: "9878", currencyCode: "JPY")))
        #expect(CompleteCheckoutSessionOperation.method == .post)
        #expect(complete.path == "/v2/checkoutSessions/bd50%204926/complete")
        #expect(complete.headerFields.map(\.name) == ["x-amz-pay-idempotency-key", "x-amz-pay-region"])
        #expect(complete.headerFields.map(\.value) == ["abc123", "jp"])
        #expect(CompleteCheckoutSessionOperation.successStatuses == [200, 202])
        #expect(GetCheckoutSessionOperation(checkoutSessionId: "x", region: .na).requestBody == nil)
        // The region is signed, so every call carries it; `us` reads as North America too.
        #expect(GetCheckoutSessionOperation(checkoutSessionId: "x", region: .na).headerFields.map(\.value) == ["na"])
        #expect(AmazonPayRegion(rawValue: "us") == .na)
    }

    @Test func priceAmountsAreDecimalStrings() {
        #expect(AmazonPayPrice(amount: "0.01", currencyCode: "USD").violations.isEmpty)
        #expect(
            violationSummary(AmazonPayPrice(amount: "1,000", currencyCode: "YEN")) == [
                "amount [format.decimalString]", "currencyCode [format.iso4217]",
            ])
    }
}

/// A URL's query is read by the one strict query reader, as bare query text is.
@Suite struct QueryReaderTests {
    @Test func aURLsQueryIsReadAsItsTextIs() throws {
        let token = "0f8fad5b-d9cb-469f-a165-70867728950e"
        let url = try #require(URL(string: "https://shop.example/appLogin?client=iosApp&token=\(token)#top"))
        let fromURL = try AppLoginQuery(url: url)
        let fromText = try AppLoginQuery(query: "client=iosApp&token=\(token)")
        #expect(fromURL.client == fromText.client && fromURL.token == fromText.token && fromURL.token == token)
    }

    @Test func aURLWithBytesThatAreNotUTF8IsMalformed() throws {
        // `%FF` is well-formed percent-encoding but not UTF-8: the strict reader says so, where
        // URLComponents dropped the value and the problem surfaced as a missing field.
        let url = try #require(URL(string: "https://shop.example/appLogin?client=iosApp&token=%FF"))
        let error = try #require(throws: PayloadDecodingError.self) { try AppLoginQuery(url: url) }
        #expect(error.issues.map(\.kind) == [.malformed], "\(error.issues)")
        let bare = try #require(URL(string: "https://shop.example/appLogin"))
        let missing = try #require(throws: PayloadDecodingError.self) { try AppLoginQuery(url: bare) }
        #expect(!missing.issues.contains { $0.kind == .malformed }, "a URL without a query has missing fields, not a malformed query")
    }
}
