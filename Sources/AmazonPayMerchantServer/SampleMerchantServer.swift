import AmazonPayMobile
import Foundation
import Logging
import OpenAPIRuntime
import PaymentFlowsCore
import PaymentSchemasRuntime
import PaymentServerCore

/// The guide's sample merchant server (nodejs/app.js) as its own component: the only party that
/// calls Amazon Pay API v2, signing every call with the merchant's private key.
///
/// Its endpoints (`/sample/checkoutReview`, `/sample/checkoutSession`, `/sample/thanks`, declared in
/// `Schemas/AmazonPayMobile/MerchantServer.yaml`) answer JSON to a native app and HTML to the
/// WebView; its pages (`/appLogin`, the universal-link redirector, `next.html`, `dispatcher.html`,
/// the error page and the cart) are ``hostedPages``. It is built on the server core alone: its
/// routes go on whatever ``ServerRoutes`` carrier it is given (the sandbox's, a test's), its pages
/// to whichever browser hosts them, and Amazon Pay is whatever `ClientTransport` it calls. Orders live on the server: totals are computed
/// from the cart's quantities and the server's catalogue, `MY-ORDER-n` numbers are issued once per
/// order, and each Amazon Pay call that charges reuses the order's idempotency key on retry.
public final class SampleMerchantServer: Sendable {
    /// Where the server and its links live, and what it tells Amazon Pay.
    public struct Configuration: Sendable, Hashable {
        /// The merchant's host (`https://<host>/appLogin`, `/sample/…`, `/static/…`).
        public var host: String
        /// The universal-link host (the redirector page and the app's associated domain).
        public var linksHost: String
        /// The path of the universal link itself (`/index.html`, what `next.html` links to).
        public var universalLinkPath: String
        /// The merchant id.
        public var merchantId: String
        /// The Amazon Pay store id.
        public var storeId: String
        /// The account's region.
        public var region: AmazonPayRegion
        /// The ledger currency.
        public var ledgerCurrency: String
        /// The store name shown to the buyer.
        public var merchantStoreName: String
        /// A note to the buyer.
        public var noteToBuyer: String
        /// Data not shared with the buyer.
        public var customInformation: String
        /// Amazon Pay's sign-in page, where the app-login page sends the buyer with the signed
        /// button payload (`amazon.Pay.initCheckout`).
        public var amazonPaySignInURL: URL
        /// Amazon Pay's `checkout.js`, which the cart page loads for a plain browser's
        /// `amazon.Pay.renderButton` (Amazon's own URL unless given; a sandbox gives its stand-in's).
        public var amazonPayCheckoutScriptURL: URL
        /// The iOS app the universal links open, as `<team id>.<bundle id>`: what the links host's
        /// `apple-app-site-association` names.
        public var appID: String

        /// Creates a configuration; the defaults are the guide's sample.
        public init(
            host: String = "shop.example", linksHost: String = "links.shop.example", universalLinkPath: String = "/index.html",
            merchantId: String = "A23YM23UEBY8FM", storeId: String = "amzn1.application-oa2-client.sample",
            region: AmazonPayRegion = .jp, ledgerCurrency: String = "JPY", merchantStoreName: String = "MY-SHOP",
            noteToBuyer: String = "Thank you!", customInformation: String = "This isn't shared with Buyer",
            amazonPaySignInURL: URL = URL(string: "https://apay.example/signin")!,
            amazonPayCheckoutScriptURL: URL = URL(string: "https://static-fe.payments-amazon.com/checkout.js")!,
            appID: String = "ABCDE12345.com.example.amazonpay-ios-v2"
        ) {
            self.host = host
            self.linksHost = linksHost
            self.universalLinkPath = universalLinkPath
            self.merchantId = merchantId
            self.storeId = storeId
            self.region = region
            self.ledgerCurrency = ledgerCurrency
            self.merchantStoreName = merchantStoreName
            self.noteToBuyer = noteToBuyer
            self.customInformation = customInformation
            self.amazonPaySignInURL = amazonPaySignInURL
            self.amazonPayCheckoutScriptURL = amazonPayCheckoutScriptURL
            self.appID = appID
        }

        /// The links host's `apple-app-site-association`: the app opens for the iOS redirector
        /// Amazon returns to (`/redirector_local-iosApp.html`, when the redirect triggers the
        /// link) and for the universal-link path `next.html` links to (when it does not).
        public var appSiteAssociation: AppleAppSiteAssociation {
            AppleAppSiteAssociation(appID: appID, paths: [SampleMerchantPages.redirectorPath(client: .iosApp), universalLinkPath])
        }

        /// `https://<host>`.
        public var baseURL: URL { URL(string: "https://\(host)") ?? URL(fileURLWithPath: "/") }

        /// The configuration an app uses with this server: its base URL, the universal link Amazon
        /// returns through (`pathPrefix` `/` catches the redirector itself, as iOS does when the
        /// redirect triggers the link; the universal-link path needs the `next.html` tap).
        public func appConfiguration(universalLinkPrefix: String? = nil) -> AmazonPayConfiguration {
            AmazonPayConfiguration(
                merchantServerURL: baseURL,
                reviewReturn: .universalLink(host: linksHost, pathPrefix: universalLinkPrefix ?? universalLinkPath))
        }
    }

    /// An order kept on the server, by checkout session id.
    struct ServerOrder: Sendable {
        var order: MerchantOrder
        var client: ClientKind
        var session: CheckoutSession
        var updateKey: String?
        var completeKey: String?
    }

    /// The configuration.
    public let configuration: Configuration
    let amazonPay: PayAPIClient
    let signer: AmazonPayRequestSigner
    let tokens: TokenSource
    let orders = LockIsolated(BoundedStore<String, ServerOrder>())
    let nextOrderNumber = LockIsolated(1)
    let logger: Logger

    /// Creates the server and installs its endpoints on `routes` (what the app calls, in memory or
    /// served over HTTP). Its calls to Amazon Pay go through `amazonPay` (signed by `signer`) to
    /// `amazonPayBaseURL`; its pages are ``hostedPages``, for the browser that shows them.
    public init(
        configuration: Configuration = Configuration(), signer: AmazonPayRequestSigner, amazonPay: any ClientTransport,
        amazonPayBaseURL: URL = URL(string: "https://pay-api.amazon.jp")!, routes: any ServerRoutes, tokens: TokenSource = .random,
        retryPolicy: RetryPolicy = RetryPolicy(maxAttempts: 3, initialDelay: .zero),
        logger: Logger = Logger(label: "AmazonPayMerchantServer")
    ) {
        self.configuration = configuration
        self.signer = signer
        self.tokens = tokens
        self.logger = logger
        self.amazonPay = PayAPIClient(
            transport: AmazonPaySigningTransport(amazonPay, signer: signer), baseURL: amazonPayBaseURL, retryPolicy: retryPolicy,
            logger: logger)
        installRoutes(on: routes)
    }

    /// Forgets every order (the order numbers start again at `MY-ORDER-1`).
    public func reset() {
        orders.withValue { $0.removeAll() }
        nextOrderNumber.setValue(1)
    }

    /// The order the server keeps for a checkout session.
    public func order(forSession id: String) -> MerchantOrder? { orders.value[id]?.order }

    /// The guide's catalogue: Fire HD8 (8,980) and Fire HD10 (15,980).
    static func items(for cart: SampleCart) -> [MerchantOrderItem] {
        OrderCalculator.sampleCart(hd8: cart.hd8, hd10: cart.hd10).filter { $0.num > 0 }
    }

    /// The next order number: `MY-ORDER-1`, `MY-ORDER-2`, …
    func newMerchantReferenceId() -> String {
        nextOrderNumber.withValue { next in
            defer { next += 1 }
            return "MY-ORDER-\(next)"
        }
    }

    private func installRoutes(on routes: any ServerRoutes) {
        let operations = AmazonPayMobileSchema.operations
        routes.refusals = Self.refusals
        routes.handle(MerchantCheckoutReviewOperation.self, of: operations) { [self] request, _ in await checkoutReview(request) }
        routes.handle(MerchantUpdateCheckoutSessionOperation.self, of: operations) { [self] request, _ in
            await updateCheckoutSession(request)
        }
        routes.handle(MerchantThanksOperation.self, of: operations) { [self] request, _ in await thanks(request) }
        // The WebView version's cart is an HTML page, not an API operation.
        routes.on("GET", "/sample/cart") { [self] request in cartPage(request) }
    }

    /// The server's refusals, all `MerchantErrorResponse`: `invalidRequest` with 404 for an unknown
    /// path, 405 for a method, and 400 naming every parameter that breaks the schema.
    static let refusals = ProviderRefusals(
        notFound: { path in error(.invalidRequest, "no page at \(path)", status: 404) },
        methodNotAllowed: { method, allowed in
            error(.invalidRequest, "\(method) is not allowed here; use \(allowed.joined(separator: ", "))", status: 405)
        },
        invalid: { _, violations in error(.invalidRequest, violations.map(\.description).joined(separator: "; "), status: 400) })

    // MARK: - Endpoints

    /// `GET /sample/checkoutReview`: totals from the cart cookies, the session from Amazon Pay.
    func checkoutReview(_ request: ServerRequest) async -> ServerResponse {
        // The contract has checked the session id and the quantities (0…99) before this runs.
        let cookies = Self.cookies(request)
        let sessionId = request.queryValue("amazonCheckoutSessionId") ?? ""
        let hd8 = cookies["hd8"].flatMap(Int.init) ?? 0
        let hd10 = cookies["hd10"].flatMap(Int.init) ?? 0
        let cart = SampleCart(hd8: hd8, hd10: hd10)
        guard hd8 + hd10 > 0 else {
            return Self.error(.invalidCart, "the cart is empty", status: 422)
        }
        let client = cookies["client"].flatMap(ClientKind.init(rawValue:)) ?? .browser
        let session: CheckoutSession
        // As the guide's server: `getCheckoutSession(id, {'x-amz-pay-idempotency-key': uuid})`.
        let read = GetCheckoutSessionOperation(
            checkoutSessionId: sessionId, idempotencyKey: IdempotencyKey(tokens.idempotencyKey()), region: configuration.region)
        switch await callAmazonPay(read) {
        case .success(let read): session = read
        case .failure(let refusal): return refusal.response
        }
        let order = orders.withValue { orders -> MerchantOrder in
            if var kept = orders[sessionId], kept.order.merchantReferenceId != nil {
                // Numbered orders keep their totals: the amount the session was updated with.
                kept.session = session
                orders[sessionId] = kept
                return kept.order
            }
            let order = OrderCalculator.order(items: Self.items(for: cart), checkoutSessionId: sessionId)
            orders[sessionId] = ServerOrder(order: order, client: client, session: session)
            return order
        }
        logger.info("checkout review", metadata: ["price": "\(order.price)", "chargeAmount": "\(order.chargeAmount)"])
        // `Secure`, as the guide's server sets it (`res.cookie('session', …, {secure: true})`):
        // the session never travels over plain HTTP (loopback aside, which browsers trust).
        let cookie = ["set-cookie": "session=\(sessionId); Path=/; Secure; HttpOnly; SameSite=Lax"]
        let review = CheckoutReview(order: order, checkoutSession: session)
        if Self.wantsHTML(request) { return .html(SampleMerchantPages.review(review), headers: cookie) }
        var response = ServerResponse.json(review)
        response.headers = cookie
        return response
    }

    /// `POST /sample/checkoutSession`: numbers the order and updates the Amazon Pay session.
    func updateCheckoutSession(_ request: ServerRequest) async -> ServerResponse {
        guard let sessionId = Self.cookies(request)["session"], let kept = orders.value[sessionId] else {
            return Self.error(.noOrder, "no order belongs to this session cookie", status: 404)
        }
        let (reference, key) = orders.withValue { orders -> (String, String) in
            var order = orders[sessionId] ?? kept
            let reference = order.order.merchantReferenceId ?? newMerchantReferenceId()
            let key = order.updateKey ?? tokens.idempotencyKey()
            order.order.merchantReferenceId = reference
            order.updateKey = key
            orders[sessionId] = order
            return (reference, key)
        }
        let dispatcher = "https://\(configuration.host)/static/dispatcher.html?client=\(kept.client.rawValue)"
        let resultURL = kept.client == .browser ? URL(string: "https://\(configuration.host)/sample/thanks") : URL(string: dispatcher)
        let charge = AmazonPayPrice(amount: String(kept.order.chargeAmount), currencyCode: configuration.ledgerCurrency)
        let update = UpdateCheckoutSessionRequest(
            webCheckoutDetails: UpdateWebCheckoutDetails(
                checkoutResultReturnUrl: resultURL, checkoutCancelUrl: URL(string: dispatcher + "&result=cancel")),
            paymentDetails: PaymentDetails(paymentIntent: .authorize, canHandlePendingAuthorization: false, chargeAmount: charge),
            merchantMetadata: MerchantMetadata(
                merchantReferenceId: reference, merchantStoreName: configuration.merchantStoreName,
                noteToBuyer: configuration.noteToBuyer, customInformation: configuration.customInformation))
        switch await callAmazonPay(
            UpdateCheckoutSessionOperation(
                checkoutSessionId: sessionId, idempotencyKey: IdempotencyKey(key), region: configuration.region, body: update))
        {
        case .success(let session):
            orders.withValue { $0[sessionId]?.session = session }
            logger.info("checkout session updated", metadata: ["reference": "\(reference)"])
            return .json(session)
        case .failure(let refusal):
            return refusal.response
        }
    }

    /// `GET /sample/thanks`: completes the session with the order's charge amount.
    func thanks(_ request: ServerRequest) async -> ServerResponse {
        guard let sessionId = Self.cookies(request)["session"], let kept = orders.value[sessionId] else {
            return Self.error(.noOrder, "no order belongs to this session cookie", status: 404)
        }
        let key = orders.withValue { orders -> String in
            let key = orders[sessionId]?.completeKey ?? tokens.idempotencyKey()
            orders[sessionId]?.completeKey = key
            return key
        }
        let charge = AmazonPayPrice(amount: String(kept.order.chargeAmount), currencyCode: configuration.ledgerCurrency)
        let completed: CheckoutSession
        switch await callAmazonPay(
            CompleteCheckoutSessionOperation(
                checkoutSessionId: sessionId, idempotencyKey: IdempotencyKey(key), region: configuration.region,
                body: CompleteCheckoutSessionRequest(chargeAmount: charge)))
        {
        case .success(let session): completed = session
        case .failure(let refusal): return refusal.response
        }
        orders.withValue { $0[sessionId]?.session = completed }
        logger.info("checkout completed", metadata: ["reference": "\(kept.order.merchantReferenceId ?? "")"])
        let review = CheckoutReview(order: kept.order, checkoutSession: completed)
        return Self.wantsHTML(request) ? .html(SampleMerchantPages.thanks(review)) : .json(review)
    }

    /// `GET /sample/cart`: the WebView version's cart page, with the Amazon Pay button a plain
    /// browser renders signed for this request (the buyer returns to the review page directly).
    /// A button that cannot be signed or written is the error page, answered 500: never a cart
    /// whose button Amazon's sign-in would refuse.
    func cartPage(_ request: ServerRequest) -> ServerResponse {
        do {
            let button = try SampleMerchantPages.browserButton(configuration, signer: signer)
            return .html(try SampleMerchantPages.cart(browserButton: button, checkoutScript: configuration.amazonPayCheckoutScriptURL))
        } catch {
            logger.error("the cart's Amazon Pay button could not be signed", metadata: ["error": "\(type(of: error))"])
            return .html(
                HTMLText.page(title: "Error", body: "<h3 id=\"error\">The Amazon Pay button could not be signed.</h3>"), status: 500)
        }
    }

    // MARK: - Calling Amazon Pay

    /// One signed call to Amazon Pay; a refusal becomes the merchant server's error answer, with the
    /// session's reason (`Declined`, `Expired`, `BuyerCanceled`) when the session is no longer open.
    func callAmazonPay<Operation: PayOperation>(_ operation: Operation) async -> Result<CheckoutSession, RefusalResponse>
    where Operation.ResponseBody == CheckoutSession, Operation.ErrorBody == AmazonPayErrorResponse {
        let response: PayAPIResponse<Operation>
        do {
            response = try await amazonPay.send(operation)
        } catch {
            return .failure(
                RefusalResponse(
                    Self.error(.amazonPayUnavailable, "Amazon Pay could not be reached on \(Operation.operationID)", status: 503)))
        }
        switch response {
        case .success(_, let session):
            return .success(session)
        case .failure(let status, let body):
            var reason = body?.reasonCode.rawValue
            if body?.reasonCode == .invalidCheckoutSessionStatus || body?.reasonCode.rawValue == "CheckoutSessionCanceled",
                let id = Self.sessionId(of: operation),
                case .success(_, let session)? = try? await amazonPay.send(
                    GetCheckoutSessionOperation(checkoutSessionId: id, region: configuration.region)),
                let stateReason = session.statusDetails.reasonCode
            {
                reason = stateReason.rawValue
            }
            logger.warning(
                "Amazon Pay refused the call",
                metadata: ["operation": "\(Operation.operationID)", "status": "\(status)", "reasonCode": "\(reason ?? "")"])
            let body = MerchantErrorResponse(
                error: .amazonPayRefused, message: "Amazon Pay answered HTTP \(status) on \(Operation.operationID)",
                amazonPayReasonCode: reason)
            // 409, not 5xx: the refusal is final, and a client must not retry it.
            return .failure(RefusalResponse(.json(body, status: 409)))
        }
    }

    /// A refusal the server answers with.
    struct RefusalResponse: Error {
        let response: ServerResponse
        init(_ response: ServerResponse) { self.response = response }
    }

    private static func sessionId<Operation: PayOperation>(of operation: Operation) -> String? {
        let parts = operation.path.split(separator: "/")
        guard let index = parts.firstIndex(of: "checkoutSessions"), index + 1 < parts.count else { return nil }
        return String(parts[index + 1]).removingPercentEncoding
    }

    // MARK: - Helpers

    static func error(_ code: MerchantErrorCode, _ message: String, status: Int) -> ServerResponse {
        .json(MerchantErrorResponse(error: code, message: message), status: status)
    }

    /// Whether the request comes from a page (the WebView) rather than the app's JSON client.
    static func wantsHTML(_ request: ServerRequest) -> Bool {
        (request.header("accept") ?? "").contains("text/html")
    }

    /// The request's cookies by name.
    static func cookies(_ request: ServerRequest) -> [String: String] {
        var cookies: [String: String] = [:]
        for pair in (request.header("cookie") ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            if cookies[name] == nil { cookies[name] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return cookies
    }
}
