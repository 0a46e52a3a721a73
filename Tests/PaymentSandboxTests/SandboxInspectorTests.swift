import Foundation
import HTTPTypes
import PaymentMocks
import PaymentScenarios
import Testing

@testable import PaymentSandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The inspector's data over a real socket: each exchange in full with its secrets redacted, its
/// verdict (the generated types, the violations, the provider's refusing rule), copy as curl,
/// replay, the providers' state with each transition tied to its exchange, and the token the admin
/// API needs beyond loopback. The page itself is driven in Chromium by `InspectorBrowserTests`.
@Suite("The sandbox's inspector", .serialized)
struct SandboxInspectorTests {
    /// A sandbox serving the providers `payflow serve` serves, in this process.
    struct Live {
        let sandbox: SandboxServer
        let providers: SandboxProviders
        let running: RunningSandbox
        let base: URL

        static func start(host: String = "127.0.0.1", configuration: SandboxConfiguration = .inProcess()) async throws -> Live {
            let sandbox = SandboxServer(configuration: configuration)
            let providers = try SandboxProviders(on: sandbox)
            let running = try await sandbox.start(host: host)
            // Bound to every address, it is reached over loopback.
            var components = URLComponents(url: running.baseURL, resolvingAgainstBaseURL: false)
            if !SandboxServer.isLoopback(components?.host ?? "") { components?.host = "127.0.0.1" }
            return Live(sandbox: sandbox, providers: providers, running: running, base: try #require(components?.url))
        }

        func http(
            _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil
        ) async throws -> (status: Int, body: Data) {
            var request = URLRequest(url: try #require(URL(string: base.absoluteString + path)), timeoutInterval: 30)
            request.httpMethod = method
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            if let body { request.httpBody = Data(body.utf8) }
            let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
        }

        func json(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) async throws -> [String: Any] {
            let (_, data) = try await http(method, path, headers: headers, body: body)
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(String(decoding: data, as: UTF8.self))")
        }

        /// The journal's entries, oldest first.
        func journal() async throws -> [[String: Any]] {
            try #require(try await json("GET", "/__admin/requests")["requests"] as? [[String: Any]])
        }

        /// The sequence of the most recent exchange whose path ends with `suffix`.
        func sequence(endingWith suffix: String, method: String = "POST") async throws -> Int {
            let entry = try #require(
                try await journal().last { ($0["path"] as? String)?.hasSuffix(suffix) == true && $0["method"] as? String == method })
            return try #require(entry["sequence"] as? Int)
        }
    }

    /// What the checkout sends that must never be shown.
    /// What the inspector's own script sends with a change (``AdminGateTests``).
    static let client = ["X-Sandbox-Client": "1"]
    static let card = "4111111111111111"
    static let securityCode = "738"
    /// The security code as a value of a JSON document or a form (three digits alone could be any number on a page).
    static let quotedSecurityCode = "\"738\""

    /// A PayPal card checkout over the socket: a token, an order, a confirm with a card (with the
    /// 3-D Secure challenge when `challenge`), and the order's id, token and return URL.
    static func payPalCheckout(_ live: Live, challenge: Bool) async throws -> (token: String, order: String, payerAction: URL?) {
        let tokenAnswer = try await live.json(
            "POST", "/t/paypal/v1/oauth2/token",
            headers: ["Authorization": "Basic aWQ6c2VjcmV0", "Content-Type": "application/x-www-form-urlencoded"],
            body: "grant_type=client_credentials")
        let token = try #require(tokenAnswer["access_token"] as? String)
        let bearer = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let created = try await live.json(
            "POST", "/t/paypal/v2/checkout/orders", headers: bearer,
            body: #"{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"24.50"}}]}"#)
        let order = try #require(created["id"] as? String)
        var confirmHeaders = bearer
        if challenge { confirmHeaders["Sandbox-Scenario"] = "3ds-challenge" }
        let confirmed = try await live.json(
            "POST", "/t/paypal/v2/checkout/orders/\(order)/confirm-payment-source", headers: confirmHeaders,
            body: """
                {"payment_source":{"card":{"number":"\(card)","expiry":"2031-04","security_code":"\(securityCode)","name":"Ana Gomez"}},\
                "application_context":{"return_url":"com.example.app://card/success","cancel_url":"com.example.app://card/cancel"}}
                """)
        let links = confirmed["links"] as? [[String: Any]] ?? []
        let payerAction = links.first { $0["rel"] as? String == "payer-action" }.flatMap {
            ($0["href"] as? String).flatMap(URL.init(string:))
        }
        return (token, order, payerAction)
    }

    @Test func anExchangeIsShownInFullWithEverySecretRedacted() async throws {
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        let (token, order, _) = try await Self.payPalCheckout(live, challenge: false)
        let confirm = try await live.sequence(endingWith: "/confirm-payment-source")
        let (status, data) = try await live.http("GET", "/__admin/requests/\(confirm)")
        #expect(status == 200)
        let text = String(decoding: data, as: UTF8.self)
        for secret in [Self.card, Self.quotedSecurityCode, token, "4111 1111", "411111"] {
            #expect(!text.contains(secret), "the detail shows a secret: \(text.prefix(3_000))")
        }
        let detail = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let request = try #require(detail["request"] as? [String: Any])
        let body = try #require(request["body"] as? String)
        #expect(
            body.contains(#""number": "<redacted>""#) && body.contains(#""security_code": "<redacted>""#)
                && body.contains(#""name": "Ana Gomez""#), "\(body)")
        let headers = try #require(request["headers"] as? [[String]])
        #expect(headers.contains(["Authorization", "Bearer <redacted>"]))
        let verdict = try #require(detail["verdict"] as? [String: Any])
        #expect(verdict["operationID"] as? String == "confirmPaymentSource")
        #expect(verdict["requestType"] as? String == "ConfirmPaymentSourceRequest")
        #expect(verdict["responseType"] as? String == "OrderResponse")
        #expect(verdict["outcome"] as? String == "answered")
        let transitions = try #require(detail["transitions"] as? [[String: Any]])
        #expect(transitions.map { $0["id"] as? String } == [order] && transitions.map { $0["state"] as? String } == ["APPROVED"])
        // Copy as curl: the credential is a shell variable, the card fields are placeholders, the
        // URL is the sandbox's as the inspector reached it.
        let curl = try #require(detail["curl"] as? String)
        #expect(curl.contains(#"-H 'Authorization: Bearer '"$AUTHORIZATION""#), "\(curl)")
        #expect(
            curl.contains("curl -X POST '\(live.base.absoluteString)/t/paypal/v2/checkout/orders/\(order)/confirm-payment-source'"),
            "\(curl)")
        #expect(curl.contains(#""security_code":"<redacted>""#) && curl.hasPrefix("# Set $AUTHORIZATION"), "\(curl)")
    }

    @Test func aRefusalShowsItsViolationsAndTheProvidersRule() async throws {
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        let (token, order, _) = try await Self.payPalCheckout(live, challenge: false)
        let bearer = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let (refused, _) = try await live.http(
            "POST", "/t/paypal/v2/checkout/orders", headers: bearer,
            body: #"{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"-5.00"}}]}"#)
        #expect(refused == 422)
        let negative = try await live.json("GET", "/__admin/requests/\(try await live.sequence(endingWith: "/v2/checkout/orders"))")
        let verdict = try #require(negative["verdict"] as? [String: Any])
        #expect(verdict["outcome"] as? String == "refused by the schema")
        #expect(verdict["rule"] as? String == "CANNOT_BE_ZERO_OR_NEGATIVE")
        #expect(verdict["responseType"] as? String == "PayPalErrorResponse")
        let violations = try #require(verdict["violations"] as? [[String: String]])
        #expect(
            violations.map { $0["path"] } == ["body.purchase_units[0].amount.value"]
                && violations.map { $0["rule"] } == ["format.decimalString"])
        // A business rule of the provider's own (no schema violation): the order is approved already.
        let (again, _) = try await live.http(
            "POST", "/t/paypal/v2/checkout/orders/\(order)/confirm-payment-source", headers: bearer,
            body: #"{"payment_source":{"card":{"number":"4111111111111111","expiry":"2031-04","security_code":"123"}}}"#)
        #expect(again == 422)
        let repeated = try await live.json("GET", "/__admin/requests/\(try await live.sequence(endingWith: "/confirm-payment-source"))")
        let rule = try #require(repeated["verdict"] as? [String: Any])
        #expect(rule["outcome"] as? String == "refused by the provider" && rule["rule"] as? String == "PAYMENT_ALREADY_APPROVED")
        #expect((rule["violations"] as? [Any])?.isEmpty == true)
    }

    @Test func theProvidersStateListsEveryTransitionWithItsExchange() async throws {
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        let (token, order, payerAction) = try await Self.payPalCheckout(live, challenge: true)
        // The buyer passes the challenge on the hosted page (a form post, as the browser sends it).
        let action = try #require(payerAction)
        let page = live.sandbox.pageURL(for: action)
        let target = String(page.absoluteString.dropFirst(live.running.baseURL.absoluteString.count))
        // Over a raw socket: the 303 goes to the app's scheme, which no HTTP client follows.
        let tapped = try await RawSocket.exchange(
            port: try #require(live.base.port),
            [
                RawSocket.lines(
                    "POST \(target) HTTP/1.1\nHost: x\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 13\nConnection: close\n\nbutton=passes"
                )
            ])
        #expect(tapped.status == 303, "\(tapped.text.prefix(500))")
        let (captured, _) = try await live.http(
            "POST", "/t/paypal/v2/checkout/orders/\(order)/capture",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: "{}")
        #expect(captured == 201)
        let state = try await live.json("GET", "/__admin/state")
        let providers = try #require(state["providers"] as? [[String: Any]])
        let payPal = try #require(providers.first { $0["provider"] as? String == "paypal" }?["resources"] as? [[String: Any]])
        let resource = try #require(payPal.first { $0["id"] as? String == order })
        #expect(resource["kind"] as? String == "order" && resource["state"] as? String == "COMPLETED")
        let history = try #require(resource["history"] as? [[String: Any]])
        #expect(history.map { $0["state"] as? String } == ["CREATED", "PAYER_ACTION_REQUIRED", "APPROVED", "COMPLETED"])
        // Each transition names the exchange that caused it: create, confirm, the page's tap, capture.
        let journal = try await live.journal()
        let byExchange = history.compactMap { $0["exchange"] as? Int }.map { sequence in
            journal.first { $0["sequence"] as? Int == sequence }?["path"] as? String ?? "?"
        }
        #expect(byExchange.count == 4)
        #expect(byExchange[0].hasSuffix("/v2/checkout/orders") && byExchange[1].hasSuffix("/confirm-payment-source"), "\(byExchange)")
        #expect(byExchange[2].hasPrefix("/h/www.sandbox.paypal.com/webapps/helios") && byExchange[3].hasSuffix("/capture"), "\(byExchange)")
        // The token is listed by a fingerprint, never by its value.
        let tokens = payPal.filter { $0["kind"] as? String == "access token" }
        #expect(tokens.count == 1 && tokens.first?["id"] as? String == ProviderLedger.fingerprint(token))
        #expect(!String(decoding: try await live.http("GET", "/__admin/state").body, as: UTF8.self).contains(token))
        // A reset forgets the state.
        #expect(try await live.http("POST", "/__admin/reset", headers: Self.client).status == 204)
        let emptied = try #require(try await live.json("GET", "/__admin/state")["providers"] as? [[String: Any]])
        #expect(emptied.allSatisfy { ($0["resources"] as? [Any])?.isEmpty == true })
    }

    @Test func aReplaySendsTheSameRequestAgainAndIsJournaledBesideIt() async throws {
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        let (token, order, _) = try await Self.payPalCheckout(live, challenge: false)
        let (first, _) = try await live.http(
            "POST", "/t/paypal/v2/checkout/orders/\(order)/capture",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: "{}")
        #expect(first == 201)
        let capture = try await live.sequence(endingWith: "/capture")
        let (status, data) = try await live.http("POST", "/__admin/requests/\(capture)/replay", headers: Self.client)
        #expect(status == 201)
        let replay = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["sequence"] as? Int)
        #expect(replay > capture)
        // The same request, token included (kept in memory, never shown), reached PayPal again,
        // which refuses a second capture in its words.
        let detail = try await live.json("GET", "/__admin/requests/\(replay)")
        #expect(detail["replayOf"] as? Int == capture && detail["status"] as? Int == 422)
        #expect((detail["verdict"] as? [String: Any])?["rule"] as? String == "ORDER_ALREADY_CAPTURED")
        #expect(try await live.journal().contains { $0["sequence"] as? Int == replay })
        // Gone or never there: 404; a hosted page's exchange cannot be replayed: 409.
        #expect(try await live.http("POST", "/__admin/requests/999999/replay", headers: Self.client).status == 404)
        #expect(try await live.http("GET", "/__admin/requests/nope").status == 404)
        _ = try await live.http("GET", "/h/www.sandbox.paypal.com/checkoutnow?token=\(order)")
        let pageExchange = try await live.sequence(endingWith: "/checkoutnow", method: "GET")
        #expect(try await live.http("POST", "/__admin/requests/\(pageExchange)/replay", headers: Self.client).status == 409)
    }

    @Test func beyondLoopbackTheAdminAPINeedsThePrintedToken() async throws {
        let live = try await Live.start(host: "0.0.0.0")
        defer { Task { await live.running.stop() } }
        let token = try #require(live.sandbox.adminToken)
        #expect(token.count == 32)
        // One character changed (never to itself: a token starting with "0" stayed valid as "0…").
        let wrong = (token.first == "0" ? "1" : "0") + token.dropFirst()
        for path in ["/__admin/", "/__admin/requests", "/__admin/health", "/__admin/state", "/__admin/requests/1"] {
            #expect(try await live.http("GET", path).status == 401, "\(path) without the token")
            #expect(try await live.http("GET", path, headers: ["X-Sandbox-Token": wrong]).status == 401, "\(path) with a wrong token")
        }
        #expect(try await live.http("POST", "/__admin/reset").status == 401)
        #expect(try await live.http("GET", "/__admin/requests", headers: ["X-Sandbox-Token": token]).status == 200)
        #expect(try await live.http("GET", "/__admin/state", headers: ["Authorization": "Bearer \(token)"]).status == 200)
        #expect(try await live.http("GET", "/__admin/?token=\(token)").status == 200)
        // The providers and the pages stay open: apps on the network use them.
        #expect(try await live.http("GET", "/").status == 200)
        #expect(
            try await live.http(
                "POST", "/t/paypal/v1/oauth2/token",
                headers: ["Authorization": "Basic aWQ6c2VjcmV0", "Content-Type": "application/x-www-form-urlencoded"],
                body: "grant_type=client_credentials"
            ).status == 200)
        // On loopback reading is open; a token is made all the same, for changes (``theAdminRefusesWhatABrowserCanForge``).
        let local = try await Live.start()
        defer { Task { await local.running.stop() } }
        #expect(local.sandbox.adminToken?.count == 32)
        #expect(try await local.http("GET", "/__admin/requests").status == 200)
        // A token given in the configuration is the one used.
        var configuration = SandboxConfiguration.inProcess()
        configuration.adminToken = "fixed-token-for-a-ci-job"
        let fixed = try await Live.start(host: "0.0.0.0", configuration: configuration)
        defer { Task { await fixed.running.stop() } }
        #expect(fixed.sandbox.adminToken == "fixed-token-for-a-ci-job")
        #expect(try await fixed.http("GET", "/__admin/health", headers: ["X-Sandbox-Token": "fixed-token-for-a-ci-job"]).status == 200)
    }

    @Test func aReaderAsksOnlyForWhatIsNew() async throws {
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        for index in 0..<3 { _ = try await live.http("GET", "/t/paypal/v2/checkout/orders/N\(index)") }
        let all = try await live.json("GET", "/__admin/requests")
        let entries = try #require(all["requests"] as? [[String: Any]])
        let epoch = try #require(all["epoch"] as? Int)
        #expect(entries.count == 3 && all["limit"] as? Int == 1_000)
        let first = try #require(entries.first?["sequence"] as? Int)
        let newer = try #require(try await live.json("GET", "/__admin/requests?after=\(first)")["requests"] as? [[String: Any]])
        #expect(newer.map { $0["sequence"] as? Int } == entries.dropFirst().map { $0["sequence"] as? Int })
        let none = try await live.json("GET", "/__admin/requests?after=\(first + 2)")
        #expect((none["requests"] as? [Any])?.isEmpty == true && none["epoch"] as? Int == epoch)
        // A cleared journal is a new epoch: a reader starts over.
        #expect(try await live.http("DELETE", "/__admin/requests", headers: Self.client).status == 204)
        #expect(try await live.json("GET", "/__admin/requests?after=\(first + 2)")["epoch"] as? Int == epoch + 1)
        // The state with its ETag: 304 while nothing changed, 200 with a new tag after a change.
        var request = URLRequest(url: live.base.appending(path: "__admin/state"))
        let (_, answer) = try await URLSession(configuration: .ephemeral).data(for: request)
        let tag = try #require((answer as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag"))
        request.setValue(tag, forHTTPHeaderField: "If-None-Match")
        let (unchanged, same) = try await URLSession(configuration: .ephemeral).data(for: request)
        #expect((same as? HTTPURLResponse)?.statusCode == 304 && unchanged.isEmpty)
        live.providers.mit.transport.ledger.note("token payment", id: "R-1", state: "approved")
        let (_, changed) = try await URLSession(configuration: .ephemeral).data(for: request)
        #expect((changed as? HTTPURLResponse)?.statusCode == 200)
        #expect((changed as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag") != tag)
    }

    @Test func theJournalKeepsBodiesWithinItsBudget() throws {
        let journal = SandboxJournal(limit: 1_000)
        let body = Data(repeating: UInt8(ascii: "x"), count: SandboxJournal.bodyLimit)
        var head = HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: "/t/mollie/api/payments")
        head.headerFields[.contentType] = "application/json"
        // 600 exchanges of two 64 KiB bodies (75 MiB): at most the budget's worth is kept.
        for _ in 0..<600 {
            let sequence = journal.reserve()
            let record = SandboxExchangeRecord(
                request: head, requestBody: body, requestBytes: body.count, status: 422, responseHeaders: [:], responseBody: body,
                responseBytes: body.count, verdict: nil, replayOf: nil, replayable: true)
            journal.record(
                sequence: sequence, provider: "mollie", method: "POST", target: "/t/mollie/api/payments", status: 422, scenario: nil,
                fault: nil, started: .now, exchange: record)
        }
        let kept = (1...600).compactMap { journal.exchange($0)?.record }
        #expect(kept.reduce(0) { $0 + $1.bytes } <= SandboxJournal.detailBudget)
        #expect(kept.count == SandboxJournal.detailBudget / (2 * SandboxJournal.bodyLimit))
        // The newest keep their bodies; every entry stays in the journal.
        #expect(journal.exchange(600)?.record != nil && journal.exchange(1)?.record == nil && journal.exchange(1)?.entry != nil)
        #expect(journal.entries().count == 600)
    }

    /// Serves scenarios on the sandbox and keeps their providers served after the run, so their
    /// state can be read afterwards.
    final class KeepingNetwork: ScenarioNetwork {
        let sandbox: SandboxServer
        init(_ sandbox: SandboxServer) { self.sandbox = sandbox }
        func endpoint(for transport: MockProviderTransport) -> MockProviderTransport.RemoteEndpoint { sandbox.endpoint(for: transport) }
        func release(_ transports: [MockProviderTransport]) {}
        func servePages(of browser: MockBrowser) { sandbox.servePages(of: browser) }
        func stopServingPages(of browser: MockBrowser) { sandbox.stopServingPages(of: browser) }
        func providerURL(for url: URL) -> URL { sandbox.providerURL(for: url) }
    }

    @Test func everyScenarioLeavesNoSecretInTheInspectorAndEveryProviderState() async throws {
        let sandbox = SandboxServer(configuration: .inProcess())
        let running = try await sandbox.start()
        let live = Live(sandbox: sandbox, providers: try SandboxProviders(on: SandboxServer()), running: running, base: running.baseURL)
        defer { Task { await running.stop() } }
        var secrets: Set<String> = ["4111111111111111", "5555555555554444", "4000000000003220", "4242424242424242"]
        var failed: [String] = []
        for scenario in ScenarioCatalog.all {
            let result = await ScenarioRunner.run(scenario, network: KeepingNetwork(sandbox))
            secrets.formUnion(result.secrets.filter { $0.count >= 6 })
            if !result.matchesExpectation { failed.append(scenario.id) }
        }
        #expect(failed.isEmpty, "\(failed)")
        // Every exchange in full, the journal and the state: no declared secret, no card number.
        let journal = try await live.journal()
        #expect(journal.count > 50)
        var texts = [
            String(decoding: try await live.http("GET", "/__admin/requests").body, as: UTF8.self),
            String(decoding: try await live.http("GET", "/__admin/state").body, as: UTF8.self),
        ]
        var judged = 0
        for entry in journal {
            let sequence = try #require(entry["sequence"] as? Int)
            let (status, data) = try await live.http("GET", "/__admin/requests/\(sequence)")
            #expect(status == 200)
            texts.append(String(decoding: data, as: UTF8.self))
            let detail = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            if let verdict = detail["verdict"] as? [String: Any], verdict["operationID"] as? String != nil { judged += 1 }
        }
        let leaks = SecretScanner.leaks(of: Array(secrets), in: texts.joined(separator: "\n"))
        #expect(leaks.isEmpty, "the inspector shows \(leaks.count) secret(s)")
        #expect(judged > journal.count / 2, "\(judged) of \(journal.count) exchanges name their operation")
        // Every provider's state is there, each resource with the exchanges that moved it.
        let providers = try #require(try await live.json("GET", "/__admin/state")["providers"] as? [[String: Any]])
        let resources = providers.flatMap { $0["resources"] as? [[String: Any]] ?? [] }
        let kinds = Set(resources.compactMap { $0["kind"] as? String })
        #expect(
            kinds.isSuperset(of: [
                "order", "access token", "payment", "checkout session", "hosted payment", "tokenization", "token payment",
            ]), "\(kinds)")
        let states = Set(
            resources.compactMap { resource in (resource["kind"] as? String).map { "\($0) \(resource["state"] as? String ?? "")" } })
        #expect(
            states.isSuperset(of: [
                "order COMPLETED", "payment paid", "payment canceled", "hosted payment approved", "hosted payment denied",
                "tokenization token issued",
            ]), "\(states.sorted())")
        #expect(
            states.contains { $0.hasPrefix("checkout session Completed") } && states.contains { $0.hasPrefix("checkout session Canceled") },
            "\(states.sorted())")
        let unattributed = resources.flatMap { $0["history"] as? [[String: Any]] ?? [] }.filter { $0["exchange"] is NSNull }
        #expect(unattributed.isEmpty, "\(unattributed.count) transitions name no exchange")
    }
}
