import Foundation
import PaymentFlowsCore
import PaymentMocks
import SuiteMCommerce
import SuiteMerchantServer

@MainActor
final class ScenarioSuiteDelegate: SuiteControllerDelegate {
    let calls = Recorder<String>()
    func didFinishPayProcess(_ response: String?, error: SuiteError?) { calls.record("pay") }
    func didFinishAuthenticationProcess(_ tokenizeResponse: BeanTokenizeResponse?, error: SuiteError?) { calls.record("auth") }
    func didFinishTokenizeTransantion(_ beanPaymentWithToken: BeanPaymentWithToken?, error: SuiteError?) { calls.record("token") }
}

extension ScenarioCatalog {
    struct MITWorld {
        let server: MockMITServer
        let controller: SuiteController
        let delegate = ScenarioSuiteDelegate()
    }

    @MainActor
    static func mitWorld(_ context: ScenarioContext) throws -> MITWorld {
        let server = MockMITServer(transport: context.transport("MIT"), browser: context.browser, seed: context.seed)
        let merchant = server.merchant
        context.secrets(merchant.password, merchant.authKey, merchant.semilla)
        let delegate = ScenarioSuiteDelegate()
        let controller = try SuiteController(
            environment: .sandbox, context: context.webSession, delegate: delegate, transport: server.transport,
            logger: context.logs.logger("SuiteMCommerce"))
        return MITWorld(server: server, controller: controller)
    }

    @MainActor
    static func mitHosted(
        _ context: ScenarioContext, _ outcome: MockMITServer.FormOutcome, prepare: @Sendable (MockMITServer) -> Void = { _ in },
        company: String? = nil
    ) async throws -> String {
        let world = try mitWorld(context)
        world.server.formOutcome = outcome
        prepare(world.server)
        defer { context.charged("MIT hosted payment FACTURA-\(context.seed)", world.server.charges) }
        let merchant = world.server.merchant
        let serverTime = Date(timeIntervalSince1970: 1_373_485_764)
        let request = PayRequest(
            paymentType: .threeMonths, amount: Decimal(sign: .plus, exponent: -2, significand: 150_000),
            reference: "FACTURA-\(context.seed)", currency: .mxn, dateHour: serverTime)
        // The key stays with the merchant's server; the app only forwards ciphertext.
        let merchantServer = SuiteMerchantServer(key: merchant.key, clock: { serverTime })
        let response = try await world.controller.pay(
            request, company: company ?? merchant.company, xmlM: merchant.xmlM, merchant: merchantServer)
        return "\(response.response.rawValue) reference=\(response.reference ?? "") auth=\(response.auth ?? "-")"
    }

    @MainActor
    static func mitToken(
        _ context: ScenarioContext, mutate: @Sendable (inout BeanTokenization, inout Bean3DS) -> Void = { _, _ in },
        capture: MockMITServer.CaptureOutcome = .authenticated
    ) async throws -> String {
        let world = try mitWorld(context)
        world.server.captureOutcome = capture
        defer { context.charged("MIT token payment", world.server.charges) }
        var (tokenization, threeDS) = world.server.merchant.beans(reference: "FACTURA-\(context.seed)")
        mutate(&tokenization, &threeDS)
        let tokenized = try await world.controller.authenticate(tokenization, threeDS)
        guard let token = tokenized.token else { throw SuiteError(code: "A010", detail: "no token")! }
        context.secrets(token)
        tokenization.token = token
        let payment = try await world.controller.payWithToken(tokenization, threeDS)
        return "\(payment.response.rawValue) folio=\(payment.folio ?? "-")"
    }

    static let mit: [FlowScenario] = [
        FlowScenario("mit", "hosted-approved", "xmlA encrypted, hosted form, encrypted response decrypted", expect: .completes("approved"))
        { try await mitHosted($0, .approved) },
        FlowScenario("mit", "hosted-denied", "The card is denied on the hosted form", expect: .completes("denied")) {
            try await mitHosted($0, .denied)
        },
        FlowScenario("mit", "tampered-response", "The response is altered: S002", expect: .fails("S002")) {
            try await mitHosted($0, .tampered)
        },
        FlowScenario("mit", "wrong-key", "The response is encrypted with another key: S002", expect: .fails("S002")) {
            try await mitHosted($0, .wrongKey)
        },
        FlowScenario("mit", "unreachable", "MIT cannot be reached: S001", expect: .fails("S001")) {
            try await mitHosted($0, .approved, prepare: { $0.goOffline() })
        },
        FlowScenario("mit", "company-suspended", "The company is suspended: C001", expect: .fails("C001")) {
            try await mitHosted($0, .approved, prepare: { $0.suspendCompany() })
        },
        FlowScenario("mit", "unknown-company", "sndPay with an unknown company: P001", expect: .fails("P001")) {
            try await mitHosted($0, .approved, company: "SX999")
        },
        FlowScenario("mit", "closed-form", "The user closes the hosted form", expect: .fails("X003")) { try await mitHosted($0, .closed) },
        FlowScenario("mit", "token-payment", "3-D Secure tokenization, then payment with the token", expect: .completes("approved")) {
            try await mitToken($0)
        },
        FlowScenario("mit", "wrong-password", "Tokenization with a wrong password: A004", expect: .fails("A004")) {
            try await mitToken(
                $0,
                mutate: { t, d in
                    t.password = "wrong"
                    d.password = "wrong"
                })
        },
        FlowScenario("mit", "3ds-failed", "The cardholder fails 3-D Secure: A010", expect: .fails("A010")) {
            try await mitToken($0, capture: .failed)
        },
        FlowScenario("mit", "over-limit", "A token payment above MIT's limit: T010", expect: .fails("T010")) { context in
            try await mitToken(context, mutate: { t, _ in t.amount = 250_000 })
        },
    ]
}
