import Foundation
@_spi(Generated) import PaymentSchemasRuntime
import Testing

/// The field-level rule calls generated validators make (`PayRules.text`, `number`, `decimal`,
/// `items`, `nested`): the same violations, in the same order, as the single-rule checks, at the
/// field's path; an absent value passes.
@Suite("Field rules")
struct PayFieldRulesTests {
    private let base: PayPath = "order.items[2]"

    /// The single-rule checks the field calls stand for, at `base.key`.
    private func single(_ checks: (PayPath, inout [ValidationViolation]) -> Void) -> [ValidationViolation] {
        var violations: [ValidationViolation] = []
        checks(base.appending("field"), &violations)
        return violations
    }

    @Test(arguments: ["", "ab", "abcdefghijk", "ABC", "abcdefghijklmnopqrstuvwxyz"])
    func textBreaksTheSameRulesInTheSameOrder(_ value: String) {
        let pattern = PayPattern("[a-z]+")
        var found: [ValidationViolation] = []
        PayRules.text(value, "field", minLength: 3, maxLength: 10, pattern: pattern, format: .iso4217, at: base, into: &found)
        let expected = single { path, violations in
            PayRules.minLength(value, 3, at: path, into: &violations)
            PayRules.maxLength(value, 10, at: path, into: &violations)
            PayRules.pattern(value, pattern, at: path, into: &violations)
            PayRules.format(value, .iso4217, at: path, into: &violations)
        }
        #expect(found == expected)
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.path.description == "order.items[2].field" })
    }

    /// `minLength` and `maxLength` count Unicode code points (JSON Schema's count), read from the
    /// UTF-8 bytes: a letter with a combining mark is two, an emoji of four bytes one, a flag two.
    @Test(arguments: ["", "a", "é", "e\u{301}", "€uro", "😀", "😀😀a", "🇲🇽", "日本語テキスト", "abc\u{0}def"])
    func lengthsCountCodePoints(_ value: String) {
        let scalars = value.unicodeScalars.count
        for limit in 0...(scalars + 2) {
            var short: [ValidationViolation] = []
            PayRules.minLength(value, limit, at: base, into: &short)
            #expect(short.isEmpty == (scalars >= limit), "minLength \(limit) of \(scalars) code points")
            var long: [ValidationViolation] = []
            PayRules.maxLength(value, limit, at: base, into: &long)
            #expect(long.isEmpty == (scalars <= limit), "maxLength \(limit) of \(scalars) code points")
        }
    }

    @Test func sensitiveTextIsRedacted() {
        var found: [ValidationViolation] = []
        PayRules.text("4111111111111111", "number", maxLength: 4, sensitive: true, at: .root, into: &found)
        #expect(found.map(\.value) == [PayRules.redacted])
        #expect(!found.description.contains("4111"))
    }

    @Test(arguments: [-1, 0, 5, 10, 11])
    func numbersKeepBothBoundsAndExclusiveness(_ value: Int) {
        var found: [ValidationViolation] = []
        PayRules.number(value, "field", minimum: 0, exclusiveMinimum: true, maximum: 10, at: base, into: &found)
        let expected = single { path, violations in
            PayRules.minimum(value, 0, exclusive: true, at: path, into: &violations)
            PayRules.maximum(value, 10, exclusive: false, at: path, into: &violations)
        }
        #expect(found == expected)
        #expect(found.isEmpty == (1...10).contains(value))
    }

    @Test(arguments: ["-5.00", "0", "10.5", "10.555", "99999999.999"])
    func decimalsAreComparedExactlyWithTheirScale(_ text: String) throws {
        let value = try #require(Decimal(string: text, locale: nil))
        let maximum = try #require(Decimal(string: "99999999.99", locale: nil))
        var found: [ValidationViolation] = []
        PayRules.decimal(value, "field", minimum: 0, exclusiveMinimum: true, maximum: maximum, scale: 2, at: base, into: &found)
        let expected = single { path, violations in
            PayRules.minimum(value, 0, exclusive: true, at: path, into: &violations)
            PayRules.maximum(value, maximum, exclusive: false, at: path, into: &violations)
            PayRules.scale(value, 2, at: path, into: &violations)
        }
        #expect(found == expected)
        #expect(found.map(\.rule).contains("exclusiveMinimum") == (text == "-5.00" || text == "0"))
        #expect(found.map(\.rule).contains("scale") == (text == "10.555" || text == "99999999.999"))
    }

    @Test(arguments: [0, 1, 3, 4])
    func itemCountsAreChecked(_ count: Int) {
        var found: [ValidationViolation] = []
        PayRules.items(count, "field", minItems: 1, maxItems: 3, at: base, into: &found)
        let expected = single { path, violations in
            PayRules.minItems(count, 1, at: path, into: &violations)
            PayRules.maxItems(count, 3, at: path, into: &violations)
        }
        #expect(found == expected)
        #expect(found.isEmpty == (1...3).contains(count))
    }

    @Test func absentValuesPassEveryRule() {
        var found: [ValidationViolation] = []
        PayRules.text(nil, "a", minLength: 1, pattern: PayPattern("x"), format: .iso4217, at: base, into: &found)
        PayRules.number(Int?.none, "b", minimum: 1, at: base, into: &found)
        PayRules.decimal(nil, "c", minimum: 1, scale: 0, at: base, into: &found)
        PayRules.items(nil, "d", minItems: 1, at: base, into: &found)
        PayRules.nested([Checked]?.none, "e", at: base, into: &found)
        #expect(found.isEmpty)
    }

    @Test func violationsAlreadyFoundKeepTheirPaths() {
        var found = [ValidationViolation(path: "earlier", rule: "minLength", message: "m", value: nil)]
        PayRules.text("", "field", minLength: 1, at: base, into: &found)
        #expect(found.map(\.path.description) == ["earlier", "order.items[2].field"])
    }

    /// A validated value with one rule, for `nested`.
    private struct Checked: PayValidatable {
        var name: String
        func collectViolations(at path: PayPath, into violations: inout [ValidationViolation]) {
            PayRules.text(name, "name", minLength: 1, at: path, into: &violations)
        }
    }

    @Test func nestedValuesAreCheckedAtTheirPositions() {
        var found: [ValidationViolation] = []
        PayRules.nested(Checked(name: ""), "one", at: base, into: &found)
        PayRules.nested([Checked(name: "ok"), Checked(name: "")], "list", at: base, into: &found)
        PayRules.nested(["k": [Checked(name: "")]], "map", at: base, into: &found)
        PayRules.nested([Checked?.none, Checked(name: "")], "optionals", at: base, into: &found)
        #expect(
            found.map(\.path.description) == [
                "order.items[2].one.name", "order.items[2].list[1].name", "order.items[2].map.k[0].name",
                "order.items[2].optionals[1].name",
            ])
    }
}
