import AmazonPayMobile
import Foundation
import MCSCommerceWeb
import MollieCheckout
import PaymentSchemasRuntime
import SuiteMCommerce
import Testing

/// Amounts are plain decimal numerals on every encoding, read exactly and written without rounding.
@Suite("Strict amounts on every encoding")
struct StrictAmountTests {
    static func mitXML(_ amount: String) -> Data {
        Data(
            "<xml><tpPago>C</tpPago><amount>\(amount)</amount><referencia>R1</referencia><moneda>MXN</moneda><date_hour>2013-07-10T14:49:24-05:00</date_hour></xml>"
                .utf8)
    }

    static func issues(_ body: () throws -> Void) -> [PayloadIssue] {
        do {
            try body()
            return []
        } catch let error as PayloadDecodingError {
            return error.issues
        } catch {
            return [PayloadIssue(path: .root, kind: .invalidValue, message: "\(error)")]
        }
    }

    @Test(arguments: ["1,500.00", "1e3", " 10.00", "10.00 ", "10.5", "10", "10.500", "NaN", "1.500,00"])
    func mitXMLRejectsAnythingButTwoDecimals(_ amount: String) {
        let found = Self.issues { _ = try PayRequest(xml: Self.mitXML(amount)) }
        #expect(found.map(\.path.description) == ["amount"], "\(amount): \(found)")
    }

    @Test func mitXMLReadsTwoDecimalsExactlyAndWritesThemBack() throws {
        let request = try PayRequest(xml: Self.mitXML("1500.10"))
        #expect(request.amount == Decimal(string: "1500.10"))
        var copy = request
        copy.amount = Decimal(string: "10.5")!
        #expect(String(decoding: try copy.xmlData(), as: UTF8.self).contains("<amount>10.50</amount>"))
        copy.amount = Decimal(string: "10.555")!
        #expect(throws: EncodingError.self) { _ = try copy.xmlData() }
    }

    @Test(arguments: [#"1e3"#, #""10.00""#, #"1,500.00"#, #"10.5e1"#, #"-1E2"#])
    func mollieJSONNumbersMustBePlain(_ amount: String) {
        let found = Self.issues {
            _ = try PayWire.decodeJSON(CreatePaymentRequest.self, from: Data(#"{"description":"Order","amount":\#(amount)}"#.utf8))
        }
        #expect(!found.isEmpty, "\(amount) was accepted")
        #expect(found.allSatisfy { $0.path.description == "amount" || $0.kind == .malformed }, "\(found)")
    }

    @Test func mollieJSONAmountsAreExactAndNeverRounded() throws {
        let request = try PayWire.decodeJSON(CreatePaymentRequest.self, from: Data(#"{"description":"Order","amount":12345678.91}"#.utf8))
        #expect(request.amount == Decimal(string: "12345678.91"))
        #expect(String(decoding: try PayWire.encodeJSON(request), as: UTF8.self) == #"{"amount":12345678.91,"description":"Order"}"#)
        let tooPrecise = CreatePaymentRequest(paymentDescription: "Order", amount: Decimal(string: "10.555")!)
        #expect(throws: EncodingError.self) { _ = try PayWire.encodeJSON(tooPrecise) }
        #expect(tooPrecise.violations.map(\.rule) == ["scale"])
    }

    @Test(arguments: ["1%2C500.00", "1e3", "%2010.00", "10.00%20", "ten"])
    func queryAmountsMustBePlain(_ amount: String) {
        let query = "checkoutId=c1&cartId=k1&amount=\(amount)&currency=USD&locale=en_US"
        let found = Self.issues { _ = try CheckoutURLParameters(query: query) }
        #expect(found.map(\.path.description) == ["amount"], "\(amount): \(found)")
    }

    @Test func amazonAmountsAcceptStringsAndNumbersAndWriteStrings() throws {
        let numeric = try PayWire.decodeJSON(
            CompleteCheckoutSessionRequest.self, from: Data(#"{"chargeAmount":{"amount":1080,"currencyCode":"JPY"}}"#.utf8))
        #expect(numeric.chargeAmount.amount == "1080")
        // The schema writes text; a number read is written back as the number it was (a round trip
        // changes nothing), as text in the schema's spelling.
        #expect(
            String(decoding: try PayWire.encodeJSON(numeric, spelling: .schema), as: UTF8.self)
                == #"{"chargeAmount":{"amount":"1080","currencyCode":"JPY"}}"#)
        #expect(
            String(decoding: try PayWire.encodeJSON(numeric), as: UTF8.self) == #"{"chargeAmount":{"amount":1080,"currencyCode":"JPY"}}"#)
        for bad in [#""1,500.00""#, "1e3", #"" 10.00""#] {
            let value = try PayWire.decodeJSON(
                CompleteCheckoutSessionRequest.self, from: Data(#"{"chargeAmount":{"amount":\#(bad),"currencyCode":"USD"}}"#.utf8))
            #expect(value.violations.map { "\($0.path) [\($0.rule)]" } == ["chargeAmount.amount [format.decimalString]"], "\(bad)")
        }
        // A charge is positive (`exclusiveMinimum: 0`): zero in either form is refused once, a sign by
        // the format alone, the smallest amount taken.
        for zero in [#""0""#, #""0.00""#, "0", "0.0", #""000""#] {
            let value = try PayWire.decodeJSON(
                CompleteCheckoutSessionRequest.self, from: Data(#"{"chargeAmount":{"amount":\#(zero),"currencyCode":"USD"}}"#.utf8))
            #expect(value.violations.map { "\($0.path) [\($0.rule)]" } == ["chargeAmount.amount [exclusiveMinimum]"], "\(zero)")
        }
        let negative = try PayWire.decodeJSON(
            CompleteCheckoutSessionRequest.self, from: Data(#"{"chargeAmount":{"amount":"-5","currencyCode":"USD"}}"#.utf8))
        #expect(negative.violations.map(\.rule) == ["format.decimalString"])
        for small in [#""0.01""#, "0.01", #""00.10""#] {
            let value = try PayWire.decodeJSON(
                CompleteCheckoutSessionRequest.self, from: Data(#"{"chargeAmount":{"amount":\#(small),"currencyCode":"USD"}}"#.utf8))
            #expect(value.violations.isEmpty, "\(small)")
        }
        let wrongType = Self.issues {
            _ = try PayWire.decodeJSON(
                CompleteCheckoutSessionRequest.self, from: Data(#"{"chargeAmount":{"amount":true,"currencyCode":"USD"}}"#.utf8))
        }
        #expect(wrongType.map(\.path.description) == ["chargeAmount.amount"])
    }
}

/// Hostile callback queries and XML end in a located error, never a trap (found by naive fuzzing).
@Suite("Hostile wire text")
struct HostileWireTextTests {
    @Test func callbackQueriesWithStrayPercentOrBadBytesAreMalformed() throws {
        let type = try #require(PayloadCorpusTests.allTypes.first { $0.qualifiedName == "PayPalPayments.CardReturnQuery" })
        var bytes = Array("state=undefined&code=undefined&liabili".utf8)
        bytes.append(0xFF)
        bytes.append(contentsOf: Array("%y_shift=POSSIBLE".utf8))
        for payload in [Data(bytes), Data("state=undefined&code=undefined&liabili%y_shift=POSSIBLE".utf8)] {
            #expect(throws: PayloadDecodingError.self) { _ = try type.read(payload, as: .query) }
        }
        #expect(throws: PayloadDecodingError.self) { _ = try CheckoutURLParameters(query: "checkoutId=a b") }
    }

    @Test func xmlWithInvalidUTF8InAnElementNameIsMalformed() {
        var bytes = Array("<xml><t".utf8)
        bytes.append(0xC2)
        bytes.append(contentsOf: Array("Pago>C</tPago></xml>".utf8))
        #expect {
            _ = try PayRequest(xml: Data(bytes))
        } throws: { error in
            (error as? PayloadDecodingError)?.issues.first?.kind == .malformed
        }
    }
}
