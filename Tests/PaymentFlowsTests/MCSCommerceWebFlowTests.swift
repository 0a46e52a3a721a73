import Foundation
import MCSCommerceWeb
import PaymentFlowsCore
import PaymentMocks
import Testing

@MainActor
final class CheckoutDelegate: MCSCheckoutDelegate {
    let request: MCSCheckoutRequest?
    let completions = Recorder<(MCSCheckoutStatus, String?)>()
    let requestsAsked = Recorder<Int>()

    init(request: MCSCheckoutRequest?) {
        self.request = request
    }

    func getCheckoutRequest(withHandler handler: @escaping (MCSCheckoutRequest) -> Void) {
        MainActor.assertIsolated()
        requestsAsked.record(1)
        if let request {
            handler(request)
            handler(request)
        }
    }

    func checkoutCompleted(withRequest request: MCSCheckoutRequest, status: MCSCheckoutStatus, transactionId: String?) {
        MainActor.assertIsolated()
        completions.record((status, transactionId))
    }
}

@Suite("MCSCommerceWeb flows")
@MainActor
struct MCSCommerceWebFlowTests {
    nonisolated static let configuration = MCSConfiguration(
        locale: "en_US", checkoutId: "1d45705100044e14b52e71730e71cc5a",
        checkoutUrl: URL(string: "https://sandbox.src.mastercard.com/srci")!, callbackScheme: "fancyshop",
        allowedCardTypes: [.master, .visa])

    nonisolated static let request = MCSCheckoutRequest(
        allowedCardTypes: [.master, .amex, .visa], amount: Decimal(string: "11.22")!, currency: "USD",
        cartId: "111111-2222-3333-aaaa-qwerqwerqwer", suppressShippingAddress: false)

    func makeCommerce(_ outcome: MockSRCCheckout.Outcome, logs: LogCapture = LogCapture()) throws -> (MCSCommerceClient, MockBrowser) {
        let browser = MockBrowser()
        MockSRCCheckout.install(on: browser, callbackScheme: "fancyshop", outcome: { outcome }, transactionIds: .seeded(7))
        let commerce = MCSCommerceClient(webSession: browser, logger: logs.logger())
        try commerce.configure(Self.configuration)
        return (commerce, browser)
    }

    /// The guide's `button.addToSuperview(superview: buttonContainer)`: the button keeps its
    /// container weakly, moves when added elsewhere, and leaves it on `removeFromSuperview()`.
    @Test func theButtonKnowsItsContainer() throws {
        final class Container {}
        let (commerce, _) = try makeCommerce(.success)
        let button: MCSCheckoutButton = commerce.getCheckoutButton(withDelegate: CheckoutDelegate(request: Self.request))
        let first = Container()
        let second = Container()
        #expect(button.superview == nil)
        button.addToSuperview(superview: first)
        #expect(button.superview === first)
        button.addToSuperview(superview: second)
        #expect(button.superview === second)
        button.removeFromSuperview()
        #expect(button.superview == nil)
        var transient: Container? = Container()
        button.addToSuperview(superview: transient!)
        transient = nil
        #expect(button.superview == nil)
    }

    @Test func buttonTapRunsTheCheckoutAndReportsOnce() async throws {
        let (commerce, browser) = try makeCommerce(.success)
        let delegate = CheckoutDelegate(request: Self.request)
        let result = try await commerce.getCheckoutButton(withDelegate: delegate).tap()
        #expect(result.status == .success)
        #expect(result.transactionId?.count == 32)
        #expect(delegate.requestsAsked.events.count == 1)
        #expect(delegate.completions.events.count == 1)
        #expect(delegate.completions.events.first?.0 == .success)
        #expect(delegate.completions.events.first?.1 == result.transactionId)
        #expect(
            browser.openedURLs.map(\.absoluteString) == [
                "https://sandbox.src.mastercard.com/srci/?checkoutId=1d45705100044e14b52e71730e71cc5a&cartId=111111-2222-3333-aaaa-qwerqwerqwer&amount=11.22&currency=USD&allowedCardTypes=master%2Camex%2Cvisa&suppressShippingAddress=false&locale=en_US&channel=mobile&masterCryptoFormat=UCAF%2CICC"
            ])
    }

    @Test(arguments: [MockSRCCheckout.Outcome.cancel, .failure, .closed])
    func anythingButSuccessIsCanceledWithoutTransactionId(_ outcome: MockSRCCheckout.Outcome) async throws {
        let (commerce, _) = try makeCommerce(outcome)
        let delegate = CheckoutDelegate(request: Self.request)
        let result = try await commerce.getCheckoutButton(withDelegate: delegate).tap()
        #expect(result == .canceled)
        #expect(delegate.completions.events.count == 1)
        #expect(delegate.completions.events.first?.0 == .canceled)
        #expect(delegate.completions.events.first?.1 == nil)
    }

    @Test func aCallbackOnAnotherSchemeIsRejected() async throws {
        let (commerce, _) = try makeCommerce(.wrongScheme)
        let delegate = CheckoutDelegate(request: Self.request)
        await #expect(throws: MCSCommerceWebError.self) { try await commerce.getCheckoutButton(withDelegate: delegate).tap() }
        do {
            _ = try await commerce.checkout(request: Self.request)
        } catch let error as MCSCommerceWebError {
            #expect(error.code == .callbackMismatch)
        }
        #expect(delegate.completions.events.map(\.0) == [.canceled])
    }

    @Test func cryptoOptionsBecomeOneItemPerNetwork() throws {
        var request = Self.request
        request.cryptoOptions = [
            MCSCryptoOptions(cardType: .master, format: [.icc, .ucaf]), MCSCryptoOptions(cardType: .visa, format: [.tvv]),
        ]
        request.suppress3Ds = true
        request.validityPeriodMinutes = 15
        let (commerce, _) = try makeCommerce(.success)
        let url = try commerce.checkoutURL(for: request).absoluteString
        #expect(
            url.hasSuffix("&channel=mobile&masterCryptoFormat=ICC%2CUCAF&visaCryptoFormat=TVV&suppress3Ds=true&validityPeriodMinutes=15"))
        request.cvc2Support = true
        #expect(try commerce.checkoutURL(for: request).absoluteString.contains("&cvc2Support=true"))
    }

    @Test func configurationAndRequestsAreValidated() async throws {
        let commerce = MCSCommerceClient(webSession: MockBrowser())
        await #expect(throws: MCSCommerceWebError(.notConfigured, "call setConfiguration(withConfiguration:) first")) {
            try await commerce.checkout(request: Self.request)
        }
        var bad = Self.configuration
        bad.callbackScheme = "fancy shop"
        bad.allowedCardTypes = []
        do {
            try commerce.configure(bad)
            Issue.record("expected an error")
        } catch let error as MCSCommerceWebError {
            #expect(error.code == .invalidConfiguration)
            #expect(error.violations.map(\.rule) == ["format.urlScheme", "minItems"])
        }
        try commerce.configure(Self.configuration)
        var request = Self.request
        request.amount = 0
        request.currency = "DOLLAR"
        do {
            _ = try await commerce.checkout(request: request)
            Issue.record("expected an error")
        } catch let error as MCSCommerceWebError {
            #expect(error.code == .invalidRequest)
            #expect(error.violations.map(\.path.description) == ["amount", "currency"])
        }
    }

    @Test func theGuidesSetConfigurationKeepsEvenAnInvalidOneAndEachCheckoutRefusesIt() async throws {
        let logs = LogCapture()
        let commerce = MCSCommerceClient(webSession: MockBrowser(), logger: logs.logger())
        var bad = Self.configuration
        bad.callbackScheme = "fancy shop"
        // As the guide calls it: no `try`; the configuration is kept and its problem logged.
        commerce.setConfiguration(withConfiguration: bad)
        #expect(commerce.configuration == bad)
        #expect(logs.all.contains { $0.contains("the configuration is invalid") && $0.contains("callbackScheme [format.urlScheme]") })
        do {
            _ = try await commerce.checkout(request: Self.request)
            Issue.record("expected an error")
        } catch let error as MCSCommerceWebError {
            #expect(error.code == .invalidConfiguration)
            #expect(error.violations.map(\.rule) == ["format.urlScheme"])
        }
        commerce.setConfiguration(withConfiguration: Self.configuration)
        #expect(commerce.configuration == Self.configuration)
        #expect(try commerce.checkoutURL(for: Self.request).absoluteString.contains("checkoutId=\(Self.configuration.checkoutId)"))
    }

    @Test func aRequestsCallbackURLMustHaveTheConfiguredScheme() async throws {
        let (commerce, browser) = try makeCommerce(.success)
        var request = Self.request
        request.callbackUrl = "othershop://"
        await #expect(
            throws: MCSCommerceWebError(
                .invalidRequest, "the request's callbackUrl does not have the configuration's callbackScheme 'fancyshop'")
        ) {
            try await commerce.checkout(request: request)
        }
        #expect(browser.openedURLs.isEmpty)
        // The guide's own value, `fancyshop://`, matches the configuration's scheme.
        request.callbackUrl = "fancyshop://"
        let result = try await commerce.checkout(request: request)
        #expect(result.status == .success)
    }

    @Test func oneCheckoutAtATime() async throws {
        let browser = MockBrowser()
        let gate = OneShot<Bool>()
        let opened = OneShot<Bool>()
        browser.page(host: "sandbox.src.mastercard.com") { _ in
            opened.resolve(true)
            _ = await gate.wait()
            return URL(string: "fancyshop://checkout?oauth_token=abc&mpstatus=success")!
        }
        let commerce = MCSCommerceClient(webSession: browser)
        try commerce.configure(Self.configuration)
        let first = Task { try await commerce.checkout(request: Self.request) }
        _ = await opened.wait()
        do {
            _ = try await commerce.checkout(request: Self.request)
            Issue.record("expected flowInProgress")
        } catch let error as MCSCommerceWebError {
            #expect(error.code == .flowInProgress)
        }
        gate.resolve(true)
        #expect(try await first.value.transactionId == "abc")
        #expect(try await commerce.checkout(request: Self.request).transactionId == "abc")
    }

    // A delegate that never answers is covered, on an injected clock, by ExactlyOnceTests.

    @Test func paymentMethodCheckoutStartsTheSameFlow() async throws {
        let (commerce, _) = try makeCommerce(.success)
        let method = commerce.addPaymentMethod()
        #expect(method.paymentMethodName == "Click to Pay")
        let delegate = CheckoutDelegate(request: nil)
        let result = await commerce.paymentMethodCheckout(delegate: delegate, request: Self.request).value
        #expect(result.status == .success)
        #expect(delegate.completions.events.count == 1)
        #expect(delegate.completions.events.first?.1 == result.transactionId)
    }
}
