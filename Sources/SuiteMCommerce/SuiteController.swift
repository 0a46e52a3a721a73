import Foundation
import Logging
import OpenAPIRuntime
import PaymentFlowsCore

/// MIT Suite mCommerce: hosted-form payments with an encrypted `xmlA`, 3-D Secure tokenization and
/// payments with a token. Each operation answers through the delegate methods of the guide and
/// through an async function; one operation runs at a time.
public final class SuiteController: Sendable {
    /// The callback scheme the card-capture (3-D Secure) view returns to.
    public static let callbackScheme = "suitemcommerce"

    /// The `urlResponse` the guide gives `xmlA` by default, `https://suitemcommerce.com`: the hosted
    /// form answers there (`?response=<encrypted>`), and the controller hears the answer when the
    /// page navigates to it.
    public static let defaultURLResponse = URL(string: "https://suitemcommerce.com")!

    /// MIT's published base URLs. MIT publishes none for DEV and QA: it gives those hosts to each
    /// integrator, who registers them with ``register(baseURL:for:)``.
    public static let publishedBaseURLs: [Environment: URL] = [
        .sandbox: URL(string: "https://sandbox.mitec.com.mx")!,
        .prod: URL(string: "https://mcommerce.mitec.com.mx")!,
    ]

    private static let registeredBaseURLs = LockIsolated<[Environment: URL]>([:])

    /// Registers the base URL MIT gave the merchant for `environment` (DEV or QA usually), so the
    /// guide's `init(onEnvironment:currentViewController:delegate:)` can use that environment;
    /// controllers created afterwards see it. Call it once at launch.
    public static func register(baseURL: URL, for environment: Environment) {
        registeredBaseURLs.withValue { $0[environment] = baseURL }
    }

    /// The base URL per environment a controller uses unless given its own: the registered ones
    /// over MIT's published ones. An environment without one reports C002.
    public static var defaultBaseURLs: [Environment: URL] {
        publishedBaseURLs.merging(registeredBaseURLs.value) { _, registered in registered }
    }

    /// The environment.
    public let environment: Environment
    private let client: PayAPIClient
    private let context: any WebSession
    private let logger: Logger
    private let gate = FlowGate()
    private let delegateReference: LockIsolated<WeakReference<any SuiteControllerDelegate>>
    /// Why the controller cannot work (C002, C003), when it was created with the guide's
    /// non-throwing initializer; every operation then reports it to the delegate.
    private let setupError: SuiteError?

    /// The delegate operations report to, on the main actor (held weakly).
    public var delegate: (any SuiteControllerDelegate)? { delegateReference.value.object }

    /// `initOnEnvironment:currentViewController:delegate:` as Swift imports it. The view controller
    /// presents MIT's pages: it is used as the web session when it is one, else the app's default
    /// (`PaymentDefaults.webSession`). As in the guide, a bad environment (C002) or a missing
    /// controller or delegate (C003) is not thrown: each operation reports it to the delegate.
    public convenience init(
        onEnvironment environment: Environment, currentViewController: AnyObject?, delegate: (any SuiteControllerDelegate)?
    ) {
        let context: (any WebSession)? = currentViewController.map { ($0 as? any WebSession) ?? PaymentDefaults.webSession }
        self.init(
            checking: environment, context: context, delegate: delegate, transport: PaymentDefaults.transport,
            baseURLs: SuiteController.defaultBaseURLs, retryPolicy: .none, logger: Logger(label: "SuiteMCommerce"))
    }

    /// Creates a controller with explicit seams; throws C002 for an environment without a URL and
    /// C003 without a context (the web session that shows MIT's pages) or delegate.
    public convenience init(
        environment: Environment, context: (any WebSession)?, delegate: (any SuiteControllerDelegate)?,
        transport: any ClientTransport = PaymentDefaults.transport, baseURLs: [Environment: URL] = SuiteController.defaultBaseURLs,
        retryPolicy: RetryPolicy = .none, logger: Logger = Logger(label: "SuiteMCommerce")
    ) throws {
        self.init(
            checking: environment, context: context, delegate: delegate, transport: transport, baseURLs: baseURLs, retryPolicy: retryPolicy,
            logger: logger)
        if let setupError { throw setupError }
    }

    private init(
        checking environment: Environment, context: (any WebSession)?, delegate: (any SuiteControllerDelegate)?,
        transport: any ClientTransport, baseURLs: [Environment: URL], retryPolicy: RetryPolicy, logger: Logger
    ) {
        var problem: SuiteError?
        if baseURLs[environment] == nil {
            problem = SuiteError(
                .invalidEnvironment,
                detail: "no URL for \(environment.rawValue): register the host MIT gave you with SuiteController.register(baseURL:for:)")
        } else if context == nil {
            problem = SuiteError(.invalidContext, detail: "no context to present MIT's pages")
        } else if delegate == nil {
            problem = SuiteError(.invalidContext, detail: "no delegate")
        }
        self.setupError = problem
        self.environment = environment
        self.context = context ?? PaymentDefaults.webSession
        self.delegateReference = LockIsolated(WeakReference(delegate))
        self.logger = logger
        // Without a URL for the environment no request is ever sent (setupError answers first).
        self.client = PayAPIClient(
            transport: transport, baseURL: baseURLs[environment] ?? URL(fileURLWithPath: "/"), retryPolicy: retryPolicy, logger: logger)
    }

    // MARK: Hosted payment

    /// `sndPayWithCompany:xmlA:xmlM:`: the delegate's `didFinishPayProcess` receives the encrypted
    /// response, which the hosted form sends to the guide's default `urlResponse`
    /// (``defaultURLResponse``); an `xmlA` with another one needs
    /// ``sndPay(withCompany:xmlA:xmlM:urlResponse:)``.
    public func sndPay(withCompany company: String, xmlA: String, xmlM: String) {
        sndPay(withCompany: company, xmlA: xmlA, xmlM: xmlM, urlResponse: Self.defaultURLResponse)
    }

    /// `sndPayWithCompany:xmlA:xmlM:` for an `xmlA` whose `urlResponse` is the merchant's own: the
    /// controller cannot read the encrypted `xmlA`, so it is told where the form answers; a form
    /// that answers anywhere else fails with C003.
    public func sndPay(withCompany company: String, xmlA: String, xmlM: String, urlResponse: URL) {
        Task { @MainActor in
            do {
                let response = try await self.pay(company: company, xmlA: xmlA, xmlM: xmlM, urlResponse: urlResponse)
                self.delegate?.didFinishPayProcess(response, error: nil)
            } catch {
                self.delegate?.didFinishPayProcess(nil, error: Self.suiteError(error))
            }
        }
    }

    /// Sends an encrypted `xmlA`, shows the hosted form and returns the encrypted response the
    /// form sends to `urlResponse` (the one in the `xmlA`; by default the guide's).
    public func pay(
        company: String, xmlA: String, xmlM: String, urlResponse: URL = SuiteController.defaultURLResponse
    ) async throws
        -> String
    {
        try await exclusive("sndPay") {
            let body = HostedPaymentRequest(company: company, xmlA: xmlA, xmlM: xmlM)
            let form = try await self.call(OpenHostedPaymentOperation(body: body))
            let callback = try await self.present(form.formUrl, returningTo: .returnURL(urlResponse))
            let query = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems ?? []
            if let code = query.first(where: { $0.name == "error" })?.value {
                throw SuiteError(code: code, detail: "reported by the hosted form")
                    ?? SuiteError.connection("unknown error code from the hosted form")
            }
            guard let response = query.first(where: { $0.name == "response" })?.value, !response.isEmpty else {
                throw SuiteError.connection("the hosted form returned no response")
            }
            self.logger.info("hosted payment finished", metadata: ["company": "\(company)"])
            return response
        }
    }

    /// The typed helper: the merchant's server builds and encrypts `xmlA` for `request` (the app
    /// never holds MIT's key), the hosted payment runs, and the server decrypts the response into a
    /// ``PayResponse`` (S002 when it does not decrypt). The request is checked here first, so an
    /// invalid one reaches neither the server nor MIT.
    public func pay(_ request: PayRequest, company: String, xmlM: String, merchant: any SuiteMerchantBackend) async throws -> PayResponse {
        let violations = request.violations
        guard violations.isEmpty else {
            throw SuiteError(.invalidInput, detail: violations.map { "\($0.path) [\($0.rule)]" }.joined(separator: ", "))
        }
        let xmlA = try await merchant.xmlA(for: request)
        let encrypted = try await pay(company: company, xmlA: xmlA, xmlM: xmlM, urlResponse: request.urlResponse)
        return try await merchant.payResponse(decrypting: encrypted)
    }

    // MARK: Tokenization

    /// `AuthenticateWithBeanTokenization:bean3DS:`: the delegate's `didFinishAuthenticationProcess` answers.
    public func authenticate(withBeanTokenization tokenization: BeanTokenization, bean3DS threeDS: Bean3DS) {
        Task { @MainActor in
            do {
                let response = try await self.authenticate(tokenization, threeDS)
                self.delegate?.didFinishAuthenticationProcess(response, error: nil)
            } catch {
                self.delegate?.didFinishAuthenticationProcess(nil, error: Self.suiteError(error))
            }
        }
    }

    /// Validates the beans with MIT, shows the card-capture view and returns the token.
    public func authenticate(_ tokenization: BeanTokenization, _ threeDS: Bean3DS) async throws -> BeanTokenizeResponse {
        try await exclusive("authenticate") {
            try Self.validate(tokenization, threeDS)
            let view = try await self.call(StartTokenizationOperation(body: TokenizeRequest(tokenization: tokenization, threeDS: threeDS)))
            let callback = try await self.present(view.captureUrl)
            let session = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "session" }?.value
            guard let session, session == view.session else {
                throw SuiteError(.authenticationFailed, detail: "the capture view returned another session")
            }
            return try await self.call(GetTokenizationOperation(session: session))
        }
    }

    // MARK: Payment with token

    /// `sndPayWithTokenWithBeanTokenization:bean3DS:`: the delegate's `didFinishTokenizeTransantion` answers.
    public func sndPayWithToken(withBeanTokenization tokenization: BeanTokenization, bean3DS threeDS: Bean3DS) {
        Task { @MainActor in
            do {
                let payment = try await self.payWithToken(tokenization, threeDS)
                self.delegate?.didFinishTokenizeTransantion(payment, error: nil)
            } catch {
                self.delegate?.didFinishTokenizeTransantion(nil, error: Self.suiteError(error))
            }
        }
    }

    /// Charges the token in `tokenization`. Without a token (absent or blank) nothing is sent: the
    /// answer is T009, the code MIT's server gives (the same `BeanTokenization` without a token is
    /// what a tokenization sends, so the schema cannot require it).
    public func payWithToken(_ tokenization: BeanTokenization, _ threeDS: Bean3DS) async throws -> BeanPaymentWithToken {
        try await exclusive("payWithToken") {
            guard let token = tokenization.token, !token.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw SuiteError(SuiteTokenPaymentError.invalidToken, detail: "a payment with a token needs BeanTokenization.token")
            }
            try Self.validate(tokenization, threeDS)
            return try await self.call(PayWithTokenOperation(body: TokenizeRequest(tokenization: tokenization, threeDS: threeDS)))
        }
    }

    // MARK: Plumbing

    static func validate(_ tokenization: BeanTokenization, _ threeDS: Bean3DS) throws {
        let violations = tokenization.violations + threeDS.violations
        guard violations.isEmpty else {
            throw SuiteError(.invalidInput, detail: violations.map { "\($0.path) [\($0.rule)]" }.joined(separator: ", "))
        }
    }

    static func suiteError(_ error: any Error) -> SuiteError {
        (error as? SuiteError) ?? SuiteError.connection("\(type(of: error))")
    }

    private func exclusive<T: Sendable>(_ name: String, _ body: @Sendable @escaping () async throws -> T) async throws -> T {
        if let setupError { throw setupError }
        do {
            return try await gate.run(name, body)
        } catch let error as FlowInProgressError {
            throw SuiteError(.flowInProgress, detail: error.description)
        }
    }

    private func call<Operation: PayOperation>(_ operation: Operation) async throws -> Operation.ResponseBody
    where Operation.ErrorBody == SuiteErrorResponse {
        let response: PayAPIResponse<Operation>
        do {
            response = try await client.send(operation)
        } catch let error as PayTransportError {
            throw SuiteError.connection("\(error.code) on \(Operation.operationID)")
        }
        switch response {
        case .success(_, let body):
            return body
        case .failure(let status, let body):
            guard let code = body?.code, let error = SuiteError(code: code) else {
                throw SuiteError.connection("HTTP \(status) without an error code")
            }
            throw error
        }
    }

    /// Shows MIT's page at `url` until it navigates to `returning` (the capture view's
    /// `suitemcommerce://`, or the hosted form's `urlResponse`).
    private func present(
        _ url: URL, returningTo returning: WebSessionCallback = .scheme(SuiteController.callbackScheme)
    ) async throws
        -> URL
    {
        let callback: URL
        do {
            callback = try await context.open(url, callback: returning)
        } catch WebSessionError.canceled {
            throw SuiteError(.canceled)
        } catch {
            throw SuiteError(.invalidContext, detail: "MIT's page could not be shown")
        }
        guard returning.matches(callback) else {
            throw SuiteError(.invalidContext, detail: "the page returned somewhere other than \(returning)")
        }
        return callback
    }
}
