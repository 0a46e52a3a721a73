import Foundation
@_spi(Generated) import PaymentSchemasRuntime
@_spi(Generated) import PaymentSchemasVocabulary
import Testing

/// A form whose names nest by brackets (Mollie's API and a Laravel app take one beside JSON) is
/// read into the package's one tree; what cannot be one tree is a located `malformed` problem,
/// never a trap, and no name makes a list longer or a tree deeper than the limits.
@Suite("Bracketed forms")
struct PayBracketedFormTests {
    @Test func namesNestByBracketsAndPlusIsASpace() throws {
        let tree = try PayBracketedForm.tree(
            "amount[value]=10.00&amount[currency]=EUR&description=Chess+board%2B&method[]=ideal&method[]=card"
                + "&lines[1][quantity]=2&lines[0][quantity]=1&flag&metadata[a][b][]=x")
        let expected: PayJSON = [
            "amount": ["value": "10.00", "currency": "EUR"], "description": "Chess board+", "method": ["ideal", "card"],
            "lines": [["quantity": "1"], ["quantity": "2"]], "flag": "", "metadata": ["a": ["b": ["x"]]],
        ]
        #expect(tree == expected)
    }

    @Test func aNameGivenTwiceKeepsTheLastAsPHPDoes() throws {
        #expect(try PayBracketedForm.tree("a=1&a=2") == ["a": "2"])
        // Positions close their gaps, in index order.
        #expect(try PayBracketedForm.tree("l[7]=c&l[2]=b&l[0]=a") == ["l": ["a", "b", "c"]])
    }

    @Test(arguments: [
        ("a=1&a[b]=2", "both a text and an object or list"),
        ("a[b]=1&a=2", "both a text and an object or list"),
        ("a[0]=1&a[b]=2", "both a text and an object or list"),
        ("a[b=1", "do not close"),
        ("a]b[=1", "do not close"),
        ("[a]=1", "starts with '['"),
        ("a[1001]=1", "an index beyond 1000"),
        ("a%ZZ=1", "not a well-formed form body"),
        ("a" + String(repeating: "[x]", count: 40) + "=1", "nests deeper than 32"),
        ("card[4111111111111111=1", "'<redacted>'"),
    ])
    func whatIsNotOneTreeIsALocatedProblem(text: String, message: String) {
        #expect {
            try PayBracketedForm.tree(text)
        } throws: { error in
            guard let error = error as? PayloadDecodingError, let issue = error.issues.first else { return false }
            return issue.kind == .malformed && issue.path == .root && issue.message.contains(message)
                && !issue.message.contains("4111111111111111")
        }
    }

    @Test func aListCannotGrowBeyondItsLimitByAppending() {
        let text = Array(repeating: "a[]=1", count: PayBracketedForm.maximumIndex + 2).joined(separator: "&")
        #expect(throws: PayloadDecodingError.self) { try PayBracketedForm.tree(text) }
        let most = Array(repeating: "a[]=1", count: PayBracketedForm.maximumIndex + 1).joined(separator: "&")
        #expect(throws: Never.self) { try PayBracketedForm.tree(most) }
    }

    /// The tree is decoded as a query is: every value read from its text by the generated readers.
    @Test func theTreeDecodesWithTheQueryReaders() throws {
        struct Line: Decodable {
            var quantity: Int
            init(from decoder: any Decoder) throws {
                var container = try PayDecodingContainer(decoder)
                let quantity = container.required(Int.self, "quantity")
                try container.finish()
                guard let quantity else { throw container.incomplete() }
                self.quantity = quantity
            }
        }
        struct Order: Decodable {
            var lines: [Line]
            var paid: Bool?
            init(from decoder: any Decoder) throws {
                var container = try PayDecodingContainer(decoder)
                let lines = container.list(Line.self, "lines", required: true)
                paid = container.optional(Bool.self, "paid")
                try container.finish()
                guard let lines else { throw container.incomplete() }
                self.lines = lines
            }
        }
        let order = try PayWire.decodeBracketedForm(Order.self, from: "lines[0][quantity]=2&lines[1][quantity]=3&paid=true")
        #expect(order.lines.map(\.quantity) == [2, 3] && order.paid == true)
        #expect(throws: PayloadDecodingError.self) { try PayWire.decodeBracketedForm(Order.self, from: "lines[0][quantity]=two") }
    }
}
