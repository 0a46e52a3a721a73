import Foundation
import PaymentFlowsCore
import Testing

@testable import PaymentSchemasRuntime

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The package's XML reader, judged by an independent parser: every document the reader accepts,
/// FoundationXML's `XMLParser` (libxml2) parses without an error, and the malformed documents it
/// refuses, the parser refuses too. (The package itself no longer runs `XMLParser`.)
@Suite("XML reader")
struct PayXMLReaderTests {
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

    static func checkerAccepts(_ text: String, limits: PayPayloadLimits = .standard) -> PaySyntaxError? {
        Array(text.utf8).withUnsafeBufferPointer { PayXMLReader.problem(in: $0, limits: limits) }
    }

    /// The tree the reader hands the decoder.
    static func tree(_ text: String, unclosed: Bool = false) throws -> PayJSON {
        try Array(text.utf8).withUnsafeBufferPointer { PayXMLReader.read($0, limits: .standard, acceptingUnclosedRoot: unclosed) }.get()
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

    /// Attribute and namespace bookkeeping is hashed, not a scan per attribute: with the attribute
    /// limit raised, a start tag with 20,000 attributes (and as many namespace declarations) is read
    /// in linear time, and the duplicate at its end is still found (a scan per attribute made this
    /// 20,000² comparisons).
    @Test func thousandsOfAttributesAreCheckedInLinearTime() {
        let count = 20_000
        let limits = PayPayloadLimits(maximumBytes: 8 << 20, maximumDepth: 64, maximumAttributesPerElement: 3 * count)
        let attributes = (0..<count).map { " a\($0)=\"\($0)\" xmlns:p\($0)=\"urn:p\($0)\"" }.joined()
        #expect(Self.checkerAccepts("<r\(attributes)/>", limits: limits) == nil)
        let problem = Self.checkerAccepts("<r\(attributes) a0=\"again\"/>", limits: limits)
        #expect(problem?.message == "attribute 'a0' appears twice")
        let prefixed = (0..<count).map { " p\($0):x=\"1\"" }.joined()
        #expect(Self.checkerAccepts("<r\(attributes)\(prefixed)/>", limits: limits) == nil)
    }

    /// What the decoder reads: elements with children are objects, leaves are their text with
    /// references and CDATA resolved and line ends normalized, repeated names are arrays in
    /// document order, attributes are members, namespace declarations are not.
    @Test func theTreeHoldsTheDocumentsValues() throws {
        let document = """
            <?xml version="1.0"?>
            <xml xmlns:p="urn:p" kind="a&amp;b&#9;c\r\nd">
              <Reference>R&#x31; &lt;&gt;&apos;&quot;</Reference>
              <Note><![CDATA[<x> & y]]>!</Note>
              <Lines>one\r\ntwo\rthree</Lines>
              <e>1</e><e/><e>3</e>
              <Empty></Empty>
              <p:Q>q</p:Q>
              <Nested a="1"><b>2</b></Nested>
            </xml>
            """
        let expected = PayJSON.object([
            "kind": .string("a&b\tc d"),
            "Reference": .string("R1 <>'\""),
            "Note": .string("<x> & y!"),
            "Lines": .string("one\ntwo\nthree"),
            "e": .array([.string("1"), .string(""), .string("3")]),
            "Empty": .string(""),
            "p:Q": .string("q"),
            "Nested": .object(["a": .string("1"), "b": .string("2")]),
        ])
        let tree = try Self.tree(document)
        #expect(tree == expected, "\(tree)")
        #expect(
            try Self.tree("<r>a&#13;&#10;b\r\nc<![CDATA[\rd]]></r>") == .string("a\r\nb\nc\nd"), "only literal line ends are normalized")
        #expect(try Self.tree("<r>text<a>1</a>more</r>") == .object(["a": .string("1"), "": .string("textmore")]))
        #expect(try Self.tree("<xml><a>1</a>\n", unclosed: true) == .object(["a": .string("1")]))
        #expect(Self.checkerAccepts("<xml><a>1</a>\n") != nil, "an unclosed root is accepted only when asked for")
        #expect(throws: PaySyntaxError.self) { try Self.tree("<xml><a>1\n", unclosed: true) }
    }

    /// The hostile documents that made libxml2 work for minutes or hundreds of megabytes (600,000
    /// attributes: quadratic; 1.5 M character references; 1.5 M empty elements) end at a limit,
    /// located, after reading only up to it; documents just within every limit are read.
    @Test func hostileDocumentsEndAtTheirLimit() throws {
        let attributes = "<r" + (0..<600_000).map { " a\($0)=\"1\"" }.joined() + "/>"
        #expect(
            Self.checkerAccepts(attributes)?.description
                == "1:\(3 + (0..<256).map { " a\($0)=\"1\"".utf8.count }.reduce(0, +) + 1): more than 256 attributes on 'r'")
        let references = "<r>" + String(repeating: "&#65;", count: 1_500_000) + "</r>"
        #expect(Self.checkerAccepts(references)?.description == "1:\(4 + 5 * 100_000): more than 100000 character references")
        let elements = "<r>" + String(repeating: "<e/>", count: 1_500_000) + "</r>"
        #expect(Self.checkerAccepts(elements)?.description == "1:\(4 + 4 * 99_999): more than 100000 elements")

        let within =
            "<r" + (0..<255).map { " a\($0)=\"1\"" }.joined() + ">" + String(repeating: "&#65;", count: 100_000)
            + String(repeating: "<e/>", count: 99_999) + "</r>"
        guard case .object(let members) = try Self.tree(within) else {
            Issue.record("expected an object")
            return
        }
        #expect(members.count == 255 + 2)
        guard case .array(let repeated) = members["e"] else {
            Issue.record("expected the repeated elements")
            return
        }
        #expect(repeated.count == 99_999)
        #expect(members[""] == .string(String(repeating: "A", count: 100_000)))
        let tight = PayPayloadLimits(
            maximumBytes: 1 << 20, maximumDepth: 8, maximumElements: 3, maximumAttributesPerElement: 1, maximumCharacterReferences: 1)
        #expect(Self.checkerAccepts("<r><e/><e/></r>", limits: tight) == nil)
        #expect(Self.checkerAccepts("<r><e/><e/><e/></r>", limits: tight)?.message == "more than 3 elements")
        #expect(Self.checkerAccepts("<r a=\"1\" b=\"2\"/>", limits: tight)?.message == "more than 1 attributes on 'r'")
        #expect(Self.checkerAccepts("<r>&#65;&#66;</r>", limits: tight)?.message == "more than 1 character references")
        #expect(
            Self.checkerAccepts(
                String(repeating: "<r>", count: 2) + String(repeating: "</r>", count: 2),
                limits: PayPayloadLimits(maximumBytes: 10, maximumDepth: 8))?.message == "the payload is larger than 10 bytes")
    }

    @Test func problemsAreLocatedByLineAndColumn() {
        #expect(Self.checkerAccepts("<xml>\n  <a>x &nbsp; y</a>\n</xml>")?.description == "2:8: an undefined entity '&nbsp;'")
        #expect(Self.checkerAccepts("<xml>\n<a></b>\n</xml>")?.description == "2:4: '</b>' does not close 'a'")
        #expect(
            Self.checkerAccepts("<?xml version=\"1.0\" encoding=\"latin1\"?><a/>")?.message
                == "the document declares encoding 'latin1'; payloads are read as UTF-8 only")
    }
}
