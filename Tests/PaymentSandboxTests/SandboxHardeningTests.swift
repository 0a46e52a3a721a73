import AmazonPayMerchantServer
import CLITestSupport
import Foundation
import PaymentFlowsCore
import PaymentMocks
import PaymentSandbox
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `payflow serve`'s providers on a real loopback socket, attacked and driven as a client outside
/// the package would: hostile requests never crash it or grow it, hosted pages keep their state
/// machines and redirect only where their resource registered, and the admin controls work.
@Suite("Sandbox hardening and controls", .serialized)
struct SandboxHardeningTests {
    /// `payflow serve` in a process of its own (the executable users run), on a free loopback port.
    final class Served: @unchecked Sendable {
        let process: Process
        let base: URL
        var port: Int { base.port ?? 0 }

        /// Everything the process printed so far.
        private let printedText: LockIsolated<String>
        var printed: String { printedText.value }

        private init(process: Process, base: URL, printed: LockIsolated<String>) {
            self.process = process
            self.base = base
            self.printedText = printed
        }

        static func start(_ arguments: [String] = []) async throws -> Served {
            let executable = try #require(CLIRunner.executable("payflow"), "payflow is not built")
            let process = Process()
            process.executableURL = executable
            process.arguments = ["serve", "--port", "0"] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first line names the address; the rest is drained (and kept) so the server never blocks.
            let printed = LockIsolated("")
            let base: URL? = await withCheckedContinuation { continuation in
                Thread {
                    let handle = output.fileHandleForReading
                    var buffer = Data()
                    var resumed = false
                    while true {
                        let chunk = handle.availableData
                        if chunk.isEmpty { break }
                        buffer += chunk
                        let text = String(decoding: buffer, as: UTF8.self)
                        printed.withValue { $0 = text }
                        guard !resumed else { continue }
                        if let range = text.range(of: #"sandbox on (http://[0-9.:]+)"#, options: .regularExpression) {
                            resumed = true
                            continuation.resume(returning: URL(string: String(text[range].dropFirst("sandbox on ".count))))
                        }
                    }
                    if !resumed { continuation.resume(returning: nil) }
                }.start()
            }
            guard let base else {
                process.terminate()
                throw URLError(.cannotConnectToHost)
            }
            return Served(process: process, base: base, printed: printed)
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }

        /// The server's resident memory in KiB (`VmRSS`).
        func residentKiB() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
            return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? ""))
        }

        /// One request with URLSession; the status, headers and body.
        func http(
            _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil, timeout: TimeInterval = 30
        ) async throws -> (Int, [String: String], Data) {
            guard let url = URL(string: base.absoluteString + path) else { throw URLError(.badURL) }
            var request = URLRequest(url: url, timeoutInterval: timeout)
            request.httpMethod = method
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            if let body { request.httpBody = Data(body.utf8) }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            let (data, response) = try await URLSession(configuration: configuration).data(for: request)
            let http = response as? HTTPURLResponse
            var fields: [String: String] = [:]
            for (name, value) in http?.allHeaderFields ?? [:] { fields[String(describing: name).lowercased()] = String(describing: value) }
            return (http?.statusCode ?? 0, fields, data)
        }

        /// A PayPal token from the sandbox's own token endpoint.
        func payPalToken() async throws -> String {
            let (_, _, body) = try await http(
                "POST", "/t/paypal/v1/oauth2/token",
                headers: ["Authorization": "Basic aWQ6c2VjcmV0", "Content-Type": "application/x-www-form-urlencoded"],
                body: "grant_type=client_credentials")
            return try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["access_token"] as? String)
        }

        /// A new PayPal order's id.
        func payPalOrder(token: String) async throws -> String {
            let (status, _, body) = try await http(
                "POST", "/t/paypal/v2/checkout/orders", headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
                body: #"{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"10.00"}}]}"#)
            #expect(status == 201)
            return try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String)
        }

        func alive() async throws -> Bool {
            try await http("GET", "/__admin/health").0 == 200
        }
    }

    static let confirmBody =
        #"{"payment_source":{"card":{"number":"4111111111111111","expiry":"2030-01","security_code":"123"}},"application_context":{"return_url":"com.example.app://card/success","cancel_url":"com.example.app://card/cancel"}}"#

    @Test func hostileRequestsAreAnsweredAndNeverCrashTheServer() async throws {
        // Kept-alive connections close after 2 s idle, so every exchange ends by itself.
        let served = try await Served.start(["--idle-timeout", "2"])
        defer { served.stop() }
        let token = try await served.payPalToken()
        let order = try await served.payPalOrder(token: token)
        let port = served.port
        let nested = String(repeating: "[", count: 200_000)
        let cases: [(String, [UInt8])] = [
            (
                "broken percent-encoding",
                RawSocket.lines("GET /t/paypal/v2/checkout/orders/%%zz%G HTTP/1.1\nHost: x\nAuthorization: Bearer \(token)\n\n")
            ),
            (
                "percent-encoded invalid UTF-8",
                RawSocket.lines("GET /t/paypal/v2/checkout/orders/%FF%FE%C0 HTTP/1.1\nHost: x\nAuthorization: Bearer \(token)\n\n")
            ),
            (
                "raw invalid UTF-8 in the path",
                Array("GET /t/mollie/api/payments/".utf8) + [0xFF, 0xC3, 0x28] + RawSocket.lines(" HTTP/1.1\nHost: x\n\n")
            ),
            (
                "a 200 KB header",
                RawSocket.lines("GET /t/mollie/api/payments HTTP/1.1\nHost: x\nX-Big: \(String(repeating: "a", count: 200_000))\n\n")
            ),
            (
                "5,000 headers",
                RawSocket.lines("GET /t/mollie/api/payments HTTP/1.1\nHost: x\n" + (0..<5_000).map { "X-H\($0): v\n" }.joined() + "\n")
            ),
            (
                "a 4 MiB body",
                RawSocket.lines("POST /t/mollie/api/payments HTTP/1.1\nHost: x\nContent-Length: 4194304\n\n")
                    + [UInt8](repeating: 0x41, count: 4 << 20)
            ),
            (
                "a 4 MiB chunked body",
                RawSocket.lines("POST /t/mollie/api/payments HTTP/1.1\nHost: x\nTransfer-Encoding: chunked\n\n400000\n")
                    + [UInt8](repeating: 0x41, count: 4 << 20) + RawSocket.lines("\n0\n\n")
            ),
            (
                "200,000 nested arrays",
                RawSocket.lines(
                    "POST /t/paypal/v2/checkout/orders HTTP/1.1\nHost: x\nAuthorization: Bearer \(token)\nContent-Type: application/json\nContent-Length: \(nested.utf8.count)\n\n"
                ) + Array(nested.utf8)
            ),
            (
                "invalid UTF-8 in a JSON body",
                RawSocket.lines(
                    "POST /t/paypal/v2/checkout/orders HTTP/1.1\nHost: x\nAuthorization: Bearer \(token)\nContent-Length: 6\n\n") + [
                        0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D,
                    ]
            ),
            (
                "a return URL `http://[::1`",
                RawSocket.lines(
                    "POST /t/paypal/v2/checkout/orders/\(order)/confirm-payment-source HTTP/1.1\nHost: x\nAuthorization: Bearer \(token)\nContent-Type: application/json\nContent-Length: \(Self.confirmBody.replacingOccurrences(of: "com.example.app://card/success", with: "http://[::1").utf8.count)\n\n\(Self.confirmBody.replacingOccurrences(of: "com.example.app://card/success", with: "http://[::1"))"
                )
            ),
            ("a request line that is not HTTP", Array("\u{0}\u{1}\u{2}GARBAGE\r\n\r\n".utf8)),
            ("HTTP/0.9", RawSocket.lines("GET /\n")),
            (
                "a body shorter than its Content-Length",
                RawSocket.lines("POST /t/mollie/api/payments HTTP/1.1\nHost: x\nContent-Length: 100\n\n{\"amount\":")
            ),
            ("a method HTTP parsers do not know", RawSocket.lines("BREW /t/paypal/v2/checkout/orders HTTP/1.1\nHost: x\n\n")),
            ("a method no operation takes", RawSocket.lines("QUERY /t/paypal/v2/checkout/orders HTTP/1.1\nHost: x\n\n")),
        ]
        var answers: [String: Int?] = [:]
        for (name, bytes) in cases {
            let reply = try await RawSocket.exchange(port: port, [bytes], readTimeout: 15)
            answers[name] = reply.status
            #expect(reply.closed && reply.elapsed < .seconds(10), "\(name) was held \(reply.elapsed)")
            #expect(try await served.alive(), "the server died on \(name)")
        }
        #expect(answers["a 4 MiB body"] == 413)
        #expect(answers["a 4 MiB chunked body"] == 413)
        #expect(answers["200,000 nested arrays"] == 400)
        #expect(answers["invalid UTF-8 in a JSON body"] == 400)
        #expect(answers["a return URL `http://[::1`"] == 400)
        #expect(answers["a method no operation takes"] == 405)
        #expect([400, 405].contains(answers["a method HTTP parsers do not know"] ?? 0))
        // Cut by the idle timeout (2 s here) or the body read timeout (408), whichever comes first.
        #expect([nil, 408].contains(answers["a body shorter than its Content-Length"] ?? nil))
        #expect([400, 404].contains(answers["broken percent-encoding"] ?? 0))
        #expect([400, 404].contains(answers["percent-encoded invalid UTF-8"] ?? 0))
        // The order is untouched by everything above.
        let (_, _, orderBody) = try await served.http(
            "GET", "/t/paypal/v2/checkout/orders/\(order)", headers: ["Authorization": "Bearer \(token)"])
        #expect((try JSONSerialization.jsonObject(with: orderBody) as? [String: Any])?["status"] as? String == "CREATED")
    }

    /// Provider requests are answered on the connection's pipeline, the rest by Hummingbird's router:
    /// requests of both kinds sent at once on one connection are answered each once, in order.
    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let form = "grant_type=client_credentials"
        // The admin answers a Host of its own (``AdminGateTests``); the providers any.
        let requests = [
            "GET /__admin/health HTTP/1.1\nHost: 127.0.0.1\n\n",
            "POST /t/paypal/v1/oauth2/token HTTP/1.1\nHost: x\nAuthorization: Basic YTpi\nContent-Type: application/x-www-form-urlencoded\nContent-Length: \(form.utf8.count)\n\n\(form)",
            "GET /t/paypal/v2/checkout/orders/NOPE HTTP/1.1\nHost: x\n\n",
            "GET /__admin/requests HTTP/1.1\nHost: localhost\n\n",
            "PUT /t/mollie/api/methods HTTP/1.1\nHost: x\nContent-Length: 0\n\n",
            "GET /__admin/health HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n",
        ]
        let reply = try await RawSocket.exchange(port: served.port, [RawSocket.lines(requests.joined())], readTimeout: 15)
        let statuses = reply.text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { Int($0.prefix(3)) ?? 0 }
        #expect(reply.closed)
        #expect(statuses == [200, 200, 401, 200, 405, 200], "\(reply.text.prefix(2_000))")
        // Every answer, the router's and the providers', is dated.
        #expect(reply.text.components(separatedBy: "\r\nDate: ").count == 7, "\(reply.text.prefix(2_000))")
        // The journal listed both provider requests before it (it was asked in between).
        let journal = reply.text.components(separatedBy: "HTTP/1.1 ").dropFirst(4).first ?? ""
        #expect(
            journal.contains("/t/paypal/v1/oauth2/token") && journal.contains("/t/paypal/v2/checkout/orders/NOPE"),
            "\(journal.prefix(2_000))")
    }

    /// The router may answer a request before its body has all arrived (a 404 reads no body): the
    /// connection still goes on to the next request, a provider's, once the body has come.
    @Test func aRequestAnsweredBeforeItsBodyEndedDoesNotStallTheConnection() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let reply = try await RawSocket.exchange(
            port: served.port,
            [
                RawSocket.lines("POST /not-a-route HTTP/1.1\nHost: x\nContent-Length: 10\n\n01234"),
                RawSocket.lines("56789GET /t/mollie/api/methods HTTP/1.1\nHost: x\nConnection: close\n\n"),
            ], pause: 0.3, readTimeout: 15)
        let statuses = reply.text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { Int($0.prefix(3)) ?? 0 }
        #expect(reply.closed && statuses.count == 2 && statuses.first == 404, "\(reply.text.prefix(2_000))")
        #expect(statuses.last.map { $0 != 404 && $0 != 0 } ?? false, "\(reply.text.prefix(2_000))")
    }

    @Test func slowClientsCannotHoldAConnection() async throws {
        let served = try await Served.start(["--idle-timeout", "2", "--body-timeout", "0.5"])
        defer { served.stop() }
        // A head that never ends: closed after the idle timeout.
        let head = try await RawSocket.exchange(
            port: served.port, [Array("GET /t/mollie/api/payments HTTP/1.1\r\nHost: x\r\n".utf8)], readTimeout: 10)
        #expect(head.closed && head.elapsed < .seconds(6), "\(head.elapsed)")
        // A body that never arrives: 408 after the read timeout.
        let body = try await RawSocket.exchange(
            port: served.port, [RawSocket.lines("POST /t/mollie/api/payments HTTP/1.1\nHost: x\nContent-Length: 50\n\n{")], readTimeout: 10)
        #expect(body.status == 408 && body.elapsed < .seconds(6), "\(body.status ?? 0) after \(body.elapsed): \(body.text.prefix(200))")
        // The same body behind a request still being answered (sent at once): timed from when its
        // turn comes, 408 as well, not left to the idle timeout.
        let behind = try await RawSocket.exchange(
            port: served.port,
            [
                RawSocket.lines(
                    "GET /t/mollie/api/methods HTTP/1.1\nHost: x\n\nPOST /t/mollie/api/payments HTTP/1.1\nHost: x\nContent-Length: 50\n\n{")
            ], readTimeout: 10)
        let statuses = behind.text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { Int($0.prefix(3)) ?? 0 }
        #expect(
            statuses.count == 2 && statuses.last == 408 && behind.elapsed < .seconds(1.8),
            "\(statuses) after \(behind.elapsed): \(behind.text.prefix(400))")
        // A connection opened and left alone.
        let idle = try await RawSocket.exchange(port: served.port, [], readTimeout: 10)
        #expect(idle.closed && idle.elapsed < .seconds(6), "\(idle.elapsed)")
        #expect(try await served.alive())
    }

    @Test func memoryStaysBoundedWhateverClientsSend() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let device = UUID().uuidString.lowercased()
        let big = String(repeating: "x", count: 900_000)
        let body = "{\"description\":\"\(big)\",\"amount\":1}"
        let headers = ["X-Mollie-Checkout-Device-UUID": device, "Content-Type": "application/json"]
        // Warm up, then 80 bodies of 900 KB (72 MB): the server keeps a bounded window of them.
        _ = try await served.http("POST", "/t/mollie/api/payments", headers: headers, body: body)
        let before = try served.residentKiB()
        for _ in 0..<80 {
            #expect(try await served.http("POST", "/t/mollie/api/payments", headers: headers, body: body).0 == 422)
        }
        let after = try served.residentKiB()
        #expect(after - before < 48 * 1_024, "resident memory grew \(after - before) KiB over 72 MB of bodies")
        // Payments per device are bounded too; the oldest go first.
        for index in 0..<(MockMollieBackend.paymentsPerDevice + 20) {
            _ = try await served.http(
                "POST", "/t/mollie/api/payments", headers: ["X-Mollie-Checkout-Device-UUID": device, "Content-Type": "application/json"],
                body: #"{"description":"Order \#(index)","amount":1}"#)
        }
        let (_, _, list) = try await served.http("GET", "/t/mollie/api/payments", headers: ["X-Mollie-Checkout-Device-UUID": device])
        let payments = try #require((try JSONSerialization.jsonObject(with: list) as? [String: Any])?["data"] as? [[String: Any]])
        #expect(payments.count == MockMollieBackend.paymentsPerDevice)
    }

    @Test func requestsAreValidatedBeforeAnyProviderLogic() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let device = UUID().uuidString.lowercased()
        // Mollie: a 100,000-character description (at most 255) and an amount below a cent's scale.
        let (mollie, _, mollieBody) = try await served.http(
            "POST", "/t/mollie/api/payments", headers: ["X-Mollie-Checkout-Device-UUID": device, "Content-Type": "application/json"],
            body: "{\"description\":\"\(String(repeating: "d", count: 100_000))\",\"amount\":10.001}")
        #expect(mollie == 422)
        let errors = try #require((try JSONSerialization.jsonObject(with: mollieBody) as? [String: Any])?["errors"] as? [String: [String]])
        #expect(Set(errors.keys) == ["description", "amount"])
        // PayPal: a card failing Luhn, named by PayPal's JSON pointer; a GET without a token is 401.
        let token = try await served.payPalToken()
        let order = try await served.payPalOrder(token: token)
        let (luhn, _, luhnBody) = try await served.http(
            "POST", "/t/paypal/v2/checkout/orders/\(order)/confirm-payment-source",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
            body: Self.confirmBody.replacingOccurrences(of: "4111111111111111", with: "4111111111111112"))
        #expect(luhn == 400)
        let details = try #require((try JSONSerialization.jsonObject(with: luhnBody) as? [String: Any])?["details"] as? [[String: Any]])
        #expect(details.map { $0["field"] as? String } == ["/payment_source/card/number"])
        #expect(!String(decoding: luhnBody, as: UTF8.self).contains("4111111111111112"))
        #expect(try await served.http("GET", "/t/paypal/v2/checkout/orders/\(order)").0 == 401)
        // PayPal's business rule on amounts: no more decimals than the currency takes (two:
        // DECIMAL_PRECISION; none for JPY: DECIMALS_NOT_SUPPORTED), trailing zeros not counted; a
        // refusal names the unit's amount, and nothing is rounded.
        for (currency, value, accepted) in [
            ("USD", "10.001", false), ("USD", "10.100", true), ("JPY", "1000", true), ("JPY", "10.5", false),
        ] {
            let (status, _, body) = try await served.http(
                "POST", "/t/paypal/v2/checkout/orders", headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
                body: #"{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":""# + currency + #"","value":""# + value
                    + #""}}]}"#)
            #expect(status == (accepted ? 201 : 422), "\(value) \(currency)")
            if !accepted {
                let detail = try #require(
                    ((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["details"] as? [[String: Any]])?.first)
                #expect(detail["issue"] as? String == (currency == "JPY" ? "DECIMALS_NOT_SUPPORTED" : "DECIMAL_PRECISION"))
                #expect(detail["field"] as? String == "/purchase_units/@reference_id=='default'/amount/value")
            }
        }
        #expect(
            try await served.http("GET", "/t/paypal/v2/checkout/orders/NEVER-CREATED", headers: ["Authorization": "Bearer \(token)"]).0
                == 404)
        #expect(
            try await served.http(
                "POST", "/t/paypal/v2/checkout/orders/NEVER-CREATED/confirm-payment-source",
                headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: Self.confirmBody
            ).0 == 404)
        // A method the path does not take: 405 with Allow, in PayPal's shape.
        let (method, headers, _) = try await served.http(
            "DELETE", "/t/paypal/v2/checkout/orders/\(order)", headers: ["Authorization": "Bearer \(token)"])
        #expect(method == 405 && headers["allow"] == "GET")
        // An unknown path under a provider: 404 in its shape.
        let (unknown, _, unknownBody) = try await served.http("GET", "/t/paypal/v3/nothing", headers: ["Authorization": "Bearer \(token)"])
        #expect(unknown == 404 && String(decoding: unknownBody, as: UTF8.self).contains("RESOURCE_NOT_FOUND"))
    }

    @Test func theLinksHostServesItsAppSiteAssociationAsAFile() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let path = "/h/links.shop.example/.well-known/apple-app-site-association"
        let (status, headers, body) = try await served.http("GET", path)
        #expect(status == 200)
        // As iOS requires: JSON, no redirect.
        #expect(headers["content-type"] == "application/json" && headers["location"] == nil)
        let association = try JSONDecoder().decode(AppleAppSiteAssociation.self, from: body)
        #expect(association == SampleMerchantServer.Configuration().appSiteAssociation)
        let link = try #require(URL(string: "https://links.shop.example/redirector_local-iosApp.html?token=t"))
        #expect(association.app(opening: link) == SampleMerchantServer.Configuration().appID)
        // A file takes no form.
        let (post, postHeaders, _) = try await served.http("POST", path, body: "button=pay")
        #expect(post == 405 && postHeaders["allow"] == "GET, HEAD")
    }

    @Test func hostedPagesKeepStateAndRedirectOnlyWhereTheirResourceRegistered() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        // A 3-D Secure page for an order that does not exist.
        #expect(try await served.http("GET", "/h/www.sandbox.paypal.com/webapps/helios?action=verify&token=NOPE").0 == 404)
        let token = try await served.payPalToken()
        let order = try await served.payPalOrder(token: token)
        let (status, _, body) = try await served.http(
            "POST", "/t/paypal/v2/checkout/orders/\(order)/confirm-payment-source",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json", "Sandbox-Scenario": "3ds-challenge"],
            body: Self.confirmBody)
        #expect(status == 200)
        let links = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["links"] as? [[String: Any]])
        let challenge = try #require(links.first { $0["rel"] as? String == "payer-action" }?["href"] as? String)
        // The link stays in the sandbox.
        #expect(challenge.hasPrefix(served.base.absoluteString + "/h/www.sandbox.paypal.com/webapps/helios"))
        // The page ignores a return URL it is handed: it returns to the one registered at confirm.
        let path = String(challenge.dropFirst(served.base.absoluteString.count))
        let tap = try await RawSocket.exchange(
            port: served.port,
            [
                RawSocket.lines(
                    "POST \(path)&redirect_uri=https%3A%2F%2Fevil.example HTTP/1.1\nHost: x\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 13\nConnection: close\n\nbutton=passes"
                )
            ])
        #expect(tap.status == 303)
        #expect(tap.text.lowercased().contains("location: com.example.app://card/success?"))
        #expect(!tap.text.contains("evil.example"))
        // Web checkout refuses to return anywhere but the SDK's callback.
        let order2 = try await served.payPalOrder(token: token)
        let evil = try await RawSocket.exchange(
            port: served.port,
            [
                RawSocket.lines(
                    "POST /h/www.sandbox.paypal.com/checkoutnow?token=\(order2)&redirect_uri=https%3A%2F%2Fevil.example HTTP/1.1\nHost: x\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 14\nConnection: close\n\nbutton=approve"
                )
            ])
        #expect(evil.status == 400 && !evil.text.lowercased().contains("location:"))
        // Mollie: a paid payment cannot be canceled by posting its page again.
        let device = UUID().uuidString.lowercased()
        let (_, _, created) = try await served.http(
            "POST", "/t/mollie/api/payments", headers: ["X-Mollie-Checkout-Device-UUID": device, "Content-Type": "application/json"],
            body: #"{"description":"Order 1","amount":10}"#)
        let payment = try #require((try JSONSerialization.jsonObject(with: created) as? [String: Any])?["data"] as? [String: Any])
        let pageURL = try #require(payment["url"] as? String)
        #expect(pageURL.hasPrefix(served.base.absoluteString + "/h/www.mollie.com/checkout/"))
        let pagePath = String(pageURL.dropFirst(served.base.absoluteString.count))
        let paid = try await RawSocket.exchange(
            port: served.port,
            [
                RawSocket.lines(
                    "POST \(pagePath) HTTP/1.1\nHost: x\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 11\nConnection: close\n\nbutton=paid"
                )
            ])
        #expect(paid.status == 303)
        let cancel = try await RawSocket.exchange(
            port: served.port,
            [
                RawSocket.lines(
                    "POST \(pagePath) HTTP/1.1\nHost: x\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 15\nConnection: close\n\nbutton=canceled"
                )
            ])
        #expect(cancel.status == 409)
        let id = try #require(payment["id"] as? Int)
        let (_, _, refreshed) = try await served.http(
            "GET", "/t/mollie/api/payments/\(id)", headers: ["X-Mollie-Checkout-Device-UUID": device])
        #expect(
            ((try JSONSerialization.jsonObject(with: refreshed) as? [String: Any])?["data"] as? [String: Any])?["status"] as? String
                == "paid")
    }

    @Test func theAdminControlsWorkOverTheSocket() async throws {
        let served = try await Served.start(["--timeout-hold", "2"])
        defer { served.stop() }
        let (health, _, healthBody) = try await served.http("GET", "/__admin/health")
        #expect(health == 200 && String(decoding: healthBody, as: UTF8.self).contains("\"paypal\""))
        let token = try await served.payPalToken()
        let order = try await served.payPalOrder(token: token)
        // A scenario chosen per request, and one the provider does not offer.
        let (declined, _, declinedBody) = try await served.http(
            "POST", "/t/paypal/v2/checkout/orders/\(order)/confirm-payment-source",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json", "Sandbox-Scenario": "card-declined"],
            body: Self.confirmBody)
        #expect(declined == 422 && String(decoding: declinedBody, as: UTF8.self).contains("PAYMENT_SOURCE_DECLINED_BY_PROCESSOR"))
        #expect(
            try await served.http(
                "GET", "/t/paypal/v2/checkout/orders/\(order)",
                headers: ["Authorization": "Bearer \(token)", "Sandbox-Scenario": "no-such-scenario"]
            ).0 == 400)
        // A real delay: 1.5 s holds 1.5 s.
        let delayStart = ContinuousClock.now
        #expect(
            try await served.http(
                "GET", "/t/paypal/v2/checkout/orders/\(order)", headers: ["Authorization": "Bearer \(token)", "Sandbox-Delay": "1500"]
            ).0 == 200)
        #expect(ContinuousClock.now - delayStart >= .milliseconds(1_500))
        // A real timeout: the connection is held past a 1 s client deadline.
        let timeoutStart = ContinuousClock.now
        await #expect(throws: (any Error).self) {
            _ = try await served.http(
                "GET", "/t/paypal/v2/checkout/orders/\(order)", headers: ["Authorization": "Bearer \(token)", "Sandbox-Fault": "timeout"],
                timeout: 1)
        }
        #expect(ContinuousClock.now - timeoutStart >= .milliseconds(900))
        // A fault chosen per request: 503 without acting.
        #expect(
            try await served.http(
                "GET", "/t/paypal/v2/checkout/orders/\(order)",
                headers: ["Authorization": "Bearer \(token)", "Sandbox-Fault": "serverError"]
            ).0 == 503)
        // The journal: every request, redacted (no query values, no card numbers, no headers). The
        // held request is journaled once the server closes it.
        _ = try await served.http("GET", "/t/mollie/api/methods/4111111111111111?amount=10&card=4111111111111111")
        var text = ""
        for _ in 0..<50 {
            text = String(decoding: try await served.http("GET", "/__admin/requests").2, as: UTF8.self)
            if text.contains("\"fault\":\"timeout\"") { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(text.contains("card-declined") && text.contains("\"fault\":\"timeout\"") && text.contains("<redacted>"))
        #expect(!text.contains("4111111111111111") && !text.contains(token))
        let (_, _, onlyPayPal) = try await served.http("GET", "/__admin/requests?provider=mollie")
        #expect(!String(decoding: onlyPayPal, as: UTF8.self).contains("/t/paypal"))
        // Reset: orders, tokens and the journal are gone.
        #expect(try await served.http("POST", "/__admin/reset", headers: ["X-Sandbox-Client": "1"]).0 == 204)
        #expect(
            try await served.http("GET", "/t/paypal/v2/checkout/orders/\(order)", headers: ["Authorization": "Bearer \(token)"]).0 == 401)
        let fresh = try await served.payPalToken()
        #expect(
            try await served.http("GET", "/t/paypal/v2/checkout/orders/\(order)", headers: ["Authorization": "Bearer \(fresh)"]).0 == 404)
        let (_, _, cleared) = try await served.http("GET", "/__admin/requests")
        #expect(!String(decoding: cleared, as: UTF8.self).contains("card-declined"))
        // The scenarios every provider offers, listed.
        let (_, _, scenarios) = try await served.http("GET", "/__admin/scenarios")
        for scenario in SandboxProviders.requestScenarios { #expect(String(decoding: scenarios, as: UTF8.self).contains(scenario.name)) }
    }

    /// Bound to every address, `serve` prints URLs a browser here can open (loopback, with the
    /// token the admin then needs), and the lines it prints per exchange show none of the secrets
    /// corpus sent to it.
    @Test func boundToEveryAddressItPrintsReachableURLsAndNoSecrets() async throws {
        let served = try await Served.start(["--host", "0.0.0.0"])
        defer { served.stop() }
        #expect(served.base.host == "127.0.0.1", "\(served.base)")
        // The lines after the first are read as they come.
        for _ in 0..<50 where !served.printed.contains("\nInspector: ") { try await Task.sleep(for: .milliseconds(100)) }
        let printedLine = try #require(served.printed.split(separator: "\n").first { $0.hasPrefix("Inspector: ") })
        let inspector = try #require(URL(string: String(printedLine.dropFirst("Inspector: ".count))))
        #expect(inspector.host == "127.0.0.1" && inspector.query?.hasPrefix("token=") == true, "\(printedLine)")
        let (page, answer) = try await URLSession(configuration: .ephemeral).data(from: inspector)
        #expect((answer as? HTTPURLResponse)?.statusCode == 200 && String(decoding: page, as: UTF8.self).contains("Sandbox inspector"))
        // The corpus through a few routes of each provider: the printed lines stay clean.
        let corpus = SecretsCorpusTests.self
        for (index, target) in [
            "/t/paypal/v2/checkout/orders/\(corpus.card)", "/t/paypal/v1/oauth2/token", "/t/mollie/api/payments",
            "/t/amazonpay/v2/checkoutSessions/\(corpus.percent(corpus.card))", "/t/mit/mcommerce/v1/pay",
            "/t/amazonpay-merchant/sample/checkoutSession",
        ].enumerated() {
            for (type, body) in corpus.bodies(card: corpus.cards[index]) {
                let bytes = corpus.request(
                    "POST", target + "?password=\(corpus.password)&n=\(corpus.card)",
                    headers: corpus.headers(card: corpus.cards[index], authorization: "Bearer \(corpus.token)"), type: type, body: body)
                _ = try await RawSocket.exchange(port: served.port, [bytes])
            }
        }
        try await Task.sleep(for: .milliseconds(600))  // serve flushes its lines every 200 ms
        let printed = served.printed
        #expect(printed.components(separatedBy: "\n").count > 40, "\(printed.suffix(2_000))")
        let leaks = corpus.leaks(in: printed)
        #expect(leaks.isEmpty, "serve printed \(leaks)")
    }
}
