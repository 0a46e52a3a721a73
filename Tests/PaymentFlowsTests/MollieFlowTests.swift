import Foundation
import MollieCheckout
import PaymentFlowsCore
import PaymentMocks
import Testing

@Suite("MollieCheckout flows")
@MainActor
struct MollieFlowTests {
    nonisolated static let device = DeviceUUID("9F6A4D2C-5B1E-4C3A-8E7F-1A2B3C4D5E6F")

    struct Fixture {
        let browser = MockBrowser()
        let backend: MockMollieBackend
        let client: MollieCheckoutClient

        init(
            _ outcome: MockMollieBackend.Outcome = .paid, selectMethod: Bool = false, flow: PaymentFlow = .internalBrowser,
            chooser: (any PaymentFlowChooser)? = nil
        ) throws {
            backend = MockMollieBackend(outcome: outcome, browser: browser)
            client = try MollieCheckoutClient(
                settings: MockMollieBackend.settings(selectPaymentMethod: selectMethod, flow: flow), device: MollieFlowTests.device,
                transport: backend.transport, inAppBrowser: browser, externalBrowser: browser, chooser: chooser)
        }
    }

    @Test func createWithoutMethodThenPayInTheInAppBrowser() async throws {
        let fixture = try Fixture()
        let payment = try await fixture.client.createPayment(description: "Order #12345", amount: Decimal(string: "10.50")!)
        #expect(payment.status == .open)
        #expect(payment.method == nil)
        guard case .returned(let refreshed) = try await fixture.client.execute(payment) else {
            Issue.record("expected the in-app browser to return")
            return
        }
        #expect(refreshed.status == .paid)
        let sent = fixture.backend.transport.requests
        #expect(sent.map(\.description) == ["POST /api/payments", "GET /api/payments/1"])
        #expect(sent.allSatisfy { $0.header("X-Mollie-Checkout-Device-UUID") == "9F6A4D2C-5B1E-4C3A-8E7F-1A2B3C4D5E6F" })
        #expect(
            try sent[0].decode(CreatePaymentRequest.self)
                == CreatePaymentRequest(paymentDescription: "Order #12345", amount: Decimal(string: "10.5")!))
        #expect(fixture.browser.openedURLs.map(\.absoluteString) == ["https://www.mollie.com/checkout/select-method/tr_0000007919"])
        #expect(fixture.backend.paid == 1)
    }

    @Test func selectingAMethodAndIssuer() async throws {
        let fixture = try Fixture(selectMethod: true)
        let methods = try await fixture.client.methods.getActiveMethods(amount: 5000)
        #expect(methods.map(\.id) == [.ideal, .paypal, .bancontact])
        #expect(methods[0].issuers?.map(\.id) == ["ideal_ABNANL2A", "ideal_INGBNL2A"])
        await #expect { try await fixture.client.createPayment(description: "Order", amount: 25) } throws: {
            ($0 as? MollieCheckoutError)?.code == .invalidInput
        }
        await #expect {
            try await fixture.client.createPayment(description: "Order", amount: 25, selection: MethodSelection(method: .ideal))
        } throws: {
            ($0 as? MollieCheckoutError)?.code == .invalidInput
        }
        let payment = try await fixture.client.createPayment(
            description: "Order", amount: 25, selection: MethodSelection(method: .ideal, issuer: "ideal_INGBNL2A"))
        #expect(payment.method == "ideal" && payment.issuer == "ideal_INGBNL2A")
        #expect(fixture.backend.transport.requests.last.map { try? $0.decode(CreatePaymentRequest.self) }??.issuer == "ideal_INGBNL2A")
        #expect(fixture.backend.transport.requests.first?.description == "GET /api/methods?amount")
        #expect(fixture.backend.transport.requests.first?.queryValue("amount") == "5000")
    }

    /// The guide calls `getActiveMethods()` without an amount: every active method, whatever its limits.
    @Test func activeMethodsWithoutAnAmount() async throws {
        let fixture = try Fixture(selectMethod: true)
        let all = try await fixture.client.methods.getActiveMethods()
        let forAmount = try await fixture.client.methods.getActiveMethods(amount: 5000)
        #expect(all.count > forAmount.count && Set(forAmount.map(\.id)).isSubset(of: Set(all.map(\.id))), "\(all.map(\.id))")
        #expect(fixture.backend.transport.requests.first?.description == "GET /api/methods")
    }

    final class PaymentsScreen: PaymentsViewControllerDelegate {
        var completed: [Int] = []
        func paymentCompleted(_ payment: BackendPayment) {
            MainActor.assertIsolated()
            completed.append(payment.id)
        }
    }

    /// The guide's return to the app: the deep link reaches the payments screen through
    /// `PaymentsViewControllerDelegate.paymentCompleted`, and coming back refreshes the whole list.
    @Test func theDeepLinkReachesThePaymentsScreenAndTheListIsRefreshedOnReturn() async throws {
        let fixture = try Fixture(flow: .externalBrowser)
        let first = try await fixture.client.createPayment(description: "Order 1", amount: 12)
        let second = try await fixture.client.createPayment(description: "Order 2", amount: 13)
        _ = try await fixture.client.execute(second)
        let screen = PaymentsScreen()
        try await fixture.client.handle(deepLink: URL(string: "mollie-checkout://payments/\(second.id)")!, notifying: screen)
        #expect(screen.completed == [second.id])
        let list = try await fixture.client.paymentsOnReturn()
        #expect(Set(list.map(\.id)) == [first.id, second.id])
        #expect(fixture.backend.transport.requests.suffix(2).map(\.description) == ["GET /api/payments/\(second.id)", "GET /api/payments"])
    }

    @Test func externalBrowserReturnsThroughTheDeepLink() async throws {
        let fixture = try Fixture(flow: .externalBrowser)
        let payment = try await fixture.client.createPayment(description: "Order", amount: 12)
        #expect(try await fixture.client.execute(payment) == .openedInExternalBrowser(payment))
        let links = fixture.browser.takeDeepLinks()
        #expect(links.map(\.absoluteString) == ["mollie-checkout://payments/1"])
        #expect(try await fixture.client.handle(deepLink: links[0]).status == .paid)
        #expect(fixture.browser.externalURLs.count == 1)
    }

    /// The demo's `openExternalBrowser()` (step 4A) whatever the configured flow.
    @Test func openExternalBrowserIgnoresTheConfiguredFlow() async throws {
        let fixture = try Fixture(flow: .internalBrowser)
        let payment = try await fixture.client.createPayment(description: "Order", amount: 12)
        #expect(try await fixture.client.openExternalBrowser(payment) == .openedInExternalBrowser(payment))
        #expect(fixture.browser.externalURLs.count == 1)
        #expect(fixture.browser.openedURLs.isEmpty)
    }

    @Test func returningWithoutADeepLinkAlsoRefreshes() async throws {
        let fixture = try Fixture(.paidWithoutReturn, flow: .externalBrowser)
        let payment = try await fixture.client.createPayment(description: "Order", amount: 12)
        _ = try await fixture.client.execute(payment)
        #expect(fixture.browser.takeDeepLinks().isEmpty)
        #expect(try await fixture.client.appDidBecomeActive()?.status == .paid)

        let inApp = try Fixture(.paidWithoutReturn)
        let second = try await inApp.client.createPayment(description: "Order", amount: 12)
        #expect(try await inApp.client.execute(second) == .returned(try await inApp.client.payments.getPayment(second.id)))
    }

    @Test(arguments: [(MockMollieBackend.Outcome.canceled, PaymentStatus.canceled), (.failed, .failed), (.expired, .expired)])
    func unsuccessfulCheckoutsAreRefreshedStatuses(_ outcome: MockMollieBackend.Outcome, _ status: PaymentStatus) async throws {
        let fixture = try Fixture(outcome)
        let payment = try await fixture.client.createPayment(description: "Order", amount: 12)
        #expect(try await fixture.client.execute(payment) != .openedInExternalBrowser(payment))
        #expect(try await fixture.client.payments.getPayment(payment.id).status == status)
        await #expect { try await fixture.client.execute(try await fixture.client.payments.getPayment(payment.id)) } throws: {
            ($0 as? MollieCheckoutError)?.code == .noCheckoutURL
        }
    }

    @Test func theChooseFlowAsksTheUser() async throws {
        let chooser = FixedChooser(pick: .externalBrowser)
        let fixture = try Fixture(flow: .choose, chooser: chooser)
        let payment = try await fixture.client.createPayment(description: "Order", amount: 12)
        #expect(try await fixture.client.execute(payment) == .openedInExternalBrowser(payment))
        #expect(chooser.asked.events == [.externalBrowser])
    }

    @Test func validationErrorsAreReportedPerField() async throws {
        let fixture = try Fixture()
        await #expect { try await fixture.client.createPayment(description: "ab", amount: 0) } throws: {
            guard let error = $0 as? MollieCheckoutError else { return false }
            return error.code == .invalidInput && error.fieldErrors.keys.sorted() == ["amount", "description"]
        }
        #expect(fixture.backend.transport.requests.isEmpty)
        let server = try await fixture.backend.transport.send(
            .init(
                method: .post, scheme: nil, authority: nil, path: "/api/payments",
                headerFields: [.init("X-Mollie-Checkout-Device-UUID")!: Self.device.rawValue]),
            body: .init(#"{"description":"Order","amount":10,"method":"ideal"}"#), baseURL: URL(string: "https://x")!,
            operationID: "createPayment")
        #expect(server.0.status.code == 422)
    }

    @Test func deepLinksAndNavigationPolicy() {
        #expect(MollieCheckoutClient.paymentID(in: URL(string: "mollie-checkout://payments/42")!) == 42)
        #expect(MollieCheckoutClient.paymentID(in: URL(string: "mollie-checkout://payments/x")!) == nil)
        #expect(MollieCheckoutClient.paymentID(in: URL(string: "other://payments/42")!) == nil)
        #expect(MollieCheckoutClient.navigationPolicy(for: URL(string: "https://www.mollie.com/checkout")!) == .allow)
        #expect(MollieCheckoutClient.navigationPolicy(for: URL(string: "mollie-checkout://payments/1")!) == .handToApp)
        #expect(MollieCheckoutClient.navigationPolicy(for: URL(string: "bunq://pay?x=1")!) == .openExternally)
    }

    @Test func aBadDeviceIsRejectedBeforeAnyRequest() throws {
        let browser = MockBrowser()
        #expect {
            try MollieCheckoutClient(
                settings: MockMollieBackend.settings(), device: DeviceUUID("device-1"), transport: MockProviderTransport(name: "x"),
                inAppBrowser: browser, externalBrowser: browser)
        } throws: {
            ($0 as? MollieCheckoutError)?.code == .invalidInput
        }
    }
}
