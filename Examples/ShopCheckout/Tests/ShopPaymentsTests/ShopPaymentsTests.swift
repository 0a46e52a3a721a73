import Foundation
import PaymentSchemasRuntime
import ShopPayments
import Testing

/// The generated types decode what Mollie really sends: every published payment payload in the
/// shared real-payload corpus (read by path, never copied), exactly and with its constraints.
@Suite("ShopPayments against Mollie's own payloads")
struct ShopPaymentsTests {
    /// `../shared/real-payloads/MollieCheckout.MolliePayment/valid/` beside the repository, found
    /// from this file (or under `$PAYMENTSCHEMAS_SHARED`; `none` hides it, as in a clone of the
    /// repository alone). `nil` when absent: the tests that read it skip and say so.
    static let payloads: URL? = {
        let environment = ProcessInfo.processInfo.environment["PAYMENTSCHEMAS_SHARED"]
        if environment == "none" { return nil }
        var folder = URL(fileURLWithPath: #filePath)
        for _ in 0..<6 { folder.deleteLastPathComponent() }
        let shared = environment.map { URL(fileURLWithPath: $0) } ?? folder.appending(path: "shared")
        let payloads = shared.appending(path: "real-payloads/MollieCheckout.MolliePayment/valid")
        return FileManager.default.fileExists(atPath: payloads.path) ? payloads : nil
    }()

    static func payloadFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: try #require(payloads), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    @Test(.enabled(if: payloads != nil, "../shared/real-payloads is absent: Mollie's published payments were NOT decoded"))
    func everyPublishedPaymentDecodesAndValidates() throws {
        let files = try Self.payloadFiles()
        #expect(files.count >= 4, "expected Mollie's published payments in \(Self.payloads?.path ?? "-")")
        for file in files {
            let payment = try PayWire.decodeJSON(ShopPayment.self, from: Data(contentsOf: file))
            #expect(payment.violations.isEmpty, "\(file.lastPathComponent): \(payment.violations)")
            #expect(payment.id.hasPrefix("tr_"))
        }
    }

    /// An amount stays exact text: `0.10` is a tenth with two decimals, never a `Double`.
    @Test func amountsAreExact() throws {
        let json = #"{"id":"tr_7UhSN1zuXS","status":"paid","amount":{"currency":"EUR","value":"0.10"},"description":"Order 12345"}"#
        #expect(try CheckoutOutcome.decide(fromMollieJSON: Data(json.utf8)) == .receipt(currency: "EUR", value: Decimal(string: "0.10")!))
    }

    /// The registry the configuration renamed lists the shop's types, and one read of a bad
    /// payload tells everything wrong with it.
    @Test func badPayloadsSayEverything() throws {
        #expect(ShopPaymentTypes.types.map(\.name) == ["ShopAmount", "ShopLink", "ShopPayment", "ShopPaymentLinks", "ShopPaymentStatus"])
        let type = try #require(ShopPaymentTypes.type(named: "ShopPayment"))
        let json = #"{"id":"pay_1","status":"open","amount":{"currency":"EUR","value":10.5},"description":"x"}"#
        do {
            _ = try type.read(Data(json.utf8), as: .json)
            Issue.record("a number where Mollie writes a string must not decode")
        } catch let error as PayloadDecodingError {
            #expect(error.issues.map(\.path.description) == ["amount.value"])
            #expect(error.violations.map(\.path.description) == ["id"])
        }
    }

    @Test(.enabled(if: payloads != nil, "../shared/real-payloads is absent: Mollie's open payment was NOT followed"))
    func openPaymentsLeadToTheCheckout() throws {
        let files = try Self.payloadFiles()
        let open = try #require(files.first { $0.lastPathComponent == "pm-create-ideal-open.json" })
        guard case .openCheckout(let url) = try CheckoutOutcome.decide(fromMollieJSON: Data(contentsOf: open)) else {
            Issue.record("an open payment with a checkout link leads to it")
            return
        }
        #expect(url.host() == "www.mollie.com")
    }
}
