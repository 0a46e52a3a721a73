import Foundation
import HTTPTypes
import MollieCheckout
import PayPalPayments
import PaymentMocks
import PaymentServerCore
import SuiteMCommerce
import Testing

@testable import PaymentSandbox

/// What the inspector shows of a body, a header and a command: every secret the schemas name, in
/// every encoding, and card numbers anywhere; and a curl command a hostile request cannot turn
/// into another command.
@Suite("Exchange redaction")
struct ExchangeRedactionTests {
    @Test func theSchemasSensitiveFieldsAreTheNamesRedacted() {
        // Generated from the schemas' `sensitive` marks and sensitive scalars, in each wire spelling.
        #expect(PayPalPaymentsSchema.sensitiveFieldNames.isSuperset(of: ["number", "security_code", "access_token"]))
        #expect(SuiteMCommerceSchema.sensitiveFieldNames.isSuperset(of: ["password", "authKey", "ccNum", "token"]))
        // Mollie's API: the wallet and card tokens, the gift card's number and PIN, a card number in a payment's details.
        #expect(
            MollieCheckoutSchema.sensitiveFieldNames == [
                "applePayPaymentToken", "googlePayPaymentToken", "cardToken", "voucherNumber", "voucherPin", "cardNumber",
            ])
        let names = PayPalPaymentsSchema.sensitiveFieldNames.union(SuiteMCommerceSchema.sensitiveFieldNames)
        for name in names.union(MollieCheckoutSchema.sensitiveFieldNames) {
            #expect(SecretName.isSecret(name), "\(name)")
        }
    }

    @Test func namesAreComparedWithoutCaseSeparatorsOrPrefixes() {
        for name in [
            "Security_Code", "security-code", "ns:securityCode", "SECURITYCODE", "cvv2", "CVC", "CLIENT_SECRET", "apiKey", "X-Api_Key",
            "X-Access-Key", "X-Auth", "X-Session", "PayPal-Auth-Assertion", "authToken", "Pass-Word", "private_key", "client_secret_hint",
            "refresh_token", "pin",
        ] {
            #expect(SecretName.isSecret(name), "\(name)")
        }
        for name in [
            "checkoutSessionId", "token_type", "shipping", "currency_code", "amount", "description", "id", "intent", "chargePermissionId",
            "expires_in", "scope", "app_id", "status", "reference_id",
        ] {
            #expect(!SecretName.isSecret(name), "\(name)")
        }
    }

    @Test func cardNumbersAreFoundAcrossSeparatorsAndEncodings() {
        for text in [
            "4111111111111111", "4111 1111 1111 1111", "4111.1111.1111.1111", "4111_1111_1111_1111", "4111/1111/1111/1111",
            "4111\t1111\t1111\t1111", "4111\n1111\n1111\n1111", "%34%31%31%31%31%31%31%31%31%31%31%31%31%31%31%31",
            "\\u0034111111111111111", "&#52;111&#x31;11111111111", "4111 1111 1111 1111 737",
        ] {
            #expect(!ExchangeRedaction.text("card " + text + " end").contains("1111"), "\(text)")
        }
        // Dates, times, amounts, and 12 digits with separators that fail the Luhn check stay.
        for text in ["2026-12-02 10:11:12.123", "1,000,000.00", "+52 55 1234 5670", "2026-12-02T10:11:12Z"] {
            #expect(ExchangeRedaction.text(text) == text, "\(text)")
        }
        #expect(CardNumberRedaction.passesLuhn([4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))
        #expect(!CardNumberRedaction.passesLuhn([4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]))
        #expect(ExchangeRedaction.text("192.168.100.100") == "<redacted>", "12 digits with separators that pass the Luhn check")
    }

    @Test func bodiesThatDoNotParseAreRedactedByPattern() {
        let broken = ExchangeRedaction.body(
            Data(
                #"{"cvv": "737", "note": "x", "password":"hunter2", "X-Auth": tok1, <pin>4321</pin> -----BEGIN RSA PRIVATE KEY-----\nMIIabc\n-----END RSA PRIVATE KEY-----"#
                    .utf8),
            contentType: "application/json")
        for secret in ["737", "hunter2", "tok1", "4321", "MIIabc"] {
            #expect(!broken.contains(secret), "\(broken)")
        }
        #expect(broken.contains(#""note": "x""#), "\(broken)")
        let xml = ExchangeRedaction.body(
            Data(
                #"<?xml version="1.0"?><r xmlns:n="u"><n:password>p&#52;ss</n:password><c cvv="&#55;37" ok="1"/><password >x1</password ><![CDATA[4111 1111 1111 1111]]></r>"#
                    .utf8),
            contentType: "text/xml")
        for secret in ["p&#52;ss", "p4ss", "737", "&#55;37", "x1", "1111"] {
            #expect(!xml.contains(secret), "\(xml)")
        }
        #expect(xml.contains(#"ok="1""#), "\(xml)")
        let multipart = ExchangeRedaction.body(
            Data(
                "--b\r\nContent-Disposition: form-data; name=\"Security_Code\"\r\n\r\n737\r\n--b\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\nok\r\n--b--\r\n"
                    .utf8),
            contentType: "multipart/form-data; boundary=b")
        #expect(!multipart.contains("737") && multipart.contains("\r\n\r\nok\r\n"), "\(multipart)")
        let plainForm = ExchangeRedaction.body(Data("CLIENT_SECRET=s3&cvv2=737&x=1".utf8), contentType: "text/plain")
        #expect(plainForm == "CLIENT_SECRET=<redacted>&cvv2=<redacted>&x=1", "\(plainForm)")
    }

    @Test func jsonBodiesLoseEverySecretAtAnyDepth() {
        let body = Data(
            #"{"payment_source":{"card":{"number":"4111111111111111","security_code":"123","name":"Ana"}},"list":[{"access_token":"A21AAsecret"}],"note":"card 4111 1111 1111 1111","back":"https://x.example/r?token=abc&lang=es","empty":null,"security_code":null}"#
                .utf8)
        let shown = ExchangeRedaction.body(body, contentType: "application/json")
        for secret in ["4111111111111111", "4111 1111", #""123""#, "A21AAsecret", "token=abc"] {
            #expect(!shown.contains(secret), "\(shown)")
        }
        #expect(shown.contains(#""name": "Ana""#) && shown.contains("lang=es") && shown.contains(#""security_code": null"#), "\(shown)")
        // Compact for curl.
        #expect(!ExchangeRedaction.body(body, contentType: "application/json", pretty: false).contains("\n"))
    }

    @Test func formAndXMLBodiesLoseTheirSecrets() {
        let form = ExchangeRedaction.body(
            Data("grant_type=client_credentials&password=hunter2&client%5Fsecret=s3&card=4111111111111111".utf8),
            contentType: "application/x-www-form-urlencoded")
        #expect(form == "grant_type=client_credentials&password=<redacted>&client%5Fsecret=<redacted>&card=<redacted>", "\(form)")
        let xml = ExchangeRedaction.body(
            Data(
                "<?xml version=\"1.0\"?><P><user>ana</user><password>hunter2</password><authKey a=\"1\">K-9</authKey><ccNum>4111111111111111</ccNum><x/></P>"
                    .utf8), contentType: "application/xml")
        #expect(
            !xml.contains("hunter2") && !xml.contains("K-9") && !xml.contains("4111111111111111") && xml.contains("<user>ana</user>"),
            "\(xml)")
        #expect(ExchangeRedaction.body(Data([0xFF, 0xFE, 0x00]), contentType: "application/octet-stream") == "(3 bytes, not UTF-8 text)")
        let long = ExchangeRedaction.body(Data(String(repeating: "a", count: 40_000).utf8), contentType: "text/plain")
        #expect(long.hasSuffix("(40000 bytes in all; the rest is not kept)"))
    }

    @Test func credentialHeadersAreRedactedAndTheRestKept() {
        #expect(ExchangeRedaction.header("Authorization", "Bearer A21AAsecret") == "Bearer <redacted>")
        #expect(
            ExchangeRedaction.header("authorization", "AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=K, Signature=abc")
                == "AMZN-PAY-RSASSA-PSS-V2 <redacted>")
        #expect(ExchangeRedaction.header("Authorization", "Bearer$(rm) x") == "<redacted>")
        #expect(ExchangeRedaction.header("Authorization", "Weird A21AAsecret") == "<redacted>")
        #expect(ExchangeRedaction.header("X-Custom", "anything") == "<redacted>")
        #expect(ExchangeRedaction.headerName("X-4111111111111111") == "X-<redacted>")
        #expect(ExchangeRedaction.header("Cookie", "client=iosApp; token=abc") == "<redacted>")
        #expect(ExchangeRedaction.header("X-Api-Key", "k") == "<redacted>")
        #expect(ExchangeRedaction.header("PayPal-Request-Id", "7b92603e") == "7b92603e")
        #expect(ExchangeRedaction.header("Location", "app://done?token=abc&state=ok") == "app://done?token=<redacted>&state=ok")
        #expect(
            ExchangeRedaction.target("/t/mit/pay?password=x&card=4111111111111111&ok=1")
                == "/t/mit/pay?password=<redacted>&card=<redacted>&ok=1")
    }

    @Test func curlQuotesWhatAClientSent() throws {
        var head = HTTPRequest(method: .post, scheme: "http", authority: "x", path: "/t/paypal/v2/checkout/orders?a='$(touch /tmp/pwned)'")
        head.headerFields[.authorization] = "Bearer A21AAtopsecretvalue"
        head.headerFields[try #require(HTTPField.Name("Sandbox-Scenario"))] = "it's `date` $HOME"
        head.headerFields[.contentType] = "application/json"
        let body = Data(#"{"note":"'; rm -rf / #","number":"4111111111111111"}"#.utf8)
        let record = SandboxExchangeRecord(
            request: head, requestBody: body, requestBytes: body.count, status: 201, responseHeaders: [:], responseBody: Data(),
            responseBytes: 0, verdict: nil, replayOf: nil, replayable: true)
        let curl = SandboxExchangeDetail.curl(record, target: ExchangeRedaction.target(head.path ?? "/"), base: "http://127.0.0.1:8080")
        #expect(!curl.contains("A21AAtopsecretvalue") && !curl.contains("4111111111111111"))
        // Run by a shell, every argument is exactly what was sent: nothing is expanded but the placeholder.
        let script = curl.replacingOccurrences(of: "curl -X", with: "printf '%s\\n' -X")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ["AUTHORIZATION": "PLACEHOLDER", "HOME": "/home/x"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        process.waitUntilExit()
        let arguments = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(
            String.init)
        #expect(arguments.contains("http://127.0.0.1:8080/t/paypal/v2/checkout/orders?a='$(touch /tmp/pwned)'"), "\(arguments)")
        #expect(
            arguments.contains("Sandbox-Scenario: it's `date` $HOME") && arguments.contains("Authorization: Bearer PLACEHOLDER"),
            "\(arguments)")
        #expect(arguments.contains(#"{"note":"'; rm -rf / #","number":"<redacted>"}"#), "\(arguments)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/pwned"))
    }
}
