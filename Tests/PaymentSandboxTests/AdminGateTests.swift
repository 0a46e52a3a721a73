import Foundation
import PaymentSandbox
import Testing

/// The admin is safe by default, on loopback too: a change needs the token or
/// `X-Sandbox-Client: 1` (a header a cross-site form cannot send) and a same-origin `Origin`; a
/// `Host` that is not the sandbox's own is refused before any route (DNS rebinding); a request that
/// came through a proxy is treated as off the machine; answers cannot be framed or sniffed. Proven
/// over a socket and, from a page of another origin, in Chromium.
@Suite("The admin refuses what a browser can forge")
struct AdminGateTests {
    typealias Live = SandboxInspectorTests.Live

    /// Whether the order `id` is still known to the PayPal provider (a reset forgets it).
    static func orderExists(_ live: Live, _ id: String, token: String) async throws -> Bool {
        try await live.http("GET", "/t/paypal/v2/checkout/orders/\(id)", headers: ["Authorization": "Bearer \(token)"]).status == 200
    }

    @Test func aChangeNeedsTheClientHeaderOrTheTokenAndTheSameOrigin() async throws {
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        let (token, order, _) = try await SandboxInspectorTests.payPalCheckout(live, challenge: false)
        let admin = try #require(live.sandbox.adminToken)
        let own = "http://" + (live.base.host ?? "") + ":" + String(live.base.port ?? 0)
        let refused: [(String, [String: String])] = [
            ("no header (a cross-site form)", ["Content-Type": "application/x-www-form-urlencoded"]),
            ("no header, text/plain (a no-cors fetch)", ["Content-Type": "text/plain", "Origin": "http://evil.example"]),
            ("the client header from another origin", ["X-Sandbox-Client": "1", "Origin": "http://evil.example"]),
            ("the client header from another port of localhost", ["X-Sandbox-Client": "1", "Origin": "http://localhost:1"]),
            ("the client header, cross-site by Sec-Fetch-Site", ["X-Sandbox-Client": "1", "Sec-Fetch-Site": "cross-site"]),
            ("a wrong token", ["X-Sandbox-Token": String(admin.reversed())]),
            ("the client header with another value", ["X-Sandbox-Client": "yes"]),
        ]
        for (what, headers) in refused {
            for (method, path) in [("POST", "/__admin/reset"), ("POST", "/__admin/requests/1/replay"), ("DELETE", "/__admin/requests")] {
                let answer = try await live.http(method, path, headers: headers)
                #expect(answer.status == 403, "\(method) \(path) with \(what): \(answer.status)")
            }
        }
        #expect(try await Self.orderExists(live, order, token: token), "a refused reset reset the sandbox")
        let journal = try await live.journal().count
        #expect(journal > 0, "a refused DELETE cleared the journal")
        // The page's own script: the header, same origin.
        #expect(try await live.http("POST", "/__admin/reset", headers: ["X-Sandbox-Client": "1", "Origin": own]).status == 204)
        #expect(try await !Self.orderExists(live, order, token: token))
        // A script or tool with the token (any case of the bearer scheme).
        #expect(try await live.http("POST", "/__admin/reset", headers: ["X-Sandbox-Token": admin]).status == 204)
        #expect(try await live.http("DELETE", "/__admin/requests", headers: ["Authorization": "bearer \(admin)"]).status == 204)
    }

    @Test func aForeignHostIsRefusedAndAProxiedRequestNeedsTheToken() async throws {
        var configuration = SandboxConfiguration.inProcess()
        configuration.adminHosts = ["sandbox.test"]
        let live = try await Live.start(configuration: configuration)
        defer { Task { await live.running.stop() } }
        let port = try #require(live.base.port)
        let admin = try #require(live.sandbox.adminToken)
        func get(_ path: String, _ fields: String) async throws -> RawSocket.Reply {
            try await RawSocket.exchange(port: port, [RawSocket.lines("GET \(path) HTTP/1.1\n\(fields)Connection: close\n\n")])
        }
        // DNS rebinding: a name that resolves to 127.0.0.1 but is not the sandbox's.
        for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example", "127.0.0.1.evil.example:\(port)", "127.1", "[::2]"] {
            let reply = try await get("/__admin/state", "Host: \(host)\n")
            #expect(reply.status == 403 && reply.text.contains("HOST_NOT_ALLOWED"), "Host \(host): \(reply.status ?? 0)")
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "sandbox.test:\(port)", "SANDBOX.TEST"] {
            #expect(try await get("/__admin/health", "Host: \(host)\n").status == 200, "Host \(host)")
        }
        // A plain proxy in front of the loopback sandbox: what it forwards is from off the machine.
        for forwarded in ["X-Forwarded-For: 203.0.113.9\n", "Forwarded: for=203.0.113.9\n", "X-Real-IP: 203.0.113.9\n"] {
            let reply = try await get("/__admin/state", "Host: 127.0.0.1:\(port)\n" + forwarded)
            #expect(reply.status == 401, "\(forwarded): \(reply.status ?? 0)")
            #expect(try await get("/__admin/state", "Host: 127.0.0.1:\(port)\nX-Sandbox-Token: \(admin)\n" + forwarded).status == 200)
        }
        // The providers stay open to any Host: apps reach them by the machine's name.
        #expect(try await get("/", "Host: evil.example\n").status == 200)
    }

    @Test func adminAnswersCannotBeFramedOrSniffedAndThePageRunsNoInlineScript() async throws {
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        let port = try #require(live.base.port)
        for path in ["/__admin/", "/__admin/health", "/__admin/requests", "/__admin/inspector.js", "/__admin/requests/999999"] {
            let reply = try await RawSocket.exchange(
                port: port, [RawSocket.lines("GET \(path) HTTP/1.1\nHost: 127.0.0.1:\(port)\nConnection: close\n\n")])
            let head = reply.text.lowercased()
            #expect(head.contains("x-content-type-options: nosniff"), "\(path)")
            #expect(head.contains("frame-ancestors 'none'"), "\(path)")
            #expect(head.contains("referrer-policy: no-referrer"), "\(path)")
        }
        let page = try await RawSocket.exchange(
            port: port, [RawSocket.lines("GET /__admin/ HTTP/1.1\nHost: 127.0.0.1:\(port)\nConnection: close\n\n")])
        let policy = try #require(page.text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-security-policy:") })
        #expect(policy.contains("script-src 'self'") && !policy.contains("script-src 'unsafe-inline'"))
        #expect(page.text.contains(#"<script src="/__admin/inspector.js"></script>"#))
        #expect(!page.text.contains("<script>"))
        let script = String(decoding: try await live.http("GET", "/__admin/inspector.js").body, as: UTF8.self)
        #expect(script.contains(#""X-Sandbox-Client": "1""#))
    }

    @Test func aPageOfAnotherOriginInChromiumChangesNothing() async throws {
        guard ChromiumWebSession.available(for: "the cross-origin browser test") else { return }
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        let port = try #require(live.base.port)
        let (token, order, _) = try await SandboxInspectorTests.payPalCheckout(live, challenge: false)
        let browser = try ChromiumWebSession(sandbox: live.sandbox)
        defer { browser.close() }
        _ = try await browser.ready()
        // Another origin: the sandbox's own index, reached as localhost (a page of another port or
        // site is the same to the browser: not 127.0.0.1:<port>).
        try await browser.load(try #require(URL(string: "http://localhost:\(port)/")))
        let target = "http://127.0.0.1:\(port)"
        let outcome = try await browser.asyncScript(
            """
            const done = arguments[arguments.length - 1];
            (async () => {
            const results = [];
            const attempt = async (what, run) => { try { const r = await run(); results.push(what + ":" + (r.type === "opaque" ? "opaque" : r.status)); } catch (e) { results.push(what + ":blocked"); } };
            await attempt("no-cors reset", () => fetch("\(target)/__admin/reset", { method: "POST", mode: "no-cors" }));
            await attempt("no-cors replay", () => fetch("\(target)/__admin/requests/1/replay", { method: "POST", mode: "no-cors", body: "x" }));
            await attempt("cors reset with the header", () => fetch("\(target)/__admin/reset", { method: "POST", headers: { "X-Sandbox-Client": "1" } }));
            await attempt("cors clear", () => fetch("\(target)/__admin/requests", { method: "DELETE", headers: { "X-Sandbox-Client": "1" } }));
            done(results.join(","));
            })();
            """)
        let results = try #require(outcome as? String)
        // The header forces a preflight the sandbox never allows: blocked before the request.
        #expect(results.contains("cors reset with the header:blocked") && results.contains("cors clear:blocked"), "\(results)")
        // And a form, the oldest forgery: it navigates to the refusal.
        _ = try await browser.script(
            """
            const form = document.createElement("form");
            form.method = "POST"; form.action = "\(target)/__admin/reset";
            document.documentElement.appendChild(form); form.submit();
            """)
        try await browser.waitFor("location.href.indexOf('/__admin/reset') >= 0 && document.readyState === 'complete'")
        #expect(try await Self.orderExists(live, order, token: token), "a page of another origin reset the sandbox: \(results)")
        let refusals = try await live.journal()
        #expect(!refusals.isEmpty, "a page of another origin cleared the journal")
        // The control: the inspector's own page (same origin) can reset.
        try await browser.load(live.base.appending(path: "__admin/"))
        let own = try await browser.asyncScript(
            """
            const done = arguments[arguments.length - 1];
            fetch("/__admin/reset", { method: "POST", headers: { "X-Sandbox-Client": "1" } }).then(r => done(r.status), e => done(String(e)));
            """)
        #expect(own as? Int == 204, "\(String(describing: own))")
        #expect(try await !Self.orderExists(live, order, token: token))
    }
}
