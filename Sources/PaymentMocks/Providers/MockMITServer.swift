import Foundation
import PaymentFlowsCore
import PaymentServerCore
import SuiteMCommerce
import SuiteMerchantServer

/// MIT's servers and hosted pages: decrypts `xmlA` with the merchant's key, validates every field
/// of the beans (answering the catalog's codes), and serves the hosted form, which answers at the
/// `urlResponse` its `xmlA` registered (`?response=<encrypted>`), and the card-capture view, which
/// returns to `suitemcommerce://` with a session.
public final class MockMITServer: @unchecked Sendable {
    /// What the merchant was given by MIT.
    public struct Merchant: Sendable {
        /// The company id.
        public var company = "SX001"
        /// The branch.
        public var branch = "01"
        /// The country code.
        public var country = "MEX"
        /// The CDP user.
        public var user = "SNDBXUSR"
        /// The CDP password (sensitive).
        public var password = "S3cretP4ss"
        /// The affiliation.
        public var merchant = "123456"
        /// The 3-D Secure key (sensitive).
        public var authKey = "A1B2C3D4E5"
        /// The semilla: the AES key as 32 hex characters (sensitive).
        public var semilla = "5dcc67393750523cd165f17e1efadd21"
        /// The merchant string.
        public var xmlM = "XMLM-SX001-7f3a"

        /// The default sandbox merchant.
        public init() {}

        /// Valid beans for this merchant.
        public func beans(token: String? = nil, amount: Decimal = 150, reference: String = "FACTURA-0001") -> (BeanTokenization, Bean3DS) {
            (
                BeanTokenization(
                    branch: branch, company: company, country: country, user: user, password: password, merchant: merchant,
                    currency: .mxn, operationType: "6", token: token, reference: reference, amount: amount),
                Bean3DS(
                    branch: branch, company: company, country: country, user: user, password: password, merchant: merchant,
                    currency: .mxn, authKey: authKey, reference: reference)
            )
        }

        /// The merchant's key.
        public var key: SuiteKey { SuiteKey(semilla: semilla)! }
    }

    /// How the hosted form ends.
    public enum FormOutcome: String, Sendable, CaseIterable {
        /// The card is approved.
        case approved
        /// The card is denied.
        case denied
        /// The response is altered on its way (S002).
        case tampered
        /// The response is encrypted with another key (S002).
        case wrongKey
        /// The user closes the form.
        case closed
    }

    /// How the card-capture view ends.
    public enum CaptureOutcome: String, Sendable, CaseIterable {
        /// 3-D Secure succeeds.
        case authenticated
        /// 3-D Secure fails (A010).
        case failed
        /// The user closes the view.
        case closed
    }

    /// The merchant MIT knows.
    public let merchant: Merchant
    /// The transport the controller uses.
    public let transport: MockProviderTransport
    private let lock = NSLock()
    private var formOutcomeValue: FormOutcome = .approved
    private var captureOutcomeValue: CaptureOutcome = .authenticated
    private var suspended = false
    private var unreachable = false
    private var forms = BoundedStore<String, PayRequest>()
    private var captures = BoundedStore<String, (authenticated: Bool, reference: String)>()
    private var tokens = BoundedStore<String, String>()
    private var issuedTokens = BoundedStore<String, Bool>()
    private var cardExpired = false
    private var tokenForOtherCard = false
    private var chargeCount = 0
    private var usedReferences = BoundedStore<String, Bool>()
    /// The largest amount MIT accepts for one token payment (T010 above it).
    public static let tokenPaymentLimit: Decimal = 100_000
    private let ids: SeededGenerator
    /// The pages' host.
    public static let pagesHost = "forms.sandbox.mitec.com.mx"

    /// Creates the server on `transport` and its pages on `browser`.
    public init(
        merchant: Merchant = Merchant(), transport: MockProviderTransport = MockProviderTransport(name: "MIT"), browser: MockBrowser,
        seed: UInt64 = 1
    ) {
        self.merchant = merchant
        self.transport = transport
        self.ids = SeededGenerator(seed: seed)
        usedReferences["FACTURA-USADA"] = true
        transport.refusals = Self.refusals
        transport.offer(Self.requestScenarios)
        installRoutes()
        installPages(on: browser)
    }

    /// How the next hosted forms end.
    public var formOutcome: FormOutcome {
        get { lock.withLock { formOutcomeValue } }
        set { lock.withLock { formOutcomeValue = newValue } }
    }

    /// How the next capture views end.
    public var captureOutcome: CaptureOutcome {
        get { lock.withLock { captureOutcomeValue } }
        set { lock.withLock { captureOutcomeValue = newValue } }
    }

    /// Suspends the company: every call answers C001.
    public func suspendCompany() { lock.withLock { suspended = true } }
    /// Makes every call fail to connect (S001).
    public func goOffline() { lock.withLock { unreachable = true } }
    /// Makes the card behind tokens expired (T004).
    public func expireCard() { lock.withLock { cardExpired = true } }
    /// Makes tokens belong to another card than the one presented (T013).
    public func swapTokenCard() { lock.withLock { tokenForOtherCard = true } }

    /// Approved charges so far (hosted and token payments).
    public var charges: Int { lock.withLock { chargeCount } }

    private func nextID() -> String { String(ids.next() % 1_000_000_000, radix: 36) }

    private static func error(_ code: String, status: Int = 400) -> ServerResponse {
        let message = SuiteError(code: code)?.message
        var answer = ServerResponse.json(SuiteErrorResponse(code: code, message: message), status: status)
        answer.rule = code
        return answer
    }

    private func error(_ code: String) -> ServerResponse { Self.error(code) }

    /// The code MIT answers for a request that breaks an operation's schema: the operation's own
    /// "invalid data" code.
    static let invalidDataCodes = [
        "openHostedPayment": "P002", "startTokenization": "A008", "getTokenization": "A010", "payWithToken": "T012",
    ]

    /// The scenarios a request may choose with `Sandbox-Scenario`.
    public static let requestScenarios = [
        RequestScenario(
            provider: "mit", name: "company-suspended",
            operations: ["openHostedPayment", "startTokenization", "getTokenization", "payWithToken"],
            summary: "The company is suspended: C001."),
        RequestScenario(
            provider: "mit", name: "card-expired", operations: ["payWithToken"], summary: "The card behind the token has expired: T004."),
        RequestScenario(
            provider: "mit", name: "token-other-card", operations: ["payWithToken"],
            summary: "The token belongs to another card than the one presented: T013."),
    ]

    /// MIT's refusals, as `{code, message}` from its catalogs: C002 (404) for a path MIT does not
    /// serve, C003 (405) for a method, and the operation's invalid-data code (400).
    static let refusals = ProviderRefusals(
        notFound: { _ in error("C002", status: 404) },
        methodNotAllowed: { _, _ in error("C003", status: 405) },
        invalid: { operation, _ in error(invalidDataCodes[operation.operationID] ?? "C003") })

    /// Forgets every form, capture session, token and charge (the merchant and the scenario stay).
    public func reset() {
        lock.withLock {
            forms.removeAll()
            captures.removeAll()
            tokens.removeAll()
            issuedTokens.removeAll()
            usedReferences.removeAll()
            usedReferences["FACTURA-USADA"] = true
            chargeCount = 0
        }
    }

    private func gatekeep(_ request: ServerRequest) throws -> ServerResponse? {
        let (offline, isSuspended) = lock.withLock { (unreachable, suspended) }
        if offline { throw URLError(.cannotConnectToHost) }
        return isSuspended || request.scenario == "company-suspended" ? error("C001") : nil
    }

    private func installRoutes() {
        let operations = SuiteMCommerceSchema.operations
        transport.handle(OpenHostedPaymentOperation.self, of: operations) { [self] request, body in
            if let refusal = try gatekeep(request) { return refusal }
            guard body.company == merchant.company else { return error("P001") }
            guard body.xmlM == merchant.xmlM else { return error("P003") }
            guard let xml = try? SuiteCipher.decryptXMLA(body.xmlA, key: merchant.key),
                let payRequest = try? PayRequest(xml: Data(xml.utf8)), payRequest.violations.isEmpty
            else { return error("P002") }
            let id = nextID()
            lock.withLock { forms[id] = payRequest }
            transport.ledger.note("hosted payment", id: id, state: "form open")
            return .json(HostedForm(formUrl: Self.page("form", id)))
        }
        transport.handle(StartTokenizationOperation.self, of: operations) { [self] request, body in
            if let refusal = try gatekeep(request) { return refusal }
            if let code = authenticationCode(body.tokenization, body.threeDS) { return error(code) }
            let session = nextID()
            lock.withLock { captures[session] = (false, body.tokenization.reference) }
            transport.ledger.note("tokenization", id: session, state: "awaiting 3-D Secure")
            return .json(CaptureView(captureUrl: Self.page("capture", session), session: session))
        }
        transport.handle(GetTokenizationOperation.self, of: operations) { [self] request, _ in
            if let refusal = try gatekeep(request) { return refusal }
            let session = request.pathParameters["session"] ?? ""
            guard let capture = lock.withLock({ captures[session] }), capture.authenticated else { return error("A010") }
            let token = lock.withLock { () -> String in
                if let existing = tokens[session] { return existing }
                let token = "TKN-" + session
                tokens[session] = token
                issuedTokens[token] = true
                transport.ledger.note("tokenization", id: session, state: "token issued")
                return token
            }
            return .json(
                BeanTokenizeResponse(
                    cdResponse: "0", nbResponse: .success, token: token, tokenReference: "REF-" + session,
                    cardType: "CREDITO", cardBrand: "MasterCard", cardBank: "BANAMEX"))
        }
        transport.handle(PayWithTokenOperation.self, of: operations) { [self] request, body in
            if let refusal = try gatekeep(request) { return refusal }
            if let code = tokenPaymentCode(body.tokenization, body.threeDS) { return error(code) }
            if request.scenario == "card-expired" { return error("T004") }
            if request.scenario == "token-other-card" { return error("T013") }
            lock.withLock {
                chargeCount += 1
                usedReferences[body.tokenization.reference] = true
            }
            transport.ledger.note("token payment", id: body.tokenization.reference, state: "approved")
            let date = Date(timeIntervalSince1970: 1_373_485_764)
            return .json(
                BeanPaymentWithToken(
                    cdResponse: "00", nbResponse: "Aprobado", response: .approved, folio: nextID(), auth: "654321",
                    reference: body.tokenization.reference, time: "14:49:24", date: date, cardType: "CREDITO/MasterCard",
                    operationType: "VENTA", cardholderName: "ANA GOMEZ", cardLastDigits: "4444", cardExpirationMonth: "12",
                    cardExpirationYear: "29", amount: body.tokenization.amount))
        }
    }

    /// The first A-code the beans deserve, or `nil` when they are valid.
    func authenticationCode(_ tokenization: BeanTokenization, _ threeDS: Bean3DS) -> String? {
        if tokenization.company != merchant.company { return "A009" }
        if tokenization.branch != merchant.branch || threeDS.branch != merchant.branch { return "A001" }
        if tokenization.country != merchant.country || threeDS.country != merchant.country { return "A002" }
        if tokenization.user != merchant.user || threeDS.user != merchant.user { return "A003" }
        if tokenization.password != merchant.password || threeDS.password != merchant.password { return "A004" }
        if tokenization.merchant != merchant.merchant || threeDS.merchant != merchant.merchant { return "A005" }
        if tokenization.currency != threeDS.currency { return "A006" }
        if threeDS.authKey != merchant.authKey { return "A007" }
        // A tokenization carries no amount (MIT's request lists none): one sent is not judged.
        if tokenization.reference.isEmpty || threeDS.reference != tokenization.reference { return "A008" }
        return nil
    }

    /// The first T-code the beans deserve, or `nil` when the payment can be made.
    func tokenPaymentCode(_ tokenization: BeanTokenization, _ threeDS: Bean3DS) -> String? {
        if tokenization.company != merchant.company { return "T014" }
        if tokenization.branch != merchant.branch { return "T001" }
        if tokenization.user != merchant.user { return "T002" }
        if tokenization.password != merchant.password || threeDS.password != merchant.password { return "T003" }
        if tokenization.country != merchant.country { return "T005" }
        if tokenization.merchant != merchant.merchant { return "T006" }
        if tokenization.reference.isEmpty || lock.withLock({ usedReferences[tokenization.reference] != nil }) { return "T007" }
        if !["6", "7"].contains(tokenization.operationType) { return "T008" }
        guard let token = tokenization.token, lock.withLock({ issuedTokens[token] != nil }) else { return "T009" }
        guard let amount = tokenization.amount, amount > 0, amount <= Self.tokenPaymentLimit else { return "T010" }
        if tokenization.currency != threeDS.currency { return "T011" }
        if threeDS.authKey != merchant.authKey { return "T012" }
        if lock.withLock({ tokenForOtherCard }) { return "T013" }
        if lock.withLock({ cardExpired }) { return "T004" }
        return nil
    }

    private func installPages(on browser: MockBrowser) {
        let formButtons = [
            HostedPage.Button(FormOutcome.approved.rawValue, "Pagar"),
            HostedPage.Button(FormOutcome.denied.rawValue, "Pagar con tarjeta sin fondos"),
            HostedPage.Button(FormOutcome.tampered.rawValue, "Respuesta alterada"),
            HostedPage.Button(FormOutcome.wrongKey.rawValue, "Respuesta con otra llave"),
        ]
        browser.host(
            HostedPage(
                host: Self.pagesHost, pathPrefix: "/form/", title: "MIT · Pago con tarjeta", text: "Tarjeta de prueba 4444 4444 4444 4444",
                buttons: formButtons, choose: { [self] _ in formOutcome.rawValue }
            ) { [self] url, button in
                guard let outcome = FormOutcome(rawValue: button) else { throw WebSessionError.presentationFailed("no button \(button)") }
                let id = url.lastPathComponent
                guard
                    let request = lock.withLock({ () -> PayRequest? in
                        let form = forms[id]
                        forms[id] = nil
                        return form
                    })
                else { throw HostedPageError.notFound }
                if outcome == .closed {
                    transport.ledger.note("hosted payment", id: id, state: "closed")
                    throw WebSessionError.canceled
                }
                let approved = outcome != .denied
                transport.ledger.note("hosted payment", id: id, state: approved ? "approved" : "denied")
                if approved && outcome == .approved { lock.withLock { chargeCount += 1 } }
                let response = PayResponse(
                    reference: request.reference, response: approved ? .approved : .denied, auth: approved ? "123456" : nil,
                    error: approved ? nil : "Fondos insuficientes", cardholderName: "ANA GOMEZ", cardNumber: "444444******4444",
                    amount: request.amount, cardType: "CREDITO/MasterCard")
                let xml = String(decoding: try response.xmlData(), as: UTF8.self)
                let key = outcome == .wrongKey ? (SuiteKey(semilla: "00112233445566778899aabbccddeeff") ?? merchant.key) : merchant.key
                var encrypted = try SuiteCipher.encryptBase64(xml, key: key)
                if outcome == .tampered, var bytes = Data(base64Encoded: encrypted), !bytes.isEmpty {
                    bytes[bytes.count - 1] ^= 0x5A
                    encrypted = bytes.base64EncodedString()
                }
                return try Self.answer(encrypted, at: request.urlResponse)
            }.showing(only: { [self] url in lock.withLock { forms[url.lastPathComponent] != nil } }))
        browser.host(
            HostedPage(
                host: Self.pagesHost, pathPrefix: "/capture/", title: "MIT · 3-D Secure", text: "Autentique la tarjeta con su banco.",
                buttons: [
                    HostedPage.Button(CaptureOutcome.authenticated.rawValue, "Autenticar"),
                    HostedPage.Button(CaptureOutcome.failed.rawValue, "Fallar la autenticación"),
                ],
                choose: { [self] _ in captureOutcome.rawValue }
            ) { [self] url, button in
                let session = url.lastPathComponent
                guard let outcome = CaptureOutcome(rawValue: button) else {
                    throw WebSessionError.presentationFailed("no button \(button)")
                }
                try lock.withLock {
                    guard let capture = captures[session] else { throw HostedPageError.notFound }
                    guard !capture.authenticated else {
                        throw HostedPageError.conflict("the card of this session is already authenticated")
                    }
                }
                switch outcome {
                case .closed:
                    throw WebSessionError.canceled
                case .failed:
                    transport.ledger.note("tokenization", id: session, state: "3-D Secure failed")
                    return try Self.callback("tokenize", [URLQueryItem(name: "session", value: session)])
                case .authenticated:
                    lock.withLock { captures[session]?.authenticated = true }
                    transport.ledger.note("tokenization", id: session, state: "authenticated")
                    return try Self.callback("tokenize", [URLQueryItem(name: "session", value: session)])
                }
            }.showing(only: { [self] url in lock.withLock { captures[url.lastPathComponent] != nil } }))
    }

    /// `https://<pages host>/<kind>/<id>`.
    private static func page(_ kind: String, _ id: String) -> URL {
        var components = URLComponents()
        components.scheme = "https"
        components.host = pagesHost
        components.path = "/\(kind)/\(id)"
        return components.url ?? URL(fileURLWithPath: "/")
    }

    /// The hosted form's answer: the `xmlA`'s `urlResponse` (the only place the resource
    /// registered) with `response=<encrypted>` added to its query (a `+` escaped, as MIT's Base64 needs).
    private static func answer(_ encrypted: String, at urlResponse: URL) throws -> URL {
        guard var components = URLComponents(url: urlResponse, resolvingAgainstBaseURL: false) else {
            throw HostedPageError.unregisteredRedirect
        }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "response", value: encrypted)]
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw HostedPageError.unregisteredRedirect }
        return url
    }

    /// `suitemcommerce://<host>?<items>` (a `+` escaped, as MIT's Base64 needs).
    private static func callback(_ host: String, _ items: [URLQueryItem]) throws -> URL {
        var components = URLComponents()
        components.scheme = SuiteController.callbackScheme
        components.host = host
        components.queryItems = items
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw HostedPageError.unregisteredRedirect }
        return url
    }
}

extension MockMITServer {
    /// MIT's four catalogs (the guide's codes and Spanish texts), each code with what the sandbox
    /// does: a server answer for every code but the two the SDK raises on the device.
    public static let ruleTable: ProviderRuleTable = {
        let device: [String: String] = [
            "S001":
                "not a server answer: SuiteController raises it on the device when MIT cannot be reached (the fault plan's `timeout` provokes it)",
            "S002":
                "not a server answer: SuiteController raises it on the device when a response does not decrypt with the merchant's key (the hosted form's `tampered` and `wrongKey` buttons provoke it)",
        ]
        func rules<Catalog: PayErrorCatalog>(_ catalog: Catalog.Type, operation: (String) -> [String]) -> [ProviderRule]
        where Catalog.Code == String {
            catalog.allCases.map { entry in
                let code = entry.code
                let status = code == "C002" ? 404 : code == "C003" ? 405 : 400
                let when = "\(entry.message(language: "es") ?? code) (\(entry.message(language: "en") ?? code))"
                if let reason = device[code] { return ProviderRule(code, status: nil, when: when, .notApplicable(reason)) }
                return ProviderRule(code, status: status, operations: operation(code), when: when)
            }
        }
        return ProviderRuleTable(
            provider: "mit", title: "MIT Suite mCommerce",
            source:
                "From the MIT guide's four error catalogs (`Schemas/SuiteMCommerce/SDKErrors.yaml`, `Token.yaml`, `Payment.yaml`: the guide's code and Spanish text, with our English); every answer is `{code, message}` with the catalog's text. MIT documents no HTTP statuses: a path MIT does not serve is C002 (404) and a method C003 (405), the others 400.",
            rules: rules(SuiteInitializationError.self) { _ in [] }
                + rules(SuitePaymentError.self) { _ in ["openHostedPayment"] }
                + rules(SuiteAuthenticationError.self) { $0 == "A010" ? ["getTokenization"] : ["startTokenization"] }
                + rules(SuiteTokenPaymentError.self) { _ in ["payWithToken"] })
    }()
}
