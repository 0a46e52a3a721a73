import Foundation
import PaymentFlowsCore
import PaymentMocks
import PaymentSandbox
import Testing

/// The inspector in a real browser: a PayPal card checkout with a real card number, security code
/// and bearer token (its 3-D Secure page passed in Chromium), then the inspector opened in the
/// same Chromium, offline (everything from the sandbox): the exchanges listed live, one opened in
/// full with no secret on the page or in anything it fetched, the order's history followed to the
/// exchange that completed it, a replay shown beside the original, and a screenshot kept
/// (`$PAYMENTSCHEMAS_ARTIFACTS/inspector.png`, `.build/artifacts/` by default; CI keeps it).
@Suite("The inspector in a real browser", .serialized)
struct InspectorBrowserTests {
    typealias Live = SandboxInspectorTests.Live

    /// Where the screenshot goes.
    static var artifacts: URL {
        if let directory = ProcessInfo.processInfo.environment["PAYMENTSCHEMAS_ARTIFACTS"], !directory.isEmpty {
            return URL(fileURLWithPath: directory)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: ".build/artifacts")
    }

    @Test func theInspectorShowsACheckoutInChromiumWithNoSecretOnThePage() async throws {
        guard ChromiumWebSession.available(for: "the inspector's browser test") else { return }
        let live = try await Live.start()
        let browser = try ChromiumWebSession(sandbox: live.sandbox)
        defer { browser.close() }
        _ = try await browser.ready()
        // The checkout: token, order, confirm with the card (3-D Secure challenge), the buyer passes
        // the challenge in Chromium, the merchant captures.
        let (token, order, payerAction) = try await SandboxInspectorTests.payPalCheckout(live, challenge: true)
        browser.taps = ["passes"]
        let end = try await browser.open(try #require(payerAction), callback: .scheme("com.example.app"))
        #expect(end.absoluteString.hasPrefix("com.example.app://card/success"))
        let bearer = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        #expect(try await live.http("POST", "/t/paypal/v2/checkout/orders/\(order)/capture", headers: bearer, body: "{}").status == 201)
        #expect(
            try await live.http(
                "POST", "/t/paypal/v2/checkout/orders", headers: bearer,
                body: #"{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"-5.00"}}]}"#
            ).status == 422)
        let secrets = [SandboxInspectorTests.card, SandboxInspectorTests.quotedSecurityCode, "security_code\": \"738", token]

        // The list, live: every exchange of the checkout, the hosted page's included.
        try await browser.load(live.base.appending(path: "__admin/"))
        try await browser.waitFor("document.querySelectorAll('#rows tr').length >= 6")
        let paths = try #require(
            try await browser.script("return [...document.querySelectorAll('#rows tr')].map(r => r.children[4].textContent)") as? [String])
        #expect(
            paths.contains { $0.hasSuffix("/confirm-payment-source") }
                && paths.contains { $0.hasPrefix("/h/www.sandbox.paypal.com/webapps/helios") }
                && paths.contains { $0.hasSuffix("/capture") })
        // Live: an exchange made now appears without reloading.
        _ = try await live.http("GET", "/t/paypal/v2/checkout/orders/\(order)", headers: bearer)
        try await browser.waitFor(
            "[...document.querySelectorAll('#rows tr')].some(r => r.children[3].textContent === 'GET' && r.children[4].textContent.startsWith('/t/paypal/v2/checkout/orders/'))"
        )

        // One exchange in full: the confirm, its card and token redacted, its verdict.
        let confirm = try await live.sequence(endingWith: "/confirm-payment-source")
        try await browser.click("#rows tr[data-sequence='\(confirm)']")
        try await browser.waitFor("document.querySelector('#compare [data-role=request-body]')")
        let page = try #require(try await browser.script("return document.body.innerText") as? String)
        #expect(page.contains(#""security_code": "<redacted>""#) && page.contains(#""number": "<redacted>""#), "\(page.prefix(4_000))")
        #expect(
            page.contains("Bearer <redacted>") && page.contains("ConfirmPaymentSourceRequest") && page.contains("PAYER_ACTION_REQUIRED"))
        for secret in secrets { #expect(!page.contains(secret), "the page shows a secret") }
        // Nor anything the page fetches: the journal, every exchange, the state.
        let fetched = try #require(
            try await browser.asyncScript(
                """
                const done = arguments[arguments.length - 1];
                (async () => {
                  const list = await (await fetch('/__admin/requests')).text();
                  const texts = [list, await (await fetch('/__admin/state')).text()];
                  for (const e of JSON.parse(list).requests) texts.push(await (await fetch('/__admin/requests/' + e.sequence)).text());
                  return texts.join('\\n');
                })().then(done, error => done('failed: ' + error));
                """) as? String)
        #expect(!fetched.hasPrefix("failed") && fetched.contains("<redacted>"))
        for secret in secrets { #expect(!fetched.contains(secret), "a fetched document shows a secret") }
        // Copy as curl, with the credential as a placeholder.
        try await browser.click("#copy-curl")
        let curl = try #require(try await browser.script("return document.getElementById('curl').textContent") as? String)
        #expect(curl.contains("$AUTHORIZATION") && curl.contains("confirm-payment-source") && !secrets.contains { curl.contains($0) })

        // The order's history, each transition linked to its exchange: follow COMPLETED to the capture.
        try await browser.click("#state-tab")
        try await browser.waitFor("document.querySelector(\"#state tr[data-resource='\(order)']\")")
        let history = try #require(
            try await browser.script("return document.querySelector(\"#state tr[data-resource='\(order)'] .history\").textContent")
                as? String)
        #expect(
            history.contains("CREATED") && history.contains("PAYER_ACTION_REQUIRED") && history.contains("APPROVED")
                && history.contains("COMPLETED"), "\(history)")
        let capture = try await live.sequence(endingWith: "/capture")
        try await browser.click("#state tr[data-resource='\(order)'] .history a[data-sequence='\(capture)']")
        try await browser.waitFor("document.querySelector(\"#compare > div[data-sequence='\(capture)']\")")

        // Replay the refused order: the new exchange appears beside the old, refused alike.
        let refused = try await live.sequence(endingWith: "/v2/checkout/orders")
        try await browser.click("#rows tr[data-sequence='\(refused)']")
        try await browser.waitFor("document.querySelector(\"#compare > div[data-sequence='\(refused)']\")")
        try await browser.click("#replay")
        try await browser.waitFor("document.querySelectorAll('#compare > div').length === 2")
        let columns = try #require(
            try await browser.script(
                "return [...document.querySelectorAll('#compare > div')].map(d => d.querySelector('h2').textContent + ' | ' + d.querySelector('[data-role=verdict]').textContent)"
            ) as? [String])
        #expect(
            columns.count == 2 && columns[1].contains("replay of #\(refused)")
                && columns.allSatisfy { $0.contains("422") && $0.contains("CANNOT_BE_ZERO_OR_NEGATIVE") }, "\(columns)")
        try await browser.waitFor("[...document.querySelectorAll('#rows tr')].length >= 9")

        // Offline: the page loaded nothing from anywhere but the sandbox.
        let origins = try #require(
            try await browser.script(
                "return performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation')).map(e => e.name).filter(n => !n.startsWith(location.origin))"
            ) as? [String])
        #expect(origins.isEmpty, "\(origins)")
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let shot = Self.artifacts.appending(path: "inspector.png")
        try await browser.screenshot(to: shot.path)
        #expect((try? Data(contentsOf: shot))?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        await live.running.stop()
    }

    /// The Webhooks tab in Chromium: a Mollie payment's delivery to a receiver that failed twice,
    /// its three attempts (500, 500, 200) listed with the schedule, and "Send again" making a replay.
    @Test func theInspectorShowsAWebhooksAttemptsInChromium() async throws {
        guard ChromiumWebSession.available(for: "the inspector's webhooks test") else { return }
        var configuration = SandboxConfiguration.inProcess()
        configuration.webhookTimeScale = 60_000
        let live = try await Live.start(configuration: configuration)
        let receiver = try await WebhookReceiver.start()
        defer { receiver.stop() }
        let browser = try ChromiumWebSession(sandbox: live.sandbox)
        defer { browser.close() }
        _ = try await browser.ready()
        let key = ["Authorization": "Bearer test_inspector1", "Content-Type": "application/json"]
        let created = try await live.json(
            "POST", "/t/mollie-api/v2/payments", headers: key,
            body:
                #"{"amount":{"currency":"EUR","value":"5.00"},"description":"Order 9","redirectUrl":"https://shop.example/r","webhookUrl":""#
                + receiver.url("/fail-twice/inspector") + #""}"#)
        let id = try #require(created["id"] as? String)
        #expect(try await live.http("DELETE", "/t/mollie-api/v2/payments/\(id)", headers: key).status == 200)
        #expect(await receiver.wait(for: 3, on: "/fail-twice/inspector").count == 3)

        try await browser.load(live.base.appending(path: "__admin/"))
        try await browser.click("#webhooks-tab")
        try await browser.waitFor("document.querySelectorAll('#webhooks [data-delivery=whd_1] [data-role=attempts] li').length === 3")
        let attempts = try #require(
            try await browser.script(
                "return [...document.querySelectorAll('#webhooks [data-delivery=whd_1] [data-role=attempts] li')].map(l => l.textContent)")
                as? [String])
        #expect(
            attempts.count == 3 && attempts[0].contains("500") && attempts[1].contains("500") && attempts[2].contains("200"), "\(attempts)")
        let state = try #require(
            try await browser.script("return document.querySelector('#webhooks [data-delivery=whd_1] [data-role=state]').textContent")
                as? String)
        #expect(state.contains("delivered") && state.contains("3 of 10 attempts"), "\(state)")
        let body = try #require(
            try await browser.script(
                "return document.querySelector('#webhooks [data-delivery=whd_1] [data-role=webhook-body]').textContent")
                as? String)
        #expect(body == "id=\(id)")
        try await browser.click("#webhooks [data-delivery=whd_1] [data-role=replay]")
        try await browser.waitFor("document.querySelector('#webhooks [data-delivery=whd_2]')")
        #expect(await receiver.wait(for: 4, on: "/fail-twice/inspector").count == 4)
        await live.running.stop()
    }
}
