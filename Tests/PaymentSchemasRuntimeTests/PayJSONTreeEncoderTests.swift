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
        #expect(
            text
                == #"{"amount":10.5,"free":{"k":[true,null,"s"],"z":1},"leaves":[{"x":1.5},{"x":-2.0}],"name":"t","nested":{"a":[],"b":[1,2]},"url":"https://example.com/a?b=c"}"#
        )
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

    /// The text is written straight from the encoder's slots; compact and pretty, it must be the
    /// text the one JSON writer gives for the tree the same value encodes to, whatever the number
    /// of members (past 16 an object indexes its keys) and whatever order they were written in.
    @Test(arguments: [0, 1, 15, 16, 17, 40, 300])
    func textIsTheWritersTextOfTheTree(members: Int) throws {
        let map = Dictionary(uniqueKeysWithValues: (0..<members).map { ("k\($0 * 7919 % 1000)", [$0]) })
        let text = try PayWire.encodeJSONText(["map": map])
        let pretty = try PayWire.encodeJSONText(["map": map], pretty: true)
        let tree = try PayWire.encodeJSONValue(["map": map])
        #expect(try PayJSONParser.parse(Data(text.utf8)) == tree)
        #expect(try PayJSONParser.parse(Data(pretty.utf8)) == tree)
        #expect(text == tree.jsonText)
        #expect(pretty == tree.prettyJSONText)
        let nested = [["a": [Leaf(x: 1)], "b": []], [:]]
        #expect(try PayWire.encodeJSONText(nested, pretty: true) == PayWire.encodeJSONValue(nested).prettyJSONText)
        let keys = map.keys.sorted()
        let positions = keys.compactMap { text.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
    }

    /// A key written twice through a keyed container holds the last value, once, below the
    /// index threshold and above it.
    @Test(arguments: [3, 30])
    func aKeyWrittenTwiceHoldsTheLastValue(others: Int) throws {
        struct Twice: Encodable {
            let others: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: NamedKey.self)
                try container.encode("first", forKey: NamedKey(stringValue: "dup"))
                for index in 0..<others { try container.encode(index, forKey: NamedKey(stringValue: "o\(index)")) }
                try container.encode("last", forKey: NamedKey(stringValue: "dup"))
            }
        }
        let text = try PayWire.encodeJSONText(Twice(others: others))
        #expect(text.components(separatedBy: "\"dup\"").count == 2)
        #expect(text.contains(#""dup":"last""#))
        #expect(try PayJSONParser.parse(Data(text.utf8)) == PayWire.encodeJSONValue(Twice(others: others)))
    }

    /// A leaf is held inline and a nested value has a slot of its own: a key written as one and
    /// then as the other holds the last, either way round.
    @Test(arguments: [false, true])
    func aKeyRewrittenAsAnotherShapeHoldsTheLast(leafLast: Bool) throws {
        struct Reshaped: Encodable {
            let leafLast: Bool
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: NamedKey.self)
                let key = NamedKey(stringValue: "k")
                if leafLast { try container.encode(["x": 1], forKey: key) }
                try container.encode("leaf", forKey: key)
                if !leafLast { try container.encode(["x": 1], forKey: key) }
            }
        }
        let text = try PayWire.encodeJSONText(Reshaped(leafLast: leafLast))
        #expect(text == (leafLast ? #"{"k":"leaf"}"# : #"{"k":{"x":1}}"#))
        #expect(try PayJSONParser.parse(Data(text.utf8)) == PayWire.encodeJSONValue(Reshaped(leafLast: leafLast)))
    }
}

/// A coding key of any name, for types that write keys a test chooses.
private struct NamedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
