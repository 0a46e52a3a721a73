@_spi(Generated) import PaymentSchemasRuntime
import Testing

/// A field key keeps only the JSON name and, when a field has any, its overrides; it reads and
/// compares as the names and rules it stands for: an explicit name equal to the JSON key is the
/// same key as none.
@Suite("Field keys")
struct PayFieldKeyTests {
    @Test func aKeyReadsItsNamesAndRules() {
        let plain: PayFieldKey = "amount"
        #expect(plain.xml == "amount" && plain.query == "amount" && plain.aliases.isEmpty && plain.decimal == .plain)
        let legacy = PayFieldKey("amount", xml: "Amount", aliases: ["total"], decimal: PayDecimalRule(scale: 2))
        #expect(legacy.name(for: .json) == "amount" && legacy.name(for: .xml) == "Amount" && legacy.name(for: .query) == "amount")
        #expect(legacy.aliases == ["total"] && legacy.decimal == PayDecimalRule(scale: 2))
    }

    @Test func keysCompareByWhatTheyStandFor() {
        let plain: PayFieldKey = "amount"
        #expect(PayFieldKey("amount", xml: "amount", query: "amount", decimal: .plain) == plain)
        #expect(Set([PayFieldKey("amount", xml: "amount"), plain]).count == 1)
        #expect(PayFieldKey("amount", xml: "Amount") != plain)
        #expect(PayFieldKey("amount", nullable: true) != plain)
        #expect(PayFieldKey("amount", aliases: ["total"]) != plain)
    }
}
