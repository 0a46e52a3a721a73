import Foundation
import PaymentSchemasRuntime
import Testing

/// The tree encoder behind ``PayWire/encodeJSON(_:pretty:)``: members and elements in every
/// container shape, keys sorted on output, and an error that names the path of the value it refused
/// (the path is built only then, from each value's parent and key).
@Suite("JSON tree encoder")
struct PayJSONTreeEncoderTests {
    struct Leaf: Encodable {
        let x: Double
    }

    struct Tree: Encodable {
        let name: String
        let leaves: [Leaf]
        let nested: [String: [Int]]
        let amount: Decimal
        let url: URL
        let free: PayJSON
    }

    @Test func everyContainerShapeIsWritten() throws {
        let tree = Tree(
            name: "t", leaves: [Leaf(x: 1.5), Leaf(x: -2)], nested: ["b": [1, 2], "a": []],
            amount: Decimal(string: "10.50")!, url: URL(string: "https://example.com/a?b=c")!,
            free: ["z": 1, "k": [true, nil, "s"]])
        let text = try PayWire.encodeJSONText(tree)
        #expect(text == #"{"amount":10.5,"free":{"k":[true,null,"s"],"z":1},"leaves":[{"x":1.5},{"x":-2.0}],"name":"t","nested":{"a":[],"b":[1,2]},"url":"https://example.com/a?b=c"}"#)
    }

    @Test func aRefusedValueIsNamedByItsPath() {
        struct Outer: Encodable {
            let items: [Leaf]
        }
        #expect {
            _ = try PayWire.encodeJSON(Outer(items: [Leaf(x: 1), Leaf(x: .infinity)]))
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["items", "1", "x"]
        }
    }

    @Test func anEmptyValueIsAnEmptyObject() throws {
        struct Empty: Encodable {}
        #expect(try PayWire.encodeJSONText(Empty()) == "{}")
        #expect(try PayWire.encodeJSONText([Empty(), Empty()]) == "[{},{}]")
    }
}
