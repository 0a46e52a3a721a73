import AmazonPayMerchantServer
import AmazonPayMobile
import Foundation
import HTTPTypes
import OpenAPIRuntime
import PaymentMocks
import PaymentSandbox
import PaymentServerCore
import Testing
import _CryptoExtras

/// The merchant server signs Amazon Pay API v2 requests (RSA-PSS, SHA-256, salt 32); the Amazon Pay
/// mock verifies every one and answers a bad signature with Amazon's 403 `InvalidRequestSignature`
/// and none with its 401 `UnauthorizedAccess` (Manage errors' statuses).
@Suite(.serialized)
struct AmazonPaySigningTests {
    static let keyID = "SANDBOX-KEY-1"
    static let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let fixedDate = Date(timeIntervalSince1970: 1_795_000_000)

    static func signer(keyID: String = keyID, key: _RSA.Signing.PrivateKey = key) -> AmazonPayRequestSigner {
        AmazonPayRequestSigner(publicKeyID: keyID, privateKey: key, now: { fixedDate })
    }

    static func server() -> MockAmazonPayServer {
        let server = MockAmazonPayServer(browser: MockBrowser(), now: { fixedDate })
        server.signatureVerifier = AmazonPaySignatureVerifier(publicKeys: [keyID: key.publicKey])
        return server
    }

    static func request(_ method: String, _ path: String, body: String = "") -> ServerRequest {
        ServerRequest(method: method, path: path, query: [], headers: [:], body: Data(body.utf8), operationID: "amazon")
    }

    /// The status and `reasonCode` of the mock's answer.
    static func answer(_ server: MockAmazonPayServer, _ request: ServerRequest) async throws -> (Int, String?) {
        guard case .answered(let response) = try await server.transport.serve(request) else {
            Issue.record("no answer")
            return (0, nil)
        }
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return (response.status, object?["reasonCode"] as? String)
    }

    static let update = #"{"webCheckoutDetails":{"checkoutResultReturnUrl":"https://shop.example/static/dispatcher.html"}}"#

    @Test func aSignedRequestReachesTheProvider() async throws {
        let server = Self.server()
        let signed = try Self.signer().sign(Self.request("GET", "/v2/checkoutSessions/missing"))
        #expect(
            signed.header("authorization")?.hasPrefix(
                "AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=SANDBOX-KEY-1, SignedHeaders=accept;content-type;x-amz-pay-date;x-amz-pay-host;x-amz-pay-region, Signature="
            ) == true)
        #expect(signed.header("x-amz-pay-date") == "20261118T110640Z")
        let (status, reason) = try await Self.answer(server, signed)
        #expect(status == 404 && reason == "ResourceNotFound")
    }

    /// Amazon refuses a captured request replayed later (or dated ahead) and one sent to another
    /// region's host: the date and host are signed, and checked against the server's clock and region.
    @Test func staleFutureAndMisdirectedRequestsAreRefused() async throws {
        let server = Self.server()
        func signed(minutes: Double, region: String = "us", host: String? = nil) throws -> ServerRequest {
            try AmazonPayRequestSigner(
                publicKeyID: Self.keyID, privateKey: Self.key, region: region, host: host,
                now: { Self.fixedDate.addingTimeInterval(minutes * 60) }
            )
            .sign(Self.request("GET", "/v2/checkoutSessions/missing"))
        }
        #expect(try await Self.answer(server, try signed(minutes: -16)) == (403, "InvalidRequestSignature"))
        #expect(try await Self.answer(server, try signed(minutes: 16)) == (403, "InvalidRequestSignature"))
        #expect(try await Self.answer(server, try signed(minutes: -14)) == (404, "ResourceNotFound"))
        #expect(try await Self.answer(server, try signed(minutes: 0, region: "eu")) == (404, "ResourceNotFound"))
        #expect(
            try await Self.answer(server, try signed(minutes: 0, region: "us", host: "pay-api.amazon.jp")) == (400, "InvalidHeaderValue"))
        var undated = try signed(minutes: 0)
        undated.headers["x-amz-pay-date"] = "yesterday"
        #expect(try await Self.answer(server, undated).0 != 404)
    }

    /// No `Authorization` at all is an unauthenticated merchant (401 `UnauthorizedAccess`); an
    /// `Authorization` without a signature is one that does not verify (403 `InvalidRequestSignature`).
    @Test func aMissingSignatureIsRefused() async throws {
        let (status, reason) = try await Self.answer(Self.server(), Self.request("GET", "/v2/checkoutSessions/missing"))
        #expect(status == 401 && reason == "UnauthorizedAccess")
        var unsigned = Self.request("GET", "/v2/checkoutSessions/missing")
        unsigned.headers["authorization"] = "AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=\(Self.keyID)"
        #expect(try await Self.answer(Self.server(), unsigned) == (403, "InvalidRequestSignature"))
    }

    @Test func aTamperedRequestIs403() async throws {
        let server = Self.server()
        let signed = try Self.signer().sign(Self.request("PATCH", "/v2/checkoutSessions/s1", body: Self.update), idempotencyKey: "k1")
        // The body changed after signing.
        var tamperedBody = signed
        tamperedBody.body = Data(Self.update.replacingOccurrences(of: "shop.example", with: "evil.example").utf8)
        #expect(try await Self.answer(server, tamperedBody) == (403, "InvalidRequestSignature"))
        // A signed header changed after signing.
        var tamperedHeader = signed
        tamperedHeader.headers["x-amz-pay-region"] = "eu"
        #expect(try await Self.answer(server, tamperedHeader) == (403, "InvalidRequestSignature"))
        // One bit of the signature flipped.
        var flipped = signed
        let auth = try #require(AmazonPaySignature.Authorization(header: signed.header("authorization") ?? ""))
        var raw = try #require(Data(base64Encoded: auth.signature))
        raw[raw.count / 2] ^= 0x01
        flipped.headers["authorization"] =
            AmazonPaySignature.Authorization(
                publicKeyID: auth.publicKeyID, signedHeaders: auth.signedHeaders, signature: raw.base64EncodedString()
            ).header
        #expect(try await Self.answer(server, flipped) == (403, "InvalidRequestSignature"))
        // The idempotency key sent but left out of the signed headers.
        var unsignedKey = try Self.signer().sign(Self.request("PATCH", "/v2/checkoutSessions/s1", body: Self.update))
        unsignedKey.headers["x-amz-pay-idempotency-key"] = "k1"
        #expect(try await Self.answer(server, unsignedKey) == (403, "InvalidRequestSignature"))
        // Nothing reached the provider's state: the untampered request still gets its first answer.
        #expect(try await Self.answer(server, signed) == (404, "ResourceNotFound"))
    }

    @Test func aWrongKeyIsRefused() async throws {
        let server = Self.server()
        // An id the merchant never registered.
        let unknown = try Self.signer(keyID: "OTHER-KEY").sign(Self.request("GET", "/v2/checkoutSessions/missing"))
        #expect(try await Self.answer(server, unknown) == (401, "UnauthorizedAccess"))
        // The registered id, signed by another private key.
        let otherKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let forged = try Self.signer(key: otherKey).sign(Self.request("GET", "/v2/checkoutSessions/missing"))
        #expect(try await Self.answer(server, forged) == (403, "InvalidRequestSignature"))
    }

    static let amount = #"{"paymentDetails":{"chargeAmount":{"amount":"10.00","currencyCode":"USD"}}}"#
    static func charge(_ amount: String) -> String { #"{"chargeAmount":{"amount":""# + amount + #"","currencyCode":"USD"}}"# }

    /// Amazon honours the idempotency key on POST: the same key and body get the first answer, the
    /// same key with another body `DuplicateIdempotencyKey`, scoped to the operation and resource.
    /// On a PATCH the key has no effect (Amazon's idempotency guide).
    @Test func aReplayedIdempotencyKeyWithAnotherBodyIsRefused() async throws {
        let server = Self.server()
        let signer = Self.signer()
        for id in ["s1", "s2"] {
            server.openSession(id: id, returnURL: URL(string: "https://shop.example/review")!)
            let update = try signer.sign(
                Self.request("PATCH", "/v2/checkoutSessions/\(id)", body: Self.amount), idempotencyKey: "update-\(id)")
            #expect(try await Self.answer(server, update) == (200, nil))
        }
        // PATCH: the same key with another body is applied, as Amazon documents.
        let again = try signer.sign(Self.request("PATCH", "/v2/checkoutSessions/s1", body: Self.update), idempotencyKey: "update-s1")
        #expect(try await Self.answer(server, again) == (200, nil))
        #expect(
            server.session("s1")?.webCheckoutDetails?.checkoutResultReturnUrl?.absoluteString
                == "https://shop.example/static/dispatcher.html")
        let restore = try signer.sign(Self.request("PATCH", "/v2/checkoutSessions/s1", body: Self.amount), idempotencyKey: "update-s1")
        #expect(try await Self.answer(server, restore) == (200, nil))
        // POST: the same key and body get the first answer; the session is charged once.
        let first = try signer.sign(
            Self.request("POST", "/v2/checkoutSessions/s1/complete", body: Self.charge("10.00")), idempotencyKey: "replay-1")
        #expect(try await Self.answer(server, first) == (200, nil))
        #expect(try await Self.answer(server, first) == (200, nil))
        #expect(server.completionsBySession["s1"] == 1)
        // An amount with more decimals than its currency takes is refused, not rounded, and the
        // session keeps its amount (two decimals for USD, none for JPY; trailing zeros do not count);
        // so is a negative or signed charge (Amazon's 400 InvalidParameterValue).
        for (amount, currency, accepted) in [
            ("10.001", "USD", false), ("10.5", "JPY", false), ("-5", "JPY", false), ("+8980", "JPY", false),
            ("-0.01", "USD", false), ("10.000", "USD", true),
        ] {
            let body = #"{"paymentDetails":{"chargeAmount":{"amount":""# + amount + #"","currencyCode":""# + currency + #""}}}"#
            let update = try signer.sign(Self.request("PATCH", "/v2/checkoutSessions/s2", body: body))
            #expect(
                try await Self.answer(server, update) == (accepted ? 200 : 400, accepted ? nil : "InvalidParameterValue"),
                "\(amount) \(currency)")
            #expect(server.session("s2")?.paymentDetails?.chargeAmount?.amount == (accepted ? amount : "10.00"))
        }
        let restored = try signer.sign(Self.request("PATCH", "/v2/checkoutSessions/s2", body: Self.amount))
        #expect(try await Self.answer(server, restored) == (200, nil))
        // The same key, another body, validly signed: Amazon's DuplicateIdempotencyKey.
        let other = try signer.sign(
            Self.request("POST", "/v2/checkoutSessions/s1/complete", body: Self.charge("9.00")), idempotencyKey: "replay-1")
        #expect(try await Self.answer(server, other) == (400, "DuplicateIdempotencyKey"))
        // A key is scoped to its operation and resource: on another session it is another key.
        let elsewhere = try signer.sign(
            Self.request("POST", "/v2/checkoutSessions/s2/complete", body: Self.charge("10.00")), idempotencyKey: "replay-1")
        #expect(try await Self.answer(server, elsewhere) == (200, nil))
        #expect(server.completionsBySession == ["s1": 1, "s2": 1])
        // A refused request keeps nothing: the key may be sent again, corrected.
        let refused = try signer.sign(
            Self.request("POST", "/v2/checkoutSessions/missing/complete", body: Self.charge("10.00")), idempotencyKey: "replay-2")
        #expect(try await Self.answer(server, refused) == (404, "ResourceNotFound"))
        let corrected = try signer.sign(
            Self.request("POST", "/v2/checkoutSessions/missing/complete", body: Self.charge("9.00")), idempotencyKey: "replay-2")
        #expect(try await Self.answer(server, corrected) == (404, "ResourceNotFound"))
    }

    /// Amazon's REST create: a signed `POST /v2/checkoutSessions` with an idempotency key opens a
    /// session the buyer has not signed in to yet (`BuyerNotAssociated`), so it can be updated but
    /// not completed; a retry with the key answers the same session and creates no other.
    @Test func theRESTCreateOpensASessionThatNeedsTheBuyer() async throws {
        let server = Self.server()
        let signer = Self.signer()
        let payload =
            #"{"webCheckoutDetails":{"checkoutReviewReturnUrl":"https://shop.example/review"},"storeId":"amzn1.application-oa2-client.x"}"#
        let create = try signer.sign(Self.request("POST", "/v2/checkoutSessions", body: payload), idempotencyKey: "create-1")
        guard case .answered(let created) = try await server.transport.serve(create) else {
            Issue.record("no answer")
            return
        }
        #expect(created.status == 201)
        let session = try PayWire.decodeJSON(CheckoutSession.self, from: created.body)
        let id = session.checkoutSessionId
        #expect(session.statusDetails.state == .open && session.buyer == nil && session.storeId == "amzn1.application-oa2-client.x")
        #expect(session.constraints?.map(\.constraintId) == [.chargeAmountNotSet, .buyerNotAssociated])
        // The retry answers the first session, byte for byte; another body under the key is refused.
        guard case .answered(let retried) = try await server.transport.serve(create) else {
            Issue.record("no answer")
            return
        }
        #expect(retried.status == 201 && retried.body == created.body)
        let other = try signer.sign(
            Self.request("POST", "/v2/checkoutSessions", body: payload.replacingOccurrences(of: "client.x", with: "client.y")),
            idempotencyKey: "create-1")
        #expect(try await Self.answer(server, other) == (400, "DuplicateIdempotencyKey"))
        // Amazon requires the key on a create.
        #expect(
            try await Self.answer(server, try signer.sign(Self.request("POST", "/v2/checkoutSessions", body: payload))) == (
                400, "MissingHeader"
            ))
        // The charge amount can be set; the buyer is still missing, so the session cannot be completed.
        let update = try signer.sign(Self.request("PATCH", "/v2/checkoutSessions/\(id)", body: Self.amount), idempotencyKey: "update-1")
        #expect(try await Self.answer(server, update) == (200, nil))
        #expect(server.session(id)?.constraints?.map(\.constraintId) == [.buyerNotAssociated])
        let complete = try signer.sign(
            Self.request("POST", "/v2/checkoutSessions/\(id)/complete", body: Self.charge("10.00")), idempotencyKey: "complete-1")
        #expect(try await Self.answer(server, complete) == (422, "InvalidCheckoutSessionStatus"))
        #expect(server.completionsBySession[id] == nil && server.session(id)?.statusDetails.state == .open)
    }

    @Test func signaturesSurviveARealSocket() async throws {
        let server = Self.server()
        let sandbox = SandboxServer(configuration: .inProcess())
        let running = try await sandbox.start()
        let endpoint = sandbox.endpoint(for: server.transport)
        for (signed, expected) in [
            (try Self.signer().sign(Self.request("GET", "/v2/checkoutSessions/missing")), 404),
            (Self.request("GET", "/v2/checkoutSessions/missing"), 401),
        ] {
            var fields = HTTPFields()
            for (name, value) in signed.headers.sorted(by: { $0.key < $1.key }) {
                if let field = HTTPField.Name(name) { fields[field] = value }
            }
            let (response, _) = try await endpoint.transport.send(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: signed.path, headerFields: fields),
                body: nil, baseURL: endpoint.baseURL, operationID: "getCheckoutSession")
            #expect(response.status.code == expected)
        }
        await running.stop()
    }

    @Test func theButtonSignatureAndTheSignerNeverShowTheKey() throws {
        let signer = Self.signer()
        let payload =
            #"{"webCheckoutDetails":{"checkoutReviewReturnUrl":"https://links.shop.example/review"},"storeId":"amzn1.application-oa2-client.x"}"#
        let signature = try signer.buttonSignature(payload: payload)
        let message = Data(AmazonPaySignature.stringToSign(payload).utf8)
        #expect(
            signer.publicKey.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: try #require(Data(base64Encoded: signature))), for: message, padding: .PSS))
        let keyBody = Self.key.pemRepresentation.split(separator: "\n").dropFirst().first.map(String.init) ?? "?"
        #expect(!String(describing: signer).contains(keyBody))
        #expect(!String(reflecting: signer).contains("PRIVATE"))
    }

    /// The string to sign carries the lowercase hex SHA-256 (FIPS 180-2's "abc" vector), and the
    /// `Authorization` header is read on its bytes: blanks around parts, any order, the last of a
    /// repeated name; a header missing a part, a part without `=`, or another algorithm is no header.
    @Test func theStringToSignAndTheAuthorizationHeaderAreReadExactly() {
        #expect(
            AmazonPaySignature.stringToSign("abc")
                == "AMZN-PAY-RSASSA-PSS-V2\nba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let parsed = AmazonPaySignature.Authorization(
            header: "AMZN-PAY-RSASSA-PSS-V2 Signature=c2ln+/=, \tSignedHeaders=X-Amz-Pay-Date;accept ,PublicKeyId=old,PublicKeyId=KÉY-1")
        #expect(
            parsed
                == AmazonPaySignature.Authorization(
                    publicKeyID: "KÉY-1", signedHeaders: ["x-amz-pay-date", "accept"], signature: "c2ln+/="))
        let signed = AmazonPaySignature.Authorization(publicKeyID: "K", signedHeaders: ["accept"], signature: "c2ln")
        #expect(AmazonPaySignature.Authorization(header: signed.header) == signed)
        for header in [
            "AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=K, SignedHeaders=accept",
            "AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=K, SignedHeaders, Signature=s",
            "AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=, SignedHeaders=accept, Signature=s",
            "AMZN-PAY-RSASSA-PSS-V2PublicKeyId=K, SignedHeaders=accept, Signature=s",
            "AWS4-HMAC-SHA256 PublicKeyId=K, SignedHeaders=accept, Signature=s", "",
        ] {
            #expect(AmazonPaySignature.Authorization(header: header) == nil, "\(header)")
        }
    }

    /// `x-amz-pay-date` is read by arithmetic, not a calendar: Foundation's Gregorian UTC calendar
    /// agrees on every day from 1899 to 2101 (at one of three times of day), and impossible dates are refused.
    @Test func theDateHeaderAgreesWithTheGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var day = try #require(calendar.date(from: DateComponents(year: 1899, month: 1, day: 1)))
        let end = try #require(calendar.date(from: DateComponents(year: 2102, month: 1, day: 1)))
        var checked = 0
        while day < end {
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            let (hour, minute, second) = [(0, 0, 0), (13, 7, 59), (23, 59, 59)][checked % 3]
            let text = String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, hour, minute, second)
            #expect(AmazonPaySignature.date(text) == day.addingTimeInterval(TimeInterval(hour * 3_600 + minute * 60 + second)), "\(text)")
            checked += 1
            day = day.addingTimeInterval(86_400)
        }
        #expect(checked == 74_144)
        for text in [
            "20260229T000000Z", "19000229T000000Z", "20260431T000000Z", "20261301T000000Z", "20261100T000000Z", "20261117T240000Z",
            "20261117T236000Z", "20261117T235960Z", "20261117 081320Z", "20261117T081320", "2026-11-17T08:13:20Z", "２0261117T081320Z",
        ] {
            #expect(AmazonPaySignature.date(text) == nil, "\(text)")
        }
        #expect(AmazonPaySignature.date("20000229T120000Z") == Date(timeIntervalSince1970: 951_825_600))
        // Before year 1 the day count is still proleptic Gregorian (year 0 is a leap year).
        #expect(AmazonPaySignature.date("00000229T000000Z") == Date(timeIntervalSince1970: -719_469 * 86_400))
        #expect(AmazonPaySignature.date("00000301T000000Z") == Date(timeIntervalSince1970: -719_468 * 86_400))
    }

    /// An independent judge: Python's `cryptography` (OpenSSL) verifies our signature as RSA-PSS with
    /// SHA-256, MGF1-SHA-256 and a salt of exactly 32 bytes, over the string to sign we built.
    @Test func opensslAgreesOnTheSignature() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "amazon-sign-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let canonical = AmazonPaySignature.canonicalRequest(
            method: "POST", path: "/v2/checkoutSessions/s1/complete",
            query: [URLQueryItem(name: "b", value: "2 3"), URLQueryItem(name: "a", value: "1")],
            headers: ["accept": "application/json", "x-amz-pay-date": "20261117T081320Z"], signedHeaders: ["x-amz-pay-date", "accept"],
            body: Data(#"{"chargeAmount":{"amount":"10.00","currencyCode":"USD"}}"#.utf8))
        #expect(
            canonical.hasPrefix(
                "POST\n/v2/checkoutSessions/s1/complete\na=1&b=2%203\naccept:application/json\nx-amz-pay-date:20261117T081320Z\n\naccept;x-amz-pay-date\n"
            ))
        // RFC 3986 unreserved is ASCII only: a non-ASCII letter is escaped byte by byte (path segments too).
        #expect(AmazonPaySignature.canonicalQuery([URLQueryItem(name: "q", value: "Café ~a+b")]) == "q=Caf%C3%A9%20~a%2Bb")
        let message = AmazonPaySignature.stringToSign(canonical)
        let signature = try Self.key.signature(for: Data(message.utf8), padding: .PSS).rawRepresentation
        try Self.key.publicKey.pemRepresentation.write(to: directory.appending(path: "public.pem"), atomically: true, encoding: .utf8)
        try Data(message.utf8).write(to: directory.appending(path: "message"))
        try signature.write(to: directory.appending(path: "signature"))
        let script = """
            import sys, pathlib
            from cryptography.hazmat.primitives import hashes, serialization
            from cryptography.hazmat.primitives.asymmetric import padding
            d = pathlib.Path(sys.argv[1])
            key = serialization.load_pem_public_key((d / "public.pem").read_bytes())
            key.verify((d / "signature").read_bytes(), (d / "message").read_bytes(),
                       padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32), hashes.SHA256())
            print("verified")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0 && text.contains("verified"), "\(text)")
    }
}
