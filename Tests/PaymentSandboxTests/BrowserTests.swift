import AmazonPayMerchantServer
import AmazonPayMobile
import Foundation
import PaymentFlowsCore
import PaymentMocks
import PaymentSandbox
import PaymentScenarios
import Testing

/// Every provider's hosted pages in a real browser engine: headless Chromium loads each page from
/// the sandbox, a tester's taps drive it (pay, cancel, fail, sign in, Next), and the Swift client
/// finishes the checkout from the navigation the browser made to the callback URL or deep link.
///
/// Chromium, chromedriver and Selenium come from `.ci/run`; without them the suite says so and
/// passes, unless `PAYMENTSCHEMAS_REQUIRE_BROWSER=1` (set by `.ci/run`) makes their absence a failure.
@Suite("Hosted pages in a real browser", .serialized)
struct BrowserTests {
    /// A scenario and the buttons the tester taps through its pages.
    static let cases: [(scenario: String, taps: [String])] = [
        ("mcs/success", ["success"]), ("mcs/cancel", ["cancel"]), ("mcs/failure", ["failure"]),
        ("mit/hosted-approved", ["approved"]), ("mit/hosted-denied", ["denied"]), ("mit/token-payment", ["authenticated"]),
        ("mit/3ds-failed", ["failed"]),
        ("amazonpay/success", ["continue", "nextButton", "pay"]), ("amazonpay/canceled", ["continue", "nextButton", "cancel"]),
        ("amazonpay/declined", ["continue", "nextButton", "decline"]), ("amazonpay/token-mismatch", ["forge", "nextButton"]),
        ("paypal/card-3ds", ["passes"]), ("paypal/web", ["approve"]), ("paypal/web-cancel", ["cancel"]),
        ("mollie/in-app-paid", ["paid"]), ("mollie/canceled", ["canceled"]), ("mollie/expired", ["expired"]),
    ]

    @Test func everyProvidersHostedFlowCompletesInChromium() async throws {
        guard ChromiumWebSession.available(for: "the real-browser test") else { return }
        let sandbox = SandboxServer(configuration: .inProcess())
        let running = try await sandbox.start()
        let browser = try ChromiumWebSession(sandbox: sandbox)
        defer { browser.close() }
        #expect(try await !browser.ready().isEmpty)
        var wrong: [String] = []
        var providers: Set<String> = []
        for entry in Self.cases {
            guard let scenario = ScenarioCatalog.all.first(where: { $0.id == entry.scenario }) else {
                wrong.append("\(entry.scenario): no such scenario")
                continue
            }
            browser.taps = entry.taps
            let before = browser.pages.count
            let result = await ScenarioRunner.run(scenario, network: sandbox, webSession: browser)
            let tapped = browser.pages.dropFirst(before)
            if !(result.matchesExpectation && result.invariantsHold) || tapped.isEmpty {
                wrong.append(
                    "\(entry.scenario): \(result.outcome) pages \(Array(tapped)) steps \(result.steps) logs \(result.logLines.suffix(5))")
            } else {
                providers.insert(scenario.provider)
            }
        }
        await running.stop()
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(providers == Set(ScenarioCatalog.providers))
        // Amazon Pay's rescue path ran in the browser: sign-in, the redirector's JavaScript, next.html's Next.
        #expect(browser.pages.contains { $0.hasPrefix("Amazon Login processing completed [nextButton]") })
    }

    /// The guide's WebView version with Chromium as both web views: the tab plays the app's
    /// WKWebView (the merchant's cart, review and thanks pages, whose `postMessage` calls reach
    /// ``AmazonPayWebViewBridge``) and, between them, the Secure WebView (Amazon's pages).
    @Test func theWebViewVersionRunsInChromium() async throws {
        guard ChromiumWebSession.available(for: "the WebView version's browser test") else { return }
        let sandbox = SandboxServer(configuration: .inProcess())
        let running = try await sandbox.start()
        let browser = try ChromiumWebSession(sandbox: sandbox)
        defer { browser.close() }
        _ = try await browser.ready()
        let pages = MockBrowser()
        let amazon = MockAmazonPayServer(browser: pages)
        let merchantTransport = MockProviderTransport(name: "AmazonPayMerchant")
        sandbox.servePages(of: pages)
        // The cart page loads Amazon's checkout.js: the mock's, where the sandbox serves it.
        let merchant = try SampleMerchantServer.sandbox(
            amazon: amazon, browser: pages, transport: merchantTransport,
            checkoutScriptURL: sandbox.pageURL(for: MockAmazonPayServer.checkoutScriptURL))
        sandbox.register(merchantTransport, as: "merchant")
        let base = running.baseURL.appending(path: "t/merchant")
        // The merchant's host as the web view reaches it on the sandbox.
        func inWebView(_ url: URL) -> URL {
            var components = URLComponents(url: base.appending(path: String(url.path.dropFirst())), resolvingAgainstBaseURL: false)
            components?.query = url.query
            return components?.url ?? url
        }
        let bridge = AmazonPayWebViewBridge(configuration: merchant.configuration.appConfiguration(), webSession: browser, tokens: .random)

        try await browser.load(inWebView(URL(string: "https://shop.example/sample/cart")!))
        // The cart page writes `client` as the guide does (`;path=/;secure`): the browser keeps it.
        #expect(try await browser.cookies().contains("client=iosApp"))
        // …with `secure`, as the guide writes it (`;path=/;secure`).
        #expect(try await browser.cookie("client")["secure"] as? Bool == true)
        let login = try await browser.tapAndWaitForMessage("amazonPayButton")
        #expect(String(decoding: login, as: UTF8.self) == #"{"op":"login"}"#)
        // The guide's coverScreen(): the page is blank while the Secure WebView opens, and the
        // app's uncoverScreen() script restores it when the buyer comes back with Done.
        #expect(try await browser.coverDisplay() == "block")
        try await browser.evaluate(AmazonPayWebViewBridge.uncoverScreenScript)
        #expect(try await browser.coverDisplay() == "none")
        try await browser.evaluate("coverScreen()")
        #expect(try await browser.coverDisplay() == "block")
        try await browser.evaluate(AmazonPayWebViewBridge.uncoverScreenScript)
        #expect(try await browser.coverDisplay() == "none")
        // A plain browser (no app message handler) on the same cart page: Amazon Pay's own button
        // (`amazon.Pay.renderButton`, from checkout.js), no button image, and never covered (the
        // guide covers on the app branches only). Its tap goes to Amazon's sign-in with the options
        // the server signed, and Amazon (verifying them) returns to the review page itself.
        try await browser.plainBrowser(true)
        try await browser.load(inWebView(URL(string: "https://shop.example/sample/cart")!))
        #expect(try await browser.cookies().contains("client=browser"))
        try await browser.waitFor("document.querySelector('#AmazonPayButton button.amazonpay-button-gold') !== null")
        #expect(try await browser.script("return document.getElementById('amazonPayButton') === null") as? Bool == true)
        #expect(try await browser.coverDisplay() == "none")
        try await browser.click("#AmazonPayButton button.amazonpay-button")
        try await browser.waitFor("location.pathname.endsWith('/signin')")
        let signIn = try #require((try await browser.script("return location.href") as? String).flatMap { URL(string: $0) })
        #expect(sandbox.providerURL(for: signIn).host == MockAmazonPayServer.paymentHost)
        browser.taps = ["continue"]
        let reviewPage = try #require(URL(string: "https://shop.example/sample/checkoutReview"))
        let back = try await browser.open(sandbox.providerURL(for: signIn), callback: .returnURL(reviewPage))
        #expect(back.host == "shop.example" && back.path == "/sample/checkoutReview")
        #expect(back.query?.contains("amazonCheckoutSessionId=") == true)
        try await browser.plainBrowser(false)
        try await browser.load(inWebView(URL(string: "https://shop.example/sample/cart")!))
        #expect(try await browser.cookies().contains("client=iosApp"))
        browser.taps = ["continue", "nextButton", "pay"]
        let review = try await bridge.handle(message: login)
        #expect(review.path == "/sample/checkoutReview")
        // As the guide's app loads the next page: `webView.evaluateJavaScript("loadUrl('…')")`, and
        // the cart page's own `loadUrl` navigates. (The tab played the Secure WebView meanwhile; the
        // app's web view still shows the cart.)
        try await browser.load(inWebView(URL(string: "https://shop.example/sample/cart")!))
        let toReview = try #require(AmazonPayWebViewStep.load(inWebView(review)).javaScript)
        #expect(toReview.hasPrefix("loadUrl(\""))
        try await browser.evaluate(toReview)
        try await browser.waitFor("document.getElementById('chargeAmount') !== null")
        #expect(try await browser.text(of: "chargeAmount") == "27456")
        // The server's session cookie is `Secure` and `HttpOnly`, as the guide's server sets it.
        let session = try await browser.cookie("session")
        #expect(session["secure"] as? Bool == true && session["httpOnly"] as? Bool == true)
        let auth = try await browser.tapAndWaitForMessage("purchaseButton")
        // The review page, too, is blank while the Secure WebView opens (the guide's coverScreen()
        // before `{op: 'auth'}`), and the app's uncoverScreen() restores it.
        #expect(try await browser.coverDisplay() == "block")
        try await browser.evaluate(AmazonPayWebViewBridge.uncoverScreenScript)
        #expect(try await browser.coverDisplay() == "none")
        let thanks = try await bridge.handle(message: auth)
        #expect(thanks == URL(string: "https://shop.example/sample/thanks"))
        // The review page's `loadUrl`, as the guide's app loads the thanks page (the app's web view
        // still shows the review page).
        try await browser.load(inWebView(review))
        try await browser.evaluate(try #require(AmazonPayWebViewStep.load(inWebView(thanks)).javaScript))
        try await browser.waitFor("document.getElementById('merchantReferenceId') !== null")
        #expect(try await browser.text(of: "merchantReferenceId") == "MY-ORDER-1")
        #expect(Array(amazon.completionsBySession.values) == [1])
        await running.stop()
    }
}
