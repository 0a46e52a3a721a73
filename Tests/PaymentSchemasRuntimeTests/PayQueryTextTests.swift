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
}
