import AmazonPayMobile
import Foundation
import PaymentSchemasRuntime
import PaymentServerCore

/// The sample server's pages: the app-login page (signed button payload, straight to Amazon's
/// sign-in), the universal-link redirector and its `next.html` rescue page, the links host's
/// `apple-app-site-association`, `dispatcher.html` (the relay to the app's custom scheme), the error page, and the WebView version's cart,
/// review and
/// thanks pages. Each script-driven page has its guide's JavaScript and, for the scripted browser,
/// the same step in Swift.
enum SampleMerchantPages {
    /// `https://<links>/redirector_local-<client>.html?token=…`: where Amazon returns after login.
    static func redirectorURL(_ configuration: SampleMerchantServer.Configuration, client: ClientKind, token: String) throws -> URL {
        var components = URLComponents()
        components.scheme = "https"
        components.host = configuration.linksHost
        components.path = redirectorPath(client: client)
        components.queryItems = [URLQueryItem(name: "token", value: token)]
        guard let url = components.url else { throw MerchantServerError.invalidURL("the redirector URL") }
        return url
    }

    /// The redirector's path for `client`: `/redirector_local-<client>.html`.
    static func redirectorPath(client: ClientKind) -> String { "/redirector_local-\(client.rawValue).html" }

    /// `amazon.Pay.initCheckout(…)` as a navigation to the sign-in page with the signed payload.
    static func signIn(_ configuration: SampleMerchantServer.Configuration, signer: AmazonPayRequestSigner, appLogin url: URL) throws -> URL
    {
        let query = try AppLoginQuery(url: url)
        let config = InitCheckoutConfiguration(
            merchantId: configuration.merchantId, ledgerCurrency: configuration.ledgerCurrency, sandbox: true, checkoutLanguage: "ja_JP",
            productType: .payAndShip, placement: .cart,
            createCheckoutSessionConfig: try signedSession(
                configuration, signer: signer,
                reviewReturnURL: try redirectorURL(configuration, client: query.client, token: query.token)))
        var components = URLComponents(url: configuration.amazonPaySignInURL, resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "merchantId", value: config.merchantId), URLQueryItem(name: "ledgerCurrency", value: config.ledgerCurrency),
            URLQueryItem(name: "checkoutLanguage", value: config.checkoutLanguage),
            URLQueryItem(name: "productType", value: config.productType.rawValue),
            URLQueryItem(name: "placement", value: config.placement.rawValue),
            URLQueryItem(name: "payloadJSON", value: config.createCheckoutSessionConfig.payloadJSON),
            URLQueryItem(name: "signature", value: config.createCheckoutSessionConfig.signature),
            URLQueryItem(name: "publicKeyId", value: config.createCheckoutSessionConfig.publicKeyId),
        ]
        guard let target = components?.url else { throw MerchantServerError.invalidURL("the sign-in URL") }
        return target
    }

    /// The options of the button a plain browser's cart renders (`amazon.Pay.renderButton`): the
    /// guide's, with a payload signed now whose `checkoutReviewReturnUrl` is the review page itself
    /// (a browser needs no universal link).
    static func browserButton(
        _ configuration: SampleMerchantServer.Configuration, signer: AmazonPayRequestSigner
    ) throws
        -> RenderButtonOptions
    {
        guard let review = URL(string: "https://\(configuration.host)/sample/checkoutReview") else {
            throw MerchantServerError.invalidURL("the review page's URL")
        }
        return RenderButtonOptions(
            merchantId: configuration.merchantId, ledgerCurrency: configuration.ledgerCurrency, sandbox: true, checkoutLanguage: "ja_JP",
            productType: .payAndShip, placement: .cart, buttonColor: .gold,
            createCheckoutSessionConfig: try signedSession(configuration, signer: signer, reviewReturnURL: review))
    }

    /// `createCheckoutSessionConfig`: the store's button payload returning to `reviewReturnURL`,
    /// signed now. The app's sign-in (to the redirector) and a browser's button (to the review
    /// page) differ only in that URL.
    static func signedSession(
        _ configuration: SampleMerchantServer.Configuration, signer: AmazonPayRequestSigner, reviewReturnURL: URL
    ) throws -> CreateCheckoutSessionConfig {
        let payload = ButtonPayload(
            webCheckoutDetails: ButtonWebCheckoutDetails(checkoutReviewReturnUrl: reviewReturnURL), storeId: configuration.storeId)
        let payloadJSON = String(decoding: try PayWire.encodeJSON(payload), as: UTF8.self)
        return CreateCheckoutSessionConfig(
            payloadJSON: payloadJSON, signature: try signer.buttonSignature(payload: payloadJSON), publicKeyId: signer.publicKeyID)
    }

    /// `value` as JSON a `<script>` element can hold: nothing in it ends the element or the line.
    static func scriptJSON<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try PayWire.encodeJSON(value), as: UTF8.self)
            .replacingOccurrences(of: "</", with: "<\\/")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    /// The hosted pages on the merchant's and the links host.
    static func hostedPages(_ server: SampleMerchantServer) -> [HostedPage] {
        let configuration = server.configuration
        let signer = server.signer
        let host = configuration.host
        // A configured host no URL can hold gives these pages the error page and their taps an
        // error, never a crash.
        let nextPage = URL(string: "https://\(host)/static/next.html")
        let universalLink = URL(string: "https://\(configuration.linksHost)\(configuration.universalLinkPath)")
        let unnamedPage = HTMLText.page(title: "Error", body: "<h3 id=\"error\">The configured host is not a valid URL host.</h3>")
        return [
            HostedPage(
                host: host, pathPrefix: "/appLogin", title: "Amazon Pay",
                html: { url, resolve in
                    guard let target = try? signIn(configuration, signer: signer, appLogin: url) else {
                        return HTMLText.page(title: "Error", body: "<h3 id=\"error\">The app-login URL needs client and token.</h3>")
                    }
                    // renderButton + click(): the button posts the signed payload to Amazon's sign-in.
                    return HTMLText.page(
                        title: "Amazon Pay",
                        body:
                            "<div class=\"hidden\"><a id=\"AmazonPayButton\" href=\"\(HTMLText.escape(resolve(target).absoluteString))\">Amazon Pay</a></div>",
                        script: "setTimeout(() => { document.getElementById(\"AmazonPayButton\").click(); }, 0);")
                }, follow: { url in try signIn(configuration, signer: signer, appLogin: url) }),
            HostedPage(
                host: configuration.linksHost, pathPrefix: "/redirector_local-", title: "Redirecting",
                html: { _, resolve in
                    guard let nextPage else { return unnamedPage }
                    return HTMLText.page(
                        title: "Redirecting", body: "",
                        script: "location.href = \(HTMLText.javaScriptString(resolve(nextPage).absoluteString)) + location.search;")
                },
                follow: { url in
                    guard let nextPage else { throw MerchantServerError.invalidURL("the next page's URL") }
                    return try withQuery(of: url, on: nextPage)
                }),
            HostedPage(
                host: host, pathPrefix: "/static/next.html", title: "Amazon Login processing completed",
                html: { _, _ in
                    HTMLText.page(
                        title: "Amazon Login processing completed",
                        body: """
                            <div class="container"><h3 class="my-4">Amazon Login processing completed</h3>
                            Please tap the "Next" button.<br><br>
                            <a id="nextButton" href="#" class="btn btn-info btn-lg btn-block">Next</a></div>
                            """,
                        script:
                            "document.getElementById(\"nextButton\").href = \(HTMLText.javaScriptString("https://\(configuration.linksHost)\(configuration.universalLinkPath)")) + location.search;"
                    )
                },
                follow: { url in
                    guard let universalLink else { throw MerchantServerError.invalidURL("the universal link") }
                    return try withQuery(of: url, on: universalLink)
                }),
            HostedPage(
                host: host, pathPrefix: "/static/dispatcher.html", title: "Returning to the app",
                html: { _, _ in
                    HTMLText.page(
                        title: "Returning to the app", body: "",
                        script: """
                            const params = new URLSearchParams(location.search);
                            const client = params.get("client");
                            const result = params.get("result") === "cancel" ? "cancel" : "thanks";
                            location.href = client === "iosApp"
                                ? "amazonpay-ios-v2://" + result
                                : "intent://amazon_pay_android_v2#Intent;package=com.amazon.pay.sample.android_app_v2;scheme=amazon_pay_android_v2;end;";
                            """)
                },
                follow: { url in
                    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                    let result = items.contains { $0.name == "result" && $0.value == "cancel" } ? "cancel" : "thanks"
                    guard items.contains(where: { $0.name == "client" && $0.value == ClientKind.iosApp.rawValue }) else {
                        return URL(
                            string:
                                "intent://amazon_pay_android_v2#Intent;package=com.amazon.pay.sample.android_app_v2;scheme=amazon_pay_android_v2;end;"
                        )!
                    }
                    return URL(string: "amazonpay-ios-v2://\(result)")!
                }),
            HostedPage(
                host: configuration.linksHost, path: "/.well-known/apple-app-site-association", title: "apple-app-site-association",
                document: HostedPage.Document(contentType: "application/json", body: configuration.appSiteAssociation.json)),
            HostedPage(
                host: host, pathPrefix: "/static/sample/error.html", title: "Error",
                html: { _, _ in
                    HTMLText.page(title: "Error", body: "<h3 id=\"error\">The purchase could not be completed.</h3>")
                }, follow: { url in url }),
        ]
    }

    /// `target` with `url`'s query (`location.search` carried over).
    static func withQuery(of url: URL, on target: URL) throws -> URL {
        var components = URLComponents(url: target, resolvingAgainstBaseURL: false)
        components?.percentEncodedQuery = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        guard let result = components?.url else { throw MerchantServerError.invalidURL("the next page's URL") }
        return result
    }

    /// The WebView version's cart page: quantities in cookies; in the app, the button image posts
    /// `{op: 'login'}`; in a plain browser, Amazon's own button (`amazon.Pay.renderButton`, from
    /// `checkoutScript`) with `browserButton`'s options. Throws when the options cannot be written
    /// (never a button without its signature).
    static func cart(browserButton: RenderButtonOptions, checkoutScript: URL) throws -> String {
        let options = try scriptJSON(browserButton)
        return HTMLText.page(
            title: "Cart",
            body: """
                <h3>Cart</h3>
                <label>Fire HD8 (¥8,980) <input id="hd8" type="number" min="0" max="99" value="1"></label><br>
                <label>Fire HD10 (¥15,980) <input id="hd10" type="number" min="0" max="99" value="1"></label>
                <div id="AmazonPayButton"></div>
                <script src="\(HTMLText.escape(checkoutScript.absoluteString))"></script>
                <div id="white_cover" style="width:100%; height:100vh; background-color:#fff; position:fixed; top:0; left:0; z-index:1000; display:none;"></div>
                """,
            script: """
                let client = "browser";
                if (window.androidApp) { client = "androidApp"; }
                else if (window.webkit && webkit.messageHandlers && webkit.messageHandlers.iosApp) { client = "iosApp"; }
                document.cookie = "client=" + client + ";path=/;secure";
                function saveCart() {
                    document.cookie = "hd8=" + (parseInt(document.getElementById("hd8").value) || 0) + ";path=/";
                    document.cookie = "hd10=" + (parseInt(document.getElementById("hd10").value) || 0) + ";path=/";
                }
                saveCart();
                document.getElementById("hd8").addEventListener("change", saveCart);
                document.getElementById("hd10").addEventListener("change", saveCart);
                if (client === "browser") {
                    // A plain browser: Amazon Pay's own button, as usual (never covered).
                    amazon.Pay.renderButton("#AmazonPayButton", \(options));
                } else {
                    // The app: the button image; a tap blanks the page just before the Secure WebView
                    // opens (the guide's coverScreen) and hands the login to the app.
                    const node = document.createElement("button");
                    node.id = "amazonPayButton";
                    node.textContent = "Amazon Pay";
                    node.addEventListener("click", () => {
                        saveCart();
                        coverScreen();
                        if (client === "androidApp") { androidApp.login(); }
                        else { webkit.messageHandlers.iosApp.postMessage({op: "login"}); }
                    });
                    document.getElementById("AmazonPayButton").appendChild(node);
                }
                function loadUrl(url) { location.href = url; }
                function coverScreen() { document.getElementById("white_cover").style.display = "block"; }
                function uncoverScreen() { document.getElementById("white_cover").style.display = "none"; }
                """)
    }

    /// The WebView version's review page: the server's totals; the purchase button posts to
    /// `checkoutSession` and hands the redirect URL to the app as `{op: 'auth', url}`.
    static func review(_ review: CheckoutReview) -> String {
        let lines = review.order.items.map { item in
            "<tr><td>\(HTMLText.escape(item.name))</td><td>\(item.price)</td><td>\(item.num)</td><td>\(item.summary)</td></tr>"
        }.joined()
        return HTMLText.page(
            title: "Review",
            body: """
                <h3>Review your order</h3>
                <table id="items">\(lines)</table>
                <p>Total <span id="price">\(review.order.price)</span> · with tax <span id="chargeAmount">\(review.order.chargeAmount)</span> \(HTMLText.escape(review.checkoutSession.paymentDetails?.chargeAmount?.currencyCode ?? "JPY"))</p>
                <p>Ship to <span id="buyer">\(HTMLText.escape(review.checkoutSession.buyer?.name ?? ""))</span></p>
                <button id="purchaseButton">Purchase</button>
                <div id="white_cover" style="width:100%; height:100vh; background-color:#fff; position:fixed; top:0; left:0; z-index:1000; display:none;"></div>
                """,
            script: """
                document.getElementById("purchaseButton").addEventListener("click", async () => {
                    try {
                        const response = await fetch("checkoutSession", {method: "POST", headers: {"Accept": "application/json"}});
                        const json = await response.json();
                        const url = json.webCheckoutDetails && json.webCheckoutDetails.amazonPayRedirectUrl;
                        if (!response.ok || !url) { location.href = "../static/sample/error.html"; return; }
                        // As on the cart page, the guide blanks the page just before the Secure WebView opens,
                        // on the app branches only.
                        if (window.androidApp) { coverScreen(); androidApp.auth(url); }
                        else if (window.webkit && webkit.messageHandlers && webkit.messageHandlers.iosApp) { coverScreen(); webkit.messageHandlers.iosApp.postMessage({op: "auth", url: url}); }
                        else { location.href = url; }
                    } catch (e) { location.href = "../static/sample/error.html"; }
                });
                function loadUrl(url) { location.href = url; }
                function coverScreen() { document.getElementById("white_cover").style.display = "block"; }
                function uncoverScreen() { document.getElementById("white_cover").style.display = "none"; }
                """)
    }

    /// The thanks page.
    static func thanks(_ review: CheckoutReview) -> String {
        HTMLText.page(
            title: "Thank you",
            body: """
                <h3 id="thanks">Thank you for your order</h3>
                <p>Order <span id="merchantReferenceId">\(HTMLText.escape(review.order.merchantReferenceId ?? ""))</span>,
                charged <span id="chargeAmount">\(review.order.chargeAmount)</span></p>
                """)
    }
}

/// Why the merchant server could not build something it needs: a page's URL, or the sandbox's key.
/// The one error type of the merchant server; never shows a key or a token.
public enum MerchantServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A URL the server builds (the redirector, the sign-in page, the next page) came out invalid.
    case invalidURL(String)
    /// No RSA key could be generated for the sandbox merchant.
    case noKey

    /// A readable explanation.
    public var description: String {
        switch self {
        case .invalidURL(let what): return "the merchant server could not build \(what)"
        case .noKey: return "no RSA key could be generated for the sandbox merchant"
        }
    }
}

extension SampleMerchantServer {
    /// The server's pages (the app-login page, the redirector and the `apple-app-site-association`
    /// file on the links host, `next.html`, `dispatcher.html`, the error page, the WebView
    /// version's cart, review and thanks), for the
    /// browser that shows them: the scripted browser, or the sandbox's over HTTP.
    public var hostedPages: [HostedPage] { SampleMerchantPages.hostedPages(self) }
}
