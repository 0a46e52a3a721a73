import AmazonPayMerchantServer
import AmazonPayMobile
import Foundation
import PaymentFlowsCore
import PaymentServerCore

/// Amazon Pay API v2 and its hosted pages: checkout sessions that move from Open to Completed or
/// Canceled, idempotency keys answered with the first answer (a reused key with another body is
/// `DuplicateIdempotencyKey`), the sign-in page that checks the signed button payload and creates a
/// session after login, and the payment (spinner) page that returns to the session's result or
/// cancel URL. Only the merchant server talks to it; with a ``signatureVerifier`` every API call
/// must be signed.
public final class MockAmazonPayServer: @unchecked Sendable {
    /// How the buyer's checkout goes.
    public enum Outcome: String, Sendable, CaseIterable {
        /// The buyer logs in and pays.
        case success
        /// The buyer closes the login page.
        case closedAtLogin
        /// The universal link carries another token (a forged transition).
        case tokenMismatch
        /// The session expired before the purchase page loaded.
        case expired
        /// The buyer cancels on the payment page.
        case canceledAtPayment
        /// The payment is declined.
        case declined
    }

    /// The API transport.
    public let transport: MockProviderTransport
    /// The payment page host.
    public static let paymentHost = "apay.example"
    /// The sign-in page on ``paymentHost`` (`amazon.Pay.initCheckout` lands there).
    public static let signInURL = URL(string: "https://\(paymentHost)/signin")!
    /// Amazon Pay's `checkout.js` on ``paymentHost``: `amazon.Pay.renderButton` and
    /// `amazon.Pay.initCheckout`, both leading to ``signInURL`` with the signed payload.
    public static let checkoutScriptURL = URL(string: "https://\(paymentHost)/checkout.js")!

    /// The stand-in for Amazon's `checkout.js`: `renderButton(selector, options)` puts a button in
    /// the element, and a tap on it (like `initCheckout(options)`) goes to the sign-in page next to
    /// the script (`signin`, resolved against the script's own URL, so it works wherever the pages
    /// are served) with the options and the signed `createCheckoutSessionConfig` in its query.
    static let checkoutScript = """
        (function () {
          "use strict";
          const signIn = new URL("signin", document.currentScript.src);
          function target(options) {
            const url = new URL(signIn.href);
            const config = options.createCheckoutSessionConfig || {};
            const fields = [["merchantId", options.merchantId], ["ledgerCurrency", options.ledgerCurrency],
              ["checkoutLanguage", options.checkoutLanguage], ["productType", options.productType],
              ["placement", options.placement], ["payloadJSON", config.payloadJSON], ["signature", config.signature],
              ["publicKeyId", config.publicKeyId]];
            for (const [name, value] of fields) {
              if (value !== undefined && value !== null) { url.searchParams.set(name, String(value)); }
            }
            return url.href;
          }
          function renderButton(selector, options) {
            const container = document.querySelector(selector);
            if (!container) { throw new Error("amazon.Pay.renderButton: no element matches " + selector); }
            const button = document.createElement("button");
            button.type = "button";
            button.className = "amazonpay-button amazonpay-button-" + String(options.buttonColor || "Gold").toLowerCase();
            button.textContent = "Amazon Pay";
            button.addEventListener("click", function () { location.href = target(options); });
            container.appendChild(button);
            return button;
          }
          function initCheckout(options) { location.href = target(options); }
          window.amazon = { Pay: { renderButton: renderButton, initCheckout: initCheckout } };
        })();
        """

    let lock = NSLock()
    var sessions = BoundedStore<String, CheckoutSession>()
    private var completions = BoundedStore<String, Int>()
    /// The charges completed sessions made, by id, with what was captured and refunded of each.
    var charges = BoundedStore<String, HeldCharge>()
    /// Every refund, by id.
    var refunds = BoundedStore<String, AmazonPayRefund>()
    /// The charge permissions completed sessions made, by id.
    var permissions = BoundedStore<String, ChargePermission>()
    /// Where instant payment notifications go (``notificationEndpoint``).
    var notificationURL: URL?
    private var outcomeValue: Outcome
    private var verifier: AmazonPaySignatureVerifier?
    let ids: SeededGenerator
    let now: @Sendable () -> Date

    /// How far `x-amz-pay-date` may be from the server's clock, either way: Amazon refuses older
    /// (replayed) and future-dated requests.
    public static let dateWindow: TimeInterval = 15 * 60

    /// Creates the server on `transport` and its pages on `browser`.
    public init(
        outcome: Outcome = .success, transport: MockProviderTransport = MockProviderTransport(name: "AmazonPay"), browser: MockBrowser,
        seed: UInt64 = 2, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.outcomeValue = outcome
        self.transport = transport
        self.ids = SeededGenerator(seed: seed)
        self.now = now
        transport.refusals = Self.refusals
        transport.idempotency = Self.idempotency
        transport.offer(Self.requestScenarios)
        installRoutes()
        installChargeRoutes()
        installNotificationTrigger()
        transport.authenticate = { [weak self] request, _ in self?.signatureRefusal(request) }
        installPages(on: browser)
    }

    /// The scenario.
    public var outcome: Outcome {
        get { lock.withLock { outcomeValue } }
        set { lock.withLock { outcomeValue = newValue } }
    }

    /// When set, every API request must be signed (`AMZN-PAY-RSASSA-PSS-V2`) by one of the
    /// verifier's keys, as Amazon requires; otherwise it is answered with Amazon's 401 error body.
    public var signatureVerifier: AmazonPaySignatureVerifier? {
        get { lock.withLock { verifier } }
        set { lock.withLock { verifier = newValue } }
    }

    /// How many times each session was completed (charged).
    public var completionsBySession: [String: Int] { lock.withLock { completions.entries } }

    /// A session's current state.
    public func session(_ id: String) -> CheckoutSession? { lock.withLock { sessions[id] } }

    /// An open checkout session under a chosen id, as the sign-in page creates one after login (a
    /// fixture for tests of the API calls that follow).
    public func openSession(id: String, returnURL: URL) {
        lock.withLock {
            sessions[id] = Self.openSession(id: id, returnURL: returnURL, storeId: nil, buyer: Self.signedInBuyer)
            noteState(id)
        }
    }

    /// The buyer the scripted sign-in page signs in.
    private static let signedInBuyer = AmazonPayBuyer(buyerId: "amzn1.account.MOCK", name: "Taro Yamada", email: "taro@example.jp")

    /// A new Open session: no charge amount yet, and `BuyerNotAssociated` while no buyer signed in.
    private static func openSession(
        id: String, returnURL: URL, storeId: String?, buyer: AmazonPayBuyer?, state: StatusDetails? = nil
    ) -> CheckoutSession {
        let now = Date(timeIntervalSince1970: 1_606_910_400)
        var constraints = [CheckoutSessionConstraint(constraintId: .chargeAmountNotSet)]
        if buyer == nil { constraints.append(CheckoutSessionConstraint(constraintId: .buyerNotAssociated)) }
        return CheckoutSession(
            checkoutSessionId: id, webCheckoutDetails: WebCheckoutDetails(checkoutReviewReturnUrl: returnURL),
            productType: .payAndShip, chargePermissionType: .oneTime, buyer: buyer,
            statusDetails: state ?? StatusDetails(state: .open, lastUpdatedTimestamp: now), constraints: constraints,
            storeId: storeId, creationTimestamp: now, expirationTimestamp: now.addingTimeInterval(86_400), releaseEnvironment: .sandbox)
    }

    /// Forgets every session and stored answer.
    public func reset() {
        transport.forgetIdempotencyKeys()
        lock.withLock {
            sessions.removeAll()
            forgetCharges()
            completions.removeAll()
        }
    }

    /// Notes session `id`'s state in the ledger (under the lock, where it changed).
    private func noteState(_ id: String) {
        guard let session = sessions[id] else { return }
        let reason = session.statusDetails.reasonCode.map { " (\($0.rawValue))" } ?? ""
        transport.ledger.note("checkout session", id: id, state: session.statusDetails.state.rawValue + reason)
    }

    static func error(_ reason: ErrorReasonCode, _ message: String, status: Int) -> ServerResponse {
        // Amazon's messages quote the value refused (`The value '…' provided for …`): never a card number.
        var answer = ServerResponse.json(
            AmazonPayErrorResponse(reasonCode: reason, message: CardNumberRedaction.redacting(Substring(message))), status: status)
        answer.rule = reason.rawValue
        return answer
    }

    private func error(_ reason: ErrorReasonCode, _ message: String, status: Int) -> ServerResponse {
        Self.error(reason, message, status: status)
    }

    /// The scenarios a request may choose with `Sandbox-Scenario`.
    public static let requestScenarios = [
        RequestScenario(
            provider: "amazonpay", name: "declined", operations: ["completeCheckoutSession"],
            summary: "The authorization is declined: the session is Canceled (Declined) and complete answers 422 CheckoutSessionCanceled."),
        RequestScenario(
            provider: "amazonpay", name: "charge-expired", operations: ["captureCharge", "cancelCharge"],
            summary:
                "The call comes 31 days after the charge was authorized: an Authorized charge has expired (Canceled, ExpiredUnused) and the call answers 422 InvalidChargeStatus."
        ),
        RequestScenario(
            provider: "amazonpay", name: "refund-declined", operations: ["createRefund"],
            summary: "The refund is created (RefundInitiated) and then declined (AmazonRejected): its amount is refundable again."),
    ]

    /// Amazon's refusals: 404 `ResourceNotFound` (400 `InvalidAPIVersion` for a version it does not
    /// serve), 405 `UnsupportedOperation`, and 400 `InvalidRequestFormat` for a body that is not JSON,
    /// `MissingParameterValue`/`InvalidParameterValue` (`MissingHeader`, `MissingHeaderValue` for an
    /// empty one, `InvalidHeaderValue` for headers) naming every field that breaks the schema.
    static let refusals = ProviderRefusals(
        notFound: { path in
            if let version = path.split(separator: "/").first, version.hasPrefix("v"), version != "v2", Int(version.dropFirst()) != nil {
                return error(.unknown("InvalidAPIVersion"), "The API version \(version) is not supported; use v2.", status: 400)
            }
            return error(.resourceNotFound, "The requested resource was not found.", status: 404)
        },
        methodNotAllowed: { method, _ in
            error(.unknown("UnsupportedOperation"), "The \(method) operation is not supported on this resource.", status: 405)
        },
        invalid: { _, violations in
            if violations.contains(where: { $0.rule == "malformed" }) {
                return error(.unknown("InvalidRequestFormat"), "The request body is not valid JSON.", status: 400)
            }
            // Amazon refuses a member its reference does not list before it judges any value.
            let unrecognized = violations.filter { $0.rule == "unknownMember" }
            if !unrecognized.isEmpty {
                return error(
                    .unknown("UnrecognizedField"),
                    "The request contains fields Amazon does not recognize: " + unrecognized.map(\.field).joined(separator: ", "),
                    status: 400)
            }
            let missing = violations.allSatisfy {
                $0.rule == "missing" || $0.message == "is required" || $0.message == "required field is missing"
            }
            let headers = violations.allSatisfy { $0.location == .header }
            let empty = violations.allSatisfy { $0.value?.isEmpty == true }
            let reason: ErrorReasonCode =
                headers
                ? .unknown(missing ? "MissingHeader" : empty ? "MissingHeaderValue" : "InvalidHeaderValue")
                : (missing ? .missingParameterValue : .invalidParameterValue)
            return error(reason, violations.map(\.description).joined(separator: "; "), status: 400)
        },
        unavailable: { error(.serviceUnavailable, "The service is temporarily unavailable. Please try again later.", status: 503) })

    /// Amazon's `x-amz-pay-idempotency-key`, replayed by the transport: a repeated key gets the
    /// first answer, another body under it is `DuplicateIdempotencyKey`. A key is scoped to its
    /// operation and resource: the same key on another session is another key. Only an answer of a
    /// request that took effect (2xx) is kept, as Stripe and Amazon keep them: a refused request may
    /// be sent again with the key, corrected. Amazon honours the key on POST only; on a PATCH
    /// (idempotent by definition) it has no effect.
    static let idempotency = IdempotencyPolicy(
        keep: .successes, conflict: { _ in error(.duplicateIdempotencyKey, "the key was used with another body", status: 400) })

    /// Amazon's answer to an unsigned, badly signed, stale or misdirected request, or `nil` when it
    /// may proceed: the signature covers `x-amz-pay-date`, `x-amz-pay-host` and `x-amz-pay-region`;
    /// the date must be within ``dateWindow`` of now and the host must be the region's API host.
    private func signatureRefusal(_ request: ServerRequest) -> ServerResponse? {
        guard let verifier = signatureVerifier else { return nil }
        if let refusal = verifier.refusal(for: request) {
            // No credentials at all is not a signature that fails to verify: the merchant is not
            // authenticated (401, Amazon's `UnauthorizedAccess`); a signature that does not match is
            // `InvalidRequestSignature`, 403 in Amazon's Manage errors table.
            if request.header("authorization") == nil {
                return error(.unauthorizedAccess, "the request carries no Authorization header", status: 401)
            }
            switch refusal {
            case .unknownKey:
                return error(.unauthorizedAccess, "the public key id is not registered for this merchant", status: 401)
            case .missingSignature, .headerNotSigned, .badSignature:
                return error(.invalidRequestSignature, "the request signature does not match (\(refusal.rawValue))", status: 403)
            }
        }
        guard let date = AmazonPaySignature.date(request.header("x-amz-pay-date") ?? "") else {
            return error(.unknown("InvalidHeaderValue"), "x-amz-pay-date is not a yyyyMMdd'T'HHmmss'Z' timestamp", status: 400)
        }
        if abs(date.timeIntervalSince(now())) > Self.dateWindow {
            return error(
                .invalidRequestSignature, "x-amz-pay-date is more than 15 minutes from the server's time; the request may be a replay",
                status: 403)
        }
        let region = request.header("x-amz-pay-region")?.lowercased() ?? ""
        guard let host = AmazonPaySignature.apiHosts[region], request.header("x-amz-pay-host")?.lowercased() == host else {
            return error(.unknown("InvalidHeaderValue"), "x-amz-pay-host must be the API host of x-amz-pay-region", status: 400)
        }
        return nil
    }

    /// The largest charge Amazon takes per checkout session, by currency (US $150,000, EU
    /// €150,000, UK £135,000, JP ¥15,000,000): above it, `TransactionAmountExceeded`.
    public static let chargeCeilings: [String: Decimal] = ["USD": 150_000, "EUR": 150_000, "GBP": 135_000, "JPY": 15_000_000]

    /// Amazon's refusal of a charge amount, or `nil` when it takes it: 400 `InvalidParameterValue`
    /// for more decimals than the currency takes (two, none for JPY: Amazon refuses what it would
    /// have to round), 400 `TransactionAmountExceeded` above the currency's ceiling. (A sign or a
    /// zero amount is refused by the schema: the amount is a positive unsigned decimal string.)
    static func amountRefusal(_ price: AmazonPayPrice?, _ field: String) -> ServerResponse? {
        guard let price, case .success(let reading) = PayDecimalText.read(price.amount) else { return nil }
        if !CurrencyPrecision.amazonPay.allows(price.amount, in: price.currencyCode) {
            let digits = CurrencyPrecision.amazonPay.digits(of: price.currencyCode)
            return error(
                .invalidParameterValue,
                "The value '\(price.amount)' provided for '\(field).amount' is invalid: \(price.currencyCode) takes \(digits) decimals.",
                status: 400)
        }
        if let ceiling = chargeCeilings[price.currencyCode], reading.value > ceiling {
            return error(
                .transactionAmountExceeded,
                "The value '\(price.amount)' provided for '\(field).amount' exceeds the maximum charge amount of \(ceiling) \(price.currencyCode).",
                status: 400)
        }
        return nil
    }

    /// Whether two decimal strings are the same amount (`10` and `10.00` are).
    private static func sameAmount(_ first: String, _ second: String) -> Bool {
        guard case .success(let one) = PayDecimalText.read(first), case .success(let other) = PayDecimalText.read(second) else {
            return first == second
        }
        return one.value == other.value
    }

    /// Serves the generated operation `Operation`; the transport checks the signature first and
    /// replays idempotency keys (``idempotency``).
    func api<Operation: PayOperation>(
        _ operation: Operation.Type, _ handler: @escaping @Sendable (ServerRequest, Operation.RequestBody) throws -> ServerResponse
    ) {
        transport.handle(operation, of: AmazonPayMobileSchema.operations) { request, body in try handler(request, body) }
    }

    private func installRoutes() {
        api(CreateCheckoutSessionOperation.self) { [self] _, payload in
            return lock.withLock {
                let id = ids.nextUUID().uuidString.lowercased()
                let session = Self.openSession(
                    id: id, returnURL: payload.webCheckoutDetails.checkoutReviewReturnUrl, storeId: payload.storeId, buyer: nil)
                sessions[id] = session
                noteState(id)
                return .json(session, status: 201)
            }
        }
        api(GetCheckoutSessionOperation.self) { [self] request, _ in
            lock.withLock {
                guard let session = sessions[request.pathParameters["checkoutSessionId"] ?? ""] else {
                    return error(.resourceNotFound, "no such session", status: 404)
                }
                return .json(session)
            }
        }
        api(UpdateCheckoutSessionOperation.self) { [self] request, update in
            let id = request.pathParameters["checkoutSessionId"] ?? ""
            if let refusal = Self.amountRefusal(update.paymentDetails?.chargeAmount, "paymentDetails.chargeAmount") { return refusal }
            return lock.withLock {
                guard var session = sessions[id] else { return error(.resourceNotFound, "no such session", status: 404) }
                guard session.statusDetails.state == .open else {
                    return error(.invalidCheckoutSessionStatus, "the session is not open", status: 422)
                }
                var details = session.webCheckoutDetails ?? WebCheckoutDetails()
                details.checkoutResultReturnUrl = update.webCheckoutDetails?.checkoutResultReturnUrl
                details.checkoutCancelUrl = update.webCheckoutDetails?.checkoutCancelUrl
                var redirect = URLComponents()
                redirect.scheme = "https"
                redirect.host = Self.paymentHost
                redirect.path = "/checkout/processing"
                redirect.queryItems = [URLQueryItem(name: "amazonCheckoutSessionId", value: id)]
                details.amazonPayRedirectUrl = redirect.url
                session.webCheckoutDetails = details
                session.paymentDetails = update.paymentDetails
                session.merchantMetadata = update.merchantMetadata
                // The charge amount is set now; a buyer is associated only by signing in.
                session.constraints = session.buyer == nil ? [CheckoutSessionConstraint(constraintId: .buyerNotAssociated)] : []
                sessions[id] = session
                noteState(id)
                return .json(session)
            }
        }
        api(CompleteCheckoutSessionOperation.self) { [self] request, complete in
            let id = request.pathParameters["checkoutSessionId"] ?? ""
            if let refusal = Self.amountRefusal(complete.chargeAmount, "chargeAmount") { return refusal }
            return lock.withLock {
                guard var session = sessions[id] else { return error(.resourceNotFound, "no such session", status: 404) }
                if session.statusDetails.state == .canceled {
                    return error(
                        .unknown("CheckoutSessionCanceled"),
                        "Checkout was unsuccessful: the session is Canceled (\(session.statusDetails.reasonCode?.rawValue ?? "no reason")).",
                        status: 422)
                }
                guard session.statusDetails.state == .open else {
                    return error(
                        .invalidCheckoutSessionStatus,
                        "the session is \(session.statusDetails.state.rawValue); only an Open session can be completed", status: 422)
                }
                if let charge = session.paymentDetails?.chargeAmount {
                    guard complete.chargeAmount.currencyCode == charge.currencyCode else {
                        return error(
                            .currencyMismatch,
                            "chargeAmount.currencyCode \(complete.chargeAmount.currencyCode) does not match the currency set during checkout, \(charge.currencyCode).",
                            status: 400)
                    }
                    guard Self.sameAmount(complete.chargeAmount.amount, charge.amount) else {
                        return error(
                            .unknown("AmountMismatch"),
                            "chargeAmount does not match the Checkout Session's chargeAmount; call Update Checkout Session with the final total first.",
                            status: 409)
                    }
                }
                if let unmet = session.constraints?.first {
                    return error(
                        .invalidCheckoutSessionStatus, "the session has the constraint \(unmet.constraintId.rawValue)", status: 422)
                }
                if request.scenario == "declined" {
                    session.statusDetails = StatusDetails(
                        state: .canceled, reasonCode: .declined, lastUpdatedTimestamp: Date(timeIntervalSince1970: 1_606_910_400))
                    sessions[id] = session
                    noteState(id)
                    return error(
                        .unknown("CheckoutSessionCanceled"),
                        "Checkout was unsuccessful: the payment was declined; the session is Canceled (Declined).", status: 422)
                }
                session.statusDetails = StatusDetails(state: .completed, lastUpdatedTimestamp: Date(timeIntervalSince1970: 1_606_910_400))
                session.chargePermissionId = "S03-" + id.prefix(8)
                // Confirm makes the permission only; Authorize and AuthorizeWithCapture make a charge too.
                if session.paymentDetails?.paymentIntent != .confirm { session.chargeId = "S03-" + id.prefix(8) + "-C01" }
                sessions[id] = session
                noteState(id)
                holdCharge(of: session)
                completions[id, default: 0] += 1
                return .json(session)
            }
        }
    }

    /// The button the scripted buyer taps on the sign-in page.
    private var signInChoice: String {
        switch outcome {
        case .closedAtLogin: return "close"
        case .tokenMismatch: return "forge"
        case .expired: return "expire"
        default: return "continue"
        }
    }

    /// The button the scripted buyer taps on the payment page.
    private var paymentChoice: String {
        switch outcome {
        case .canceledAtPayment: return "cancel"
        case .declined: return "decline"
        default: return "pay"
        }
    }

    private func installPages(on browser: MockBrowser) {
        browser.host(
            HostedPage(
                host: Self.paymentHost, path: Self.checkoutScriptURL.path, title: "checkout.js",
                document: HostedPage.Document(contentType: "text/javascript; charset=utf-8", body: Data(Self.checkoutScript.utf8))))
        browser.host(
            HostedPage(
                host: Self.paymentHost, pathPrefix: "/signin", title: "Amazon Pay · Sign in",
                text: "Sign in with your Amazon account, then choose the address and the payment method.",
                buttons: [
                    HostedPage.Button("continue", "Sign in and continue"),
                    HostedPage.Button("expire", "Continue after the session expired"),
                    HostedPage.Button("forge", "Return through a forged link (another token)"),
                ],
                choose: { [self] _ in signInChoice }
            ) { [self] url, button in try signIn(url, button) })
        browser.host(
            HostedPage(
                host: Self.paymentHost, pathPrefix: "/checkout/processing", title: "Amazon Pay · Processing",
                text: "Amazon Pay is processing the payment.",
                buttons: [
                    HostedPage.Button("pay", "Pay"), HostedPage.Button("cancel", "Cancel"),
                    HostedPage.Button("decline", "Decline the payment"),
                ],
                choose: { [self] _ in paymentChoice }
            ) { [self] url, button in try pay(url, button) }.showing(only: { [self] url in
                session(
                    URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "amazonCheckoutSessionId" }?
                        .value ?? "") != nil
            }))
    }

    /// The sign-in page (`amazon.Pay.initCheckout`): checks the button payload's signature, creates
    /// the session after login and returns to the payload's `checkoutReviewReturnUrl` with
    /// `amazonCheckoutSessionId` appended.
    private func signIn(_ url: URL, _ button: String) throws -> URL {
        if button == "close" { throw WebSessionError.canceled }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let value = { (name: String) in query.first { $0.name == name }?.value ?? "" }
        let config: CreateCheckoutSessionConfig
        let payload: ButtonPayload
        do {
            config = CreateCheckoutSessionConfig(
                payloadJSON: value("payloadJSON"), signature: value("signature"), publicKeyId: value("publicKeyId"))
            payload = try PayWire.decodeJSON(ButtonPayload.self, from: Data(config.payloadJSON.utf8))
        } catch {
            throw WebSessionError.presentationFailed("the button payload is not a createCheckoutSession payload")
        }
        if let verifier = signatureVerifier,
            let refusal = verifier.buttonRefusal(payload: config.payloadJSON, signature: config.signature, publicKeyID: config.publicKeyId)
        {
            throw WebSessionError.presentationFailed("the button signature does not verify (\(refusal.rawValue))")
        }
        let id = ids.nextUUID().uuidString.lowercased()
        let expired =
            button == "expire"
            ? StatusDetails(
                state: .canceled, reasonCode: .expired, reasonDescription: "The session expired",
                lastUpdatedTimestamp: Date(timeIntervalSince1970: 1_606_910_400))
            : nil
        let returnURL = payload.webCheckoutDetails.checkoutReviewReturnUrl
        let session = Self.openSession(id: id, returnURL: returnURL, storeId: payload.storeId, buyer: Self.signedInBuyer, state: expired)
        lock.withLock {
            sessions[id] = session
            noteState(id)
        }
        var items = URLComponents(url: returnURL, resolvingAgainstBaseURL: false)?.queryItems ?? []
        if button == "forge" {
            items = items.filter { $0.name != "token" } + [URLQueryItem(name: "token", value: "00000000-0000-4000-8000-000000000000")]
        }
        items.append(URLQueryItem(name: "amazonCheckoutSessionId", value: id))
        return try Self.url(returnURL, query: items)
    }

    /// The payment (spinner) page: pays, declines or cancels, then redirects to the session's
    /// `checkoutResultReturnUrl` (or `checkoutCancelUrl`) with `amazonCheckoutSessionId`.
    private func pay(_ url: URL, _ button: String) throws -> URL {
        let id =
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "amazonCheckoutSessionId" }?.value ?? ""
        let details: WebCheckoutDetails? = try lock.withLock {
            guard let session = sessions[id] else { throw HostedPageError.notFound }
            guard session.statusDetails.state == .open else {
                throw HostedPageError.conflict(
                    "the checkout session is \(session.statusDetails.state.rawValue); only an open session can be paid or canceled")
            }
            switch button {
            case "cancel": sessions[id]?.statusDetails = StatusDetails(state: .canceled, reasonCode: .buyerCanceled)
            case "decline": sessions[id]?.statusDetails = StatusDetails(state: .canceled, reasonCode: .declined)
            default: break
            }
            noteState(id)
            return session.webCheckoutDetails
        }
        let target = button == "cancel" ? details?.checkoutCancelUrl ?? details?.checkoutResultReturnUrl : details?.checkoutResultReturnUrl
        guard let target else { throw WebSessionError.presentationFailed("the session \(id) has no return URL") }
        let items =
            (URLComponents(url: target, resolvingAgainstBaseURL: false)?.queryItems ?? []) + [
                URLQueryItem(name: "amazonCheckoutSessionId", value: id)
            ]
        return try Self.url(target, query: items)
    }

    private static func url(_ base: URL, query: [URLQueryItem]) throws -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        components?.queryItems = query
        guard let url = components?.url else {
            throw WebSessionError.presentationFailed("cannot build a return URL from \(base.host ?? "")")
        }
        return url
    }
}

extension MockAmazonPayServer {
    /// Every refusal Amazon Pay documents for the checkout-session calls the sandbox serves: the
    /// API v2 "Manage errors" table, the Checkout Session reference and its FAQ.
    public static let ruleTable = ProviderRuleTable(
        provider: "amazonpay", title: "Amazon Pay API v2 (checkout sessions, charges, refunds, charge permissions)",
        source:
            "From Amazon Pay's API v2 pages: [Manage errors](https://developer.amazon.com/docs/amazon-pay-api-v2/error-handling.html) (the generic codes), [Checkout Session](https://developer.amazon.com/docs/amazon-pay-api-v2/checkout-session.html) (the per-call codes and the charge ceilings), [Charge](https://developer.amazon.com/docs/amazon-pay-api-v2/charge.html), [Refund](https://developer.amazon.com/docs/amazon-pay-api-v2/refund.html) (the refund overage: 15% or 75 USD/GBP/EUR, 8,400 JPY, whichever is less), [Charge Permission](https://developer.amazon.com/docs/amazon-pay-api-v2/charge-permission.html) and the [FAQ](https://developer.amazon.com/docs/amazon-pay-checkout/faqs.html) (`AmountMismatch`). Each status is the one Manage errors gives the code (`InvalidRequestSignature` 403, `AmountMismatch` 409, as integrators' copies of that table have them too: the s360 Amazon Pay plugin's `Error` constants); the charge, refund and charge permission codes (`InvalidChargeStatus`, `InvalidChargePermissionStatus`, `TransactionCountExceeded`, `AmazonRejected` 422, `ProcessingFailure` 500) and the calls each applies to are as two independent copies of Amazon's tables give them (the s360 plugin's `Error` class, which names the calls, and a Ruby client's `AmazonPay::Consts::ErrorCode`). Amazon fixes the `reasonCode`; its `message` is free text, so ours names the field and value.",
        rules: [
            ProviderRule(
                "InvalidHeaderValue", status: 400,
                when: "an invalid value for a header: a host that is not the region's, a malformed `x-amz-pay-date` or idempotency key"),
            ProviderRule(
                "InvalidRequest", status: 400, when: "the request is invalid (no condition given)",
                .notApplicable("Amazon names no condition for it; every invalid request the sandbox sees has a more specific code")),
            ProviderRule(
                "InvalidParameterValue", status: 400,
                operations: ["createCheckoutSession", "updateCheckoutSession", "completeCheckoutSession", "captureCharge", "createRefund"],
                when: "an invalid value for a parameter: a schema violation, a zero charge, more decimals than the currency takes"),
            ProviderRule(
                "InvalidRequestFormat", status: 400,
                operations: ["createCheckoutSession", "updateCheckoutSession", "completeCheckoutSession", "captureCharge", "createRefund"],
                when: "a body that is not JSON"),
            ProviderRule(
                "MissingHeader", status: 400,
                operations: ["createCheckoutSession", "completeCheckoutSession", "captureCharge", "createRefund"],
                when:
                    "a required header is missing: `x-amz-pay-idempotency-key` (the signed headers are checked by the signature first: 401)"
            ),
            ProviderRule(
                "MissingHeaderValue", status: 400,
                operations: ["createCheckoutSession", "updateCheckoutSession", "completeCheckoutSession"],
                when: "a header is sent without a value: an empty `x-amz-pay-idempotency-key`"),
            ProviderRule(
                "MissingParameterValue", status: 400,
                operations: ["createCheckoutSession", "completeCheckoutSession", "captureCharge", "createRefund"],
                when: "a mandatory parameter is missing"),
            ProviderRule(
                "UnrecognizedField", status: 400,
                operations: [
                    "createCheckoutSession", "updateCheckoutSession", "completeCheckoutSession", "captureCharge", "cancelCharge",
                    "createRefund",
                    "closeChargePermission",
                ],
                when:
                    "a member the request body's type does not list (every field Amazon's .NET SDK declares for the body is listed), at any depth of the body, in the types it shares with Amazon's answers too (which keep such members when they read an answer)"
            ),
            ProviderRule(
                "InvalidSandboxSimulationSpecified", status: 400, when: "an invalid sandbox simulation",
                .notApplicable("Amazon's sandbox simulation codes are not modelled; the `Sandbox-Scenario` header plays their part")),
            ProviderRule(
                "DuplicateIdempotencyKey", status: 400,
                operations: ["createCheckoutSession", "completeCheckoutSession", "captureCharge", "createRefund"],
                when: "an idempotency key already used with another body"),
            ProviderRule(
                "InvalidParameterCombination", status: 400, when: "an invalid combination of parameters",
                .notApplicable(
                    "Amazon names no combination for the checkout-session calls the sandbox serves; the fields it judges (payment intent with recurring metadata, charge permission types) are not in our request types yet"
                )),
            ProviderRule(
                "CurrencyMismatch", status: 400, operations: ["completeCheckoutSession", "captureCharge", "createRefund"],
                when: "the currency of the charge, capture or refund differs from the session's or the charge's"),
            ProviderRule("InvalidAPIVersion", status: 400, when: "an API version Amazon does not serve (`/v1/…`)"),
            ProviderRule(
                "PeriodicAmountExceeded", status: 400, when: "a recurring charge permission's monthly limit is exceeded",
                .notApplicable(
                    "recurring charge permissions and Create Charge are not served: the sandbox's charges come from checkout sessions")),
            ProviderRule(
                "AmountMismatch", status: 409, operations: ["completeCheckoutSession"],
                when: "complete's `chargeAmount` differs from the session's"),
            ProviderRule(
                "TransactionAmountExceeded", status: 400,
                operations: ["updateCheckoutSession", "completeCheckoutSession", "captureCharge", "createRefund"],
                when:
                    "a charge above the maximum (US $150,000, EU €150,000, UK £135,000, JP ¥15,000,000); a capture above the amount authorized; refunds of a charge adding up to more than its capture and 15% or 75 USD/GBP/EUR (8,400 JPY) above it, whichever is less"
            ),
            ProviderRule(
                "TransactionCountExceeded", status: 422, operations: ["captureCharge", "createRefund"],
                when: "more captures or refunds of one charge than Amazon allows",
                .notApplicable(
                    "no Amazon page read gives the count it allows; the sandbox invents none (a charge is captured once, and the amount ceiling bounds its refunds)"
                )),
            ProviderRule(
                "UnauthorizedAccess", status: 401,
                when: "the merchant is not authorized: a public key id Amazon does not know, or no `Authorization` at all"),
            ProviderRule(
                "InvalidRequestSignature", status: 403,
                when: "a malformed or wrong signature, one without the signed headers, or a date more than 15 minutes from Amazon's clock"),
            ProviderRule(
                "InvalidAuthentication", status: 403, when: "authentication failed (no condition given)",
                .notApplicable(
                    "Amazon names no condition apart from its signature checks, which the sandbox answers as `UnauthorizedAccess` (no or an unknown key) and `InvalidRequestSignature` (a signature that does not verify)"
                )),
            ProviderRule(
                "InvalidAuthorizationToken", status: 403, when: "an invalid delegated authorization token",
                .notApplicable(
                    "the token a platform acts for a merchant with; the sandbox's merchant signs its own calls and no call takes a token")),
            ProviderRule(
                "InvalidAccountStatus", status: 403, when: "the merchant account is suspended or not registered",
                .notApplicable("a decision about a real merchant account; the sandbox has one account")),
            ProviderRule(
                "ResourceNotFound", status: 404,
                operations: [
                    "getCheckoutSession", "updateCheckoutSession", "completeCheckoutSession", "getCharge", "captureCharge", "cancelCharge",
                    "createRefund", "getRefund", "getChargePermission", "closeChargePermission",
                ],
                when: "an unknown checkout session, charge, refund or charge permission, or a path Amazon does not serve"),
            ProviderRule("UnsupportedOperation", status: 405, when: "a method the resource does not take"),
            ProviderRule(
                "RequestNotSupported", status: 405, when: "a request Amazon does not support for this merchant or resource",
                .notApplicable("Amazon names no request it refuses so; every call the sandbox serves is supported")),
            ProviderRule(
                "InvalidCheckoutSessionStatus", status: 422, operations: ["updateCheckoutSession", "completeCheckoutSession"],
                when:
                    "a call the session's state does not allow: update or complete on a Completed session, complete while a constraint is unmet"
            ),
            ProviderRule(
                "CheckoutSessionCanceled", status: 422, operations: ["completeCheckoutSession"],
                when: "checkout was unsuccessful: the buyer canceled, the session expired or the payment was declined"),
            ProviderRule(
                "InvalidChargeStatus", status: 422, operations: ["captureCharge", "cancelCharge", "createRefund"],
                when:
                    "a call the charge's state does not allow: capture of a charge not Authorized (captured, canceled, declined, or expired 30 days after authorization: `Sandbox-Scenario: charge-expired`), cancel of one captured, refund of one not Captured"
            ),
            ProviderRule(
                "InvalidChargePermissionStatus", status: 422, operations: ["closeChargePermission", "captureCharge"],
                when:
                    "a call the charge permission's state does not allow: closing one already Closed, capturing a charge under a Closed one"
            ),
            ProviderRule(
                "AmazonRejected", status: 422, operations: ["captureCharge", "createRefund"],
                when: "Amazon rejects the capture or the refund",
                .notApplicable(
                    "a risk decision of Amazon's; the sandbox declines a refund after creating it (`refund-declined`: Declined, AmazonRejected), as Amazon processes refunds"
                )),
            ProviderRule(
                "ProcessingFailure", status: 500, operations: ["captureCharge", "createRefund"],
                when: "Amazon could not process the capture or the refund",
                .notApplicable("an outage, not a rule on the request: the fault plan's `serverError` answers 503")),
            ProviderRule(
                "RequestTimeout", status: 408, when: "the request timed out on Amazon's side",
                .notApplicable("an outage, not a rule on the request: the fault plan's `timeout` holds the connection instead")),
            ProviderRule(
                "TLSVersionNotSupported", status: 426, when: "a TLS version Amazon no longer takes",
                .notApplicable("the sandbox serves plain HTTP on loopback (or behind the merchant's own TLS); it negotiates no TLS")),
            ProviderRule(
                "TooManyRequests", status: 429, when: "throttled",
                .notApplicable("the sandbox has no request quota; the fault plan (`Sandbox-Fault`) plays outages")),
            ProviderRule(
                "InternalServerError", status: 500, when: "an error on Amazon's side",
                .notApplicable("an outage, not a rule on the request: the fault plan's `serverError` answers 503")),
            ProviderRule("ServiceUnavailable", status: 503, when: "Amazon is unavailable (`Sandbox-Fault: serverError`)"),
        ])
}
