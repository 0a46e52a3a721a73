import Foundation
import PaymentSchemasRuntime
import Testing

@Suite("Strict query text")
struct PayQueryTextTests {
    @Test func itemsArePercentDecodedInOrder() throws {
        let items = try PayQueryText.items(PayQueryText.query(of: "https://x.example/cb?a=1&b=x%2Cy&flag&c=%C3%A9&=v#frag"))
        #expect(
            items == [
                URLQueryItem(name: "a", value: "1"), URLQueryItem(name: "b", value: "x,y"), URLQueryItem(name: "flag", value: nil),
                URLQueryItem(name: "c", value: "é"), URLQueryItem(name: "", value: "v"),
            ])
        #expect(try PayQueryText.items("") == [])
        #expect(try PayQueryText.items("a=1&&b=2").map(\.name) == ["a", "b"])
    }

    /// Reproducers from naive fuzzing: Foundation's `percentEncodedQuery` setter trapped on each.
    @Test(arguments: [
        "state=undefined&code=undefined&liabili%y_shift=POSSIBLE", "a=%", "a=%4", "a=%zz", "a=b c", "a=\u{7}", "a=é",
        "a=%FF", "a=%C3", "a=<script>", "a=x|y",
    ])
    func malformedQueriesAreErrorsNotTraps(_ text: String) {
        #expect(throws: PayQueryText.Problem.self) { try PayQueryText.items(PayQueryText.query(of: text)) }
    }

    /// The one query writer keeps letters, digits and `-._~!$'()*` and percent-encodes the rest,
    /// so what it writes reads back item for item through the one reader, for every ASCII
    /// character, a control, multi-byte UTF-8, an item without a value and an empty one.
    @Test func theWriterEncodesWhatAReaderCouldMisreadAndReadsBack() throws {
        var every = ""
        for byte in UInt8(0x20)...UInt8(0x7E) { every.append(Character(UnicodeScalar(byte))) }
        every += "é€😀\u{7F}\n"
        let items = [URLQueryItem(name: every, value: every), URLQueryItem(name: "flag", value: nil), URLQueryItem(name: "", value: "")]
        let text = PayQueryEncoding.text(items)
        let encoded =
            "%20!%22%23$%25%26'()*%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60"
            + "abcdefghijklmnopqrstuvwxyz%7B%7C%7D~%C3%A9%E2%82%AC%F0%9F%98%80%7F%0A"
        #expect(text == encoded + "=" + encoded + "&flag&=")
        #expect(try PayQueryText.items(Substring(text)) == items)
        #expect(PayQueryEncoding.text([]) == "")
    }

    /// Readers that show a query rather than decode it take its pairs as written, empty items
    /// kept, and decode a name as a form does (`+` a space).
    @Test func pairsKeepTheQueryAsWrittenAndFormDecodingReadsPlus() {
        let pairs = PayQueryText.pairs("a=1&&b&c=x%2By=z")
        #expect(pairs.map { String($0.name) } == ["a", "", "b", "c"])
        #expect(pairs.map { $0.value.map(String.init) } == ["1", nil, nil, "x%2By=z"])
        #expect(PayQueryText.formDecoded("card+number%21") == "card number!")
        #expect(PayQueryText.formDecoded("%zz") == nil)
    }
}
