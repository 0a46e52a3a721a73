@_spi(Generated) import PaymentSchemasRuntime
import Testing

/// A generated operation's `headerFields` is one `PayHeaderField.list`: the headers in the order
/// the schema lists them, each optional one left out while it has no value, each keeping whether
/// its value is a secret; the cookies last, in one `Cookie` header (`PayHeaderField.cookie`).
@Suite("Header lists")
struct PayHeaderFieldListTests {
    @Test func headersKeepTheirOrderAndSensitivityAndUnsetOnesAreLeftOut() {
        let unset: String? = nil
        let headers = PayHeaderField.list([
            ("PayPal-Request-Id", "7b92603e", false), ("Prefer", unset, false), ("Authorization", "Bearer token", true),
        ])
        #expect(headers.map(\.name) == ["PayPal-Request-Id", "Authorization"])
        #expect(headers.map(\.sensitive) == [false, true])
        #expect(headers.first?.value == "7b92603e")
        #expect(PayHeaderField.list([("Prefer", unset, false)]).isEmpty && PayHeaderField.list([]).isEmpty)
    }

    @Test func cookiesThatAreSetAreJoinedInOneHeaderAndNoneMeansNoHeader() {
        let unset: String? = nil
        #expect(PayHeaderField.cookie([("client", "iosApp"), ("hd8", unset), ("hd10", "1")]) == "client=iosApp; hd10=1")
        #expect(PayHeaderField.cookie([("session", "abc")]) == "session=abc")
        #expect(PayHeaderField.cookie([("client", unset)]) == nil && PayHeaderField.cookie([]) == nil)
        let headers = PayHeaderField.list([
            ("Prefer", "return=minimal", false), ("Cookie", PayHeaderField.cookie([("client", unset)]), true),
        ])
        #expect(headers.map(\.name) == ["Prefer"])
    }
}
