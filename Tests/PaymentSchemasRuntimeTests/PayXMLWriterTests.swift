import Foundation
import Testing

@testable import PaymentSchemasRuntime

/// The package's XML writer, judged by its reader and by an independent parser: what it writes
/// reads back to the same value, text is escaped so XMLParser (libxml2) parses it, and what XML 1.0
/// cannot hold is an error, never dropped.
@Suite("XML writer")
struct PayXMLWriterTests {
    struct Line: Codable, Equatable {
        var sku: String
        var quantity: Int
    }

    struct Order: Codable, Equatable {
        var reference: String
        var amount: Decimal
        var paid: Bool
        var note: String?
        var tags: [String]
        var lines: [Line]
        var site: URL
    }

    static let order = Order(
        reference: "R-1 <a & b> \"q\" 'x'\r\nnext", amount: Decimal(string: "1234567890.123456789")!, paid: true, note: nil,
        tags: ["one", "two"], lines: [Line(sku: "A", quantity: 2), Line(sku: "ñ€𝄞", quantity: -3)],
        site: URL(string: "https://example.com/a?b=c&d=e")!)

    @Test func writesFieldsInOrderAndReadsBackTheSameValue() throws {
        let data = try PayWire.encodeXML(Self.order, rootElement: "order")
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text
                == "<order><reference>R-1 &lt;a &amp; b&gt; \"q\" 'x'&#13;\nnext</reference><amount>1234567890.123456789</amount><paid>true</paid>"
                + "<tags>one</tags><tags>two</tags><lines><sku>A</sku><quantity>2</quantity></lines><lines><sku>ñ€𝄞</sku><quantity>-3</quantity></lines>"
                + "<site>https://example.com/a?b=c&amp;d=e</site></order>")
        #expect(try PayWire.decodeXML(Order.self, from: data) == Self.order)
        #expect(PayXMLReaderTests.parserAccepts(text), "libxml2 refuses what the writer wrote")
        // One element of a list reads back as a one-element list.
        var single = Self.order
        single.tags = ["only"]
        single.lines = [Line(sku: "B", quantity: 1)]
        #expect(try PayWire.decodeXML(Order.self, from: PayWire.encodeXML(single, rootElement: "order")) == single)
    }

    @Test func whatXMLCannotHoldIsAnError() {
        var order = Self.order
        order.reference = "bell \u{07}"
        #expect(throws: EncodingError.self) { try PayWire.encodeXML(order, rootElement: "order") }
        order.reference = "\u{FFFE}"
        #expect(throws: EncodingError.self) { try PayWire.encodeXML(order, rootElement: "order") }
        #expect(throws: EncodingError.self) { try PayWire.encodeXML(["not a name": "x"], rootElement: "map") }
        #expect(throws: EncodingError.self) { try PayWire.encodeXML(Self.order, rootElement: "1order") }
    }
}
