import Foundation
@_spi(Generated) import PaymentSchemasRuntime
import Testing

/// A JSON number whose value is whole is an integer, as JSON Schema's `integer` says (the export
/// writes `Int` fields as `integer`, and schemathesis sends `637407.0` for one): read exactly from
/// its digits, never through a floating-point value; a fraction that is not zero, or a text in XML
/// or a query (whose integer types have no fraction), is still refused.
@Suite("Whole JSON numbers as integers")
struct PayJSONIntegerTests {
    struct Count: Decodable {
        var value: Int
        init(from decoder: any Decoder) throws {
            var container = try PayDecodingContainer(decoder)
            let value = container.required(Int.self, "value")
            try container.finish()
            guard let value else { throw container.incomplete() }
            self.value = value
        }
    }

    @Test(arguments: [
        ("637407.0", 637_407), ("-12.00", -12), ("1e3", 1_000), ("1.5e1", 15), ("1500e-2", 15), ("0.0", 0), ("-0.0", 0),
        ("9223372036854775807.0", Int.max), ("12", 12),
    ])
    func aWholeNumberIsAnInteger(text: String, value: Int) throws {
        #expect(try PayWire.decodeJSON(Count.self, from: Data(#"{"value":\#(text)}"#.utf8)).value == value)
    }

    @Test(arguments: ["1.5", "1e-1", "9223372036854775808.0", "1e65", "15e-1", "0.000001"])
    func aFractionOrAnOverflowIsNot(text: String) {
        #expect(throws: PayloadDecodingError.self) { try PayWire.decodeJSON(Count.self, from: Data(#"{"value":\#(text)}"#.utf8)) }
    }

    @Test func aTextIsReadAsItsFormatSays() {
        // A JSON string is not a number, and a query's text has no fraction.
        #expect(throws: PayloadDecodingError.self) { try PayWire.decodeJSON(Count.self, from: Data(#"{"value":"12.0"}"#.utf8)) }
        #expect(throws: PayloadDecodingError.self) {
            try PayWire.decodeQuery(Count.self, from: [URLQueryItem(name: "value", value: "12.0")])
        }
    }
}
