import Foundation
import MollieCheckout
import PaymentFlowsCore
import PaymentMocks

extension ScenarioCatalog {
    @MainActor
    static func mollie(
        _ context: ScenarioContext, _ outcome: MockMollieBackend.Outcome, flow: PaymentFlow, select: MethodSelection? = nil,
        amount: Decimal = Decimal(string: "10.50")!, description: String = "Order #12345"
    ) async throws -> String {
        let backend = MockMollieBackend(outcome: outcome, transport: context.transport("MollieBackend"), browser: context.browser)
        let client = try MollieCheckoutClient(
            settings: MockMollieBackend.settings(selectPaymentMethod: select != nil, flow: flow),
            device: DeviceUUID(context.tokens.uuid().uuidString),
            transport: backend.transport, inAppBrowser: context.webSession, externalBrowser: context.browser,
            chooser: FixedChooser(pick: .internalBrowser),
            logger: context.logs.logger("MollieCheckout"))
        defer { context.charged("Mollie payments paid", backend.paid) }
        let payment = try await client.createPayment(description: description, amount: amount, selection: select)
        switch try await client.execute(payment) {
        case .returned(let refreshed):
            return "\(refreshed.status.rawValue) id=\(refreshed.id)"
        case .openedInExternalBrowser:
            if let link = context.browser.takeDeepLinks().first {
                return "\(try await client.handle(deepLink: link).status.rawValue) via deep link"
            }
            return "\(try await client.appDidBecomeActive()?.status.rawValue ?? "unknown") on return"
        }
    }

    static let mollie: [FlowScenario] = [
        FlowScenario("mollie", "in-app-paid", "Create, pay in the in-app browser, deep link refreshes", expect: .completes("paid")) {
            try await mollie($0, .paid, flow: .internalBrowser)
        },
        FlowScenario(
            "mollie", "external-paid", "Pay in the external browser; the deep link refreshes", expect: .completes("paid via deep link")
        ) { try await mollie($0, .paid, flow: .externalBrowser) },
        FlowScenario("mollie", "no-return", "Paid, but the user comes back without the deep link", expect: .completes("paid on return")) {
            try await mollie($0, .paidWithoutReturn, flow: .externalBrowser)
        },
        FlowScenario("mollie", "choose", "The user chooses the in-app browser", expect: .completes("paid")) {
            try await mollie($0, .paid, flow: .choose)
        },
        FlowScenario("mollie", "ideal-issuer", "Select iDEAL and an issuer natively before creating", expect: .completes("paid")) {
            try await mollie($0, .paid, flow: .internalBrowser, select: MethodSelection(method: .ideal, issuer: "ideal_ABNANL2A"))
        },
        FlowScenario("mollie", "canceled", "The buyer cancels on Mollie's page", expect: .completes("canceled")) {
            try await mollie($0, .canceled, flow: .internalBrowser)
        },
        FlowScenario("mollie", "expired", "The payment expires", expect: .completes("expired")) {
            try await mollie($0, .expired, flow: .internalBrowser)
        },
        FlowScenario(
            "mollie", "invalid", "A 2-character description is refused before sending", expect: .fails("MollieCheckout.invalidInput")
        ) {
            try await mollie($0, .paid, flow: .internalBrowser, description: "ab")
        },
    ]
}
