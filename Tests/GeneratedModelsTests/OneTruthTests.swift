import Foundation
import MollieCheckout
import PaymentSchemasRuntime
import Testing

/// What an app's code learns from the library is what `payflow validate` prints: every decoding
/// problem and every broken constraint, each with its path, in the error and in its description.
@Suite("One truth in the library as in the CLI")
struct OneTruthTests {
    static let base = #""mode":"test","createdAt":"2024-01-01T00:00:00+00:00","status":"open","description":"d""#

    @Test func readJSONReturnsEveryViolationWithItsPath() throws {
        // Decodes, but the id and the currency break their constraints.
        let data = Data(("{" + Self.base + #","id":"pay_1","amount":{"currency":"EURO","value":"10.00"}}"#).utf8)
        #expect(
            try PayWire.decodeJSON(MolliePayment.self, from: data).violations.count == 2,
            "decodeJSON decodes only; the value keeps its violations")
        do {
            _ = try PayWire.readJSON(MolliePayment.self, from: data)
            Issue.record("a payload that breaks two constraints is not read")
        } catch let error as PayloadDecodingError {
            #expect(error.issues.isEmpty)
            #expect(Set(error.violations.map(\.path.description)) == ["amount.currency", "id"], "\(error.violations)")
            #expect(error.description.split(separator: "\n").count == 2, "\(error.description)")
        }
        let valid = Data(("{" + Self.base + #","id":"tr_1","amount":{"currency":"EUR","value":"10.00"}}"#).utf8)
        #expect(try PayWire.readJSON(MolliePayment.self, from: valid).amount.value == "10.00")
    }

    @Test func aDecodingErrorsDescriptionListsEveryProblem() throws {
        // The amount's value is missing (decoding) and its currency is wrong (a constraint beside it).
        let data = Data(("{" + Self.base + #","id":"tr_1","amount":{"currency":"EURO"}}"#).utf8)
        do {
            _ = try PayWire.readJSON(MolliePayment.self, from: data)
            Issue.record("a payload without its amount's value is not read")
        } catch let error as PayloadDecodingError {
            #expect(error.issues.map(\.path.description) == ["amount.value"])
            #expect(error.violations.map(\.path.description) == ["amount.currency"])
            let lines = error.description.split(separator: "\n")
            #expect(
                lines.count == 2 && lines[0].hasPrefix("amount.value: missing") && lines[1].hasPrefix("amount.currency"),
                "\(error.description)")
            #expect(error.errorDescription == error.description)
        }
    }
}
