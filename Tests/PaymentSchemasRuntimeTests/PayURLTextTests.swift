import Foundation
import PaymentSchemasRuntime
import Testing

@Suite("Strict URL reader")
struct PayURLTextTests {
    @Test(arguments: [
        "https://example.com", "https://example.com/a/b?c=d&e=%20f#g", "mollie-checkout://payments/12",
        "sdk.ios.paypal://testurl.com/checkout?opType=cancel", "http://[::1]:8080/x", "https://user@host:443/p",
        "amzn-pay.sample+x://host",
    ])
    func absoluteURLsAreAccepted(_ text: String) {
        #expect(PayURLText.problem(in: text, allowRelative: false) == nil)
        #expect(PayURLText.url(text, allowRelative: false)?.absoluteString == text)
    }

    @Test(arguments: [
        "not a url at all", "USA", "1,500.00", "https://example.com/a b", "https://exa mple.com", "", "https://",
        "https:///path", "mailto:someone@example.com", "https://example.com/\u{7}", "https://exämple.com",
        "https://example.com/%zz", "https://example.com/%4", "1https://x", "https://example.com/<script>",
        "https://example.com:port", "//example.com", "https://example.com/[x]",
    ])
    func everythingElseIsRejectedTheSameWayOnEveryPlatform(_ text: String) {
        #expect(PayURLText.problem(in: text, allowRelative: false) != nil)
        #expect(PayURLText.url(text, allowRelative: false) == nil)
    }

    @Test func relativeReferencesOnlyWhereAllowed() {
        #expect(PayURLText.problem(in: "return_url", allowRelative: true) == nil)
        #expect(PayURLText.problem(in: "/a/b?c", allowRelative: true) == nil)
        #expect(PayURLText.problem(in: "return_url", allowRelative: false) == .noScheme)
        #expect(PayURLText.problem(in: "a b", allowRelative: true) != nil)
        #expect(PayURLText.problem(in: "", allowRelative: true) == .empty)
    }
}
