import AmazonPayMerchantServer
import AmazonPayMobile
import Foundation
import PayPalPayments
import PaymentMocks
import PaymentSchemasRuntime
import PaymentServerCore
import _CryptoExtras

/// The cost of one validated PayPal confirm and one signed Amazon Pay GET inside the provider
/// transport (no socket): the whole `serve` and its parts (reading the request, verifying the
/// signature, encoding the answer, checking the answer), in microseconds per request, medians of
/// `runs` runs of `count` requests.
enum ServeBench {
    static func run(count: Int, runs: Int) async throws -> [String] {
        let browser = MockBrowser()
        let server = MockPayPalServer(browser: browser, seed: 1)
        server.acceptAccessToken("TOKEN")
        server.seedOrder(id: "ORDER1")
        let body = Data(
            #"{"payment_source":{"card":{"number":"4111111111111111","expiry":"2030-01","security_code":"123","name":"Ana Gomez"}},"application_context":{"return_url":"com.example.app://card/success","cancel_url":"com.example.app://card/cancel"}}"#
                .utf8)
        let request = ServerRequest(
            method: "POST", path: "/v2/checkout/orders/ORDER1/confirm-payment-source", query: [],
            headers: ["authorization": "Bearer TOKEN", "content-type": "application/json", "sandbox-scenario": "3ds-challenge"],
            body: body, operationID: "")
        guard case .answered(let first) = try await server.transport.serve(request), first.status == 200 else {
            return ["confirm did not answer 200"]
        }
        let answer = first.body
        let order = try PayWire.decodeJSON(OrderResponse.self, from: answer)
        func perRequest(_ body: () async throws -> Void) async rethrows -> Double {
            var samples: [Double] = []
            for _ in 0..<runs {
                let clock = ContinuousClock()
                let start = clock.now
                for _ in 0..<count { try await body() }
                samples.append(Stats.seconds(clock.now - start) / Double(count) * 1e6)
            }
            return Stats.summarize(samples).median
        }
        let serve = try await perRequest { _ = try await server.transport.serve(request) }
        // BENCH_SERVE_ONLY=1 times `serve` alone (for profiling it).
        if ProcessInfo.processInfo.environment["BENCH_SERVE_ONLY"] == "1" {
            return ["| whole `serve` of a validated confirm | \(String(format: "%.1f", serve)) µs |"]
        }
        // Two confirms of the same order at once, each from its own task: what the provider's own
        // locks cost when the sandbox's two event loops answer together (wall time per request;
        // one at a time is `serve` above, so no contention means about half of it).
        var pairs: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<2 { group.addTask { for _ in 0..<count { _ = try await server.transport.serve(request) } } }
                try await group.waitForAll()
            }
            pairs.append(Stats.seconds(ContinuousClock.now - start) / Double(2 * count) * 1e6)
        }
        let together = Stats.summarize(pairs).median
        let readRequest = try await perRequest { _ = try PayWire.decodeJSON(ConfirmPaymentSourceRequest.self, from: body).violations }
        let encode = try await perRequest { _ = try PayWire.encodeJSON(order) }
        let checkAnswer = try await perRequest { _ = try PayWire.decodeJSON(OrderResponse.self, from: answer).violations }
        let foundationDecode = try await perRequest { _ = try JSONDecoder().decode(OrderResponse.self, from: answer) }
        let foundationEncode = try await perRequest { _ = try JSONEncoder().encode(order) }
        return [
            "| whole `serve` of a validated confirm | \(String(format: "%.1f", serve)) µs |",
            "| whole `serve`, two at once (wall time per request) | \(String(format: "%.1f", together)) µs |",
            "| read and validate the request | \(String(format: "%.1f", readRequest)) µs |",
            "| encode the answer | \(String(format: "%.1f", encode)) µs |",
            "| decode and validate the answer | \(String(format: "%.1f", checkAnswer)) µs |",
            "| Foundation JSONDecoder, the answer | \(String(format: "%.1f", foundationDecode)) µs |",
            "| Foundation JSONEncoder, the answer | \(String(format: "%.1f", foundationEncode)) µs |",
        ] + (try await amazon(perRequest: perRequest))
    }

    /// The signed `GET /v2/checkoutSessions/{id}` the throughput benchmark sends: the whole `serve`,
    /// the signature check alone, and encoding the session it answers.
    private static func amazon(perRequest: (() async throws -> Void) async throws -> Double) async throws -> [String] {
        let server = MockAmazonPayServer(browser: MockBrowser())
        let signer = AmazonPayRequestSigner(
            publicKeyID: "BENCH-KEY", privateKey: try _RSA.Signing.PrivateKey(keySize: .bits2048), region: "jp")
        let publicKey = signer.publicKey
        let verifier = AmazonPaySignatureVerifier(publicKeys: ["BENCH-KEY": publicKey])
        server.signatureVerifier = verifier
        server.openSession(id: "S1", returnURL: URL(string: "https://shop.example/review")!)
        let request = try signer.sign(
            ServerRequest(method: "GET", path: "/v2/checkoutSessions/S1", query: [], headers: [:], body: Data(), operationID: ""))
        guard case .answered(let first) = try await server.transport.serve(request), first.status == 200 else {
            return ["signed Amazon GET did not answer 200"]
        }
        guard let session = server.session("S1") else { return ["no session S1"] }
        let serve = try await perRequest { _ = try await server.transport.serve(request) }
        let verify = try await perRequest { _ = verifier.refusal(for: request) }
        let encode = try await perRequest { _ = try PayWire.encodeJSON(session) }
        // The RSA-PSS verification alone, on the message and signature the check builds.
        guard let header = request.header("authorization"), let parts = AmazonPaySignature.Authorization(header: header),
            let raw = Data(base64Encoded: parts.signature)
        else { return ["the signed request has no Authorization header"] }
        let canonical = AmazonPaySignature.canonicalRequest(
            method: request.method, path: request.path, query: request.query, headers: request.headers, signedHeaders: parts.signedHeaders,
            body: request.body)
        let message = Data(AmazonPaySignature.stringToSign(canonical).utf8)
        let signature = _RSA.Signing.RSASignature(rawRepresentation: raw)
        let rsa = try await perRequest { _ = publicKey.isValidSignature(signature, for: message, padding: .PSS) }
        return [
            "| whole `serve` of a signed Amazon Pay GET | \(String(format: "%.1f", serve)) µs |",
            "| check its signature | \(String(format: "%.1f", verify)) µs |",
            "| of which RSA-PSS verification | \(String(format: "%.1f", rsa)) µs |",
            "| encode the session it answers | \(String(format: "%.1f", encode)) µs |",
        ]
    }
}
