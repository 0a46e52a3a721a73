@_spi(Generated) import PaymentSchemasVocabulary
import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// The one string escaping (`PayStringEscaping`) as its two users write it: Swift literals in
/// generated code and JSON strings. The same input, every escape class, byte for byte.
@Suite("String escaping")
struct StringEscapingTests {
    static let input = "a\"b\\c\nd\re\tf\u{08}g\u{0C}h\u{01}i\u{1F}j→é\u{85}\u{2028}\u{2029}\u{2030}"

    @Test func wireValuesBecomeLowerCamelCaseCaseNames() {
        // The guides' spellings, and the lowercase words the shortcut answers without splitting.
        let names: [(String, String?)] = [
            ("SCA_WHEN_REQUIRED", "scaWhenRequired"), ("PayAndShip", "payAndShip"), ("CREDITO/MasterCard", "creditoMasterCard"),
            ("alpha", "alpha"), ("a", "a"), ("open", "open"), ("ideal", "ideal"), ("creditcard", "creditcard"),
            ("apple_pay", "applePay"), ("paid2", "paid2"), ("Gold", "gold"), ("3DS", nil), ("", nil), ("__", nil),
        ]
        for (value, name) in names { #expect(Naming.caseName(for: value) == name, "\(value)") }
    }

    @Test func swiftLiteralsEscapeControlsAsUnicodeScalars() {
        #expect(Naming.literal(Self.input) == #""a\"b\\c\nd\re\tf\u{8}g\u{c}h\u{1}i\u{1f}j→é\u{85}\u{2028}\u{2029}‰""#)
        #expect(Naming.literal("plain text") == #""plain text""#)
    }

    @Test func jsonStringsUseShortEscapesThenFourHexDigits() {
        var bytes: [UInt8] = []
        PayJSONWriter.writeString(Self.input, into: &bytes)
        let out = String(decoding: bytes, as: UTF8.self)
        #expect(out == #""a\"b\\c\nd\re\tf\bg\fh\u0001i\u001fj→é\u0085\u2028\u2029‰""#)
        #expect(PayJSON.string(Self.input).jsonText == out)
    }
}
