import Foundation
import PayPalPayments
import PaymentMocks
import PaymentSchemasRuntime

/// The cost of one validated PayPal confirm inside the provider transport (no socket): the whole
/// `serve` and its parts (reading the request, encoding the answer, checking the answer), in
/// microseconds per request, medians of `runs` runs of `count` requests.
enum ServeBench {
    static func run(count: Int, runs: Int) async throws -> [String] {
        let browser = MockBrowser()
        let server = MockPayPalServer(browser: browser, seed: 1)
        server.acceptAccessToken("TOKEN")
        server.seedOrder(id: "ORDER1")
        let body = Data(#"{"payment_source":{"card":{"number":"4111111111111111","expiry":"2030-01","security_code":"123","name":"Ana Gomez"}},"application_context":{"return_url":"com.example.app://card/success","cancel_url":"com.example.app://card/cancel"}}"#.utf8)
        let request = MockRequest(
            method: "POST", path: "/v2/checkout/orders/ORDER1/confirm-payment-source", query: [],
            headers: ["authorization": "Bearer TOKEN", "content-type": "application/json", "sandbox-scenario": "3ds-challenge"],
            body: body, operationID: "")
        guard case .answered(let first) = try await server.transport.serve(request), first.status == 200 else { return ["confirm did not answer 200"] }
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
        if ProcessInfo.processInfo.environment["BENCH_SERVE_ONLY"] == "1" { return ["| whole `serve` of a validated confirm | \(String(format: "%.1f", serve)) µs |"] }
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
        ]
    }
}
