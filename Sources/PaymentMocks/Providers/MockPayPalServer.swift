import Foundation
import PayPalPayments
import PaymentFlowsCore
import PaymentSchemasVocabulary
import PaymentServerCore

/// PayPal's OAuth token endpoint, Orders API and hosted pages: tokens issued for HTTP Basic
/// client credentials, orders created by the merchant server and then confirmed (needing or
/// skipping 3-D Secure), declined cards, `PayPal-Request-Id` answered with the first answer, the
/// 3-D Secure challenge page and the web checkout page. Routes, parameters and bodies come from the
/// `PayPalPayments` schemas; an order id never created is 404 everywhere.
public final class MockPayPalServer: @unchecked Sendable {
    /// How the card's 3-D Secure goes.
    public enum ThreeDSecure: String, Sendable, CaseIterable {
        /// The order is approved without a challenge.
        case notRequired
        /// A challenge is required and the buyer passes it.
        case passes
        /// A challenge is required and the buyer cancels it.
        case canceled
        /// A challenge is required and returns a malformed URL.
        case malformedReturn
    }

    /// How web checkout goes.
    public enum WebOutcome: String, Sendable, CaseIterable {
        /// The buyer approves.
        case approve
        /// The buyer presses cancel (`opType=cancel`).
        case cancel
        /// The buyer closes the browser.
        case closed
        /// The return URL lacks PayerID.
        case malformed
    }

    /// The API transport.
    public let transport: MockProviderTransport
    /// The card number PayPal always declines.
    public static let declinedCard = "4000000000000002"
    /// The card number that always asks for a 3-D Secure challenge (PayPal's sandbox test card).
    public static let challengeCard = "4868719460707704"
    /// RFC 3986's unreserved characters: what an order id may hold unescaped in a link's query.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// Whether `byte` is one of ``unreserved`` (checked first: Foundation's escaping is slow).
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
    /// How long an issued token lives, in seconds (PayPal's are about nine hours).
    public static let tokenLifetime = 32_400
    let lock = NSLock()
    private var threeDSecureValue: ThreeDSecure
    private var webOutcomeValue: WebOutcome = .approve
    var orders = BoundedStore<String, OrderResponse>()
    /// The Payments API's authorizations, captures and refunds (`MockPayPalServer+Payments.swift`).
    var authorizations = BoundedStore<String, HeldAuthorization>()
    var captures = BoundedStore<String, HeldCapture>()
    var refunds = BoundedStore<String, Refund>()
    /// The webhooks registered and the deliveries signed (`MockPayPalServer+Webhooks.swift`).
    var webhookRegistrations = BoundedStore<String, PayPalWebhook>(capacity: 64)
    var transmissions = BoundedStore<String, Transmission>(capacity: 4_096)
    /// The webhooks registered at start (``registerWebhook(url:eventTypes:)``), which a reset keeps.
    var standingWebhooks: [PayPalWebhook] = []
    /// What the server takes for now (``clock``).
    var clockValue: @Sendable () -> Date = { Date() }
    private var returnURLs = BoundedStore<String, URL>()
    /// What each order was created and paid with (``OrderSource``).
    var orderSources = BoundedStore<String, OrderSource>()
    private var tokens = BoundedStore<String, Bool>()
    private var approvals = 0
    private var settlements = 0
    let ids: SeededGenerator
    /// The nonces of access tokens: their own sequence, so a nonce says nothing of its token.
    private let nonces: SeededGenerator

    /// Creates the server on `transport` and its pages on `browser`.
    public init(
        threeDSecure: ThreeDSecure = .notRequired, transport: MockProviderTransport = MockProviderTransport(name: "PayPal"),
        browser: MockBrowser, seed: UInt64 = 3
    ) {
        self.threeDSecureValue = threeDSecure
        self.transport = transport
        self.ids = SeededGenerator(seed: seed)
        self.nonces = SeededGenerator(seed: ~seed)
        transport.refusals = Self.refusals
        transport.idempotency = Self.idempotency
        transport.offer(Self.requestScenarios)
        installRoutes()
        installWebhookRoutes()
        installWebhookTrigger()
        transport.authenticate = { [weak self] request, operation in self?.authenticationRefusal(request, operation) }
        installPages(on: browser)
    }

    /// The 3-D Secure scenario.
    public var threeDSecure: ThreeDSecure {
        get { lock.withLock { threeDSecureValue } }
        set { lock.withLock { threeDSecureValue = newValue } }
    }

    /// The web checkout scenario.
    public var webOutcome: WebOutcome {
        get { lock.withLock { webOutcomeValue } }
        set { lock.withLock { webOutcomeValue = newValue } }
    }

    /// What the server takes for now: when an authorization expires and a capture's refund window
    /// closes are judged against it (a test moves it; the sandbox's requests move it with the
    /// `authorization-expired` and `refund-window-passed` scenarios).
    public var clock: @Sendable () -> Date {
        get { lock.withLock { clockValue } }
        set { lock.withLock { clockValue = newValue } }
    }

    /// Orders approved so far.
    public var approvedOrders: Int { lock.withLock { approvals } }

    /// Orders the merchant server authorized or captured so far.
    public var settledOrders: Int { lock.withLock { settlements } }

    /// An order's current state.
    public func order(_ id: String) -> OrderResponse? { lock.withLock { orders[id] } }

    /// Notes order `id`'s status in the ledger (under the lock, where it changed).
    private func noteState(_ id: String) {
        guard orders[id] != nil else { return }
        orders[id]?.updateTime = Self.timestamp(clockValue())
        guard let order = orders[id], transport.ledger.note("order", id: id, state: order.status.rawValue) else { return }
        switch order.status {
        case .approved: announce("CHECKOUT.ORDER.APPROVED", order)
        case .completed: announce("CHECKOUT.ORDER.COMPLETED", order)
        default: break
        }
    }

    /// Accepts `token` as if this server had issued it to the merchant server (a fixture for tests
    /// of the app's side, which receive a token and never the client secret).
    public func acceptAccessToken(_ token: String) {
        lock.withLock { tokens[token] = true }
        transport.ledger.note("access token", id: ProviderLedger.fingerprint(token), state: "issued")
    }

    /// An order created as the merchant server's `POST /v2/checkout/orders` would create it, under a
    /// chosen id (a fixture for tests of the app's side).
    public func seedOrder(
        id: String, intent: OrderIntent = .capture, amount: PayPalMoney = PayPalMoney(currencyCode: "USD", value: "10.00")
    ) {
        lock.withLock {
            orders[id] = OrderResponse(
                id: id, status: .created, intent: intent,
                purchaseUnits: [
                    PurchaseUnitResponse(
                        referenceId: "default", amount: AmountWithBreakdown(currencyCode: amount.currencyCode, value: amount.value))
                ])
            noteState(id)
        }
    }

    /// PayPal's `PayPal-Request-Id`: a repeat gets the first answer whatever its body (PayPal keeps
    /// keys for six hours; its contract lists no issue for another body), a refusal too, and a
    /// created order as 200.
    static let idempotency = IdempotencyPolicy(
        keep: .every,
        replayed: { operation, previous in
            var repeated = previous
            if operation.operationID == "createOrder", repeated.status == 201 { repeated.status = 200 }
            return repeated
        })

    /// Forgets every order, token and stored answer.
    public func reset() {
        transport.forgetIdempotencyKeys()
        lock.withLock {
            orders.removeAll()
            authorizations.removeAll()
            captures.removeAll()
            refunds.removeAll()
            webhookRegistrations.removeAll()
            for webhook in standingWebhooks { webhookRegistrations[webhook.id ?? ""] = webhook }
            transmissions.removeAll()
            returnURLs.removeAll()
            orderSources.removeAll()
            tokens.removeAll()
            approvals = 0
            settlements = 0
        }
    }

    /// PayPal's refusals, in its contract's words (``PayPalIssue``): 404 `RESOURCE_NOT_FOUND`,
    /// 405 `METHOD_NOT_SUPPORTED`, and for a request that breaks the schema 400 `INVALID_REQUEST`
    /// with one detail per violated field (a JSON pointer, as PayPal's `details[].field`) and the
    /// issue and description the operation's list gives it. A violation of our stricter types that
    /// PayPal's own schema admits (a negative amount, a three-letter currency outside ISO 4217) is
    /// the business refusal PayPal answers for it (422), once nothing else is wrong. The token
    /// endpoint answers OAuth's codes (``tokenRefusal(_:)``). A body in another media type, an
    /// `Accept` without JSON and an outage are PayPal's generic answers (``genericRuleTable``).
    static let refusals = ProviderRefusals(
        notFound: { _ in PayPalIssue.answer("", status: 404, []) },
        methodNotAllowed: { method, _ in methodNotSupported(method) },
        invalid: { operation, violations in
            // Credentials were checked first (401); what is left breaks the schema.
            let id = operation.operationID
            if id == CreateAccessTokenOperation.operationID { return tokenRefusal(violations) }
            let schema = violations.compactMap { violation in PayPalIssue.schemaIssue(for: violation, in: id).map { (violation, $0) } }
            if !schema.isEmpty {
                // Only issues the operation's list holds; an operation that declares no 400 (get) answers
                // the document's default error, without details.
                return PayPalIssue.answer(
                    id, status: 400,
                    schema.compactMap { violation, issue in
                        issue.listedDetail(
                            for: id,
                            field: violation.field.isEmpty
                                ? nil : (violation.location == .body ? pointer(violation.field) : violation.field),
                            location: ErrorLocation(wire: violation.location))
                    })
            }
            return PayPalIssue.answer(
                id, status: 422,
                violations.compactMap { violation in
                    PayPalIssue.businessIssue(for: violation, in: id)?.detail(for: id, field: pointer(violation.field), location: .body)
                })
        },
        unsupportedMediaType: unsupportedMediaType, notAcceptable: notAcceptable, unavailable: serviceUnavailable)

    /// `payment_source.card[0].number` as PayPal's JSON pointer `/payment_source/card/0/number`.
    static func pointer(_ path: String) -> String {
        guard !path.isEmpty else { return "/" }
        return "/"
            + path.replacingOccurrences(of: "[", with: ".").replacingOccurrences(of: "]", with: "").split(separator: ".").joined(
                separator: "/")
    }

    /// PayPal's negative testing, as its sandbox offers it: a request carrying
    /// `PayPal-Mock-Response: {"mock_application_codes": "INSTRUMENT_DECLINED"}` is answered with that
    /// issue at the status and in the words the operation's list gives it, whether the sandbox
    /// raises it on a request's own merits or not (a risk or account decision, a condition the
    /// document does not state: ``PayPalIssueCatalog``). A code the operation's list does not hold,
    /// or a header that is not that JSON, is ignored, as PayPal's sandbox ignores it.
    static func mockedResponse(_ request: ServerRequest, _ operation: String) -> ServerResponse? {
        guard let header = request.header("paypal-mock-response"),
            let object = (try? PayJSONParser.parse(header))?.objectMembers,
            let code = object["mock_application_codes"]?.stringValue
        else { return nil }
        if let issue = PayPalIssue(rawValue: code), issue.isListed(in: operation) { return issue.answer(operation) }
        guard let entry = PayPalIssueCatalog.lists[operation]?[code] else { return nil }
        let detail = ErrorDetail(issue: code, issueDescription: entry.description.isEmpty ? nil : entry.description)
        return PayPalIssue.answer(operation, status: entry.status, [detail])
    }

    /// The scenarios a request may choose with `Sandbox-Scenario`.
    public static let requestScenarios = [
        RequestScenario(
            provider: "paypal", name: "card-declined", operations: ["confirmPaymentSource"],
            summary: "The card is declined: 422 UNPROCESSABLE_ENTITY PAYMENT_SOURCE_DECLINED_BY_PROCESSOR."),
        RequestScenario(
            provider: "paypal", name: "3ds-challenge", operations: ["confirmPaymentSource"],
            summary: "The bank asks for 3-D Secure: PAYER_ACTION_REQUIRED with a payer-action link."),
        RequestScenario(
            provider: "paypal", name: "3ds-not-required", operations: ["confirmPaymentSource"],
            summary: "No challenge: the order is APPROVED at once."),
        RequestScenario(
            provider: "paypal", name: "instrument-declined", operations: ["captureOrder"],
            summary: "The bank declines the card at capture: 422 INSTRUMENT_DECLINED; the order stays APPROVED."),
        RequestScenario(
            provider: "paypal", name: "token-expired",
            operations: [
                "createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder", "getOrder", "getAuthorization",
                "captureAuthorization", "reauthorizeAuthorization", "voidAuthorization", "getCapture", "refundCapture", "getRefund",
            ],
            summary: "The access token has expired: 401 AUTHENTICATION_FAILURE."),
        RequestScenario(
            provider: "paypal", name: "authorization-expired", operations: ["captureAuthorization"],
            summary: "The capture arrives 30 days after the authorization, past its 29 days: 422 AUTHORIZATION_EXPIRED."),
        RequestScenario(
            provider: "paypal", name: "refund-window-passed", operations: ["refundCapture"],
            summary: "The refund arrives 181 days after the capture, past PayPal's 180: 422 REFUND_TIME_LIMIT_EXCEEDED."),
    ]

    /// Whether `authorization` is `Bearer <a token this server issued>` (the scheme in any case).
    private func knowsToken(_ request: ServerRequest) -> Bool {
        guard request.scenario != "token-expired",
            let token = HTTPAuthorization.credentials(request.header("authorization"), scheme: "Bearer")
        else { return false }
        return lock.withLock { tokens[token] != nil }
    }

    /// PayPal's 401 for a request without valid credentials: HTTP Basic client credentials for the
    /// token endpoint, a token this server issued for everything else.
    private func authenticationRefusal(_ request: ServerRequest, _ operation: PayOperationDescriptor) -> ServerResponse? {
        if operation.operationID == "createAccessToken" {
            return Self.clientCredentials(request.header("authorization"))
                ? nil : Self.oauth("invalid_client", "Client Authentication failed", status: 401)
        }
        return knowsToken(request) ? nil : Self.unauthorized
    }

    /// PayPal's 401: the contract's fixed name and message, no details.
    private static let unauthorized = PayPalIssue.answer("", status: 401, [])

    /// Whether `authorization` is HTTP Basic (the scheme in any case) with a non-empty client id and secret.
    static func clientCredentials(_ authorization: String?) -> Bool {
        guard let credentials = HTTPAuthorization.credentials(authorization, scheme: "Basic"),
            let decoded = Data(base64Encoded: credentials),
            let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return false }
        return colon > text.startIndex && text.index(after: colon) < text.endIndex
    }

    /// Serves the generated operation `Operation` with `handler`, after PayPal's negative testing
    /// (`PayPal-Mock-Response`, ``mockedResponse(_:_:)``); the transport replays `PayPal-Request-Id`.
    func api<Operation: PayOperation>(
        _ operation: Operation.Type, _ handler: @escaping @Sendable (ServerRequest, Operation.RequestBody) throws -> ServerResponse
    ) {
        transport.handle(operation, of: PayPalPaymentsSchema.operations) { request, body in
            if let mocked = Self.mockedResponse(request, Operation.operationID) { return mocked }
            if let refused = Self.unlistedValueRefusal(body, operation: Operation.operationID) { return refused }
            return try handler(request, body)
        }
    }

    /// A request naming a value its open enums do not list (a tax id type, a card brand, an item
    /// category PayPal's document does not have): PayPal judges what a client sends against its
    /// lists, so it is the operation's `INVALID_PARAMETER_VALUE` (400) for each such field. The
    /// enums stay open for PayPal's answers, whose new values are kept. A token's type is PayPal's
    /// own rule (`PNREF_NOT_FOUND`, `TOKEN_ID_NOT_FOUND`…: ``sourceRefusals(_:_:transactions:now:)``).
    static func unlistedValueRefusal(_ body: Any, operation: String) -> ServerResponse? {
        let found = UnlistedEnumValues.find(in: body, allowing: [PayPalTokenType.self])
        guard !found.isEmpty, PayPalIssue.invalidParameterValue.isListed(in: operation) else { return nil }
        return PayPalIssue.answer(
            operation, status: 400,
            found.map { PayPalIssue.invalidParameterValue.detail(for: operation, field: $0.pointer, location: .body) })
    }

    private func installRoutes() {
        api(CreateAccessTokenOperation.self) { [self] _, _ in
            let token = "A21AA" + ids.nextUUID().uuidString.replacingOccurrences(of: "-", with: "")
            lock.withLock { tokens[token] = true }
            transport.ledger.note("access token", id: ProviderLedger.fingerprint(token), state: "issued")
            return .json(
                AccessTokenResponse(
                    accessToken: token, tokenType: "Bearer", appId: "APP-80W284485P519543T", expiresIn: Self.tokenLifetime,
                    nonce: "2026-11-25T00:00:00Z" + String(String(nonces.next(), radix: 36).suffix(8)),
                    scope: "https://uri.paypal.com/services/payments/payment"))
        }
        api(CreateOrderOperation.self) { [self] request, body in
            // An order with a payment source is processed at once: PayPal asks for the key that
            // makes the request safe to retry before it reads anything else of the body.
            if body.paymentSource != nil, (request.header("paypal-request-id") ?? "").isEmpty {
                return PayPalIssue.paypalRequestIDRequired.answer("createOrder", field: "/payment_source", location: .body)
            }
            // This document's order request has no `processing_instruction`; PayPal's API takes
            // one there for the bank methods, so it is read where it is kept.
            var instruction: String?
            if case .string(let text)? = body.unknownMembers["processing_instruction"] { instruction = text }
            var refused =
                Self.unsayableRefusals(body.paymentSource, context: nil, operation: "createOrder") + Self.createOrderRefusals(body)
                + Self.instructionRefusals(body)
            if let source = body.paymentSource {
                let amounts = body.purchaseUnits.map { PayPalMoney(currencyCode: $0.amount.currencyCode, value: $0.amount.value) }
                let context = SourceContext(operation: "createOrder", amounts: amounts, processingInstruction: instruction)
                refused += lock.withLock { Self.sourceRefusals(source, context, transactions: isTransaction, now: clockValue()) }
                if refused.isEmpty, let card = source.card, card.number == Self.declinedCard || request.scenario == "card-declined" {
                    return PayPalIssue.paymentSourceDeclinedByProcessor.answer(
                        "createOrder", field: "/payment_source/card", location: .body)
                }
            }
            if !refused.isEmpty { return Self.answer("createOrder", refused) }
            return lock.withLock {
                let id = String(ids.next() % 100_000_000_000_000_000, radix: 36).uppercased().padding(
                    toLength: 17, withPad: "0", startingAt: 0)
                let units = body.purchaseUnits.map(Self.storedUnit)
                var order = OrderResponse(
                    id: id, status: .created, intent: body.intent,
                    links: [
                        LinkDescription(
                            href: request.link(
                                URL(string: "https://api-m.sandbox.paypal.com/v2/checkout/orders/\(id)") ?? URL(fileURLWithPath: "/")),
                            rel: "self", method: "GET"),
                        LinkDescription(
                            href: request.link(
                                URL(string: "https://www.sandbox.paypal.com/checkoutnow?token=\(id)") ?? URL(fileURLWithPath: "/")),
                            rel: "approve", method: "GET"),
                    ], purchaseUnits: units)
                order.createTime = Self.timestamp(clockValue())
                if let source = body.paymentSource {
                    // Processed at once: approved as a confirm would approve it, and remembered as
                    // the source its authorize or capture must match.
                    let method = Self.methods(of: source).first
                    orderSources[id] = OrderSource(created: method, method: method, instruction: instruction)
                    let returnURL =
                        source.paypal?.experienceContext?.returnUrl ?? source.card?.experienceContext?.returnUrl
                        ?? body.applicationContext?.returnUrl
                    accept(&order, source: source, request: request, returnURL: returnURL)
                } else if let instruction {
                    orderSources[id] = OrderSource(instruction: instruction)
                }
                orders[id] = order
                noteState(id)
                return .json(orders[id] ?? order, status: 201)
            }
        }
        api(ConfirmPaymentSourceOperation.self) { [self] request, body in
            let id = request.pathParameters["orderID"] ?? ""
            return lock.withLock {
                // Confirm's contract declares no 404; an unknown order is PayPal's 404 without a detail.
                guard var order = orders[id] else { return PayPalIssue.answer("", status: 404, []) }
                if order.status == .approved { return PayPalIssue.paymentAlreadyApproved.answer("confirmPaymentSource") }
                if order.status == .completed { return PayPalIssue.orderCannotBeConfirmed.answer("confirmPaymentSource") }
                let source = body.paymentSource
                let instruction = body.processingInstruction?.rawValue ?? orderSources[id]?.instruction
                let context = SourceContext(
                    operation: "confirmPaymentSource", amounts: Self.amounts(of: order), processingInstruction: instruction)
                let refused =
                    Self.unsayableRefusals(source, context: body.applicationContext, operation: "confirmPaymentSource")
                    + Self.sourceRefusals(source, context, transactions: isTransaction, now: clockValue())
                if !refused.isEmpty { return Self.answer("confirmPaymentSource", refused) }
                if let card = source.card, card.number == Self.declinedCard || request.scenario == "card-declined" {
                    return PayPalIssue.paymentSourceDeclinedByProcessor.answer("confirmPaymentSource")
                }
                let method = Self.methods(of: source).first
                orderSources[id] = OrderSource(created: orderSources[id]?.created, method: method, instruction: instruction)
                let returnURL =
                    body.applicationContext?.returnUrl ?? source.card?.experienceContext?.returnUrl
                    ?? source.paypal?.experienceContext?.returnUrl
                accept(&order, source: source, request: request, returnURL: returnURL)
                orders[id] = order
                noteState(id)
                return .json(orders[id] ?? order)
            }
        }
        api(AuthorizeOrderOperation.self) { [self] request, body in settle(request, action: .authorize, source: body.paymentSource) }
        api(CaptureOrderOperation.self) { [self] request, body in settle(request, action: .capture, source: body.paymentSource) }
        api(GetOrderOperation.self) { [self] request, _ in
            lock.withLock {
                let id = request.pathParameters["orderID"] ?? ""
                completeOnApproval(id, request)
                guard let order = orders[id] else {
                    return PayPalIssue.invalidResourceID.answer("getOrder", location: .path)
                }
                return .json(order)
            }
        }
        installPaymentsRoutes()
    }

    /// How far ahead a card's expiry year may be (`INVALID_EXPIRY_DATE` beyond it). PayPal speaks of
    /// "the threshold for the payment source" without publishing it; cards are issued for at most
    /// about ten years, so the sandbox takes twenty.
    public static let expiryHorizonYears = 20

    /// PayPal's ceiling on an amount (`MAX_VALUE_EXCEEDED`): 999999999999999.99.
    static let maximumAmount = Decimal(string: "999999999999999.99", locale: Locale(identifier: "en_US_POSIX")) ?? 0

    /// Authorizes or captures an approved order, as PayPal's `POST …/authorize` and `…/capture`
    /// do: only an `APPROVED` order of the matching intent, once (a repeat with the same
    /// `PayPal-Request-Id` answers the first answer); the order becomes `COMPLETED` with an
    /// authorization or a capture of each unit's amount.
    private func settle(_ request: ServerRequest, action intent: OrderIntent, source: PayPalPaymentSource?) -> ServerResponse {
        let id = request.pathParameters["orderID"] ?? ""
        return lock.withLock {
            let operation = intent == .authorize ? "authorizeOrder" : "captureOrder"
            let completedNow = completeOnApproval(id, request)
            guard var order = orders[id] else { return PayPalIssue.invalidResourceID.answer(operation, location: .path) }
            // Issues and descriptions as PayPal's contract lists them for each operation's 422.
            let response: ServerResponse
            let method = source.flatMap { Self.methods(of: $0).first } ?? orderSources[id]?.method
            if completedNow && intent == .capture {
                // The payer approved and PayPal is capturing the order itself, as instructed.
                response = PayPalIssue.orderCompletionInProgress.answer(operation)
            } else if order.intent != nil && order.intent != intent {
                // Either way round, in PayPal's words for that operation (capture's beyond its
                // document: ``PayPalIssue/beyondTheDocument``).
                response = PayPalIssue.actionDoesNotMatchIntent.answer(operation)
            } else if let source, let refused = sourceRefusal(source, order: order, operation: operation) {
                // What the request's own source breaks, whatever the order's state.
                response = refused
            } else if intent == .authorize, let method, Self.bankMethods.contains(method) {
                response = PayPalIssue.unsupportedIntentForPaymentSource.answer(
                    operation, field: "/payment_source/\(method)", location: .body)
            } else if order.status == .completed {
                response = (intent == .authorize ? PayPalIssue.orderAlreadyAuthorized : .orderAlreadyCaptured).answer(operation)
            } else if order.status == .payerActionRequired {
                response = PayPalIssue.payerActionRequired.answer(operation)
            } else if order.status != .approved, !(source.map(Self.processedWithoutPayer) ?? false) {
                response = PayPalIssue.orderNotApproved.answer(operation)
            } else if intent == .capture, request.scenario == "instrument-declined" {
                response = PayPalIssue.instrumentDeclined.answer(operation)
            } else if let refused = Self.settlementRefusal(order, operation: operation) {
                response = refused
            } else {
                if let source, order.status != .approved {
                    // A merchant-initiated payment: the source in the request pays the order.
                    orderSources[id] = OrderSource(
                        created: orderSources[id]?.created, method: method, instruction: orderSources[id]?.instruction)
                    order.paymentSource = Self.answeredSource(source, payerID: Self.payerID)
                }
                complete(&order, intent: intent, request: request)
                response = .json(orders[id] ?? order, status: 201)
            }
            return response
        }
    }

    /// Settles `order` with `intent` (under the lock): completed, each purchase unit authorized or
    /// captured, every payment also the Payments API's, which captures, voids and refunds it later.
    private func complete(_ order: inout OrderResponse, intent: OrderIntent, request: ServerRequest) {
        let id = order.id
        order.status = .completed
        order.links = [
            LinkDescription(
                href: request.link(URL(string: "https://api-m.sandbox.paypal.com/v2/checkout/orders/\(id)") ?? URL(fileURLWithPath: "/")),
                rel: "self", method: "GET")
        ]
        order.purchaseUnits = (order.purchaseUnits ?? []).map { unit in
            var unit = unit
            let paymentID = String(ids.next() % 100_000_000_000_000_000, radix: 36).uppercased().padding(
                toLength: 17, withPad: "0", startingAt: 0)
            let amount = unit.amount.map { PayPalMoney(currencyCode: $0.currencyCode, value: $0.value) }
            if intent == .authorize {
                unit.payments = PaymentCollection(authorizations: [
                    holdAuthorization(paymentID, orderID: id, amount: amount, request: request)
                ])
            } else {
                unit.payments = PaymentCollection(captures: [
                    holdCapture(paymentID, orderID: id, authorizationID: nil, amount: amount, final: true, request: request)
                ])
            }
            return unit
        }
        orders[id] = order
        noteState(id)
        settlements += 1
    }

    /// Makes the capture PayPal makes on the merchant's behalf for an order approved with
    /// `ORDER_COMPLETE_ON_PAYMENT_APPROVAL` (under the lock), when it is still to be made: whether
    /// this call made it.
    @discardableResult
    private func completeOnApproval(_ id: String, _ request: ServerRequest) -> Bool {
        guard orderSources[id]?.completionPending == true, var order = orders[id], order.status == .approved else { return false }
        orderSources[id]?.completionPending = false
        complete(&order, intent: .capture, request: request)
        return true
    }

    /// The refusal of a payment source sent to authorize or capture order `order` (under the lock):
    /// its own rules, the method the order was created with (`PREFERRED_PAYMENT_SOURCE_MISMATCH`),
    /// a merchant-initiated card after the payer's 3-D Secure challenge.
    private func sourceRefusal(_ source: PayPalPaymentSource, order: OrderResponse, operation: String) -> ServerResponse? {
        var context = SourceContext(operation: operation, amounts: Self.amounts(of: order))
        context.authenticated = order.paymentSource?.card?.authenticationResult != nil
        context.processingInstruction = orderSources[order.id]?.instruction
        var refused =
            Self.unsayableRefusals(source, context: nil, operation: operation)
            + Self.sourceRefusals(source, context, transactions: isTransaction, now: clockValue())
        if let created = orderSources[order.id]?.created, let method = Self.methods(of: source).first, method != created {
            refused.append(PayPalIssue.preferredPaymentSourceMismatch.detail(for: operation, field: "/payment_source", location: .body))
        }
        return refused.isEmpty ? nil : Self.answer(operation, refused)
    }

    /// Whether a source pays without the payer approving on a page (a card, a token, Apple Pay or
    /// Google Pay): sent with authorize or capture, it pays an order nobody approved.
    static func processedWithoutPayer(_ source: PayPalPaymentSource) -> Bool {
        guard let method = methods(of: source).first else { return false }
        return ["card", "token", "apple_pay", "google_pay"].contains(method)
    }

    /// Whether `id` is an authorization or a capture this server made (under the lock).
    func isTransaction(_ id: String) -> Bool { authorizations[id] != nil || captures[id] != nil }

    /// The payer id the sandbox's PayPal and Venmo wallets answer with.
    static let payerID = "QYR5Z8XDVJNXQ"

    /// Each purchase unit's amount of an order.
    static func amounts(of order: OrderResponse) -> [PayPalMoney] {
        (order.purchaseUnits ?? []).compactMap { unit in unit.amount.map { PayPalMoney(currencyCode: $0.currencyCode, value: $0.value) } }
    }

    /// PayPal's answer to `refused`, of one status as the document lists each issue: its 400 issues
    /// before its business rules (422).
    static func answer(_ operation: String, _ refused: [ErrorDetail]) -> ServerResponse {
        let invalid = refused.filter { PayPalIssue(rawValue: $0.issue ?? "")?.status == 400 }
        return PayPalIssue.answer(operation, status: invalid.isEmpty ? 422 : 400, invalid.isEmpty ? refused : invalid)
    }

    /// Applies an accepted payment source to `order` (under the lock), as PayPal approves one: a
    /// card at once, or after its 3-D Secure challenge on the bank's page (`payer-action`, returning
    /// to `returnURL` only); the PayPal and Venmo wallets and the bank methods once the payer approves
    /// on PayPal's or the bank's page (`payer-action`); Apple Pay, Google Pay and tokens at once.
    private func accept(_ order: inout OrderResponse, source: PayPalPaymentSource, request: ServerRequest, returnURL: URL?) {
        let id = order.id
        order.paymentSource = Self.answeredSource(source, payerID: Self.payerID)
        order.links = nil
        let payerAction: URL?
        if let card = source.card {
            let challenge =
                request.scenario == "3ds-challenge"
                || (request.scenario != "3ds-not-required"
                    && (threeDSecureValue != .notRequired || card.number == Self.challengeCard
                        || card.attributes?.verification?.method == .scaAlways))
            // Written out rather than through `URLComponents`, which costs a confirm a measurable share.
            let token = id.utf8.allSatisfy(Self.isUnreserved) ? id : id.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? id
            payerAction = challenge ? URL(string: "https://www.sandbox.paypal.com/webapps/helios?action=verify&token=\(token)") : nil
        } else if Self.processedWithoutPayer(source) {
            payerAction = nil
        } else {
            payerAction = URL(string: "https://www.sandbox.paypal.com/checkoutnow?token=\(id)")
        }
        if let payerAction {
            order.status = .payerActionRequired
            // The challenge returns only to the URL registered here, never to one a page is handed.
            if let returnURL { returnURLs[id] = returnURL }
            order.links = [LinkDescription(href: request.link(payerAction), rel: "payer-action", method: "GET")]
        } else {
            order.status = .approved
            approvals += 1
        }
    }

    private func tokenQuery(_ url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "token" }?.value ?? ""
    }

    private func installPages(on browser: MockBrowser) {
        browser.host(
            HostedPage(
                host: "www.sandbox.paypal.com", pathPrefix: "/webapps/helios", title: "PayPal · 3-D Secure",
                text: "Your bank asks you to confirm this payment.",
                buttons: [
                    HostedPage.Button(ThreeDSecure.passes.rawValue, "Authenticate"),
                    HostedPage.Button(ThreeDSecure.malformedReturn.rawValue, "Return without a result"),
                ],
                // A challenge the client asked for (`SCA_ALWAYS`) where the bank would not have
                // (`notRequired`) is one the buyer passes.
                choose: { [self] _ in threeDSecure == .notRequired ? ThreeDSecure.passes.rawValue : threeDSecure.rawValue }
            ) { [self] url, button in
                let id = tokenQuery(url)
                guard let outcome = ThreeDSecure(rawValue: button) else { throw WebSessionError.presentationFailed("no button \(button)") }
                let registered: URL? = try lock.withLock {
                    guard let order = orders[id] else { throw HostedPageError.notFound }
                    guard order.status == .payerActionRequired else {
                        throw HostedPageError.conflict("the order is \(order.status.rawValue); no challenge is pending")
                    }
                    return returnURLs[id]
                }
                switch outcome {
                case .canceled, .notRequired:
                    throw WebSessionError.canceled
                case .malformedReturn:
                    guard let registered, var components = URLComponents(url: registered, resolvingAgainstBaseURL: false) else {
                        throw HostedPageError.unregisteredRedirect
                    }
                    components.percentEncodedPath = ""
                    components.host = "elsewhere"
                    components.query = nil
                    guard let url = components.url else { throw HostedPageError.unregisteredRedirect }
                    return url
                case .passes:
                    guard let registered, var components = URLComponents(url: registered, resolvingAgainstBaseURL: false) else {
                        throw HostedPageError.unregisteredRedirect
                    }
                    lock.withLock {
                        orders[id]?.status = .approved
                        noteState(id)
                        orders[id]?.links = nil
                        orders[id]?.paymentSource?.card?.authenticationResult = AuthenticationResult(
                            liabilityShift: .possible,
                            threeDSecure: ThreeDSecureStatuses(enrollmentStatus: .ready, authenticationStatus: .successful))
                        approvals += 1
                    }
                    components.queryItems =
                        (components.queryItems ?? []) + [
                            URLQueryItem(name: "liability_shift", value: "POSSIBLE"), URLQueryItem(name: "state", value: "undefined"),
                            URLQueryItem(name: "code", value: "undefined"),
                        ]
                    guard let url = components.url else { throw HostedPageError.unregisteredRedirect }
                    return url
                }
            }.showing(only: { [self] url in order(tokenQuery(url)) != nil }))
        browser.host(
            HostedPage(
                host: "www.sandbox.paypal.com", pathPrefix: "/checkoutnow", title: "PayPal · Checkout",
                text: "Log in to PayPal and approve the payment.",
                buttons: [
                    HostedPage.Button(WebOutcome.approve.rawValue, "Pay"),
                    HostedPage.Button(WebOutcome.cancel.rawValue, "Cancel and return to the merchant"),
                    HostedPage.Button(WebOutcome.malformed.rawValue, "Return without a payer"),
                ],
                choose: { [self] _ in webOutcome.rawValue }
            ) { [self] url, button in
                let query = try PayPalWebCheckoutURLQuery(url: url)
                // Web checkout returns to the SDK's registered callback only.
                let base = PayPalWebCheckoutClient.redirectURI
                if let asked = query.redirectUri, asked != base { throw HostedPageError.unregisteredRedirect }
                guard let outcome = WebOutcome(rawValue: button) else { throw WebSessionError.presentationFailed("no button \(button)") }
                try lock.withLock {
                    guard let order = orders[query.token] else { throw HostedPageError.notFound }
                    guard order.status == .created || order.status == .payerActionRequired else {
                        throw HostedPageError.conflict("the order is \(order.status.rawValue)")
                    }
                    if outcome == .approve {
                        orders[query.token]?.status = .approved
                        // PayPal captures an order that says so on the merchant's behalf once the
                        // payer approves (made by the next call that touches the order).
                        if orderSources[query.token]?.completesOnApproval == true { orderSources[query.token]?.completionPending = true }
                        noteState(query.token)
                        approvals += 1
                    }
                }
                var items = [URLQueryItem(name: "token", value: query.token)]
                switch outcome {
                case .approve:
                    items += [URLQueryItem(name: "PayerID", value: "QYR5Z8XDVJNXQ"), URLQueryItem(name: "opType", value: "payment")]
                case .cancel: items.append(URLQueryItem(name: "opType", value: "cancel"))
                case .closed: throw WebSessionError.canceled
                case .malformed: items.append(URLQueryItem(name: "opType", value: "payment"))
                }
                guard var components = URLComponents(string: base) else { throw HostedPageError.unregisteredRedirect }
                components.queryItems = items
                guard let url = components.url else { throw HostedPageError.unregisteredRedirect }
                return url
            }.showing(only: { [self] url in ((try? PayPalWebCheckoutURLQuery(url: url)).map { order($0.token) != nil }) ?? false }))
    }
}

/// A scripted native pay sheet: the buyer makes the listed shipping changes, then approves or cancels.
public struct MockPaySheet: NativePaySheet {
    /// The buyer's shipping changes, in order.
    public var changes: [ShippingChange]
    /// Whether the buyer cancels at the end instead of approving.
    public var cancels: Bool
    /// What the merchant answered, in order.
    public let answers = Recorder<ShippingChangeDecision>()

    /// Creates a pay sheet.
    public init(changes: [ShippingChange] = [], cancels: Bool = false) {
        self.changes = changes
        self.cancels = cancels
    }

    /// Walks through the changes, then approves or cancels.
    public func present(
        orderID: String, onShippingChange: @escaping @Sendable (ShippingChange) async -> ShippingChangeDecision
    ) async throws -> Approval {
        for change in changes {
            answers.record(await onShippingChange(change))
        }
        if cancels { throw WebSessionError.canceled }
        return Approval(orderID: orderID, payerID: "QYR5Z8XDVJNXQ")
    }

    /// An address change to San Jose, CA.
    public static let addressChange = ShippingChange(
        type: .shippingAddress,
        selectedShippingAddress: ShippingAddress(
            addressID: "addr-1", adminArea1: "CA", adminArea2: "San Jose", postalCode: "95131", countryCode: "US"))

    /// A method change to store pickup.
    public static let methodChange = ShippingChange(
        type: .shippingMethod, selectedShippingAddress: ShippingAddress(countryCode: "US"),
        selectedShippingMethod: ShippingMethod(
            id: "pick", label: "Store pickup", selected: true, type: .pickup, value: "0.00", currencyCode: "USD"))
}

/// A thread-safe list, for mocks that record what they were told.
public final class Recorder<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Event] = []

    /// Creates an empty list.
    public init() {}

    /// Everything recorded, in order.
    public var events: [Event] { lock.withLock { items } }

    /// Records an event.
    public func record(_ event: Event) { lock.withLock { items.append(event) } }
}

extension ErrorLocation {
    /// PayPal's location of a violation: `body`, `path` or `query`; `nil` for a header or cookie,
    /// which PayPal's contract (`error_location`) gives no location.
    init?(wire location: PayRequestViolation.Location) {
        switch location {
        case .body: self = .body
        case .path: self = .path
        case .query: self = .query
        case .header, .cookie: return nil
        }
    }
}
