import Foundation
import PaymentSchemasRuntime
import Testing

@Suite("Strict JSON reader")
struct PayJSONParserTests {
    @Test func numbersKeepTheirNumerals() throws {
        let value = try PayJSONParser.parse(#"{"a": 10.50, "b": 1e3, "c": -0, "d": [1, 2.0]}"#)
        #expect(value["a"] == .number("10.50"))
        #expect(value["b"] == .number("1e3"))
        #expect(value["c"] == .number("-0"))
        #expect(value["d"] == .array([.number("1"), .number("2.0")]))
        #expect(value.jsonText == #"{"a":10.50,"b":1e3,"c":-0,"d":[1,2.0]}"#)
    }

    @Test func stringsUnescapeFully() throws {
        let value = try PayJSONParser.parse(#"["a\"b\\c\/d\n\u00e9\ud83d\ude00"]"#)
        #expect(value == .array([.string("a\"b\\c/d\né😀")]))
        #expect(try PayJSONParser.parse(value.jsonText) == value)
    }

    @Test(arguments: [
        ("{\"a\":1,}", "1:8"), ("[1,]", "1:4"), ("{\"a\":1 \"b\":2}", "1:8"), ("[01]", "1:3"), ("[1.]", "1:4"),
        ("[NaN]", "1:2"), ("{\"a\":1,\"a\":2}", "1:8"), ("[\"\\x\"]", "1:3"), ("[\"a\nb\"]", "1:4"),
        ("\n\n  [tru]", "3:4"), ("[1] 2", "1:5"), ("", "1:1"), ("[\"\\ud800\"]", "1:9"), ("{\"a\" 1}", "1:6"),
    ])
    func malformedDocumentsAreLocated(_ text: String, _ location: String) {
        #expect {
            _ = try PayJSONParser.parse(text)
        } throws: { error in
            guard let error = error as? PayJSONSyntaxError else { return false }
            return "\(error.line):\(error.column)" == location
        }
    }

    /// An object's members are gathered while its values are read (nested objects gather theirs in
    /// the same buffer) and its dictionary is built at its end: every member of every object at
    /// every depth lands in its own object, and a name given twice is found at any depth.
    @Test func nestedObjectsKeepTheirOwnMembers() throws {
        let wide = (0..<40).map { "\"m\($0)\":{\"v\":\($0),\"w\":[{\"x\":\"\($0)\"},{}]}" }.joined(separator: ",")
        let tree = try PayJSONParser.parse("{\"first\":{\"a\":{\"b\":{}}},\(wide),\"last\":true}")
        guard case .object(let members) = tree else {
            Issue.record("not an object: \(tree)")
            return
        }
        #expect(members.count == 42)
        #expect(members["first"] == .object(["a": .object(["b": .object([:])])]))
        #expect(members["last"] == .bool(true))
        for index in 0..<40 {
            #expect(
                members["m\(index)"]
                    == .object(["v": .number("\(index)"), "w": .array([.object(["x": .string("\(index)")]), .object([:])])]))
        }
        for (text, location) in [("{\"a\":{\"b\":[{\"c\":1,\"c\":2}]}}", "1:19"), ("{\"a\":{},\"b\":1,\"a\":{\"a\":1}}", "1:15")] {
            #expect {
                _ = try PayJSONParser.parse(text)
            } throws: { error in
                guard let error = error as? PayJSONSyntaxError else { return false }
                return "\(error.line):\(error.column)" == location && error.message.contains("duplicate member name")
            }
        }
    }

    @Test func invalidUTF8IsLocatedAtTheBadByte() {
        var bytes = Array(#"{"a": "x"#.utf8)
        bytes.append(0xC3)
        bytes.append(contentsOf: Array(#"("}"#.utf8))
        #expect {
            _ = try PayJSONParser.parse(Data(bytes))
        } throws: { error in
            (error as? PayJSONSyntaxError).map { $0.line == 1 && $0.column == 9 } ?? false
        }
    }

    @Test func limitsBoundDepthAndSize() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: PayJSONSyntaxError.self) { _ = try PayJSONParser.parse(deep) }
        #expect(throws: Never.self) { _ = try PayJSONParser.parse(deep, limits: PayPayloadLimits(maximumBytes: 1_000, maximumDepth: 100)) }
        #expect(throws: PayJSONSyntaxError.self) {
            _ = try PayJSONParser.parse("[1,2,3]", limits: PayPayloadLimits(maximumBytes: 4, maximumDepth: 8))
        }
    }

    @Test func freeFormValuesRoundTripExactly() throws {
        struct Holder: Codable, Equatable { var metadata: PayJSON }
        let text = #"{"metadata":{"nested":{"x":1e-7},"order_id":12345678901234567890123,"price":10.50,"tags":["a",null,true]}}"#
        let holder = try PayWire.decodeJSON(Holder.self, from: Data(text.utf8))
        #expect(String(decoding: try PayWire.encodeJSON(holder), as: UTF8.self) == text)
    }

    @Test func foundationCodersSeeTheSameValues() throws {
        // An app that uses its own JSONDecoder still gets a PayJSON (numbers through Decimal there).
        let value = try JSONDecoder().decode(PayJSON.self, from: Data(#"{"a":[1,"x",false,null]}"#.utf8))
        #expect(value == .object(["a": .array([.number("1"), .string("x"), .bool(false), .null])]))
        let encoded = try JSONEncoder().encode(PayJSON.object(["n": .number("10.25")]))
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"n":10.25}"#)
    }
}

@Suite("Free-form JSON under foreign encoders")
struct PayJSONForeignEncoderTests {
    @Test func exponentNumeralsAreWrittenExactlyOrRefused() throws {
        let encoded = try JSONEncoder().encode(PayJSON.array([.number("1.5e3"), .number("25E-2"), .number("10.50")]))
        let values = try JSONDecoder().decode([Decimal].self, from: encoded)
        #expect(values == [Decimal(1500), Decimal(string: "0.25")!, Decimal(string: "10.5")!])
        #expect(throws: EncodingError.self) { _ = try JSONEncoder().encode(PayJSON.number("1e400")) }
    }
}
