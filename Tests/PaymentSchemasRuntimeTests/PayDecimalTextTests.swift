import Foundation
@_spi(Generated) import PaymentSchemasRuntime
import Testing

@Suite("Strict decimal reader")
struct PayDecimalTextTests {
    @Test(arguments: ["0", "10", "10.50", "-3.25", "0.001", "123456789012345678901234567890123456.78", "00012.30"])
    func plainNumeralsAreRead(_ text: String) throws {
        let reading = try PayDecimalText.read(text).get()
        #expect(reading.value == Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test(arguments: [
        "+7", "+0.50", "1,500.00", "1e3", "1E-2", " 10.00", "10.00 ", "NaN", "Infinity", "-", "+", ".5", "5.", "1.2.3", "", "0x10", "١٢",
        "10\u{0}", "1_000",
    ])
    func anythingElseIsRejected(_ text: String) {
        #expect(throws: PayDecimalText.Problem.notPlain) { try PayDecimalText.read(text).get() }
    }

    /// An amount string (`format: decimalString`) is unsigned: a well-formed negative numeral is
    /// `signed`, a `+` is not a numeral at all, and an unsigned one passes.
    @Test func anAmountStringTakesNoSign() {
        #expect(PayDecimalText.unsignedProblem("-5.00") == .signed)
        #expect(PayDecimalText.unsignedProblem("-0") == .signed)
        #expect(PayDecimalText.unsignedProblem("+10.00") == .notPlain)
        #expect(PayDecimalText.unsignedProblem("10.00") == nil)
        #expect(PayFormat.decimalString.problem(with: "-5.00") == "must be an unsigned decimal number such as 10.50 (no sign)")
        #expect(PayFormat.decimalString.problem(with: "+10.00") == "must be a decimal number such as 10.50")
        #expect(PayFormat.decimalString.problem(with: "0.74") == nil)
    }

    @Test func valuesAreExactNeverThroughDouble() throws {
        // 0.1 + 0.2 through Double is 0.30000000000000004; read exactly it is 0.3.
        let a = try PayDecimalText.read("0.1").get().value
        let b = try PayDecimalText.read("0.2").get().value
        #expect(a + b == Decimal(string: "0.3"))
        #expect(try PayDecimalText.read("3.133").get().value.description == "3.133")
        #expect(try PayDecimalText.read("12345678901234567890.123456789").get().value.description == "12345678901234567890.123456789")
    }

    @Test func moreDigitsThanDecimalHoldsIsAnErrorNotARounding() {
        let text = "1" + String(repeating: "2", count: 38)
        #expect(throws: PayDecimalText.Problem.tooManyDigits) { try PayDecimalText.read(text).get() }
        // Leading zeros and trailing fraction zeros do not count as significant.
        #expect(throws: Never.self) { try PayDecimalText.read("000" + String(repeating: "9", count: 38)).get() }
    }

    @Test func fractionDigitsAreReportedAsWritten() throws {
        #expect(try PayDecimalText.read("10.50").get().fractionDigits == 2)
        #expect(try PayDecimalText.read("10").get().fractionDigits == 0)
    }

    @Test func writingPadsButNeverRounds() throws {
        #expect(try PayDecimalText.text(Decimal(string: "10.5")!, minimumFractionDigits: 2, maximumFractionDigits: 2) == "10.50")
        #expect(try PayDecimalText.text(Decimal(14), minimumFractionDigits: 2) == "14.00")
        #expect(throws: PayDecimalText.ScaleError.self) {
            try PayDecimalText.text(Decimal(string: "10.555")!, maximumFractionDigits: 2)
        }
        #expect(try PayDecimalText.text(Decimal(string: "-0.000001")!) == "-0.000001")
    }

    @Test func exactScaleRulesReadTheWireText() {
        let rule = PayDecimalRule(scale: 2, exactScale: true)
        #expect((try? rule.check("10.50").get()) == Decimal(string: "10.5"))
        #expect((try? rule.check("10.5").get()) == nil)
        #expect((try? rule.check("10").get()) == nil)
        #expect((try? rule.check("10.500").get()) == nil)
        let loose = PayDecimalRule(scale: 2)
        #expect((try? loose.check("10.5").get()) == Decimal(string: "10.5"))
    }

    /// ISO 4217's minor units: two for most codes, the listed exceptions, none for metals and funds.
    @Test func currenciesTakeTheirMinorUnits() {
        #expect(ISO4217.minorUnits(of: "USD") == 2)
        #expect(ISO4217.minorUnits(of: "EUR") == 2)
        #expect(ISO4217.minorUnits(of: "JPY") == 0)
        #expect(ISO4217.minorUnits(of: "KWD") == 3)
        #expect(ISO4217.minorUnits(of: "CLF") == 4)
        #expect(ISO4217.minorUnits(of: "XAU") == nil)
        #expect(ISO4217.minorUnits(of: "ABC") == nil)
    }
}
