import Foundation
@_spi(Generated) import PaymentSchemasRuntime
import Testing

/// A URL query is read into the package's one tree and decoded by the same tree decoder, with the
/// same field readers and errors, as JSON and XML (`PayWire.decodeQuery`).
@Suite("Query payloads through the one tree")
struct PayQueryTreeTests {
    /// A hand-written type in the shape the generator writes `init(from:)`: one list per style.
    struct Filter: Decodable, PayQueryCodable {
        var ids: [Int]
        var tags: [String]?
        var active: Bool?

        init(from decoder: any Decoder) throws {
            var container = try PayDecodingContainer(decoder)
            let ids = container.list(Int.self, PayFieldKey("ids", queryList: .repeated), required: true)
            tags = container.list(String.self, "tags", required: false)
            active = container.optional(Bool.self, "active")
            try container.finish()
            guard let ids else { throw container.incomplete() }
            self.ids = ids
        }

        func queryItems() throws -> [URLQueryItem] { [] }
    }

    static func items(_ text: String) throws -> [URLQueryItem] { try PayQueryText.items(PayQueryText.query(of: text)) }

    @Test func itemsBecomeMembersAndRepeatedNamesLists() throws {
        let tree = PayQueryTree.tree(try Self.items("a=1&b=&a=2&c"))
        #expect(tree == .object(["a": .array([.string("1"), .string("2")]), "b": .string(""), "c": .string("")]))
    }

    @Test func eachListStyleIsReadAsItsKeySays() throws {
        let filter = try Filter(query: "ids=3&ids=1&tags=a,b&tags=c&active=true")
        #expect(filter.ids == [3, 1])
        #expect(filter.tags == ["a", "b", "c"])
        #expect(filter.active == true)
        // A repeated-style list does not split at commas: `1,2` is one element, and not a number.
        let problems = Self.issues { _ = try Filter(query: "ids=1,2&tags=") }
        #expect(problems.map(\.path.description) == ["ids[0]"], "\(problems)")
        #expect(try Filter(query: "ids=7&tags=").tags == [])
    }

    @Test func queryTextIsReadAsStrictlyAsBefore() {
        // Booleans are `true` or `false` in a query (XML's 1 and 0 are XML's), and every problem
        // is reported at once, each at its item.
        let problems = Self.issues { _ = try Filter(query: "active=1&ids=x") }
        #expect(problems.map(\.path.description).sorted() == ["active", "ids[0]"], "\(problems)")
        #expect(problems.contains { $0.message.contains("'1' is not a boolean (true or false)") }, "\(problems)")
        #expect(Self.issues { _ = try Filter(query: "tags=a") }.map(\.path.description) == ["ids"])
    }

    @Test func decodeQueryIsTheTypesOwnDecoder() throws {
        let items = try Self.items("ids=5&active=false")
        let direct = try PayWire.decodeQuery(Filter.self, from: items)
        let viaProtocol = try Filter(queryItems: items)
        #expect(direct.ids == viaProtocol.ids && direct.active == viaProtocol.active && direct.ids == [5])
    }

    static func issues(_ body: () throws -> Void) -> [PayloadIssue] {
        do {
            try body()
            return []
        } catch let error as PayloadDecodingError {
            return error.issues
        } catch {
            return [PayloadIssue(path: .root, kind: .malformed, message: "\(error)")]
        }
    }
}
