import CLITestSupport
import Foundation
import Testing

@Suite("payflow CLI end to end")
struct PayflowCLITests {
    @Test func runWithoutArgumentsRunsEveryProvider() throws {
        let result = try CLIRunner.run("payflow", ["run"])
        #expect(result.status == 0, "\(result.stdout.suffix(2000))\(result.stderr)")
        for provider in ["mcs", "mit", "amazonpay", "paypal", "mollie"] {
            #expect(result.stdout.contains("== \(provider)/"))
        }
        #expect(result.stdout.contains("AmazonPay: POST /v2/checkoutSessions/"))
        #expect(result.stdout.contains("web session ▸ https://shop.example/appLogin"))
        #expect(result.stdout.contains("provider  | scenario"))
        #expect(result.stdout.contains(" passed, 0 failed"))
        #expect(!result.stdout.contains("4111111111111111"))
        #expect(!result.stdout.contains("S3cretP4ss"))
    }

    @Test func runSelectsProvidersScenariosAndFaults() throws {
        let one = try CLIRunner.run("payflow", ["run", "--provider", "mit", "--scenario", "hosted-approved", "--quiet"])
        #expect(one.status == 0)
        #expect(one.stdout.hasSuffix("1 passed, 0 failed\n"))
        let faulty = try CLIRunner.run("payflow", ["run", "--provider", "amazonpay", "--faults", "0.5", "--seed", "3", "--quiet"])
        #expect(faulty.status == 0, "\(faulty.stdout)")
        #expect(faulty.stdout.contains("(seed 3, faults 0.5)"))
        #expect(try CLIRunner.run("payflow", ["run", "--provider", "stripe"]).status == 2)
        #expect(try CLIRunner.run("payflow", ["run", "--faults", "2"]).status == 2)
    }

    @Test func manySeedsEndInOneTypedOutcomeEach() throws {
        let many = try CLIRunner.run(
            "payflow", ["run", "--provider", "paypal", "--provider", "amazonpay", "--seeds", "20", "--faults", "0.3"])
        #expect(many.status == 0, "\(many.stdout)")
        #expect(many.stdout.hasPrefix("360 flows (seeds 1…20, faults 0.3, in memory)"), "\(many.stdout)")
        for line in ["untyped errors: 0", "double charges: 0", "leaked secrets: 0", "unexpected requests or pages: 0"] {
            #expect(many.stdout.contains(line), "\(line)")
        }
        #expect(try CLIRunner.run("payflow", ["run", "--seeds", "0"]).status == 2)
    }

    /// `--seed` works over its whole range: the seeds after `UInt64.max` wrap around.
    @Test func theLargestSeedRuns() throws {
        let last = try CLIRunner.run("payflow", ["run", "--seed", "18446744073709551615", "--seeds", "2", "--provider", "mollie"])
        #expect(last.status == 0, "\(last.stdout)\(last.stderr)")
        #expect(last.stdout.contains("(seeds 18446744073709551615…0, faults 0.0, in memory)"), "\(last.stdout)")
    }

    /// `payflow list` names every per-request scenario the sandbox offers.
    @Test func listNamesThePerRequestScenarios() throws {
        let list = try CLIRunner.run("payflow", ["list"])
        #expect(list.status == 0)
        for name in [
            "paypal/card-declined", "paypal/3ds-challenge", "mollie/mollie-rejects", "amazonpay/declined", "mit/company-suspended",
        ] {
            #expect(list.stdout.contains(name), "\(name)")
        }
    }

    @Test func validateEchoPrintsTheValueAsTheTypeWritesItBack() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let payment = directory.appending(path: "payment.json")
        // A member no field models, with a number whose text matters, and an amount as sent.
        try #"{"description":"Order #1","amount":10.50,"x_extra":{"n":1.50,"list":[1e2,"a"]}}"#.write(
            to: payment, atomically: true, encoding: .utf8)
        let text = try CLIRunner.run("payflow", ["validate", "MollieCheckout.CreatePaymentRequest", payment.path, "--echo"])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        // The value as the type writes it back, pretty-printed, keys sorted, numbers by their text, then the verdict.
        let echoed = """
            {
              "amount": 10.50,
              "description": "Order #1",
              "x_extra": {
                "list": [
                  1e2,
                  "a"
                ],
                "n": 1.50
              }
            }
            """
        #expect(text.stdout == echoed + "\nMollieCheckout.CreatePaymentRequest: valid json\n", "\(text.stdout)")
        // Without --echo nothing is printed but the verdict; with --format json the echo is a member.
        let plain = try CLIRunner.run("payflow", ["validate", "MollieCheckout.CreatePaymentRequest", payment.path])
        #expect(plain.stdout.split(separator: "\n").count == 1)
        let json = try CLIRunner.run(
            "payflow", ["validate", "MollieCheckout.CreatePaymentRequest", payment.path, "--echo", "--format", "json"])
        let verdict = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(verdict["valid"] as? Bool == true && verdict["echo"] as? String == echoed, "\(json.stdout)")
        // A payload that does not decode has nothing to echo: the problems only.
        try #"{"description":5}"#.write(to: payment, atomically: true, encoding: .utf8)
        let broken = try CLIRunner.run("payflow", ["validate", "MollieCheckout.CreatePaymentRequest", payment.path, "--echo"])
        #expect(broken.status == 1 && !broken.stdout.contains("{"), "\(broken.stdout)")
    }

    @Test func validateReportsEveryViolation() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appending(path: "payment.json")
        try #"{"description":"ab","amount":10.555}"#.write(to: bad, atomically: true, encoding: .utf8)
        let invalid = try CLIRunner.run("payflow", ["validate", "MollieCheckout.CreatePaymentRequest", bad.path])
        #expect(invalid.status == 1)
        #expect(invalid.stdout.contains("description: minLength: must have at least 3 characters (value: ab)"))
        #expect(invalid.stdout.contains("amount: scale: must have at most 2 fraction digits (value: 10.555)"))
        let good = directory.appending(path: "good.json")
        try #"{"description":"Order #1","amount":10.5}"#.write(to: good, atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run("payflow", ["validate", "MollieCheckout.CreatePaymentRequest", good.path]).status == 0)
        let card = directory.appending(path: "card.json")
        try #"{"number":"4111111111111112","expirationMonth":"13","expirationYear":"2030"}"#.write(
            to: card, atomically: true, encoding: .utf8)
        let decoding = try CLIRunner.run("payflow", ["validate", "PayPalPayments.Card", card.path])
        #expect(decoding.status == 1)
        #expect(decoding.stdout.contains("securityCode: missing"))
        let cardOk = directory.appending(path: "card2.json")
        try #"{"number":"4111111111111112","expirationMonth":"13","expirationYear":"2030","securityCode":"123"}"#.write(
            to: cardOk, atomically: true, encoding: .utf8)
        let redacted = try CLIRunner.run("payflow", ["validate", "PayPalPayments.Card", cardOk.path])
        #expect(redacted.stdout.contains("number: format.luhn"))
        #expect(!redacted.stdout.contains("4111111111111112"))
    }

    @Test func validateReadsXMLAndQueriesByExtension() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let query = directory.appending(path: "callback.query")
        try "checkoutId=x&cartId=y&amount=0&currency=USD&allowedCardTypes=master&locale=en_US".write(
            to: query, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run("payflow", ["validate", "MCSCommerceWeb.CheckoutURLParameters", query.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("amount: exclusiveMinimum"))
        let xml = directory.appending(path: "pay.xml")
        try
            "<xml><tpPago>C</tpPago><amount>1.00</amount><referencia>R</referencia><moneda>MXN</moneda><date_hour>2013-07-10T14:49:24-05:00</date_hour>"
            .write(to: xml, atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run("payflow", ["validate", "SuiteMCommerce.PayRequest", xml.path]).status == 0)
        let asJSON = try CLIRunner.run("payflow", ["validate", "SuiteMCommerce.PayRequest", xml.path, "--encoding", "json"])
        #expect(asJSON.status == 1)
        #expect(asJSON.stdout.contains("is not read from json"))
    }

    @Test func unknownTypesAreUsageErrorsWithSuggestions() throws {
        let result = try CLIRunner.run("payflow", ["validate", "MollieCheckout.CreatePayment", "-"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean MollieCheckout.CreatePaymentRequest"))
        #expect(try CLIRunner.run("payflow", ["validate", "MollieCheckout.Payment", "/no/such/file.json"]).status == 2)
    }

    @Test func listShowsTypesAndScenarios() throws {
        let result = try CLIRunner.run("payflow", ["list"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("AmazonPayMobile.CheckoutSession  [struct; json]"))
        #expect(result.stdout.contains("mit/hosted-approved"))
    }
}
