import Foundation
import MollieCheckout
import PaymentSchemasRuntime
import SuiteMCommerce
import Testing

/// A payload that does not decode still has its other problems found in the same read: the
/// decoding problems and the constraint violations of the parts that decoded, each with its path,
/// and nothing about the placeholders that stand in for the failed fields.
@Suite("Reading reports decoding and constraint problems together")
struct PartialDecodingTests {
    func problems(_ type: PaySchemaType?, _ text: String, as format: WireFormat = .json) throws -> (issues: [String], violations: [String])
    {
        let type = try #require(type)
        do {
            _ = try type.read(Data(text.utf8), as: format)
            Issue.record("expected a decoding error")
            return ([], [])
        } catch let error as PayloadDecodingError {
            return (error.issues.map { "\($0.path) \($0.kind.rawValue)" }, error.violations.map { "\($0.path) \($0.rule)" })
        }
    }

    @Test func siblingsOfAFailedFieldAreValidated() throws {
        let description = String(repeating: "d", count: 300)
        let found = try problems(
            MollieCheckoutSchema.type(named: "CreatePaymentRequest"), #"{"description":"\#(description)","amount":"ten"}"#)
        #expect(found.issues == ["amount typeMismatch"])
        #expect(found.violations == ["description maxLength"])
    }

    /// A failed list element keeps its place: the next element's violation keeps its index.
    @Test func listElementsKeepTheirPositions() throws {
        let found = try problems(
            MollieCheckoutSchema.type(named: "PaymentListEnvelope"),
            """
            {"data":[{"id":"x","mollie_id":null,"amount":1.00,"description":"d","status":"open"},
                     {"id":2,"amount":1.00,"description":"d","status":"open","mollie_id":"bad"}]}
            """)
        #expect(found.issues == ["data[0].id typeMismatch"])
        #expect(found.violations == ["data[1].mollie_id pattern"])
    }

    /// Placeholders never speak: an empty required string standing in for a missing one would
    /// break `minLength`, but its path failed, so nothing is reported for it.
    @Test func placeholdersReportNothing() throws {
        let found = try problems(MollieCheckoutSchema.type(named: "CreatePaymentRequest"), #"{"amount":1.00}"#)
        #expect(found.issues == ["description missing"])
        #expect(found.violations.isEmpty)
    }

    @Test func xmlToo() throws {
        let xml =
            "<xml><tpPago>3M</tpPago><amount>1500.001</amount><urlResponse>http://suitemcommerce.com</urlResponse>"
            + "<referencia></referencia><moneda>MXN</moneda><date_hour>yesterday</date_hour></xml>"
        let found = try problems(SuiteMCommerceSchema.type(named: "PayRequest"), xml, as: .xml)
        #expect(found.issues == ["amount invalidValue", "date_hour invalidValue"])
        #expect(Set(found.violations) == ["urlResponse format.url", "referencia minLength"])
    }

    /// A document that is not well formed has nothing else to report.
    @Test func malformedDocumentsReportOnlyThat() throws {
        let found = try problems(MollieCheckoutSchema.type(named: "CreatePaymentRequest"), #"{"description":"#)
        #expect(found.issues.count == 1)
        #expect(found.violations.isEmpty)
    }
}
