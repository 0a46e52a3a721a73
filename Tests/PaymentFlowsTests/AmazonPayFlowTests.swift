import AmazonPayMerchantServer
import Foundation
import OpenAPIRuntime
import PaymentFlowsCore
import PaymentMocks
import PaymentServerCore
import Testing
import _CryptoExtras

@testable import AmazonPayMobile

/// The app ↔ merchant server ↔ Amazon Pay split of the guide: the app talks only to the sample
/// merchant server, which computes the order and signs every Amazon Pay call; the Amazon Pay mock
/// verifies each signature.
@Suite("AmazonPayMobile flows")
@MainActor
struct AmazonPayFlowTests {
    nonisolated static let login = Data(#"{"op":"login"}"#.utf8)
    nonisolated static let cart = SampleCart(hd8: 1, hd10: 0)
    nonisolated static let keyID = "FLOW-KEY"
    nonisolated static let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    struct Fixture {
        let browser = MockBrowser()
        let amazon: MockAmazonPayServer
        let merchant: SampleMerchantServer
        let merchantTransport: MockProviderTransport
        let checkout: AmazonPayCheckout
        let logs = LogCapture()

        init(
            _ outcome: MockAmazonPayServer.Outcome, signingKey: _RSA.Signing.PrivateKey = AmazonPayFlowTests.key,
            universalLinkPrefix: String? = nil, configuration: SampleMerchantServer.Configuration = SampleMerchantServer.Configuration(),
            merchantTransport: MockProviderTransport = MockProviderTransport(name: "AmazonPayMerchant"),
            wrapAmazon: (any ClientTransport) -> any ClientTransport = { $0 },
            wrapMerchant: (any ClientTransport) -> any ClientTransport = { $0 }
        ) {
            amazon = MockAmazonPayServer(outcome: outcome, browser: browser)
            amazon.signatureVerifier = AmazonPaySignatureVerifier(publicKeys: [AmazonPayFlowTests.keyID: AmazonPayFlowTests.key.publicKey])
            merchant = SampleMerchantServer(
                configuration: configuration,
                signer: AmazonPayRequestSigner(publicKeyID: AmazonPayFlowTests.keyID, privateKey: signingKey, region: "jp"),
                amazonPay: wrapAmazon(amazon.transport), routes: merchantTransport, tokens: .seeded(7), logger: logs.logger())
            for page in merchant.hostedPages { browser.host(page) }
            self.merchantTransport = merchantTransport
            checkout = AmazonPayCheckout(
                configuration: merchant.configuration.appConfiguration(universalLinkPrefix: universalLinkPrefix),
                transport: wrapMerchant(merchantTransport),
                webSession: browser, tokens: .seeded(42), retryPolicy: RetryPolicy(maxAttempts: 3, initialDelay: .zero),
                logger: logs.logger())
        }

        /// One page of the merchant server, as a browser asks for it (HTML, with `cookie`).
        func page(_ method: String, _ path: String, query: [URLQueryItem] = [], cookie: String = "") async throws -> ServerResponse {
            let request = ServerRequest(
                method: method, path: path, query: query, headers: ["accept": "text/html", "cookie": cookie], body: Data(),
                operationID: "page")
            guard case .answered(let response) = try await merchantTransport.serve(request) else {
                throw WebSessionError.presentationFailed("no answer")
            }
            return response
        }

        func run(_ cart: SampleCart = AmazonPayFlowTests.cart, confirm: Bool = true) async throws -> AmazonPayReceipt {
            try await checkout.checkout(bridgeMessage: AmazonPayFlowTests.login, cart: cart) { review in
                MainActor.assertIsolated()
                return confirm && review.order.chargeAmount > 0
            }
        }
    }

    @Test func theNativeAppTalksOnlyToTheMerchantServerWhichSignsEveryAmazonPayCall() async throws {
        let fixture = Fixture(.success)
        let receipt = try await fixture.run()
        #expect(receipt.order.price == 8980)
        #expect(receipt.order.chargeAmount == 9878)
        #expect(receipt.order.merchantReferenceId == "MY-ORDER-1")
        #expect(receipt.session.statusDetails.state == .completed)
        let id = receipt.session.checkoutSessionId
        #expect(fixture.amazon.completionsBySession[id] == 1)
        #expect(fixture.merchant.order(forSession: id)?.merchantReferenceId == "MY-ORDER-1")

        // The Secure WebView: app login → Amazon sign-in → redirector → next.html → the universal link.
        let opened = fixture.browser.openedURLs
        #expect(opened.count == 2)
        #expect(opened[0].absoluteString.hasPrefix("https://shop.example/appLogin?client=iosApp&token="))
        #expect(try AppLoginQuery(url: opened[0]).violations.isEmpty)
        #expect(opened[1].absoluteString == "https://apay.example/checkout/processing?amazonCheckoutSessionId=\(id)")
        // The universal link back carries the session; the custom-scheme return from the relay page
        // (which any app could register) carries none.
        let ended = fixture.browser.endedURLs
        #expect(ended.count == 2)
        #expect(ended.first?.scheme == "https" && ended.first?.query?.contains("amazonCheckoutSessionId=\(id)") == true)
        #expect(ended.last?.scheme == "amazonpay-ios-v2")
        #expect(ended.last.map { !$0.absoluteString.contains("amazonCheckoutSessionId") && !$0.absoluteString.contains(id) } == true)

        // The app's requests: the merchant server's endpoints only, no Amazon Pay header, no signature.
        let app = fixture.merchantTransport.requests
        #expect(
            app.map(\.description) == [
                "GET /sample/checkoutReview?amazonCheckoutSessionId", "POST /sample/checkoutSession", "GET /sample/thanks",
            ])
        #expect(app[0].queryValue("amazonCheckoutSessionId") == id)
        #expect(app[0].header("cookie") == "client=iosApp; hd8=1; hd10=0")
        #expect(app[1].header("cookie") == "session=\(id)" && app[2].header("cookie") == "session=\(id)")
        #expect(
            app.allSatisfy { request in
                request.header("authorization") == nil && !request.headers.keys.contains { $0.hasPrefix("x-amz-pay") }
            })

        // The merchant server's calls to Amazon Pay: every one signed and verified.
        let sent = fixture.amazon.transport.requests
        #expect(
            sent.map(\.description) == [
                "GET /v2/checkoutSessions/\(id)", "PATCH /v2/checkoutSessions/\(id)", "POST /v2/checkoutSessions/\(id)/complete",
            ])
        let verifier = AmazonPaySignatureVerifier(publicKeys: [Self.keyID: Self.key.publicKey])
        #expect(
            sent.allSatisfy { $0.header("authorization")?.hasPrefix("AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=FLOW-KEY, SignedHeaders=") == true }
        )
        #expect(sent.allSatisfy { verifier.refusal(for: $0) == nil })
        #expect(sent.allSatisfy { $0.header("x-amz-pay-region") == "jp" })
        // Every call carries its own key, the read too (the guide's server sends one with
        // `getCheckoutSession`), and the key is signed.
        let readKey = try #require(sent[0].header("x-amz-pay-idempotency-key"))
        let updateKey = try #require(sent[1].header("x-amz-pay-idempotency-key"))
        let completeKey = try #require(sent[2].header("x-amz-pay-idempotency-key"))
        #expect(Set([readKey, updateKey, completeKey]).count == 3 && [readKey, updateKey, completeKey].allSatisfy { $0.count == 32 })
        #expect(sent[0].header("authorization")?.contains("x-amz-pay-idempotency-key") == true)
        let update = try sent[1].decode(UpdateCheckoutSessionRequest.self)
        #expect(update.paymentDetails?.chargeAmount == AmazonPayPrice(amount: "9878", currencyCode: "JPY"))
        #expect(update.paymentDetails?.paymentIntent == .authorize)
        #expect(update.merchantMetadata?.merchantReferenceId == "MY-ORDER-1")
        // The guide's `updateCheckoutSession({merchantReferenceId: newMerchantReferenceId(), merchantStoreName: …})`.
        #expect(update.merchantMetadata?.merchantStoreName == "MY-SHOP")
        #expect(update.merchantMetadata?.noteToBuyer == "Thank you!")
        #expect(update.merchantMetadata?.customInformation == "This isn't shared with Buyer")
        #expect(update.paymentDetails?.canHandlePendingAuthorization == false)
        #expect(
            update.webCheckoutDetails?.checkoutResultReturnUrl?.absoluteString
                == "https://shop.example/static/dispatcher.html?client=iosApp")
        #expect(try sent[2].decode(CompleteCheckoutSessionRequest.self).chargeAmount == AmazonPayPrice(amount: "9878", currencyCode: "JPY"))

        // The server numbers orders and computes totals from quantities: the app sends no price.
        let second = try await fixture.run(SampleCart(hd8: 1, hd10: 2))
        #expect(second.order.merchantReferenceId == "MY-ORDER-2")
        #expect(second.order.chargeAmount == 45034)
        #expect(!fixture.logs.all.joined().contains(try AppLoginQuery(url: opened[0]).token))
    }

    @Test func theLinksHostNamesTheAppForEveryUniversalLinkTheFlowTakes() async throws {
        let fixture = Fixture(.success)
        let visited = LockIsolated<[String]>([])
        fixture.browser.observer = { page in visited.withValue { $0.append(page) } }
        let receipt = try await fixture.run()
        let configuration = fixture.merchant.configuration
        // Where the signed button payload told Amazon to return: the iOS redirector on the links host.
        let session = fixture.amazon.session(receipt.session.checkoutSessionId)
        let reviewReturn = try #require(session?.webCheckoutDetails?.checkoutReviewReturnUrl)
        #expect(reviewReturn.host == configuration.linksHost && reviewReturn.path == "/redirector_local-iosApp.html")
        // The file the links host serves, as iOS fetches it: JSON at the well-known path.
        let page = try #require(fixture.merchant.hostedPages.first { $0.document != nil })
        #expect(page.answers(URL(string: "https://links.shop.example/.well-known/apple-app-site-association")!))
        let document = try #require(page.document)
        #expect(document.contentType == "application/json")
        let association = try JSONDecoder().decode(AppleAppSiteAssociation.self, from: document.body)
        #expect(association == configuration.appSiteAssociation)
        let object = try #require(try JSONSerialization.jsonObject(with: document.body) as? [String: Any])
        let applinks = try #require(object["applinks"] as? [String: Any])
        #expect((applinks["apps"] as? [String])?.isEmpty == true)
        let detail = try #require((applinks["details"] as? [[String: Any]])?.first)
        #expect(detail["appIDs"] as? [String] == [configuration.appID] && detail["appID"] as? String == configuration.appID)
        #expect(detail["components"] as? [[String: String]] == [["/": "/redirector_local-iosApp.html"], ["/": "/index.html"]])
        #expect(detail["paths"] as? [String] == ["/redirector_local-iosApp.html", "/index.html"])

        // Every links-host page the Secure WebView went through (the redirector Amazon returns to)
        // and the universal link `next.html` leads to open the app, in both readings of the file.
        let throughLinks = visited.value.compactMap { entry in
            entry.components(separatedBy: " ▸ ").last.flatMap(URL.init(string:)).flatMap { $0.host == configuration.linksHost ? $0 : nil }
        }
        #expect(throughLinks.map(\.path) == ["/redirector_local-iosApp.html"])
        let universalLink = try #require(URL(string: "https://\(configuration.linksHost)\(configuration.universalLinkPath)?token=t"))
        for url in throughLinks + [reviewReturn, universalLink] {
            #expect(association.app(opening: url) == configuration.appID)
            #expect(association.legacyApp(opening: url) == configuration.appID)
        }
        // Nothing else on the host does: not Android's redirector, not the file, not a near miss.
        for path in [
            "/", "/static/next.html", "/redirector_local-androidApp.html", "/.well-known/apple-app-site-association", "/INDEX.html",
        ] {
            let url = try #require(URL(string: "https://\(configuration.linksHost)\(path)"))
            #expect(association.app(opening: url) == nil && association.legacyApp(opening: url) == nil)
        }
    }

    @Test func associationPatternsMatchAsIOSReadsThem() throws {
        var association = AppleAppSiteAssociation(appID: "T.app", paths: ["/pay/*/done", "/r?.html"])
        let cases: [(String, Bool)] = [
            ("/pay/1/done", true), ("/pay/a/b/done", true), ("/pay//done", true), ("/pay/1/done/x", false), ("/r1.html", true),
            ("/r12.html", false), ("/r.html", false), ("/Pay/1/done", false),
        ]
        for (path, opens) in cases {
            let url = try #require(URL(string: "https://links.example\(path)?q=1"))
            #expect((association.app(opening: url) != nil) == opens, "\(path)")
            #expect((association.legacyApp(opening: url) != nil) == opens, "\(path)")
        }
        // An excluding pattern ahead of a match keeps the link in the browser, in both readings.
        association.applinks.details[0].components.insert(AppleAppSiteAssociation.Component(path: "/pay/0/*", exclude: true), at: 0)
        association.applinks.details[0].paths.insert("NOT /pay/0/*", at: 0)
        let excluded = try #require(URL(string: "https://links.example/pay/0/done"))
        #expect(association.app(opening: excluded) == nil && association.legacyApp(opening: excluded) == nil)
        #expect(association.app(opening: try #require(URL(string: "https://links.example/pay/1/done"))) == "T.app")
    }

    @Test func aRedirectThatTriggersTheUniversalLinkSkipsTheRescuePage() async throws {
        let fixture = Fixture(.success, universalLinkPrefix: "/redirector_local-")
        let receipt = try await fixture.run()
        #expect(receipt.order.merchantReferenceId == "MY-ORDER-1")
        #expect(fixture.amazon.completionsBySession[receipt.session.checkoutSessionId] == 1)
    }

    @Test(arguments: [
        (MockAmazonPayServer.Outcome.tokenMismatch, AmazonPayError.Code.tokenMismatch, 0, 0),
        (.closedAtLogin, .buyerCanceled, 0, 0),
        (.expired, .sessionExpired, 1, 1),
        (.canceledAtPayment, .buyerCanceled, 2, 2),
        (.declined, .declined, 3, 4),
    ])
    func failuresAreTypedAndStopTheFlow(
        _ outcome: MockAmazonPayServer.Outcome, _ code: AmazonPayError.Code, _ appRequests: Int, _ amazonRequests: Int
    ) async throws {
        let fixture = Fixture(outcome)
        do {
            _ = try await fixture.run()
            Issue.record("expected \(code)")
        } catch let error as AmazonPayError {
            #expect(error.code == code)
        }
        #expect(fixture.merchantTransport.requests.count == appRequests, "\(fixture.merchantTransport.requests)")
        #expect(fixture.amazon.transport.requests.count == amazonRequests, "\(fixture.amazon.transport.requests)")
        #expect(fixture.amazon.completionsBySession.values.allSatisfy { $0 == 0 })
    }

    @Test func aBuyerWhoDoesNotConfirmIsNeverCharged() async throws {
        let fixture = Fixture(.success)
        await #expect { try await fixture.run(confirm: false) } throws: { ($0 as? AmazonPayError)?.code == .buyerDeclinedPurchase }
        #expect(fixture.amazon.transport.requests.map(\.method) == ["GET"])
        #expect(fixture.amazon.completionsBySession.isEmpty)
    }

    @Test func aButtonSignedWithAKeyAmazonDoesNotKnowNeverReachesLogin() async throws {
        let fixture = Fixture(.success, signingKey: try _RSA.Signing.PrivateKey(keySize: .bits2048))
        await #expect { try await fixture.run() } throws: { ($0 as? AmazonPayError)?.code == .webSessionFailed }
        #expect(fixture.amazon.transport.requests.isEmpty)
        #expect(fixture.merchantTransport.requests.isEmpty)
    }

    @Test func bridgeMessagesAndCartsAreValidated() async throws {
        let fixture = Fixture(.success)
        for body in [
            #"{"op":"pay"}"#, #"{"op":"auth","url":"http://insecure.example"}"#, #"{"op":"auth","url":"https://apay.example"}"#, "not json",
        ] {
            await #expect { try await fixture.checkout.checkout(bridgeMessage: Data(body.utf8), cart: Self.cart) { _ in true } } throws: {
                ($0 as? AmazonPayError)?.code == .invalidBridgeMessage
            }
        }
        for cart in [SampleCart(hd8: 0, hd10: 0), SampleCart(hd8: -1, hd10: 2), SampleCart(hd8: 100, hd10: 0)] {
            await #expect { try await fixture.run(cart) } throws: { ($0 as? AmazonPayError)?.code == .invalidBridgeMessage }
        }
        #expect(fixture.browser.openedURLs.isEmpty)
    }

    @Test func aLostCompletionIsRetriedByTheServerWithTheSameKeyAndChargesOnce() async throws {
        let fixture = Fixture(.success, wrapAmazon: { LoseFirstAnswer($0, operationID: "completeCheckoutSession") })
        let receipt = try await fixture.run()
        let completes = fixture.amazon.transport.requests.filter { $0.path.hasSuffix("/complete") }
        #expect(completes.count == 2)
        #expect(completes[0].header("x-amz-pay-idempotency-key") == completes[1].header("x-amz-pay-idempotency-key"))
        #expect(fixture.amazon.completionsBySession[receipt.session.checkoutSessionId] == 1)
    }

    @Test func aLostThanksAnswerIsRetriedByTheAppAndChargesOnce() async throws {
        let fixture = Fixture(.success, wrapMerchant: { LoseFirstAnswer($0, operationID: "merchantThanks") })
        let receipt = try await fixture.run()
        #expect(fixture.merchantTransport.requests.filter { $0.path == "/sample/thanks" }.count == 2)
        let completes = fixture.amazon.transport.requests.filter { $0.path.hasSuffix("/complete") }
        #expect(
            completes.count == 2 && completes[0].header("x-amz-pay-idempotency-key") == completes[1].header("x-amz-pay-idempotency-key"))
        #expect(fixture.amazon.completionsBySession[receipt.session.checkoutSessionId] == 1)
    }

    @Test func persistentMerchantServerErrorsBecomeATransportError() async throws {
        let fixture = Fixture(
            .success,
            merchantTransport: MockProviderTransport(name: "AmazonPayMerchant", faults: FaultPlan(rate: 1, seed: 1, kinds: [.serverError])))
        await #expect { try await fixture.run() } throws: { ($0 as? AmazonPayError)?.code == .transport }
        #expect(fixture.merchantTransport.requests.count == 3)
        #expect(fixture.amazon.transport.requests.count == 0)
    }

    /// The WebView version: the app answers the pages' messages with the next URL to load; the
    /// "web view" here loads the merchant's pages (HTML) with the cookies a web view keeps.
    /// The WebView app's steps, as the guide has them: the next page after login, the guide's
    /// `uncoverScreen()` when the buyer closes the Secure WebView with Done, the merchant's error page
    /// when the universal link's token does not match (never a thrown error the app must map).
    @Test(arguments: [
        (MockAmazonPayServer.Outcome.success, "load https://shop.example/sample/checkoutReview"),
        (.closedAtLogin, "evaluate if(window.uncoverScreen) {uncoverScreen();}"),
        (.tokenMismatch, "error https://shop.example/static/sample/error.html tokenMismatch"),
    ])
    func theWebViewAppGetsAStepForEveryOutcome(_ outcome: MockAmazonPayServer.Outcome, _ expected: String) async throws {
        let fixture = Fixture(outcome)
        let bridge = AmazonPayWebViewBridge(
            configuration: fixture.merchant.configuration.appConfiguration(), webSession: fixture.browser, tokens: .seeded(9))
        let step = await bridge.step(for: Self.login)
        let described: String
        switch step {
        case .load(let url): described = "load \(url.scheme ?? "")://\(url.host ?? "")\(url.path)"
        case .evaluateJavaScript(let script): described = "evaluate \(script)"
        case .showError(let url, let error): described = "error \(url.absoluteString) \(error.code)"
        case .ignore: described = "ignore"
        }
        #expect(described == expected)
        #expect(fixture.amazon.completionsBySession.values.allSatisfy { $0 == 0 })
    }

    /// Only the handler the pages post to is heard: the guide's own `case "IOSApp"` (not the
    /// registered `iosApp`) and any other name are ignored, and no page opens.
    @Test func onlyTheRegisteredMessageHandlerIsHeard() async throws {
        let fixture = Fixture(.success)
        let bridge = AmazonPayWebViewBridge(
            configuration: fixture.merchant.configuration.appConfiguration(), webSession: fixture.browser, tokens: .seeded(9))
        for name in ["IOSApp", "androidApp", ""] {
            guard case .ignore = await bridge.step(for: Self.login, handlerName: name) else {
                Issue.record("\(name): not ignored")
                return
            }
        }
        #expect(fixture.browser.openedURLs.isEmpty)
        guard case .load(let review) = await bridge.step(for: Self.login, handlerName: AmazonPayWebViewBridge.messageHandlerName) else {
            Issue.record("the registered handler's login was not answered")
            return
        }
        #expect(review.path == "/sample/checkoutReview")
    }

    /// A message as WebKit hands it to the handler (`message.body`, a dictionary for the page's
    /// `postMessage({op: 'login'})`) is the same message as its JSON text.
    @Test func aMessageAsWebKitHandsItOverIsTheSameMessage() async throws {
        let fixture = Fixture(.success)
        let bridge = AmazonPayWebViewBridge(
            configuration: fixture.merchant.configuration.appConfiguration(), webSession: fixture.browser, tokens: .seeded(9))
        let body: [String: Any] = ["op": "login"]
        let login = try #require(AmazonPayWebViewBridge.messageData(fromBody: body))
        #expect(try PayWire.decodeJSON(BridgeMessage.self, from: login) == .login(LoginMessage()))
        guard case .load(let review) = await bridge.step(for: login, handlerName: AmazonPayWebViewBridge.messageHandlerName) else {
            Issue.record("the login was not answered")
            return
        }
        #expect(review.path == "/sample/checkoutReview")
        let redirect = "https://apay.example/checkout/processing?amazonCheckoutSessionId=x"
        let auth = try #require(AmazonPayWebViewBridge.messageData(fromBody: NSDictionary(dictionary: ["op": "auth", "url": redirect])))
        guard case .auth(let message) = try PayWire.decodeJSON(BridgeMessage.self, from: auth) else {
            Issue.record("not an auth message")
            return
        }
        #expect(message.url.absoluteString == redirect)
        #expect(AmazonPayWebViewBridge.messageData(fromBody: #"{"op":"login"}"#) == Data(#"{"op":"login"}"#.utf8))
        #expect(AmazonPayWebViewBridge.messageData(fromBody: 42) == nil)
        #expect(AmazonPayWebViewBridge.messageData(fromBody: ["op": Date()]) == nil)
    }

    /// Each step as the guide's app runs it in the web view: a page through the page's own
    /// `loadUrl(…)`, the URL written so that no character of it ends the call.
    @Test func eachStepIsTheScriptTheGuidesAppRuns() throws {
        // A quote in a URL would end the guide's own `loadUrl('\(url!)')`; a JSON string keeps it inside.
        let review = try #require(URL(string: "https://shop.example/sample/checkoutReview?amazonCheckoutSessionId=a'b%22c"))
        #expect(
            AmazonPayWebViewStep.load(review).javaScript
                == #"loadUrl("https://shop.example/sample/checkoutReview?amazonCheckoutSessionId=a'b%22c")"#)
        let error = AmazonPayError(.tokenMismatch, "the token does not match")
        let errorPage = try #require(URL(string: "https://shop.example/static/sample/error.html"))
        #expect(AmazonPayWebViewStep.showError(errorPage, error).javaScript == #"loadUrl("https://shop.example/static/sample/error.html")"#)
        #expect(
            AmazonPayWebViewStep.evaluateJavaScript(AmazonPayWebViewBridge.uncoverScreenScript).javaScript
                == AmazonPayWebViewBridge.uncoverScreenScript)
        #expect(AmazonPayWebViewStep.ignore.javaScript == nil)
    }

    /// A message the guide's handler does not know (another `op`, not JSON, a wrong shape) is
    /// ignored, as the guide's `switch` does with `default: return`: no error page is loaded.
    @Test(arguments: [#"{"op":"refund"}"#, "not json", #"{"op":"auth"}"#, "[]", #"{"op":"auth","url":"not a url"}"#])
    func anUnknownOrMalformedMessageIsIgnored(_ text: String) async throws {
        let fixture = Fixture(.success)
        let bridge = AmazonPayWebViewBridge(
            configuration: fixture.merchant.configuration.appConfiguration(), webSession: fixture.browser, tokens: .seeded(9))
        let step = await bridge.step(for: Data(text.utf8))
        guard case .ignore = step else {
            Issue.record("\(text): \(step)")
            return
        }
    }

    @Test func theWebViewVersionLoadsTheServersPages() async throws {
        let fixture = Fixture(.success)
        let bridge = AmazonPayWebViewBridge(
            configuration: fixture.merchant.configuration.appConfiguration(), webSession: fixture.browser, tokens: .seeded(9))
        let reviewURL = try await bridge.handle(message: Self.login)
        let components = try #require(URLComponents(url: reviewURL, resolvingAgainstBaseURL: false))
        #expect(components.host == "shop.example" && components.path == "/sample/checkoutReview")
        let sessionId = try #require(components.queryItems?.first { $0.name == "amazonCheckoutSessionId" }?.value)
        let review = try await fixture.page(
            "GET", "/sample/checkoutReview", query: components.queryItems ?? [], cookie: "client=iosApp; hd8=2; hd10=1")
        #expect(review.contentType.hasPrefix("text/html"))
        #expect(String(decoding: review.body, as: UTF8.self).contains("<span id=\"chargeAmount\">37334</span>"))
        #expect(review.headers["set-cookie"]?.hasPrefix("session=\(sessionId);") == true)
        // The guide's server sets the session cookie `secure: true`.
        let attributes = Set(
            (review.headers["set-cookie"] ?? "").split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(attributes.isSuperset(of: ["Secure", "HttpOnly", "Path=/"]), "\(attributes)")
        // The purchase button's fetch("checkoutSession"), then {op: 'auth', url}.
        let update = try await fixture.page("POST", "/sample/checkoutSession", cookie: "session=\(sessionId)")
        let redirect = try #require(
            try PayWire.decodeJSON(CheckoutSession.self, from: update.body).webCheckoutDetails?.amazonPayRedirectUrl)
        let auth = try PayWire.encodeJSON(BridgeMessage.auth(AuthMessage(url: redirect)))
        #expect(try await bridge.handle(message: auth) == URL(string: "https://shop.example/sample/thanks"))
        let thanks = try await fixture.page("GET", "/sample/thanks", cookie: "session=\(sessionId)")
        #expect(String(decoding: thanks.body, as: UTF8.self).contains("<span id=\"merchantReferenceId\">MY-ORDER-1</span>"))
        #expect(fixture.amazon.completionsBySession[sessionId] == 1)
    }

    /// The app's own web view (`WKWebView`), as a web session that is not the Secure WebView.
    struct AppWebView: WebSession {
        let inner: MockBrowser
        func open(_ url: URL, callback: WebSessionCallback) async throws -> URL { try await inner.open(url, callback: callback) }
    }

    /// "The Amazon Pay process needs to be executed on the Secure WebView": with the app's own web
    /// view, the checkout fails with `secureWebViewRequired` before any page opens or any request
    /// leaves, and the web view app shows the merchant's error page; an app that opts out
    /// (`requiresSecureWebView: false`) gets the pages in the web session it passed.
    @Test func amazonPaysPagesOpenOnlyInTheSecureWebView() async throws {
        let fixture = Fixture(.success)
        let appWebView = AppWebView(inner: fixture.browser)
        #expect(!appWebView.isSecureWebView && fixture.browser.isSecureWebView)
        let configuration = fixture.merchant.configuration.appConfiguration()
        #expect(configuration.requiresSecureWebView)
        let inWebView = AmazonPayCheckout(
            configuration: configuration, transport: fixture.merchantTransport, webSession: appWebView, tokens: .seeded(1))
        await #expect {
            try await inWebView.checkout(bridgeMessage: Self.login, cart: Self.cart) { _ in true }
        } throws: { ($0 as? AmazonPayError)?.code == .secureWebViewRequired }
        let bridge = AmazonPayWebViewBridge(configuration: configuration, webSession: appWebView, tokens: .seeded(1))
        guard case .showError(let page, let error) = await bridge.step(for: Self.login) else {
            Issue.record("the web view app was not sent to the error page")
            return
        }
        #expect(page == configuration.errorPageURL && error.code == .secureWebViewRequired)
        #expect(fixture.browser.openedURLs.isEmpty && fixture.merchantTransport.requests.isEmpty)

        var optedOut = configuration
        optedOut.requiresSecureWebView = false
        let allowed = AmazonPayCheckout(
            configuration: optedOut, transport: fixture.merchantTransport, webSession: appWebView, tokens: .seeded(1))
        let receipt = try await allowed.checkout(bridgeMessage: Self.login, cart: Self.cart) { _ in true }
        #expect(receipt.session.statusDetails.state == .completed)
    }

    /// A plain browser on the cart page: the guide's `amazon.Pay.renderButton('#AmazonPayButton', …)`
    /// with options the server signed for this page (verified as Amazon verifies them), returning
    /// to the review page directly; the session's result URL is then the thanks page itself.
    @Test func aPlainBrowsersCartRendersAmazonsOwnButtonSignedForTheReviewPage() async throws {
        let fixture = Fixture(.success)
        let cart = String(decoding: try await fixture.page("GET", "/sample/cart").body, as: UTF8.self)
        #expect(cart.contains("<script src=\"https://static-fe.payments-amazon.com/checkout.js\"></script>"))
        let call = "amazon.Pay.renderButton(\"#AmazonPayButton\", "
        let start = try #require(cart.range(of: call))
        let end = try #require(cart.range(of: ");\n", range: start.upperBound..<cart.endIndex))
        let options = try PayWire.decodeJSON(RenderButtonOptions.self, from: Data(cart[start.upperBound..<end.lowerBound].utf8))
        #expect(options.violations.isEmpty)
        #expect(options.buttonColor == .gold && options.placement == .cart && options.productType == .payAndShip)
        let config = options.createCheckoutSessionConfig
        let verifier = AmazonPaySignatureVerifier(publicKeys: [Self.keyID: Self.key.publicKey])
        #expect(verifier.buttonRefusal(payload: config.payloadJSON, signature: config.signature, publicKeyID: config.publicKeyId) == nil)
        let payload = try PayWire.decodeJSON(ButtonPayload.self, from: Data(config.payloadJSON.utf8))
        let review = URL(string: "https://shop.example/sample/checkoutReview")!
        #expect(payload.webCheckoutDetails.checkoutReviewReturnUrl == review)

        // The tap (checkout.js) leads to Amazon's sign-in with the signed options; Amazon returns
        // to the review page with the session, which the browser's cookies then price.
        var signIn = URLComponents(url: MockAmazonPayServer.signInURL, resolvingAgainstBaseURL: false)!
        signIn.queryItems = [
            URLQueryItem(name: "merchantId", value: options.merchantId), URLQueryItem(name: "payloadJSON", value: config.payloadJSON),
            URLQueryItem(name: "signature", value: config.signature), URLQueryItem(name: "publicKeyId", value: config.publicKeyId),
        ]
        let back = try await fixture.browser.open(try #require(signIn.url), callback: .returnURL(review))
        let returned = try #require(URLComponents(url: back, resolvingAgainstBaseURL: false))
        #expect(returned.host == "shop.example" && returned.path == "/sample/checkoutReview")
        let sessionId = try #require(returned.queryItems?.first { $0.name == "amazonCheckoutSessionId" }?.value)
        let reviewPage = try await fixture.page(
            "GET", "/sample/checkoutReview", query: returned.queryItems ?? [], cookie: "client=browser; hd8=1; hd10=0")
        #expect(String(decoding: reviewPage.body, as: UTF8.self).contains("<span id=\"chargeAmount\">9878</span>"))
        let update = try await fixture.page("POST", "/sample/checkoutSession", cookie: "session=\(sessionId)")
        let details = try PayWire.decodeJSON(CheckoutSession.self, from: update.body).webCheckoutDetails
        // "In the case of Browser, specify the URL of the Thanks page directly."
        #expect(details?.checkoutResultReturnUrl == URL(string: "https://shop.example/sample/thanks"))
    }

    @Test func aCartWhoseButtonCannotBeSignedIsTheErrorPageAnswered500() async throws {
        // A host no URL can hold: the review page the button returns to cannot be named, so there
        // is no payload to sign, and the cart must not render a button without its signature.
        var configuration = SampleMerchantServer.Configuration()
        configuration.host = "shop example"
        let fixture = Fixture(.success, configuration: configuration)
        let cart = try await fixture.page("GET", "/sample/cart")
        let body = String(decoding: cart.body, as: UTF8.self)
        #expect(cart.status == 500)
        #expect(body.contains("The Amazon Pay button could not be signed."))
        #expect(!body.contains("renderButton") && !body.contains("AmazonPayButton"))
        // The same server with a host it can name renders the signed button.
        let signed = try await Fixture(.success).page("GET", "/sample/cart")
        #expect(signed.status == 200 && String(decoding: signed.body, as: UTF8.self).contains("amazon.Pay.renderButton("))
    }

    @Test(arguments: [
        ("Declined", AmazonPayError.Code.declined), ("Expired", .sessionExpired), ("BuyerCanceled", .buyerCanceled),
        ("AmazonCanceled", .invalidSessionStatus), ("InvalidCheckoutSessionStatus", .invalidSessionStatus),
        ("DuplicateIdempotencyKey", .duplicateIdempotencyKey), ("SomethingNew", .apiError), ("", .apiError),
    ])
    func merchantRefusalsBecomeTypedErrors(_ reason: String, _ code: AmazonPayError.Code) {
        let body = MerchantErrorResponse(error: .amazonPayRefused, message: "refused", amazonPayReasonCode: reason.isEmpty ? nil : reason)
        let error = MerchantServerClient.error(status: 409, body, operation: "merchantThanks")
        #expect(error.code == code)
        #expect(error.reasonCode == (reason.isEmpty ? nil : reason))
    }

    /// The guide's `amazon.Pay.renderButton('#AmazonPayButton', {…})` options, built from the signed
    /// payload as the cart page does (`generateButtonSignature` is the signer's `buttonSignature`):
    /// the JSON keys are the guide's, `buttonColor: 'Gold'` is the default, and Amazon's check of the
    /// signature passes.
    @Test func renderButtonOptionsAreTheGuides() throws {
        let signer = AmazonPayRequestSigner(publicKeyID: Self.keyID, privateKey: Self.key, region: "jp")
        let payloadJSON =
            #"{"webCheckoutDetails":{"checkoutReviewReturnUrl":"https://shop.example/sample/checkoutReview"},"storeId":"amzn1.application-oa2-client.8b5e45312b5248b69eeaStoreId"}"#
        let options = RenderButtonOptions(
            // `productType: 'PayAndShip'` and `buttonColor: 'Gold'` are the defaults: the guide's values.
            merchantId: "MERCHANT-ID", ledgerCurrency: "JPY", sandbox: true, checkoutLanguage: "ja_JP", placement: .cart,
            createCheckoutSessionConfig: CreateCheckoutSessionConfig(
                payloadJSON: payloadJSON, signature: try signer.buttonSignature(payload: payloadJSON), publicKeyId: Self.keyID))
        #expect(options.buttonColor == .gold && options.violations.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: PayWire.encodeJSON(options)) as? [String: Any])
        #expect(
            Set(json.keys) == [
                "merchantId", "ledgerCurrency", "sandbox", "checkoutLanguage", "productType", "placement", "buttonColor",
                "createCheckoutSessionConfig",
            ])
        #expect(
            json["buttonColor"] as? String == "Gold" && json["productType"] as? String == "PayAndShip"
                && json["placement"] as? String == "Cart")
        let config = try #require(json["createCheckoutSessionConfig"] as? [String: Any])
        #expect(Set(config.keys) == ["payloadJSON", "signature", "publicKeyId"])
        let verifier = AmazonPaySignatureVerifier(publicKeys: [Self.keyID: Self.key.publicKey])
        #expect(
            verifier.buttonRefusal(payload: payloadJSON, signature: options.createCheckoutSessionConfig.signature, publicKeyID: Self.keyID)
                == nil)
        var wrongCurrency = options
        wrongCurrency.ledgerCurrency = "YEN"
        #expect(wrongCurrency.violations.map(\.path.description) == ["ledgerCurrency"])
    }

    @Test func chargeAmountRoundsDown() {
        #expect(OrderCalculator.chargeAmount(8980) == 9878)
        #expect(OrderCalculator.chargeAmount(15980) == 17578)
        #expect(OrderCalculator.chargeAmount(1) == 1)
        #expect(OrderCalculator.chargeAmount(9) == 9)
        #expect(OrderCalculator.chargeAmount(10) == 11)
        let order = OrderCalculator.order(items: OrderCalculator.sampleCart(hd8: 2, hd10: 1))
        #expect(order.items.map(\.summary) == [17960, 15980])
        #expect(order.price == 33940)
        #expect(order.chargeAmount == 37334)
    }

    /// No code an app links signs Amazon Pay requests or holds a private key.
    @Test func theAppModuleHoldsNoKeyAndSignsNothing() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Sources/AmazonPayMobile")
        let files = try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil).filter {
            $0.pathExtension == "swift"
        }
        #expect(files.count >= 5)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for forbidden in ["_CryptoExtras", "import Crypto", "PrivateKey", "AMZN-PAY-RSASSA", "pay-api.amazon", "/v2/checkoutSessions"] {
                #expect(!text.contains(forbidden), "\(file.lastPathComponent) mentions \(forbidden)")
            }
        }
    }
}
