import CLITestSupport
import Foundation
import Testing

@testable import PaySchemaCore
@testable import PaySchemaImport

/// The importer's output run, not only checked: PayPal's Orders v2 document imported, its
/// Swift generated and compiled by the Swift compiler into a program, and every valid payload
/// PayPal's own SDKs and samples publish (`../shared/real-payloads`, read by path) read by the
/// imported type linked to the schema its folder's committed type links: no violation, and
/// written back as the same JSON value (numbers by their text).
@Suite("Imported types, compiled and run on PayPal's payloads")
struct ImportedTypesProofTests {
    static let document = SharedReference.path("contracts/paypal/checkout_orders_v2.json")
    static let payloads = SharedReference.path("real-payloads")

    /// Each payload folder's type, by the official schema the committed type links.
    static let linkedSchemas = [
        "PayPalPayments.OrderResponse": "order",
        "PayPalPayments.ConfirmPaymentSourceRequest": "confirm_order_request",
        "PayPalPayments.ErrorResponse": "error_404",
    ]

    /// Payloads PayPal's SDKs send that PayPal's document refuses, so the imported types, which
    /// follow the document, refuse them too: the committed `PayPalPayments` types take them through
    /// listed upstream differences (`CardPaymentSource` is `nullable`, as PayPal's iOS SDK writes
    /// `null` for unset fields; `ApplicationContext`'s URLs are `relative`, as PayPal's Android
    /// fixture sends the text `return_url`). Each with what the refusal must say.
    static let documentRefuses = [
        "and-vault-customer.json": "is not an absolute URL",
        "ios-attributes-null.json": "payment_source.card.attributes: null: null is not allowed here",
        "ios-custom-scheme-null-fields.json": "payment_source.card.name: null: null is not allowed here",
    ]

    @Test(.enabled(if: document == nil || payloads == nil, "../shared is present; the test below runs"))
    func sharedAbsent() {
        print("NOTE: ../shared is absent: the imported PayPal types were NOT compiled and run on PayPal's payloads.")
    }

    static let program = """
        import Foundation
        @_spi(Generated) import PaymentSchemasRuntime

        while let line = readLine() {
            let parts = line.split(separator: "\\t").map(String.init)
            guard parts.count == 2, let type = PayPalOrdersSchema.types.first(where: { $0.name == parts[0] }),
                let data = FileManager.default.contents(atPath: parts[1])
            else {
                print("missing\\t\\(line)")
                continue
            }
            do {
                let result = try type.read(data, as: .json)
                let sent = try PayJSONParser.parse(data)
                let back = try result.reencoded.map { try PayJSONParser.parse($0) }
                if !result.violations.isEmpty {
                    print("rejected\\t" + result.violations.map { "\\($0)" }.joined(separator: "; "))
                } else if back != sent {
                    print("changed\\t" + (result.reencoded.map { String(decoding: $0, as: UTF8.self) } ?? "nothing written"))
                } else {
                    print("ok")
                }
            } catch {
                print("rejected\\t\\(error)".replacingOccurrences(of: "\\n", with: " "))
            }
        }
        """

    @Test(.enabled(if: document != nil && payloads != nil, "../shared is absent"))
    func paypalsPayloadsRoundTripThroughTheImportedTypes() throws {
        let data = try Data(contentsOf: Self.document!)
        let (read, problems) = OpenAPISource.read(bytes: [UInt8](data), path: Self.document!.path)
        #expect(problems.isEmpty)
        var options = ImportOptions(module: "PayPalOrders", documentName: "paypal/checkout_orders_v2.json")
        // The three schemas the payloads are read with and all they reach (112 structs, 54 enums):
        // the whole document's import is judged by the CLI's import tests; compiling less keeps CI short.
        options.schemas = Self.linkedSchemas.values.sorted()
        let (module, diagnostics) = OpenAPIImporter.run(try #require(read), options: options)
        #expect(!diagnostics.contains { $0.severity == .error })
        let generated = try GeneratedProgram(
            module: "PayPalOrders", schemas: [("Orders.yaml", ImportWriter.text(module))], prefix: "imported-proof")
        defer { generated.remove() }
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics.prefix(5))")
        let (toolchain, executable, compilation) = try generated.compile(Self.program)
        try #require(compilation.succeeded, "the imported types do not compile: \(compilation.errors.prefix(10))")
        var requests: [String] = []
        for (folder, schema) in Self.linkedSchemas.sorted(by: { $0.key < $1.key }) {
            let type = try #require(
                module.types.first { $0.upstream == "paypal/checkout_orders_v2.json#/components/schemas/\(schema)" },
                "no type for \(schema)")
            let valid = Self.payloads!.appending(path: "\(folder)/valid")
            for name in try FileManager.default.contentsOfDirectory(atPath: valid.path).sorted() where name.hasSuffix(".json") {
                requests.append("\(type.name)\t\(valid.appending(path: name).path)")
            }
        }
        #expect(requests.count >= 19, "\(requests.count) payloads")
        let answers = try toolchain.converse(executable, requests)
        #expect(answers.count == requests.count)
        var refused: [String] = []
        for (request, answer) in zip(requests, answers) {
            let name = URL(fileURLWithPath: String(request.split(separator: "\t").last ?? "")).lastPathComponent
            if let reason = Self.documentRefuses[name] {
                #expect(answer.hasPrefix("rejected\t") && answer.contains(reason), "\(request): \(answer.prefix(600))")
                refused.append(name)
            } else {
                #expect(answer == "ok", "\(request): \(answer.prefix(600))")
            }
        }
        #expect(Set(refused) == Set(Self.documentRefuses.keys), "a payload the document refuses was not read: \(refused)")
        let unchanged = answers.filter { $0 == "ok" }.count
        print(
            "imported PayPal types: \(unchanged)/\(requests.count) real payloads read and written back unchanged, "
                + "\(refused.count) refused as PayPal's document refuses them")
    }
}
