import Foundation
import PaymentFlowsCore
import Testing

@Suite("Callback matching")
struct WebSessionCallbackTests {
    @Test func httpsReturnURLsMatchSchemeHostAndPathOnly() throws {
        let expected = try #require(URL(string: "https://shop.example/paypal/return?x=1"))
        let callback = WebSessionCallback.returning(to: expected)
        #expect(callback.matches(URL(string: "https://shop.example/paypal/return?state=undefined&liability_shift=POSSIBLE")!))
        #expect(callback.matches(URL(string: "https://SHOP.example/paypal/return/")!))
        #expect(!callback.matches(URL(string: "https://evil.example/paypal/return")!))
        #expect(!callback.matches(URL(string: "https://shop.example/paypal/other")!))
        #expect(!callback.matches(URL(string: "https://shop.example/")!))
        #expect(!callback.matches(URL(string: "http://shop.example/paypal/return")!))
        #expect(!callback.matches(URL(string: "https://shop.example:8443/paypal/return")!))
    }

    @Test func customSchemesMatchByScheme() {
        let callback = WebSessionCallback.returning(to: URL(string: "fancyshop://return")!)
        #expect(callback == .scheme("fancyshop"))
        #expect(callback.matches(URL(string: "FancyShop://anything?x")!))
    }

    @Test func anyOfMatchesEither() {
        let callback = WebSessionCallback.anyOf([
            .returning(to: URL(string: "https://a.example/ok")!), .returning(to: URL(string: "https://a.example/cancel")!),
        ])
        #expect(callback.matches(URL(string: "https://a.example/cancel?x")!))
        #expect(!callback.matches(URL(string: "https://a.example/elsewhere")!))
    }
}
