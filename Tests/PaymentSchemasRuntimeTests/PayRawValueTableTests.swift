import Testing

@_spi(Generated) @testable import PaymentSchemasRuntime

/// The table generated enums read their wire values from: the first case of a value wins, as a
/// `switch` would pick it; aliases follow the cases; a small table is scanned, a large one hashed,
/// and both answer the same.
@Suite("Raw value tables")
struct PayRawValueTableTests {
    enum Small: String, CaseIterable, Sendable {
        case a, b
        case c = "a-again"
    }

    enum Large: Int, CaseIterable, Sendable {
        case v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19
    }

    @Test func aSmallTableIsScannedAndAliasesFollowTheCases() {
        let table = PayRawValueTable<Small>(aliases: [("A", .a), ("b", .c), ("legacy", .b), ("A", .b)])
        #expect(table.count == 5 && table.hashed == nil)
        #expect(table["a"] == .a && table["b"] == .b && table["a-again"] == .c)
        // An alias never takes a case's own value, and the first alias of a value wins.
        #expect(table["A"] == .a && table["legacy"] == .b)
        #expect(table["B"] == nil && table[""] == nil)
    }

    @Test func aLargeTableIsHashedAndAnswersAsAScanWould() {
        let table = PayRawValueTable<Large>(aliases: [(100, .v3), (5, .v0)])
        #expect(table.count == 21 && table.count > PayRawValueTable<Large>.largestScanned && table.hashed != nil)
        for value in Large.allCases { #expect(table[value.rawValue] == value) }
        #expect(table[100] == .v3 && table[5] == .v5 && table[20] == nil && table[-1] == nil)
    }
}
