import Foundation
import PaymentSchemasRuntime
import SuiteMCommerce
import Testing

@Suite("SuiteMCommerce generated models")
struct SuiteMCommerceModelTests {
    @Test func payRequestWritesTheXMLADocument() throws {
        let date = PayDateFormat.iso8601().parse("2013-07-10T19:49:24Z")!
        let request = PayRequest(
            paymentType: .single, amount: Decimal(string: "0.01")!, reference: "NUM_FACTURA", currency: .mxn, dateHour: date)
        let xml = String(decoding: try request.xmlData(), as: UTF8.self)
        #expect(
            xml
                == "<xml><tpPago>C</tpPago><amount>0.01</amount><urlResponse>https://suitemcommerce.com</urlResponse><referencia>NUM_FACTURA</referencia><moneda>MXN</moneda><date_hour>2013-07-10T14:49:24-05:00</date_hour></xml>"
        )
    }

    /// `xmlA` is hexadecimal in either case (MIT's samples write both); anything else is refused.
    @Test func xmlAIsHexadecimalInEitherCase() {
        for text in ["4a2F9c", "ABCDEF0123", "abcdef0123"] {
            #expect(HostedPaymentRequest(company: "SNBX", xmlA: text, xmlM: "m").violations.isEmpty, "\(text)")
        }
        #expect(HostedPaymentRequest(company: "SNBX", xmlA: "4a2g", xmlM: "m").violations.map(\.rule) == ["pattern"])
    }

    @Test func amountsAlwaysHaveTwoDecimals() throws {
        let date = Date(timeIntervalSince1970: 0)
        let request = PayRequest(paymentType: .twelveMonths, amount: 1500, reference: "R", currency: .usd, dateHour: date)
        let xml = String(decoding: try request.xmlData(), as: UTF8.self)
        #expect(xml.contains("<amount>1500.00</amount>"))
        #expect(xml.contains("<tpPago>12M</tpPago>"))
    }

    /// MIT's JSON beans carry the amount as a string with two decimals (`"150.00"`), as its
    /// web-service guide writes them; a number is read too. A bean read keeps the amount as it came
    /// (`"150.00"` is written back `"150.00"`, `150` as `150`), one built from a value writes it as a
    /// string with two decimals (`150` as `"150.00"`); a third decimal is a violation at `amount`, a string that is no amount a decoding
    /// error. A tokenization's bean needs no amount.
    @Test func jsonBeansReadAmountsAsStringsOrNumbersAndWriteStrings() throws {
        let base =
            #"{"branch":"01","company":"SX001","country":"MEX","user":"U","password":"P","merchant":"1234","currency":"MXN","operationType":"6","reference":"R-1""#
        for amount in [#""150.00""#, "150.00", "150", #""150""#] {
            let bean = try PayWire.decodeJSON(BeanTokenization.self, from: Data((base + #","amount":"# + amount + "}").utf8))
            #expect(bean.amount == 150, "\(amount)")
            // A bean read keeps the amount as it came, form and digits.
            let written = String(decoding: try PayWire.encodeJSON(bean), as: UTF8.self)
            #expect(written.contains(#""amount":"# + amount), "\(amount): \(written)")
        }
        // Built from a value, it is written with MIT's two decimals.
        for (value, text) in [("150.5", "150.50"), ("150", "150.00"), ("0.01", "0.01"), ("1500.00", "1500.00")] {
            let built = String(
                decoding: try PayWire.encodeJSON(
                    BeanTokenization(
                        branch: "01", company: "SX001", country: "MEX", user: "U", password: "P", merchant: "1234", currency: .mxn,
                        operationType: "6", reference: "R-1", amount: Decimal(string: value))), as: UTF8.self)
            #expect(built.contains(#""amount":""# + text + #"""#), "\(value): \(built)")
        }
        for amount in [#""150.001""#, "150.001"] {
            let bean = try PayWire.decodeJSON(BeanTokenization.self, from: Data((base + #","amount":"# + amount + "}").utf8))
            #expect(bean.violations.map(\.path.description) == ["amount"], "\(amount)")
        }
        #expect(throws: PayloadDecodingError.self) {
            try PayWire.decodeJSON(BeanTokenization.self, from: Data((base + #","amount":"ciento"}"#).utf8))
        }
        let tokenization = try PayWire.decodeJSON(BeanTokenization.self, from: Data((base + "}").utf8))
        #expect(tokenization.amount == nil && tokenization.violations.isEmpty)
        let answer = try PayWire.decodeJSON(
            BeanPaymentWithToken.self, from: Data(#"{"response":"approved","foliocpagos":"1","auth":"123456","amount":"150.00"}"#.utf8))
        #expect(answer.amount == 150)
        #expect(String(decoding: try PayWire.encodeJSON(answer), as: UTF8.self).contains(#""amount":"150.00""#))
    }

    @Test func readsThePublishedSampleWithoutItsClosingTag() throws {
        let sample = """
            <xml>
            <tpPago>C</tpPago>
            <amount>0.01</amount>
            <urlResponse>https://suitemcommerce.com</urlResponse>
            <referencia>NUM_FACTURA</referencia>
            <moneda>MXN</moneda>
            <date_hour>2013-07-10T14:49:24-05:00</date_hour>
            """
        let request = try PayRequest(xml: data(sample))
        #expect(request.paymentType == .single)
        #expect(request.amount == Decimal(string: "0.01"))
        #expect(request.currency == .mxn)
        #expect(request.dateHour == PayDateFormat.iso8601().parse("2013-07-10T19:49:24Z"))
        #expect(request.violations.isEmpty)
    }

    @Test func payResponseAcceptsGuideAndDemoSpellings() throws {
        let guide = try PayResponse(
            xml: data(
                "<xml><Reference>R1</Reference><Response>Aprobada</Response><Auth>123456</Auth><ccName>ANA</ccName><ccNum>411111******1111</ccNum><Amount>10.50</Amount><Type>VISA</Type></xml>"
            ))
        let demo = try PayResponse(
            xml: data(
                "<xml><referencia>R1</referencia><response>approved</response><aut>123456</aut><ccName>ANA</ccName><ccNum>411111******1111</ccNum><amount>10.50</amount><type>VISA</type></xml>"
            ))
        #expect(guide == demo)
        #expect(guide.response == .approved)
        #expect(String(decoding: try demo.xmlData(), as: UTF8.self).contains("<Response>approved</Response>"))
        #expect(!everythingPrinted(guide).contains("411111"))
    }

    /// Fuzz/regressions/payload/pi-without-data: a processing instruction without data made
    /// FoundationXML call `strlen(NULL)` (SEGV). Such markup is refused before the parser runs;
    /// the XML declaration still reads.
    @Test func processingInstructionsAndDoctypesAreRefusedBeforeTheParser() throws {
        for body in [
            "<?x.m?>", "<xml><?x?><Reference>R1</Reference></xml>", "<!DOCTYPE xml [<!ENTITY a \"b\">]><xml/>",
            "<xml><Reference>R1</Reference></xml><?xml version=\"1.0\"?>",
        ] {
            #expect(throws: PayloadDecodingError.self, "\(body)") { try PayResponse(xml: data(body)) }
            do {
                _ = try PayResponse(xml: data(body))
            } catch let error as PayloadDecodingError {
                #expect(error.issues.map(\.kind) == [.malformed], "\(body)")
            }
        }
        let declared = try PayResponse(
            xml: data(
                "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><Reference>R1</Reference><Response>approved</Response><Amount>10.50</Amount></xml>"
            ))
        #expect(declared.reference == "R1")
    }

    /// Fuzz/regressions/payload/xml-error-leak: every malformed document used to reach XMLParser,
    /// which leaks a CFError per error on Linux. The package's own check refuses it first, located.
    @Test func malformedXMLIsRefusedWithALocationBeforeTheParser() {
        do {
            _ = try PayResponse(xml: data("<xml>\n<a></b></xml>"))
            Issue.record("expected an error")
        } catch let error as PayloadDecodingError {
            #expect(error.issues.map(\.description) == ["$: malformed: not well-formed XML: 2:4: '</b>' does not close 'a'"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func missingFieldsInXMLAreAllReported() {
        do {
            _ = try PayRequest(xml: data("<xml><amount>abc</amount></xml>"))
            Issue.record("expected an error")
        } catch let error as PayloadDecodingError {
            #expect(error.issues.map(\.path.description).sorted() == ["amount", "date_hour", "moneda", "referencia", "tpPago"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The hosted form's Spanish result words (`Aprobada`, `denegada`) are the result's cases, not
    /// unknown values.
    @Test func theGuidesResultWordsAreItsCases() {
        #expect(PaymentResult(rawValue: "Aprobada") == .approved)
        #expect(PaymentResult(rawValue: "denegada") == .denied)
        #expect(PaymentResult(rawValue: "Denegada") == .denied)
        #expect(PaymentResult.denied.rawValue == "denied")
    }

    @Test func errorCatalogsHaveCodesDomainsAndBothLanguages() {
        #expect(SuiteInitializationError(code: "S002") == .keyException)
        #expect(SuiteInitializationError.keyException.message(language: "es") == "Excepción de llave")
        #expect(SuiteInitializationError.keyException.message(language: "en") == "Key exception")
        #expect(SuiteInitializationError.keyException.domain == "com.mit.suitemcommerce.initialization")
        #expect(SuiteInitializationError.languages == ["es", "en"])
        #expect(SuiteTokenPaymentError.cardDoesNotMatchToken.code == "T013")
        #expect(SuiteTokenPaymentError.cardDoesNotMatchToken.errorCode == 13)
        #expect(SuiteAuthenticationError.allCases.count == 10)
        #expect(SuiteTokenPaymentError.allCases.count == 14)
        #expect(SuitePaymentError(code: "P999") == nil)
        let bridged = SuitePaymentError.invalidXMLA as NSError
        #expect(bridged.domain == "com.mit.suitemcommerce.payment")
        #expect(bridged.code == 2)
    }

    @Test func beansNeverPrintPasswordsKeysOrTokens() {
        let tokenization = BeanTokenization(
            branch: "01", company: "SX001", country: "MEX", user: "user1", password: "P4ssw0rd!", merchant: "123",
            currency: .mxn, operationType: "6", token: "TOKEN-SECRET-1", reference: "R1", amount: 10)
        let threeDS = Bean3DS(
            branch: "01", country: "MEX", user: "user1", password: "P4ssw0rd!", merchant: "123", currency: .mxn, authKey: "AUTH-KEY-9",
            reference: "R1")
        let printed = everythingPrinted(tokenization) + everythingPrinted(threeDS)
        for secret in ["P4ssw0rd!", "TOKEN-SECRET-1", "AUTH-KEY-9"] {
            #expect(!printed.contains(secret))
        }
        #expect(printed.contains("<redacted>"))
        #expect(printed.contains("SX001"))
    }

    @Test func tokenPaymentDecodesWebServiceFields() throws {
        let payment = try decodeJSON(
            BeanPaymentWithToken.self,
            """
            {"cdResponse":"00","nbResponse":"Aprobado","response":"approved","foliocpagos":"123","auth":"654321","reference":"R1",
             "time":"10:20:30","date":"25/12/2024","cc_type":"CREDITO/MasterCard","tp_operation":"VENTA","cc_name":"ANA",
             "cc_number":"1234","cc_expmonth":"12","cc_expyear":"29","amount":10.5}
            """)
        #expect(payment.folio == "123")
        #expect(payment.date == PayDateFormat.custom("dd/MM/yyyy", timeZone: "America/Mexico_City").parse("25/12/2024"))
        #expect(payment.violations.isEmpty)
        #expect(try encodeJSON(payment).contains(#""date":"25\/12\/2024""#) || (try encodeJSON(payment)).contains(#""date":"25/12/2024""#))
    }
}

/// The fast ISO 8601 paths agree with DateFormatter on thousands of dates and offsets.
@Suite("Date formats")
struct DateFormatTests {
    func reference(_ pattern: String, _ zone: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = pattern
        return formatter
    }

    @Test func fastPathsMatchDateFormatter() {
        var seed: UInt64 = 42
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 16
        }
        let extended = reference("yyyy-MM-dd'T'HH:mm:ssXXXXX", "UTC")
        let mexico = reference("yyyy-MM-dd'T'HH:mm:ssXXXXX", "America/Mexico_City")
        let basic = reference("yyyyMMdd'T'HHmmss'Z'", "UTC")
        let day = reference("yyyy-MM-dd", "UTC")
        for _ in 0..<3000 {
            let date = Date(timeIntervalSince1970: Double(Int64(next() % 4_102_444_800) - 1_000_000_000))
            #expect(PayDateFormat.iso8601().format(date) == extended.string(from: date))
            #expect(PayDateFormat.iso8601(timeZone: "America/Mexico_City").format(date) == mexico.string(from: date))
            #expect(PayDateFormat.iso8601Basic.format(date) == basic.string(from: date))
            #expect(PayDateFormat.date().format(date) == day.string(from: date))
            let text = mexico.string(from: date)
            #expect(PayDateFormat.iso8601().parse(text) == mexico.date(from: text))
            #expect(PayDateFormat.iso8601Basic.parse(basic.string(from: date)) == date)
        }
    }

    @Test func fastPathsRejectWhatTheFormatDoesNot() {
        for text in [
            "2024-02-30T10:00:00Z", "2024-13-01T10:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T10:00:00", "2024-01-01 10:00:00Z",
            "2024-01-01T10:00:00+5:00", "2024-01-01T10:00:00.Z", "x2024-01-01T10:00:00Z",
        ] {
            #expect(PayDateFormat.iso8601().parse(text) == nil, "\(text)")
        }
        #expect(PayDateFormat.iso8601().parse("2024-01-01T10:00:00.250+01:00") == Date(timeIntervalSince1970: 1_704_099_600.25))
        // RFC 3339 (section 5.6) allows `t` and `z` in lower case; PayPal's date_time pattern too.
        #expect(PayDateFormat.iso8601().parse("2024-01-01t10:00:00z") == PayDateFormat.iso8601().parse("2024-01-01T10:00:00Z"))
        for text in ["2024-01-01,10:00:00Z", "2024-01-01T10:00:60Z", "2024-01-01T10:00:00y"] {
            #expect(PayDateFormat.iso8601().parse(text) == nil, "\(text)")
        }
        #expect(PayDateFormat.iso8601Basic.parse("20201202T120000") == nil)
        #expect(PayDateFormat.date().parse("2024-02-29")?.timeIntervalSince1970 == 1_709_164_800)
    }
}
