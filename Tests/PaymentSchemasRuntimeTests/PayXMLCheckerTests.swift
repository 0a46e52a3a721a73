import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import PaymentSchemasRuntime
import Testing

/// The package's XML well-formedness check, judged by the parser it protects: every document the
/// check accepts, FoundationXML's `XMLParser` (libxml2) parses without an error, and the malformed
/// documents it refuses, the parser refuses too.
@Suite("XML well-formedness")
struct PayXMLCheckerTests {
    static let wellFormed: [String] = [
        "<xml/>",
        "<xml></xml>",
        "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><Reference>R1</Reference></xml>",
        "<?xml version='1.0' encoding='utf-8' standalone='yes' ?><a b=\"1\" c='2'/>",
        "<xml>\n  <!-- a comment - with a dash -->\n  <a>x &lt; y &amp;&amp; z &gt; &apos;&quot;</a>\n</xml>\n",
        "<xml><a>&#65;&#x42;&#x1F600;</a><b><![CDATA[<not> & markup]]></b></xml>",
        "<r><ñandú año=\"2024\">ok</ñandú><x.y-z_1>1</x.y-z_1></r>",
        "<r a=\"&lt;&#10;\">text ] and ]] but not the end marker</r>",
        "<r>\t\r\n</r>  <!-- trailing comment -->  ",
        "<P><T>ÄÖÜ € 𝄞</T><e></e><e/></P>",
        "<r xmlns:p=\"urn:p\"><p:x>1</p:x><y xmlns:q=\"urn:q\" q:z=\"2\" z=\"3\" xml:lang=\"es\"/><q:w xmlns:q=\"urn:w\" xmlns=\"urn:d\"/></r>",
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><m:R xmlns:m=\"urn:m\">1</m:R></soap:Body></soap:Envelope>",
    ]

    /// Well-formed XML the check refuses on purpose: markup a payment payload never needs.
    static let refusedByPolicy: [String] = [
        "<a><?pi data?></a>",
        "<?pi?><a/>",
        "<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>",
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>é</a>",
    ]

    /// Truncated documents FoundationXML on Linux parses without reporting anything; the check refuses them.
    static let truncated: [String] = ["", "   ", "<a", "<a><b>", "<a b=\"1\"></a"]

    static let malformed: [String] = [
        "text",
        "<xml>",
        "<xml></xm>",
        "<a><b></a></b>",
        "<a></a><b></b>",
        "<a></a>tail",
        "<1a/>",
        "<a b=1/>",
        "<a b=\"1\"c=\"2\"/>",
        "<a b=\"1\" b=\"2\"/>",
        "<a b=\"<\"/>",
        "<a>&unknown;</a>",
        "<a>& </a>",
        "<a>&#0;</a>",
        "<a>&#xD800;</a>",
        "<a>&#99999999999;</a>",
        "<a>\u{01}</a>",
        "<a>\u{FFFE}</a>",
        "<a>]]></a>",
        "<a><!-- x -- y --></a>",
        "<a><![CDATA[open</a>",
        "<?x.m?>",
        " <?xml version=\"1.0\"?><a/>",
        "<a/><?xml version=\"1.0\"?>",
        "<?xml version=\"1.0\"><a/>",
        "<a></a >x",
        "<p:x>1</p:x>",
        "<r><a xmlns:p=\"urn:p\"/><p:x/></r>",
        "<r p:y=\"1\"/>",
        "<r xmlns:p=\"urn:a\" xmlns:q=\"urn:a\" p:y=\"1\" q:y=\"2\"/>",
        "<r xmlns:p=\"\"/>",
        "<a:b:c xmlns:a=\"urn:a\"/>",
        "<r xmlns:xmlns=\"urn:x\"/>",
        "<xmlns:r/>",
        "<a b=\"1",
    ]

    /// What libxml2 says: whether `XMLParser` parses the document without reporting an error.
    static func parserAccepts(_ text: String) -> Bool {
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = false
        return parser.parse() && parser.parserError == nil
    }

    static func checkerAccepts(_ text: String, maximumDepth: Int = 64) -> PaySyntaxError? {
        Array(text.utf8).withUnsafeBufferPointer { PayXMLChecker.problem(in: $0, maximumDepth: maximumDepth) }
    }

    @Test(arguments: wellFormed)
    func wellFormedDocumentsPassAndTheParserAgrees(_ text: String) {
        #expect(Self.checkerAccepts(text) == nil)
        #expect(Self.parserAccepts(text), "the parser refuses what the check accepted")
    }

    @Test(arguments: malformed)
    func malformedDocumentsAreRefusedWithALocationAndTheParserAgrees(_ text: String) {
        let problem = Self.checkerAccepts(text)
        #expect(problem != nil)
        #expect((problem?.line ?? 0) >= 1 && (problem?.column ?? 0) >= 1)
        #expect(!Self.parserAccepts(text), "the parser accepts what the check refused as malformed")
    }

    @Test(arguments: truncated)
    func truncatedDocumentsAreRefused(_ text: String) {
        #expect(Self.checkerAccepts(text) != nil)
    }

    @Test(arguments: refusedByPolicy)
    func markupPayloadsNeverNeedIsRefused(_ text: String) {
        #expect(Self.checkerAccepts(text) != nil)
    }

    /// Mutations of well-formed documents (deleting, duplicating and replacing one byte with a
    /// markup byte): whatever the check accepts, the parser parses.
    @Test func everyMutationTheCheckAcceptsTheParserParses() {
        var generator = SeededGenerator(seed: 0x5EED)
        let markup = Array("<>/&;'\"=!?-[]x #\n".utf8)
        var accepted = 0
        for sample in Self.wellFormed {
            let bytes = Array(sample.utf8)
            for _ in 0..<1_000 {
                var mutated = bytes
                for _ in 0..<Int.random(in: 1...3, using: &generator) where !mutated.isEmpty {
                    let position = Int.random(in: 0..<mutated.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: mutated.remove(at: position)
                    case 1: mutated.insert(mutated[position], at: position)
                    default: mutated[position] = markup[Int.random(in: 0..<markup.count, using: &generator)]
                    }
                }
                guard let text = String(validating: mutated, as: UTF8.self) else { continue }
                if Self.checkerAccepts(text) == nil {
                    accepted += 1
                    #expect(Self.parserAccepts(text), "accepted by the check, refused by the parser: \(text.debugDescription)")
                }
            }
        }
        #expect(accepted > 100)
    }

    @Test func nestingBeyondTheLimitIsRefused() {
        let deep = String(repeating: "<a>", count: 65) + String(repeating: "</a>", count: 65)
        #expect(Self.checkerAccepts(deep)?.message == "elements nested deeper than 64 levels")
        let fits = String(repeating: "<a>", count: 64) + String(repeating: "</a>", count: 64)
        #expect(Self.checkerAccepts(fits) == nil)
        // A million levels: refused at level 65, without recursion.
        let hostile = String(repeating: "<a>", count: 1_000_000)
        #expect(Self.checkerAccepts(hostile)?.column == 64 * 3 + 1)
    }

    /// Attribute and namespace bookkeeping is hashed, not a scan per attribute: a start tag with
    /// 20,000 attributes (and as many namespace declarations) is read in linear time, and the
    /// duplicate at its end is still found (a scan per attribute made this 20,000² comparisons).
    @Test func thousandsOfAttributesAreCheckedInLinearTime() {
        let count = 20_000
        let attributes = (0..<count).map { " a\($0)=\"\($0)\" xmlns:p\($0)=\"urn:p\($0)\"" }.joined()
        #expect(Self.checkerAccepts("<r\(attributes)/>") == nil)
        let problem = Self.checkerAccepts("<r\(attributes) a0=\"again\"/>")
        #expect(problem?.message == "attribute 'a0' appears twice")
        let prefixed = (0..<count).map { " p\($0):x=\"1\"" }.joined()
        #expect(Self.checkerAccepts("<r\(attributes)\(prefixed)/>") == nil)
    }

    @Test func problemsAreLocatedByLineAndColumn() {
        #expect(Self.checkerAccepts("<xml>\n  <a>x &nbsp; y</a>\n</xml>")?.description == "2:8: an undefined entity '&nbsp;'")
        #expect(Self.checkerAccepts("<xml>\n<a></b>\n</xml>")?.description == "2:4: '</b>' does not close 'a'")
        #expect(Self.checkerAccepts("<?xml version=\"1.0\" encoding=\"latin1\"?><a/>")?.message == "the document declares encoding 'latin1'; payloads are read as UTF-8 only")
    }
}

/// A small deterministic generator (SplitMix64), so mutations are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
