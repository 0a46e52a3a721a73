import AmazonPayMerchantServer
import Foundation
import PaymentMocks
import SuiteMCommerce
import SuiteMerchantServer
import Testing
import _CryptoExtras

#if canImport(FoundationNetworking)
import FoundationNetworking
import PaymentServerCore
#endif

/// The rule tables of Amazon Pay, Mollie's demo backend, MIT and Mastercard's hosted checkout,
/// proven over a real socket against `payflow serve`: every row marked raised is provoked and
/// answered with its status and code, and the sandbox's own journal, read afterwards, names exactly
/// the table's raised codes (a raised row nobody provoked, or a refusal the table does not list,
/// fails).
@Suite("Provider rule tables over the socket", .serialized)
struct ProviderRuleTablesSocketTests {
    typealias Served = SandboxHardeningTests.Served

    /// The rules the journal names for `provider`'s refused exchanges.
    static func journalRules(_ served: Served, _ provider: String) async throws -> Set<String> {
        Set(try await journalRefusals(served, provider).map(\.rule))
    }

    /// Every refused exchange of `provider` in the journal: its rule and the status it was answered with.
    static func journalRefusals(_ served: Served, _ provider: String) async throws -> [(rule: String, status: Int)] {
        let (_, _, body) = try await served.http("GET", "/__admin/requests?provider=\(provider)")
        let entries = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["requests"] as? [[String: Any]] ?? []
        return entries.compactMap { entry in (entry["rule"] as? String).map { ($0, entry["status"] as? Int ?? 0) } }
    }

    /// Every refusal the journal holds for `provider` was answered with the status its table gives
    /// its code: a refusal whose status or code is not its row's fails.
    static func expectEveryRefusalIsItsRow(_ served: Served, _ provider: String, _ tables: [ProviderRuleTable]) async throws {
        for (rule, status) in try await journalRefusals(served, provider) {
            let rows = tables.flatMap(\.rules).filter { $0.code == rule }
            #expect(!rows.isEmpty, "\(provider): the journal names \(rule), which no table lists")
            #expect(
                rows.isEmpty || rows.contains { $0.status == status },
                "\(provider): \(rule) answered \(status), its row says \(rows.map { $0.status ?? 0 })")
        }
    }

    /// The body's `reasonCode`, `code` or (Mollie's) rule-bearing `message`.
    static func field(_ data: Data, _ name: String) -> String? {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?[name] as? String
    }

    /// A button tapped on a hosted page, without following the redirect: the status and the
    /// `Location` (or the page's text).
    static func tap(_ served: Served, _ target: String, button: String) async throws -> (status: Int, text: String) {
        let body = "button=\(button)"
        let reply = try await RawSocket.exchange(
            port: served.port,
            [
                RawSocket.lines(
                    "POST \(target) HTTP/1.1\nHost: x\nContent-Type: application/x-www-form-urlencoded\nContent-Length: \(body.utf8.count)\nConnection: close\n\n"
                ) + Array(body.utf8)
            ])
        let location = reply.text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("location:") }.map {
            String($0.dropFirst("location:".count)).trimmingCharacters(in: .whitespaces)
        }
        return (reply.status ?? 0, location ?? reply.text)
    }

    // MARK: PayPal's generic answers and its OAuth token endpoint

    /// Every raised row of PayPal's generic table and of its OAuth table, provoked over the socket:
    /// each answer carries the row's status and its name (or OAuth code). A body sent as
    /// `text/plain` is refused before it is read (no order), a `Content-Type` with parameters or
    /// another case is JSON, and `Accept` is judged by its most specific range. The journal names
    /// only codes a PayPal table lists, and every code raised here.
    @Test func payPalsGenericAnswersAndOAuthErrorsAreItsTablesRows() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let basic = "Basic " + Data("client:secret".utf8).base64EncodedString()
        let form = ["Authorization": basic, "Content-Type": "application/x-www-form-urlencoded"]
        var seen: [String: Int] = [:]
        func oauth(_ answer: (Int, [String: String], Data)) -> (Int, String?, String?) {
            if let code = Self.field(answer.2, "error") { seen[code] = answer.0 }
            return (answer.0, Self.field(answer.2, "error"), Self.field(answer.2, "error_description"))
        }
        func generic(_ answer: (Int, [String: String], Data)) -> (Int, String?) {
            if let name = Self.field(answer.2, "name") { seen[name] = answer.0 }
            return (answer.0, Self.field(answer.2, "name"))
        }
        let token = "/t/paypal/v1/oauth2/token"
        // OAuth: a grant absent (JSON is not a form), another grant, no client credentials.
        let json = oauth(
            try await served.http(
                "POST", token, headers: ["Authorization": basic, "Content-Type": "application/json"],
                body: #"{"grant_type":"client_credentials"}"#))
        #expect(json == (400, "unsupported_grant_type", "Grant Type is NULL"))
        #expect(
            oauth(try await served.http("POST", token, headers: form, body: "scope=openid")) == (
                400, "unsupported_grant_type", "Grant Type is NULL"
            ))
        #expect(
            oauth(try await served.http("POST", token, headers: form, body: "grant_type=password"))
                == (400, "unsupported_grant_type", "unsupported grant_type"))
        #expect(
            oauth(
                try await served.http(
                    "POST", token, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "grant_type=client_credentials"))
                == (401, "invalid_client", "Client Authentication failed"))
        // A body that is not UTF-8 is no form at all.
        let raw = try await RawSocket.exchange(
            port: served.port,
            [
                RawSocket.lines(
                    "POST \(token) HTTP/1.1\nHost: x\nAuthorization: \(basic)\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 2\nConnection: close\n\n"
                ) + [0xFF, 0xFE]
            ])
        #expect(raw.status == 400 && raw.text.contains(#""error":"invalid_request""#), "\(raw.text)")
        seen["invalid_request"] = raw.status
        let (granted, _, grantBody) = try await served.http("POST", token, headers: form, body: "grant_type=client_credentials")
        #expect(granted == 200)
        let bearer = try #require(Self.field(grantBody, "access_token"))
        // The Orders API's generic answers.
        let orders = "/t/paypal/v2/checkout/orders"
        var headers = ["Authorization": "Bearer \(bearer)", "Content-Type": "application/json"]
        let order = #"{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"5.00"}}]}"#
        #expect(generic(try await served.http("POST", orders, headers: headers, body: "{")) == (400, "INVALID_REQUEST"))
        #expect(
            generic(try await served.http("POST", orders, headers: ["Content-Type": "application/json"], body: order)) == (
                401, "AUTHENTICATION_FAILURE"
            ))
        #expect(generic(try await served.http("GET", orders + "/NEVERCREATED", headers: headers)) == (404, "RESOURCE_NOT_FOUND"))
        #expect(generic(try await served.http("GET", "/t/paypal/v2/nothing-here", headers: headers)) == (404, "RESOURCE_NOT_FOUND"))
        #expect(generic(try await served.http("DELETE", orders, headers: headers)) == (405, "METHOD_NOT_SUPPORTED"))
        #expect(
            generic(try await served.http("POST", orders, headers: headers, body: order.replacingOccurrences(of: "5.00", with: "0.00")))
                == (422, "UNPROCESSABLE_ENTITY"))
        #expect(
            generic(try await served.http("POST", orders, headers: headers.merging(["Sandbox-Fault": "serverError"]) { $1 }, body: order))
                == (503, "SERVICE_UNAVAILABLE"))
        // 415 before the body is read: valid JSON sent as text or a form creates nothing.
        for type in ["text/plain", "application/x-www-form-urlencoded", "application/jsonx"] {
            headers["Content-Type"] = type
            #expect(
                generic(try await served.http("POST", orders, headers: headers, body: order)) == (415, "UNSUPPORTED_MEDIA_TYPE"), "\(type)")
        }
        let (_, _, journalBefore) = try await served.http("GET", "/__admin/requests?provider=paypal")
        let created = ((try JSONSerialization.jsonObject(with: journalBefore) as? [String: Any])?["requests"] as? [[String: Any]] ?? [])
            .filter {
                $0["status"] as? Int == 201
            }
        #expect(created.isEmpty, "a refused body created an order")
        headers["Content-Type"] = "Application/JSON; charset=UTF-8"
        let (made, _, madeBody) = try await served.http("POST", orders, headers: headers, body: order)
        #expect(made == 201)
        let id = try #require(Self.field(madeBody, "id"))
        // Capture, too, refuses another media type before anything else.
        headers["Content-Type"] = "text/plain"
        #expect(
            generic(try await served.http("POST", orders + "/\(id)/capture", headers: headers, body: "{}")) == (
                415, "UNSUPPORTED_MEDIA_TYPE"
            ))
        headers["Content-Type"] = "application/json"
        // Accept: the most specific range decides; q=0 refuses.
        for (accept, expected) in [
            ("text/html", 406), ("application/json;q=0, */*", 406), ("application/xml, text/*", 406), ("*/*;q=0", 406),
            ("application/*", 200), ("text/html, application/json;q=0.1", 200), ("*/*", 200), ("APPLICATION/JSON", 200),
        ] {
            let answer = try await served.http("GET", orders + "/\(id)", headers: headers.merging(["Accept": accept]) { $1 })
            #expect(answer.0 == expected, "Accept: \(accept)")
            if expected == 406 { #expect(generic(answer) == (406, "MEDIA_TYPE_NOT_ACCEPTABLE")) }
        }
        // Every raised row was answered with its status; nothing else was.
        let rows = MockPayPalServer.genericRuleTable.rules + MockPayPalServer.oauthRuleTable.rules
        for rule in rows where rule.verdict == .raised {
            #expect(
                seen[rule.code] == rule.status,
                "\(rule.code): answered \(seen[rule.code].map(String.init) ?? "never"), the table says \(rule.status ?? 0)")
        }
        for (code, status) in seen {
            #expect(rows.contains { $0.code == code && $0.status == status && $0.verdict == .raised }, "\(code) \(status) is no raised row")
        }
        // The journal's rules: PayPal's issues (a 400's or 422's details) or a row of these tables.
        let known = Set(PayPalIssue.allCases.map(\.rawValue)).union(rows.map(\.code))
        let rules = try await Self.journalRules(served, "paypal")
        #expect(rules.subtracting(known).isEmpty, "the journal names rules no table lists: \(rules.subtracting(known).sorted())")
        let named = Set(rows.filter { $0.verdict == .raised }.map(\.code)).subtracting(["INVALID_REQUEST", "UNPROCESSABLE_ENTITY"])
        #expect(named.subtracting(rules).isEmpty, "the journal does not name \(named.subtracting(rules).sorted())")
        // Each refusal with the status its row (or its issue's list) gives it.
        for (rule, status) in try await Self.journalRefusals(served, "paypal") {
            for code in rule.components(separatedBy: ", ") {
                let statuses = PayPalIssue(rawValue: code).map { [$0.status] } ?? rows.filter { $0.code == code }.compactMap(\.status)
                #expect(statuses.contains(status), "\(code) answered \(status), its row says \(statuses)")
            }
        }
    }

    // MARK: Amazon Pay

    /// A merchant key: `serve` registers its public half, the test signs with its private half.
    struct AmazonKey {
        static let id = "SANDBOX-RULES-KEY"
        let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
        let file: URL

        init() throws {
            file = FileManager.default.temporaryDirectory.appending(path: "rules-\(UUID().uuidString).pem")
            try key.publicKey.pemRepresentation.write(to: file, atomically: true, encoding: .utf8)
        }

        var arguments: [String] { ["--amazon-public-key", file.path, "--amazon-public-key-id", Self.id] }
    }

    /// A signed Amazon Pay call through the socket; `edit` changes the headers after signing.
    static func amazon(
        _ served: Served, _ key: AmazonKey, _ method: String, _ path: String, body: String = "", idempotencyKey: String? = nil,
        host: String? = nil, edit: (inout [String: String]) -> Void = { _ in }
    ) async throws -> (status: Int, reason: String?, body: Data) {
        let signer = AmazonPayRequestSigner(publicKeyID: AmazonKey.id, privateKey: key.key, host: host)
        var headers = try signer.sign(
            ServerRequest(method: method, path: path, query: [], headers: [:], body: Data(body.utf8), operationID: ""),
            idempotencyKey: idempotencyKey
        ).headers
        edit(&headers)
        let (status, _, data) = try await served.http(method, "/t/amazonpay" + path, headers: headers, body: body.isEmpty ? nil : body)
        return (status, field(data, "reasonCode"), data)
    }

    static let button =
        #"{"webCheckoutDetails":{"checkoutReviewReturnUrl":"https://shop.example/review"},"storeId":"amzn1.application-oa2-client.rules"}"#

    static func charge(_ amount: String, _ currency: String = "USD") -> String {
        #"{"webCheckoutDetails":{"checkoutResultReturnUrl":"https://shop.example/result"},"paymentDetails":{"paymentIntent":"AuthorizeWithCapture","chargeAmount":{"amount":""#
            + amount + #"","currencyCode":""# + currency + #""}}}"#
    }

    static func complete(_ amount: String, _ currency: String = "USD") -> String {
        #"{"chargeAmount":{"amount":""# + amount + #"","currencyCode":""# + currency + #""}}"#
    }

    /// What a completed checkout made: its charge (none for `Confirm`) and its charge permission.
    struct Completed {
        let charge: String?
        let permission: String
    }

    /// A checkout over the socket as a buyer and a merchant server make it: the buyer signs in on
    /// Amazon's page (the button payload signed with `key`), the server sets the amount with
    /// `intent` and completes; what it made.
    static func completedCheckout(
        _ served: Served, _ key: AmazonKey, _ amount: String, _ currency: String = "USD", intent: String = "AuthorizeWithCapture"
    ) async throws -> Completed {
        let signer = AmazonPayRequestSigner(publicKeyID: AmazonKey.id, privateKey: key.key)
        var page = URLComponents(string: "/h/apay.example/signin")
        page?.queryItems = [
            URLQueryItem(name: "payloadJSON", value: button),
            URLQueryItem(name: "signature", value: try signer.buttonSignature(payload: button)),
            URLQueryItem(name: "publicKeyId", value: AmazonKey.id),
        ]
        let target = try #require(
            page?.percentEncodedQuery.map { "/h/apay.example/signin?" + $0.replacingOccurrences(of: "+", with: "%2B") })
        let signedIn = try await tap(served, target, button: "continue")
        #expect(signedIn.status == 303, "the sign-in page answered \(signedIn)")
        let session = try #require(
            URLComponents(string: signedIn.text)?.queryItems?.first { $0.name == "amazonCheckoutSessionId" }?.value, "\(signedIn.text)")
        let path = "/v2/checkoutSessions/\(session)"
        let update = charge(amount, currency).replacingOccurrences(of: "AuthorizeWithCapture", with: intent)
        #expect(try await amazon(served, key, "PATCH", path, body: update).status == 200)
        let key16 = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16))
        let done = try await amazon(served, key, "POST", path + "/complete", body: complete(amount, currency), idempotencyKey: key16)
        #expect(done.status == 200, "\(String(decoding: done.body, as: UTF8.self))")
        return Completed(charge: field(done.body, "chargeId"), permission: try #require(field(done.body, "chargePermissionId")))
    }

    @Test func amazonPayRaisesEveryRowOfItsTable() async throws {
        let key = try AmazonKey()
        defer { try? FileManager.default.removeItem(at: key.file) }
        let served = try await Served.start(key.arguments)
        defer { served.stop() }
        func expect(
            _ answer: (status: Int, reason: String?, body: Data), _ status: Int, _ reason: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(
                answer.status == status && answer.reason == reason,
                "expected \(status) \(reason), got \(answer.status) \(answer.reason ?? "-"): \(String(decoding: answer.body, as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
        let created = try await Self.amazon(served, key, "POST", "/v2/checkoutSessions", body: Self.button, idempotencyKey: "rules0001")
        #expect(created.status == 201)
        let session = try #require(Self.field(created.body, "checkoutSessionId"))
        let path = "/v2/checkoutSessions/\(session)"
        // Headers.
        expect(try await Self.amazon(served, key, "GET", path, host: "pay-api.amazon.eu"), 400, "InvalidHeaderValue")
        expect(try await Self.amazon(served, key, "POST", "/v2/checkoutSessions", body: Self.button), 400, "MissingHeader")
        // An empty idempotency key, signed as sent (URLSession drops an empty header: raw bytes).
        let signer = AmazonPayRequestSigner(publicKeyID: AmazonKey.id, privateKey: key.key)
        let emptyKey = try signer.sign(
            ServerRequest(
                method: "POST", path: "/v2/checkoutSessions", query: [], headers: [:], body: Data(Self.button.utf8), operationID: ""),
            idempotencyKey: "")
        let head = emptyKey.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
        let raw = try await RawSocket.exchange(
            port: served.port,
            [
                RawSocket.lines(
                    "POST /t/amazonpay/v2/checkoutSessions HTTP/1.1\nHost: x\n\(head)\nContent-Length: \(Self.button.utf8.count)\nConnection: close\n\n"
                ) + Array(Self.button.utf8)
            ])
        #expect(raw.status == 400 && raw.text.contains("\"MissingHeaderValue\""), "\(raw.text)")
        // Signatures.
        // Manage errors' statuses: a signature that does not verify is 403; no credentials at all,
        // like a key Amazon does not know, is the unauthenticated merchant's 401.
        expect(
            try await Self.amazon(served, key, "GET", path) { $0["authorization"] = $0["authorization"].map { $0 + "A" } }, 403,
            "InvalidRequestSignature")
        expect(try await Self.amazon(served, key, "GET", path) { $0["authorization"] = nil }, 401, "UnauthorizedAccess")
        expect(
            try await Self.amazon(served, key, "GET", path) {
                $0["authorization"] = $0["authorization"]?.replacingOccurrences(of: AmazonKey.id, with: "SANDBOX-UNKNOWN")
            }, 401, "UnauthorizedAccess")
        // Paths and methods.
        expect(try await Self.amazon(served, key, "GET", "/v2/checkoutSessions/no-such-session"), 404, "ResourceNotFound")
        expect(try await Self.amazon(served, key, "GET", "/v1/checkoutSessions/\(session)"), 400, "InvalidAPIVersion")
        expect(try await Self.amazon(served, key, "DELETE", path), 405, "UnsupportedOperation")
        // An outage the fault plan plays, in Amazon's body.
        expect(try await Self.amazon(served, key, "GET", path) { $0["sandbox-fault"] = "serverError" }, 503, "ServiceUnavailable")
        // Bodies.
        expect(
            try await Self.amazon(
                served, key, "POST", "/v2/checkoutSessions", body: "{\"webCheckoutDetails\":", idempotencyKey: "rules0002"), 400,
            "InvalidRequestFormat")
        expect(
            try await Self.amazon(served, key, "POST", "/v2/checkoutSessions", body: "{}", idempotencyKey: "rules0003"), 400,
            "MissingParameterValue")
        // A member Amazon's reference does not list, at the top, inside a request-only type, or
        // inside a type the request shares with the session's answer (`paymentDetails`,
        // `merchantMetadata`, a price): the answer keeps such members, the request refuses them.
        for member in [
            #""paymentDetails":{"paymentIntent":"Authorize","chargeAmount":{"amount":"10","currencyCode":"USD"},"installments":3}"#,
            #""merchantMetadata":{"merchantReferenceId":"MY-ORDER-1","loyaltyTier":"gold"}"#,
            #""paymentDetails":{"paymentIntent":"Authorize","chargeAmount":{"amount":"10","currencyCode":"USD","rounding":"up"}}"#,
        ] {
            let answer = try await Self.amazon(
                served, key, "PATCH", path,
                body: #"{"webCheckoutDetails":{"checkoutResultReturnUrl":"https://shop.example/r"},"# + member + "}")
            expect(answer, 400, "UnrecognizedField")
            let named = ["installments", "loyaltyTier", "rounding"].filter { String(decoding: answer.body, as: UTF8.self).contains($0) }
            #expect(named.count == 1, "the refusal names the member: \(String(decoding: answer.body, as: UTF8.self))")
        }
        expect(
            try await Self.amazon(
                served, key, "POST", "/v2/checkoutSessions", body: Self.button.replacingOccurrences(of: "}", with: #","giftWrap":true}"#),
                idempotencyKey: "rules0008"), 400, "UnrecognizedField")
        expect(
            try await Self.amazon(
                served, key, "PATCH", path,
                body: #"{"webCheckoutDetails":{"checkoutResultReturnUrl":"https://shop.example/r","checkoutStyle":"dark"}}"#), 400,
            "UnrecognizedField")
        expect(
            try await Self.amazon(
                served, key, "POST", "/v2/checkoutSessions",
                body: Self.button.replacingOccurrences(of: "shop.example", with: "shop.example/other"), idempotencyKey: "rules0001"), 400,
            "DuplicateIdempotencyKey")
        // Amounts: zero, signed, negative, too precise, over the ceiling; none is stored.
        for amount in ["0", "0.00", "-5", "+8980", "10.001"] {
            expect(try await Self.amazon(served, key, "PATCH", path, body: Self.charge(amount)), 400, "InvalidParameterValue")
        }
        expect(try await Self.amazon(served, key, "PATCH", path, body: Self.charge("150000.01")), 400, "TransactionAmountExceeded")
        expect(try await Self.amazon(served, key, "PATCH", path, body: Self.charge("15000001", "JPY")), 400, "TransactionAmountExceeded")
        let stored = try await Self.amazon(served, key, "GET", path)
        #expect(!String(decoding: stored.body, as: UTF8.self).contains("chargeAmount"), "a refused amount was stored")
        #expect(try await Self.amazon(served, key, "PATCH", path, body: Self.charge("10.00")).status == 200)
        // Complete: another currency, another amount, an unmet constraint.
        expect(
            try await Self.amazon(
                served, key, "POST", path + "/complete", body: Self.complete("10.00", "EUR"), idempotencyKey: "rules0004"), 400,
            "CurrencyMismatch")
        expect(
            try await Self.amazon(served, key, "POST", path + "/complete", body: Self.complete("11.00"), idempotencyKey: "rules0005"), 409,
            "AmountMismatch")
        expect(
            try await Self.amazon(served, key, "POST", path + "/complete", body: Self.complete("10"), idempotencyKey: "rules0006"), 422,
            "InvalidCheckoutSessionStatus")
        // The buyer cancels on the payment page: complete is CheckoutSessionCanceled, update InvalidCheckoutSessionStatus.
        let page = try await Self.tap(served, "/h/apay.example/checkout/processing?amazonCheckoutSessionId=\(session)", button: "cancel")
        #expect(page.status == 303, "the payment page answered \(page)")
        expect(
            try await Self.amazon(served, key, "POST", path + "/complete", body: Self.complete("10.00"), idempotencyKey: "rules0007"), 422,
            "CheckoutSessionCanceled")
        expect(try await Self.amazon(served, key, "PATCH", path, body: Self.charge("10.00")), 422, "InvalidCheckoutSessionStatus")
        // After the checkout: charges, refunds, charge permissions.
        let authorized = try await Self.completedCheckout(served, key, "50.00", intent: "Authorize")
        let charge = "/v2/charges/" + (authorized.charge ?? "")
        func capture(_ amount: String, _ currency: String = "USD") -> String {
            #"{"captureAmount":{"amount":""# + amount + #"","currencyCode":""# + currency + #""}}"#
        }
        func refund(_ amount: String, of id: String? = authorized.charge, _ currency: String = "USD") -> String {
            #"{"chargeId":""# + (id ?? "") + #"","refundAmount":{"amount":""# + amount + #"","currencyCode":""# + currency + #""}}"#
        }
        expect(
            try await Self.amazon(served, key, "POST", "/v2/refunds", body: refund("1.00"), idempotencyKey: "rules0101"), 422,
            "InvalidChargeStatus")
        expect(
            try await Self.amazon(served, key, "POST", charge + "/capture", body: capture("50.01"), idempotencyKey: "rules0102"), 400,
            "TransactionAmountExceeded")
        expect(
            try await Self.amazon(served, key, "POST", charge + "/capture", body: capture("50.00", "EUR"), idempotencyKey: "rules0103"),
            400, "CurrencyMismatch")
        expect(
            try await Self.amazon(served, key, "POST", charge + "/capture", body: capture("0.00"), idempotencyKey: "rules0104"), 400,
            "InvalidParameterValue")
        expect(
            try await Self.amazon(served, key, "POST", charge + "/capture", body: "{}", idempotencyKey: "rules0105"), 400,
            "MissingParameterValue")
        expect(
            try await Self.amazon(served, key, "POST", charge + "/capture", body: "{", idempotencyKey: "rules0106"), 400,
            "InvalidRequestFormat")
        expect(try await Self.amazon(served, key, "POST", charge + "/capture", body: capture("50.00")), 400, "MissingHeader")
        expect(
            try await Self.amazon(
                served, key, "POST", "/v2/charges/S03-none-C01/capture", body: capture("1.00"), idempotencyKey: "rules0107"), 404,
            "ResourceNotFound")
        #expect(
            try await Self.amazon(served, key, "POST", charge + "/capture", body: capture("30.00"), idempotencyKey: "rules0108").status
                == 200)
        expect(
            try await Self.amazon(served, key, "POST", charge + "/capture", body: capture("30.00", "EUR"), idempotencyKey: "rules0108"),
            400, "DuplicateIdempotencyKey")
        expect(
            try await Self.amazon(served, key, "POST", charge + "/capture", body: capture("10.00"), idempotencyKey: "rules0109"), 422,
            "InvalidChargeStatus")
        expect(try await Self.amazon(served, key, "DELETE", charge + "/cancel", body: "{}"), 422, "InvalidChargeStatus")
        // Refunds: the capture (30.00) and 15% of it (4.50) at most, in its currency.
        #expect(try await Self.amazon(served, key, "POST", "/v2/refunds", body: refund("34.50"), idempotencyKey: "rules0110").status == 201)
        expect(
            try await Self.amazon(served, key, "POST", "/v2/refunds", body: refund("0.01"), idempotencyKey: "rules0111"), 400,
            "TransactionAmountExceeded")
        expect(
            try await Self.amazon(served, key, "POST", "/v2/refunds", body: refund("0.01", "EUR"), idempotencyKey: "rules0112"), 400,
            "CurrencyMismatch")
        expect(
            try await Self.amazon(
                served, key, "POST", "/v2/refunds", body: refund("1.00", of: "S03-none-C01"), idempotencyKey: "rules0113"), 404,
            "ResourceNotFound")
        expect(try await Self.amazon(served, key, "GET", "/v2/refunds/S03-none-R01"), 404, "ResourceNotFound")
        expect(try await Self.amazon(served, key, "GET", "/v2/charges/S03-none-C01"), 404, "ResourceNotFound")
        expect(try await Self.amazon(served, key, "GET", "/v2/chargePermissions/S03-none"), 404, "ResourceNotFound")
        expect(try await Self.amazon(served, key, "DELETE", "/v2/charges/S03-none-C01/cancel", body: "{}"), 404, "ResourceNotFound")
        expect(try await Self.amazon(served, key, "DELETE", "/v2/chargePermissions/S03-none/close", body: "{}"), 404, "ResourceNotFound")
        // An Authorized charge 31 days on has expired: neither captured nor canceled.
        let expiring = try await Self.completedCheckout(served, key, "20.00", intent: "Authorize")
        expect(
            try await Self.amazon(
                served, key, "POST", "/v2/charges/\(expiring.charge ?? "")/capture", body: capture("20.00"), idempotencyKey: "rules0114"
            ) {
                $0["sandbox-scenario"] = "charge-expired"
            }, 422, "InvalidChargeStatus")
        // Closed once; closing again is refused.
        let closing = "/v2/chargePermissions/" + expiring.permission + "/close"
        #expect(try await Self.amazon(served, key, "DELETE", closing, body: #"{"closureReason":"order canceled"}"#).status == 200)
        expect(try await Self.amazon(served, key, "DELETE", closing, body: "{}"), 422, "InvalidChargePermissionStatus")
        // A charge still Authorized under a Closed charge permission is not captured.
        let orphan = try await Self.completedCheckout(served, key, "7.00", intent: "Authorize")
        #expect(
            try await Self.amazon(served, key, "DELETE", "/v2/chargePermissions/\(orphan.permission)/close", body: "{}").status == 200)
        expect(
            try await Self.amazon(
                served, key, "POST", "/v2/charges/\(orphan.charge ?? "")/capture", body: capture("7.00"), idempotencyKey: "rules0115"),
            422, "InvalidChargePermissionStatus")
        #expect(try await Self.journalRules(served, "amazonpay") == MockAmazonPayServer.ruleTable.raisedCodes)
        try await Self.expectEveryRefusalIsItsRow(served, "amazonpay", [MockAmazonPayServer.ruleTable])
    }

    // MARK: Mollie

    @Test func mollieRaisesEveryRowOfItsTable() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let device = ["X-Mollie-Checkout-Device-UUID": "6c8f1f5e-2b7a-4d0e-9c3b-1a2b3c4d5e6f", "Content-Type": "application/json"]
        func create(_ body: String, scenario: String? = nil) async throws -> (Int, String?) {
            var headers = device
            if let scenario { headers["Sandbox-Scenario"] = scenario }
            let (status, _, data) = try await served.http("POST", "/t/mollie/api/payments", headers: headers, body: body)
            return (status, Self.field(data, "message"))
        }
        #expect(try await served.http("GET", "/t/mollie/api/payments", headers: ["X-Mollie-Checkout-Device-UUID": "not-a-uuid"]).0 == 400)
        #expect(try await served.http("GET", "/t/mollie/api/payments/9999", headers: device).0 == 404)
        #expect(try await served.http("DELETE", "/t/mollie/api/payments", headers: device).0 == 405)
        #expect(try await create(#"{"description":"ab","amount":10}"#).0 == 422)
        for amount in ["0", "-5", "10.001"] {
            #expect(try await create(#"{"description":"Order","amount":"# + amount + "}").0 == 422, "\(amount)")
        }
        #expect(try await create(#"{"description":"Order","amount":10,"method":"bitcoin"}"#) == (422, "The given data was invalid."))
        #expect(
            try await create(#"{"description":"Order","amount":10,"method":"ideal","issuer":"ideal_NOPE"}"#) == (
                422, "The given data was invalid."
            ))
        let above = try await create(#"{"description":"Order","amount":2000.01,"method":"creditcard"}"#)
        #expect(above == (422, "Error executing API call (422: Unprocessable Entity): The amount is higher than the maximum."))
        #expect(try await create(#"{"description":"Order","amount":50000.01}"#).0 == 422)
        #expect(
            try await create(#"{"description":"Order","amount":0.01,"method":"bancontact"}"#) == (
                422, "Error executing API call (422: Unprocessable Entity): The amount is lower than the minimum."
            ))
        #expect(try await create(#"{"description":"Order","amount":10}"#, scenario: "mollie-rejects").0 == 422)
        #expect(try await create(#"{"description":"Order","amount":2000,"method":"creditcard"}"#).0 == 201)
        // Laravel 8's words (the demo pins laravel/framework ^8.40), field by field.
        func errors(_ data: Data) -> [String: [String]] {
            (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["errors"] as? [String: [String]] ?? [:]
        }
        let (_, _, short) = try await served.http(
            "POST", "/t/mollie/api/payments", headers: device, body: #"{"description":"ab","amount":-5}"#)
        #expect(
            errors(short) == [
                "description": ["The description must be at least 3 characters."], "amount": ["The amount format is invalid."],
            ])
        let (_, _, missing) = try await served.http("POST", "/t/mollie/api/payments", headers: device, body: #"{"amount":10}"#)
        #expect(errors(missing) == ["description": ["The description field is required."]])
        // A zero amount passes the demo's rule and is Mollie's minimum, relayed, on create and on the method list.
        #expect(
            try await create(#"{"description":"Order","amount":0}"#)
                == (422, "Error executing API call (422: Unprocessable Entity): The amount is lower than the minimum."))
        for (amount, expected) in [
            ("0", "Error executing API call (422: Unprocessable Entity): The amount is lower than the minimum."),
            ("0.00", "Error executing API call (422: Unprocessable Entity): The amount is lower than the minimum."),
            ("-5", "The given data was invalid."), ("10.001", "The given data was invalid."), ("123456789", "The given data was invalid."),
            ("1e3", "The given data was invalid."),
        ] {
            let (status, _, data) = try await served.http("GET", "/t/mollie/api/methods?amount=\(amount)", headers: device)
            #expect(status == 422 && Self.field(data, "message") == expected, "amount=\(amount): \(status)")
            if expected.hasPrefix("The given") { #expect(errors(data) == ["amount": ["The amount format is invalid."]]) }
        }
        #expect(try await served.http("GET", "/t/mollie/api/methods?amount=10.00", headers: device).0 == 200)
        #expect(try await Self.journalRules(served, "mollie") == MockMollieBackend.ruleTable.raisedCodes)
        try await Self.expectEveryRefusalIsItsRow(served, "mollie", [MockMollieBackend.ruleTable])
    }

    // MARK: MIT

    @Test func mitRaisesEveryRowOfItsTable() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let merchant = MockMITServer.Merchant()
        let json = ["Content-Type": "application/json"]
        func call(_ path: String, _ body: String, scenario: String? = nil) async throws -> String? {
            var headers = json
            if let scenario { headers["Sandbox-Scenario"] = scenario }
            let (status, _, data) = try await served.http("POST", "/t/mit/mcommerce/v1/\(path)", headers: headers, body: body)
            return status == 200 ? "200" : Self.field(data, "code")
        }
        func beans(
            token: String? = nil, reference: String = "R-1", amount: Decimal = 150,
            _ change: (inout BeanTokenization, inout Bean3DS) -> Void = { _, _ in }
        ) throws -> String {
            var (tokenization, threeDS) = merchant.beans(token: token, amount: amount, reference: reference)
            change(&tokenization, &threeDS)
            return String(decoding: try PayWire.encodeJSON(TokenizeRequest(tokenization: tokenization, threeDS: threeDS)), as: UTF8.self)
        }
        // Hosted payment.
        let xml =
            "<xml><tpPago>C</tpPago><amount>150.00</amount><urlResponse>https://suitemcommerce.com</urlResponse><referencia>R-1</referencia><moneda>MXN</moneda><date_hour>2013-07-10T14:49:24-05:00</date_hour></xml>"
        let xmlA = try SuiteCipher.encryptXMLA(xml, key: merchant.key)
        func hosted(
            company: String = merchant.company, xmlA: String = xmlA, xmlM: String = merchant.xmlM, scenario: String? = nil
        ) async throws -> String? {
            try await call(
                "pay",
                String(decoding: try PayWire.encodeJSON(HostedPaymentRequest(company: company, xmlA: xmlA, xmlM: xmlM)), as: UTF8.self),
                scenario: scenario)
        }
        #expect(try await hosted() == "200")
        #expect(try await hosted(company: "OTHER") == "P001")
        #expect(
            try await hosted(xmlA: try SuiteCipher.encryptXMLA(xml.replacingOccurrences(of: "150.00", with: "-5.00"), key: merchant.key))
                == "P002")
        #expect(try await hosted(xmlM: "XMLM-OTHER") == "P003")
        #expect(try await hosted(scenario: "company-suspended") == "C001")
        #expect(try await served.http("POST", "/t/mit/mcommerce/v9/nothing", headers: json, body: "{}").0 == 404)
        #expect(try await served.http("DELETE", "/t/mit/mcommerce/v1/pay").0 == 405)
        // Tokenization: every A-code, then a session authenticated on the capture page.
        let aCodes: [(String, (inout BeanTokenization, inout Bean3DS) -> Void)] = [
            ("A009", { t, _ in t.company = "OTHER" }), ("A001", { t, _ in t.branch = "99" }), ("A002", { t, _ in t.country = "USA" }),
            ("A003", { t, _ in t.user = "OTHER" }), ("A004", { t, _ in t.password = "wrong" }), ("A005", { t, _ in t.merchant = "999999" }),
            ("A006", { _, d in d.currency = .usd }), ("A007", { _, d in d.authKey = "WRONG" }),
            ("A008", { _, d in d.reference = "R-OTHER" }),
        ]
        for (code, change) in aCodes { #expect(try await call("tokenize", try beans(change)) == code, "\(code)") }
        let (_, _, started) = try await served.http("POST", "/t/mit/mcommerce/v1/tokenize", headers: json, body: try beans())
        let session = try #require(Self.field(started, "session"))
        #expect(try await served.http("GET", "/t/mit/mcommerce/v1/tokenize/\(session)").0 == 400)  // A010: not authenticated yet
        let captured = try await Self.tap(served, "/h/forms.sandbox.mitec.com.mx/capture/\(session)", button: "authenticated")
        #expect(captured.status == 303 && captured.text.hasPrefix("suitemcommerce://tokenize"), "\(captured)")
        let (_, _, tokenized) = try await served.http("GET", "/t/mit/mcommerce/v1/tokenize/\(session)")
        let token = try #require(Self.field(tokenized, "token"))
        // Token payments: every T-code.
        let tCodes: [(String, String?, String, Decimal, (inout BeanTokenization, inout Bean3DS) -> Void)] = [
            ("T014", token, "R-2", 150, { t, _ in t.company = "OTHER" }), ("T001", token, "R-2", 150, { t, _ in t.branch = "99" }),
            ("T002", token, "R-2", 150, { t, _ in t.user = "OTHER" }), ("T003", token, "R-2", 150, { t, _ in t.password = "wrong" }),
            ("T005", token, "R-2", 150, { t, _ in t.country = "USA" }), ("T006", token, "R-2", 150, { t, _ in t.merchant = "999999" }),
            ("T007", token, "FACTURA-USADA", 150, { _, _ in }), ("T008", token, "R-2", 150, { t, _ in t.operationType = "9" }),
            ("T009", "TKN-NEVER-ISSUED", "R-2", 150, { _, _ in }), ("T010", token, "R-2", 100_000.01, { _, _ in }),
            ("T011", token, "R-2", 150, { _, d in d.currency = .usd }), ("T012", token, "R-2", 150, { _, d in d.authKey = "WRONG" }),
        ]
        for (code, used, reference, amount, change) in tCodes {
            #expect(try await call("payWithToken", try beans(token: used, reference: reference, amount: amount, change)) == code, "\(code)")
        }
        // A token payment without an amount (a tokenization needs none) is T010.
        #expect(try await call("payWithToken", try beans(token: token, reference: "R-2") { t, _ in t.amount = nil }) == "T010")
        #expect(try await call("payWithToken", try beans(token: token, reference: "R-3"), scenario: "token-other-card") == "T013")
        #expect(try await call("payWithToken", try beans(token: token, reference: "R-3"), scenario: "card-expired") == "T004")
        #expect(try await call("payWithToken", try beans(token: token, reference: "R-3")) == "200")
        #expect(try await Self.journalRules(served, "mit") == MockMITServer.ruleTable.raisedCodes)
        try await Self.expectEveryRefusalIsItsRow(served, "mit", [MockMITServer.ruleTable])
    }

    // MARK: Mastercard

    @Test func srcCheckoutRaisesEveryRowOfItsTable() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let good = "checkoutId=c1&cartId=cart-1&amount=11.22&currency=USD"
        func tap(_ query: String) async throws -> (Int, String) {
            try await Self.tap(served, "/h/sandbox.src.mastercard.com/srci/?\(query)", button: "success")
        }
        var provoked: Set<String> = []
        for (query, code) in [
            ("amount=11.22&currency=USD&cartId=cart-1", "MissingCheckoutParameters"),
            ("checkoutId=c1&amount=11.22&currency=USD", "MissingCheckoutParameters"),
            (good.replacingOccurrences(of: "USD", with: "ABC"), "InvalidCurrency"),
            (good.replacingOccurrences(of: "11.22", with: "-5.00"), "InvalidAmount"),
            (good.replacingOccurrences(of: "11.22", with: "0"), "InvalidAmount"),
            (good.replacingOccurrences(of: "11.22", with: "%2B10.00"), "InvalidAmount"),
            (good.replacingOccurrences(of: "11.22", with: "1.001"), "InvalidAmount"),
            (good.replacingOccurrences(of: "amount=11.22&", with: ""), "InvalidAmount"),
        ] {
            let (status, text) = try await tap(query)
            #expect(status == 400 && text.contains(code), "\(query): \(status) \(text)")
            if status == 400, text.contains(code) { provoked.insert(code) }
        }
        let (status, location) = try await tap(good)
        #expect(status == 303 && location.contains("mpstatus=success"), "\(status) \(location)")
        #expect(provoked == MockSRCCheckout.ruleTable.raisedCodes)
    }
}
