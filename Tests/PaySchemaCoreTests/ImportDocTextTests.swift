import CLITestSupport
import Foundation
import Testing

@testable import PaySchemaImport

/// The importer cleans each description it keeps (`OpenAPIImporter.cleaned`): an ASCII text
/// without a carriage return byte by byte, any other through Foundation. The two paths must give
/// the same text for every input the byte path takes: every short text over the characters that
/// matter, and every description, summary and title of PayPal's documents. Its JSON pointer
/// tokens skip Foundation's replacing when there is nothing to escape.
@Suite
struct ImportDocTextTests {
    static let documents = ["checkout_orders_v2.json", "payments_payment_v2.json", "notifications_webhooks_v1.json"]
        .compactMap { SharedReference.path("contracts/paypal/\($0)") }

    @Test func theByteWisePathAgreesWithFoundationOnEveryShortText() {
        // Every text of up to five characters over blank space, line breaks and letters: 19,608.
        let alphabet: [Character] = [" ", "\t", "\n", "\u{0B}", "\u{0C}", "a", "b"]
        let texts = ShortStrings.all(over: alphabet, upTo: 5)
        var differences: [String] = []
        for text in texts {
            let byteWise = OpenAPIImporter.cleanedASCII(text)
            if byteWise != OpenAPIImporter.cleanedByFoundation(text) {
                differences.append("\(text.debugDescription): \(byteWise.debugDescription)")
            }
        }
        #expect(texts.count == 19_608)
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }

    @Test func cleanedTrimsEachLineAndTheWhole() {
        #expect(OpenAPIImporter.cleaned("  The order.  \n\t  Its items.\t\n\n") == "The order.\nIts items.")
        #expect(OpenAPIImporter.cleaned(" \n\t ") == nil)
        #expect(OpenAPIImporter.cleaned(nil) == nil)
        // Beyond the byte path: a carriage return, a non-breaking space, an accent.
        #expect(OpenAPIImporter.cleanedASCII("a\r\nb") == nil)
        #expect(OpenAPIImporter.cleaned("  a\r\n  b  ") == "a\nb")
        #expect(OpenAPIImporter.cleaned("\u{00A0}Café\u{00A0}") == "Café")
    }

    @Test func pointerTokensEscapeAndUnescapeOnlyWhatNeedsIt() {
        for name in ["amount", "a/b", "a~b", "~1", "~0/~", "", "/", "~"] {
            #expect(OpenAPISource.unescaped(OpenAPISource.pointerToken(name)) == name, "\(name)")
        }
        #expect(OpenAPISource.pointerToken("a/b~c") == "a~1b~0c")
        #expect(OpenAPISource.unescaped("a~1b~0c") == "a/b~c")
        #expect(OpenAPISource.unescaped("~01") == "~1")
        #expect(OpenAPISource.pointerToken("purchase_units") == "purchase_units")
    }

    @Test(.enabled(if: documents.count < 3, "PayPal's documents are present; the test below runs"))
    func sharedAbsent() {
        print("NOTE: ../shared is absent: the importer's two ways of cleaning text were NOT compared on PayPal's descriptions.")
    }

    @Test(.enabled(if: documents.count == 3, "../shared is absent"))
    func theByteWisePathAgreesWithFoundationOnPayPalsDescriptions() throws {
        var compared = 0
        var differences: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, member) in object {
                    if ["description", "summary", "title"].contains(key), let text = member as? String,
                        let byteWise = OpenAPIImporter.cleanedASCII(text)
                    {
                        compared += 1
                        if byteWise != OpenAPIImporter.cleanedByFoundation(text) { differences.append(text) }
                    }
                    walk(member)
                }
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        for document in Self.documents { walk(try JSONSerialization.jsonObject(with: Data(contentsOf: document))) }
        #expect(compared > 1_000, "\(compared) texts compared")
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }
}
