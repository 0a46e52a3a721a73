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

    /// A bracketed host is an IP literal, accepted only when both common `uri` format checkers
    /// (Python's `rfc3986-validator` and Rust's `jsonschema`, schemathesis's judge) accept it.
    @Test(arguments: [
        ("http://[::1]:8080/", true), ("http://[2001:db8::7]/", true), ("http://[::ffff:192.0.2.1]/", true),
        ("http://[v7.fe80::a+en1]/", true), ("https://[1:2:3:4:5:6:7:8]/", true), ("http://[::1.2.3.004]/", false),
        ("https://[::1.2.3.040]/", false), ("https://[::1.2.3.4]:000367220/", true),
        ("http://[::]/", true), ("http://[1:2:3:4:5:6:7::]/", true), ("http://[::1:2:3:4:5:6:7]/", true),
        ("http://[1:2:3:4:5:6:1.2.3.4]/", true), ("http://[v1.a:b!]/", true),
        ("HttpS://%dfM@[%25fA%254A]", false), ("http://[::1%25eth0]/", false), ("http://[1:2:3:4:5:6:7:8:9]/", false),
        ("http://[1::2::3]/", false), ("http://[:1]/", false), ("http://[]/", false), ("http://[v.x]/", false),
        ("http://[::1.2.3.256]/", false), ("http://[::1.2.3]/", false), ("http://[V7.x]/", false), ("http://[v7.]/", false),
        ("http://[vg.x]/", false), ("http://[1:2:3:4:5:6:7:8::]/", false), ("http://[::12345]/", false),
        ("http://[1.2.3.4::]/", false), ("http://[v1.a%41]/", false),
        // A userinfo holds no '@': a second one leaves '@' in the host.
        ("HTtPS://CX%44';@%Da%ee;V0%92p@[::]/%ceZi1", false), ("https://a@b@c/", false), ("https://a/b?c#d?e/f", true),
        ("https://a/b#c#d", false), ("https://a:b@c:1/", true), ("https://@c/", true),
    ])
    func aBracketedHostIsAnIPLiteral(_ text: String, _ valid: Bool) {
        #expect((PayURLText.problem(in: text, allowRelative: false) == nil) == valid)
    }

    @Test func relativeReferencesOnlyWhereAllowed() {
        #expect(PayURLText.problem(in: "return_url", allowRelative: true) == nil)
        #expect(PayURLText.problem(in: "/a/b?c", allowRelative: true) == nil)
        #expect(PayURLText.problem(in: "return_url", allowRelative: false) == .noScheme)
        #expect(PayURLText.problem(in: "a b", allowRelative: true) != nil)
        #expect(PayURLText.problem(in: "", allowRelative: true) == .empty)
    }

    /// Each problem, and the offset it names, as the reader gave them before it read the text in
    /// place (no copy of the bytes, no split parts): the same answers for the parts it now finds
    /// by index (the authority, one `@`, a port, brackets after the host).
    @Test(arguments: [
        ("https:", PayURLText.Problem.noHost), ("https:/x", .noHost), ("https://a@b@c/", .noHost), ("https://host:8a/", .noHost),
        ("https://[::1]x/", .noHost), ("https://[::1/", .noHost), ("https://user@/", .noHost), ("mailto:x", .noHost),
        ("https://h/p[1]", .invalidCharacter(offset: 9)), ("https://h?q=]", .invalidCharacter(offset: 9)),
        ("https://h#a#b", .invalidCharacter(offset: 11)), ("https://h/%4g", .badPercentEscape(offset: 10)), ("1https://h", .badScheme),
    ])
    func problemsAndTheirOffsets(_ text: String, _ problem: PayURLText.Problem) {
        #expect(PayURLText.problem(in: text, allowRelative: false) == problem)
        #expect(PayURLText.problem(in: NSString(string: text) as String, allowRelative: false) == problem)
    }

    @Test func aPortAndAnIPLiteralWithAPortAreHosts() {
        for text in ["https://user@host:80/p", "https://[::1]:443/x", "https://[v1.x]/", "https://h:/"] {
            #expect(PayURLText.problem(in: text, allowRelative: false) == nil, "\(text)")
        }
        #expect(PayURLText.problem(in: "/relative?x=[1]", allowRelative: true) == .invalidCharacter(offset: 12))
    }
}
