@_spi(Generated) import PaymentSchemasVocabulary
import Testing

@_spi(Generated) @testable import PaymentSchemasRuntime

/// A field's member is found by comparing names in a small object and by hashing in a larger one:
/// both find the same member, under its name or its first present alias, and record what was read
/// (what decides the members kept as unknown).
@Suite("Member lookup")
struct PayMemberLookupTests {
    /// An object of `count` members `m0`, `m1`, … plus `extra`.
    static func container(_ count: Int, _ extra: [String: PayJSON]) throws -> PayDecodingContainer {
        var members = extra
        for index in 0..<count { members["m\(index)"] = .string("v\(index)") }
        return try PayDecodingContainer(PayJSONTreeDecoder(node: .object(members), format: .json))
    }

    @Test(arguments: [0, 5, 20])
    func smallAndLargeObjectsAnswerAlike(padding: Int) throws {
        var container = try Self.container(padding, ["total_amount": .string("1.00"), "old_name": .string("x")])
        let scanned = container.members.count <= [String: PayJSON].largestScannedObject
        #expect(scanned == (padding <= 5))
        #expect(container.member("total_amount").map(\.1) == .string("1.00"))
        #expect(container.member(PayFieldKey("new_name", aliases: ["gone", "old_name"])).map(\.0.stringValue) == "old_name")
        #expect(container.member("absent") == nil)
        #expect(container.member("total") == nil && container.member("total_amount_") == nil)
        if padding > 0 { #expect(container.member(PayFieldKey("m\(padding - 1)")).map(\.1) == .string("v\(padding - 1)")) }
        // Each member read counts once: the two named ones and, with padding, the last `m`.
        #expect(container.readCount == (padding > 0 ? 3 : 2))
        #expect(Set(container.unknownMembers().members.keys) == Set((0..<max(padding - 1, 0)).map { "m\($0)" }))
    }

    @Test func onceEveryMemberIsReadNoOtherFieldFindsOne() throws {
        var container = try Self.container(0, ["a": .string("1"), "b": .string("2")])
        #expect(container.member("zz") == nil)
        #expect(container.member("b").map(\.1) == .string("2"))
        #expect(container.member("a").map(\.1) == .string("1"))
        #expect(container.readCount == 2)
        #expect(container.member("c") == nil && container.member(PayFieldKey("d", aliases: ["e"])) == nil)
        #expect(container.unknownMembers().members.isEmpty)
        #expect(container.settleUnknownMembers(of: PayNestedValidationTests.Leaf.self).isEmpty)
        // In a URL query a map's item pattern may match a field's own name: a member read is
        // still there for the next reader.
        var query = try PayDecodingContainer(PayJSONTreeDecoder(node: .object(["aCryptoFormat": .string("1")]), format: .query))
        #expect(query.member("aCryptoFormat").map(\.1) == .string("1"))
        #expect(query.member("aCryptoFormat").map(\.1) == .string("1") && !query.readEveryMember)
    }
}
