import Foundation
import HTTPTypes
import PaymentServerCore
import Testing

@testable import PaymentMocks
@testable import PaymentSandbox

/// The byte-level text work the sandbox does on every request: links rewritten only where a JSON
/// string starts with a registered prefix (every other byte kept), the journal's path and query
/// names split and redacted, and a route's path cut into segments.
@Suite("Sandbox text handling")
struct SandboxTextTests {
    let links = SandboxLinks(
        base: URL(string: "http://127.0.0.1:8080")!, pages: [],
        apis: ["api-m.sandbox.paypal.com": "paypal", "api-m.paypal.com": "paypal-live"])

    private func rewritten(_ text: String) -> String {
        String(decoding: links.rewrite(Data(text.utf8)), as: UTF8.self)
    }

    @Test func aLinkAtTheStartOfAStringIsRewritten() {
        #expect(
            rewritten(#"{"href":"https://api-m.sandbox.paypal.com/v2/checkout/orders/5O1","amount":"10.001"}"#)
                == #"{"href":"http://127.0.0.1:8080/t/paypal/v2/checkout/orders/5O1","amount":"10.001"}"#)
        #expect(
            rewritten(#"["https://api-m.paypal.com/a","https://api-m.sandbox.paypal.com/b"]"#)
                == #"["http://127.0.0.1:8080/t/paypal-live/a","http://127.0.0.1:8080/t/paypal/b"]"#)
    }

    @Test func aLinkInsideAStringOrAfterAnEscapedQuoteIsKept() {
        // Inside a string, `"` is escaped: what follows it is not the start of a string.
        let inside = #"{"note":"see \"https://api-m.sandbox.paypal.com/x\" here","n":1}"#
        #expect(rewritten(inside) == inside)
        // An escaped backslash does not escape the quote after it: that quote ends the string.
        let escapedBackslash = #"{"a":"\\","b":"https://api-m.sandbox.paypal.com/y"}"#
        #expect(rewritten(escapedBackslash) == #"{"a":"\\","b":"http://127.0.0.1:8080/t/paypal/y"}"#)
        // An escaped quote does not end its string: the next string still starts where it does.
        #expect(rewritten(#"{"a":"\"","b":"https://api-m.sandbox.paypal.com/z"}"#) == #"{"a":"\"","b":"http://127.0.0.1:8080/t/paypal/z"}"#)
    }

    /// A provider's own link, built through its request, is the link the whole-answer rewrite would
    /// have written: the sandbox's where a prefix matches, the provider's otherwise and in memory.
    @Test func aLinkBuiltThroughTheRequestIsTheRewrittenLink() throws {
        var request = ServerRequest(
            method: "POST", path: "/v2/checkout/orders", query: [], headers: [:], body: Data(), operationID: "createOrder")
        let own = try #require(URL(string: "https://api-m.sandbox.paypal.com/v2/checkout/orders/5O1?a=%20b"))
        let other = try #require(URL(string: "https://www.paypal.com/checkoutnow?token=5O1"))
        #expect(request.link(own) == own)
        request.answerRewrite = { [links] in links.rewrite($0) }
        #expect(request.link(own).absoluteString == "http://127.0.0.1:8080/t/paypal/v2/checkout/orders/5O1?a=%20b")
        #expect(request.link(other) == other)
        let body = #"{"href":"\#(own.absoluteString)"}"#
        #expect(rewritten(body) == #"{"href":"\#(request.link(own).absoluteString)"}"#)
    }

    @Test func aBodyWithoutLinksIsReturnedAsIs() {
        for text in ["", "{}", #"{"href":"https://example.com/x"}"#, #"{"href":"https://api-m.sandbox.paypal.co"}"#, "\"", #"{"a":"\"#] {
            let body = Data(text.utf8)
            #expect(links.rewrite(body) == body)
        }
    }

    @Test func theJournalSplitsPathAndQueryOnTheirBytes() {
        let (path, names) = SandboxJournal.redacted("/t/mollie/v2/payments/tr_1?testmode=true&card=4111111111111111&=x&caf%C3%A9=1")
        #expect(path == "/t/mollie/v2/payments/tr_1")
        #expect(names == ["testmode", "card", "café"])
        #expect(SandboxJournal.redacted("/cards/4111-1111-1111-1111?").path == "/cards/<redacted>")
        #expect(SandboxJournal.redacted("/cards/4111-1111-1111-1111-/x").path == "/cards/<redacted>-/x")
        #expect(SandboxJournal.redacted("/páginas/ü?x=1") == ("/páginas/ü", ["x"]))
        let long = "/" + String(repeating: "é", count: 600)
        #expect(SandboxJournal.redacted(long).path == "/" + String(repeating: "é", count: 511) + "…")
    }

    /// Digit runs are cut on bytes: a UUID (digits broken by hex letters) is kept whole, a card
    /// number between non-ASCII characters or under a combining mark is still redacted, and every
    /// other byte keeps its place.
    @Test func theJournalRedactsDigitRunsOnBytes() {
        let session = "/t/amazonpay/v2/checkoutSessions/3f2b8c1e-9a4d-4e7b-b1c2-0d9e8f7a6b5c"
        #expect(SandboxJournal.redacted(session).path == session)
        #expect(SandboxJournal.redacted("/é4111 1111 1111 1111ü/x").path == "/é<redacted>ü/x")
        #expect(SandboxJournal.redacted("/411111111111111\u{301}1/x").path == "/<redacted>\u{301}1/x")
        #expect(SandboxJournal.redacted("/12345678901é2345678901").path == "/12345678901é2345678901")
        #expect(CardNumberRedaction.redacting("a 4111+1111+1111+1111 b 12") == "a <redacted> b 12")
        // Percent-encoded separators (`-`, `+`, space) hide no card number; their hex digits are
        // not the number's, and a bare `%` ends a run.
        #expect(SandboxJournal.redacted("/v/4111%2D1111%2d1111%2B1111/x").path == "/v/<redacted>/x")
        #expect(SandboxJournal.redacted("/v/4111%201111%201111%201111%20").path == "/v/<redacted>%20")
        #expect(SandboxJournal.redacted("/v/4111111%2D1111").path == "/v/4111111%2D1111")
        #expect(SandboxJournal.redacted("/v/411111%11111111").path == "/v/<redacted>")
        #expect(SandboxJournal.redacted("/v/411111%1x111111").path == "/v/411111%1x111111")
        #expect(SandboxJournal.redacted("/a/411111111111/b/4111-1111-1111-1111-").path == "/a/<redacted>/b/<redacted>-")
        // Percent-encoded digits are digits: a number written wholly or partly as `%3X` is a run.
        #expect(
            SandboxJournal.redacted("/v2/checkout/orders/%34%37%31%35%31%31%31%31%31%31%31%31%31%31%31%31").path
                == "/v2/checkout/orders/<redacted>")
        #expect(SandboxJournal.redacted("/o/4715%3111%2D1111%2011%31%31").path == "/o/<redacted>")
        #expect(SandboxJournal.redacted("/o/%34%37%31%35").path == "/o/%34%37%31%35")
        #expect(SandboxJournal.redacted("/o/%3A%3B12345678901").path == "/o/%3A%3B12345678901")
    }

    /// What reaches errors and `payflow serve`'s output about a request (its description, the
    /// unexpected-request error, the exchange log) carries no card number and no query value.
    @Test func requestTextsCarryNoCardNumberOrQueryValue() async throws {
        let request = ServerRequest(
            http: HTTPRequest(
                method: .get, scheme: nil, authority: nil, path: "/orders/4111%201111%201111%201111?card=4111111111111111&token=abc"),
            body: Data(), operationID: "")
        #expect(request.description == "GET /orders/<redacted>?card&token")
        let transport = MockProviderTransport(name: "Probe")
        await #expect(throws: ServerRouteError.unexpectedRequest("Probe: GET /orders/<redacted>?card&token")) {
            _ = try await transport.serve(request)
        }
        #expect(transport.exchanges == ["GET /orders/<redacted> → unexpected (no route)"])
        #expect(transport.unexpected == ["GET /orders/<redacted>?card&token"])
    }

    /// The target is cut at its first `?` byte, even where `?` is not where a character starts
    /// (after a prepended mark) or a combining mark follows it: nothing of the path or the query is lost.
    @Test func aRequestTargetIsCutAtItsFirstQuestionMark() {
        func request(_ target: String) -> ServerRequest {
            ServerRequest(http: HTTPRequest(method: .get, scheme: nil, authority: nil, path: target), body: Data(), operationID: "")
        }
        let plain = request("/v2/payments/tr_1?testmode=true&x=1")
        #expect(plain.path == "/v2/payments/tr_1")
        #expect(plain.query.map(\.name) == ["testmode", "x"])
        let prepended = request("/a\u{600}?x=1")
        #expect(prepended.path == "/a\u{600}")
        #expect(prepended.queryValue("x") == "1")
        // The raw mark belongs to the query, which the strict query reader refuses whole; cutting
        // by characters would have dropped the mark and read `b=2`.
        let combining = request("/a?\u{301}b=2")
        #expect(combining.path == "/a")
        #expect(combining.query.isEmpty)
        #expect(request("/a").query.isEmpty && request("/a?").path == "/a")
    }

    @Test func aPathIsCutIntoItsNonEmptySegments() {
        #expect(MockProviderTransport.segments(of: "/v2/checkout/orders/5O1/capture") == ["v2", "checkout", "orders", "5O1", "capture"])
        #expect(MockProviderTransport.segments(of: "//a///b/") == ["a", "b"])
        #expect(MockProviderTransport.segments(of: "") == [])
        #expect(MockProviderTransport.segments(of: "/") == [])
        #expect(MockProviderTransport.segments(of: "/pagos/ñandú/€") == ["pagos", "ñandú", "€"])
    }
}
