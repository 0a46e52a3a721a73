import Clocks
import Foundation
import MCSCommerceWeb
import PaymentFlowsCore
import PaymentMocks
import Testing

/// A delegate that keeps the request handler and answers only when the test says so.
@MainActor
final class HeldRequestDelegate: MCSCheckoutDelegate {
    var handler: ((MCSCheckoutRequest) -> Void)?
    var asked = 0
    var completions: [MCSCheckoutStatus] = []

    func getCheckoutRequest(withHandler handler: @escaping (MCSCheckoutRequest) -> Void) {
        MainActor.assertIsolated()
        asked += 1
        self.handler = handler
    }

    func checkoutCompleted(withRequest request: MCSCheckoutRequest, status: MCSCheckoutStatus, transactionId: String?) {
        MainActor.assertIsolated()
        completions.append(status)
    }
}

/// Completion and delegate callbacks fire exactly once per request under timeouts, cancellation
/// and a second tap; the timeout runs on an injected `TestClock`, so nothing sleeps.
@Suite("Exactly once")
@MainActor
struct ExactlyOnceTests {
    func makeCommerce(_ clock: TestClock<Duration>) throws -> (MCSCommerceClient, MockBrowser) {
        let browser = MockBrowser()
        MockSRCCheckout.install(on: browser, callbackScheme: "fancyshop", outcome: { .success }, transactionIds: .seeded(3))
        let commerce = MCSCommerceClient(webSession: browser, requestTimeout: .seconds(60), clock: clock)
        try commerce.configure(MCSCommerceWebFlowTests.configuration)
        return (commerce, browser)
    }

    /// Lets the tap's task run until it waits for the delegate.
    func untilAsked(_ delegate: HeldRequestDelegate) async {
        while delegate.asked == 0 { await Task.yield() }
    }

    @Test func aRequestThatNeverComesTimesOutOnTheClockAndALateAnswerIsIgnored() async throws {
        let clock = TestClock()
        let (commerce, browser) = try makeCommerce(clock)
        let delegate = HeldRequestDelegate()
        let button = commerce.getCheckoutButton(withDelegate: delegate)
        let tap = Task { try await button.tap() }
        await untilAsked(delegate)
        await clock.advance(by: .seconds(59))
        #expect(delegate.completions.isEmpty && browser.openedURLs.isEmpty)
        await clock.advance(by: .seconds(1))
        await #expect { try await tap.value } throws: { ($0 as? MCSCommerceWebError)?.code == .requestNotProvided }
        delegate.handler?(MCSCommerceWebFlowTests.request)  // the app answers too late
        await Task.yield()
        #expect(delegate.completions.isEmpty)
        #expect(browser.openedURLs.isEmpty)
    }

    @Test func aSecondTapIsRejectedAndTheFirstReportsOnce() async throws {
        let clock = TestClock()
        let (commerce, _) = try makeCommerce(clock)
        let delegate = HeldRequestDelegate()
        let button = commerce.getCheckoutButton(withDelegate: delegate)
        let first = Task { try await button.tap() }
        await untilAsked(delegate)
        await #expect { try await button.tap() } throws: { ($0 as? MCSCommerceWebError)?.code == .flowInProgress }
        #expect(delegate.asked == 1)
        delegate.handler?(MCSCommerceWebFlowTests.request)
        delegate.handler?(MCSCommerceWebFlowTests.request)  // a second answer is ignored
        #expect(try await first.value.status == .success)
        #expect(delegate.completions == [.success])
        // The button is free again.
        let again = Task { try await button.tap() }
        await Task.yield()
        while delegate.asked < 2 { await Task.yield() }
        delegate.handler?(MCSCommerceWebFlowTests.request)
        #expect(try await again.value.status == .success)
        #expect(delegate.completions == [.success, .success])
    }

    @Test func cancelingATapWhileItWaitsReportsNothing() async throws {
        let clock = TestClock()
        let (commerce, browser) = try makeCommerce(clock)
        let delegate = HeldRequestDelegate()
        let tap = Task { try await commerce.getCheckoutButton(withDelegate: delegate).tap() }
        await untilAsked(delegate)
        tap.cancel()
        await #expect { try await tap.value } throws: { ($0 as? MCSCommerceWebError)?.code == .requestNotProvided }
        delegate.handler?(MCSCommerceWebFlowTests.request)
        await Task.yield()
        #expect(delegate.completions.isEmpty && browser.openedURLs.isEmpty)
    }

    @Test func completionOnceCallsItsHandlerOnceUnderConcurrentCalls() async {
        let calls = LockIsolated(0)
        let once = CompletionOnce<Int> { _ in calls.withValue { $0 += 1 } }
        await withTaskGroup(of: Void.self) { group in
            for value in 0..<100 { group.addTask { once(value) } }
        }
        #expect(calls.value == 1)
        #expect(once.ignoredCalls == 99)
    }

    @Test func lockIsolatedSerializesUpdates() async {
        let counter = LockIsolated(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<1_000 { group.addTask { counter.withValue { $0 += 1 } } }
        }
        #expect(counter.value == 1_000)
    }
}
