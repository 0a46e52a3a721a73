import CLITestSupport
import Foundation
import PaySchemaCore
import PaymentSchemasVocabulary
import Testing

/// Mollie's official OpenAPI document (`../shared/contracts/mollie/specs.yaml`, read by path, never
/// copied: its licence forbids it) is not plain YAML for every loader: an unquoted date that does not
/// exist sits in an example, which YAML 1.1 loaders (Python's) refuse. The generator's own loader
/// (libyaml, YAML 1.2 core types) reads it whole, both versions, so the upstream tools can judge
/// against it as they do against PayPal's JSON.
@Suite("Mollie's official document, read")
struct MollieContractTests {
    static let current = SharedReference.path("contracts/mollie/specs.yaml")
    static let earlier = SharedReference.path("contracts/mollie/specs.2025-08-01.yaml")

    @Test(.enabled(if: current != nil && earlier != nil, "../shared/contracts/mollie is absent: Mollie's document was NOT read"))
    func bothVersionsReadWhole() throws {
        for url in [try #require(Self.current), try #require(Self.earlier)] {
            let document = try UpstreamDocument(contentsOf: url)
            let schemas = try #require(document.object(at: "/components/schemas"))
            let paths = try #require(document.object(at: "/paths"))
            #expect(schemas.count >= 100 && paths.count >= 60, "\(url.lastPathComponent): \(schemas.count) schemas, \(paths.count) paths")
            #expect(document.value(at: "/openapi")?.stringValue?.hasPrefix("3.1") == true)
        }
        let earlier = try UpstreamDocument(contentsOf: try #require(Self.earlier))
        #expect(earlier.object(at: "/components/schemas")?.count == 105)
        #expect(earlier.object(at: "/paths")?.count == 66)
        let current = try UpstreamDocument(contentsOf: try #require(Self.current))
        #expect(current.object(at: "/components/schemas")?.count == 400)
        #expect(current.object(at: "/paths")?.count == 89)
        // The payment the demo's backend relays, flattened ($ref followed, allOf merged).
        let payment = try #require(current.schema(at: "/components/schemas/payment-response"), "Mollie's payment-response schema")
        #expect(!payment.properties.isEmpty)
        let names = Set(payment.properties.map(\.name))
        #expect(names.isSuperset(of: ["id", "status", "amount", "redirectUrl", "webhookUrl"]), "\(names.sorted())")
    }

    /// Mollie's drift between its August 2025 document and the current one, judged against our
    /// types: every change is followed, a listed difference, a new name for an unchanged schema, or
    /// upstream no longer sending `null`, so none is left for a reviewer. The payment's `method`,
    /// which the current document declares twice in one `allOf` (open in the entity, the method
    /// enum in the response), is read with both.
    @Test(.enabled(if: current != nil && earlier != nil, "../shared/contracts/mollie is absent"))
    func molliesDriftIsFollowed() throws {
        let current = try UpstreamDocument(contentsOf: try #require(Self.current))
        let payment = try #require(current.schema(at: "/components/schemas/payment-response"))
        let method = try #require(payment.constraints(of: "method"))
        #expect(method["enum"]?.contains("ideal") == true && method["ref"] == "method-response", "\(method)")
        let run = try CLIRunner.run(
            "payschema",
            [
                "upstream", try #require(Self.earlier).path, try #require(Self.current).path,
                "--document", "mollie/specs.yaml", "--format", "markdown",
            ])
        #expect(run.status == 0, "\(run.stdout.prefix(3000))\(run.stderr)")
        #expect(run.stdout.contains("0 need review"))
        #expect(run.stdout.contains("`id.pattern` | pattern: (none) → ^tr_.+$; the field is a listed difference with a shape of its own"))
        #expect(run.stdout.contains("`sequenceType.type` | type: [string, null] → string; upstream no longer sends null"))
        // A field already as upstream now has it, and a change on a field whose difference is listed.
        #expect(
            run.stdout.contains("`MollieCheckout.MollieListLinks` | `next.required` | required: (none) → true; the type already follows it")
        )
        #expect(run.stdout.contains("`MollieCheckout.MolliePayment` | `locale.enum`"))
        #expect(run.stdout.contains("`id.enum` | enum: alma") && run.stdout.contains("changed on a field whose difference is listed"))
        #expect(run.stdout.contains("`customerId.pattern` | pattern: (none) → ^cst_.+$; the type already follows it"))
        #expect(run.stdout.contains("`lines.items.ref` | items.ref: (none) → payment-line-item-response; the type already follows it"))
        #expect(
            run.stdout.contains(
                "`categories.items.enum` | items.enum: meal, eco, gift, sport_culture → eco, gift, meal, sport_culture, additional, consume; the type already follows it"
            ))
        #expect(
            run.stdout.contains(
                "`MollieCheckout.MollieEntityPaymentRouteLinks` | `readOnly` | readOnly: (none) → true; read-only now: a sender sends less")
        )
    }

    /// Mollie's document is CC-BY-NC-SA: nothing of its text lands in the package. No run of eight
    /// words of any description or summary in it appears in the module's schema files (whose docs
    /// become the generated code's), the types imported from it included (`--docs own`).
    @Test(.enabled(if: current != nil, "../shared/contracts/mollie is absent: the licence check did NOT run"))
    func noTextOfMolliesDocumentLandsInOurSchemas() throws {
        let document = try UpstreamDocument(contentsOf: try #require(Self.current))
        func words(_ text: String) -> [Substring] {
            text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "'" || $0 == "-") }
        }
        func shingles(_ text: String) -> Set<String> {
            let list = words(text)
            guard list.count >= 8 else { return [] }
            return Set((0...(list.count - 8)).map { list[$0..<($0 + 8)].joined(separator: " ") })
        }
        var theirs: Set<String> = []
        func walk(_ value: PayJSON) {
            switch value {
            case .object(let members):
                for (key, member) in members {
                    if key == "description" || key == "summary", case .string(let text) = member {
                        theirs.formUnion(shingles(text))
                    } else {
                        walk(member)
                    }
                }
            case .array(let elements): elements.forEach(walk)
            default: break
            }
        }
        walk(try #require(document.value(at: "")))
        #expect(theirs.count > 10_000, "the document's descriptions were not read")
        let folder = CLIRunner.packageRoot.appending(path: "Schemas/MollieCheckout")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(files.contains("MollieAPI.yaml") && files.contains("PaymentParts.yaml"))
        for file in files {
            let copied = shingles(try String(contentsOf: folder.appending(path: file), encoding: .utf8)).intersection(theirs)
            #expect(copied.isEmpty, "\(file) repeats Mollie's words: \(copied.sorted().prefix(3))")
        }
    }

    @Test func aYAMLDocumentsScalarsAreTypedAsTheCoreSchemaTypesThem() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "contract-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try "a:\n  n: 12\n  f: 1.5\n  t: true\n  z: ~\n  d: 2024-02-30\n  q: \"12\"\n  l: [x, 2]\n".write(
            to: file, atomically: true, encoding: .utf8)
        let document = try UpstreamDocument(contentsOf: file)
        #expect(document.value(at: "/a/n") == .number("12"))
        #expect(document.value(at: "/a/f")?.decimalValue == Decimal(string: "1.5"), "exact, never through Double")
        #expect(document.value(at: "/a/t") == .bool(true))
        #expect(document.value(at: "/a/z") == .null)
        #expect(document.value(at: "/a/d") == .string("2024-02-30"), "a date that does not exist stays text")
        #expect(document.value(at: "/a/q") == .string("12"))
        #expect(document.value(at: "/a/l/1") == .number("2"))
        try "a: [unclosed\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: UpstreamError.self) { try UpstreamDocument(contentsOf: file) }
    }

    /// Every Mollie API type links Mollie's document (payments, their links and amounts, methods,
    /// issuers, errors, modes, sequence types, statuses): `payschema upstream` judges them against it
    /// (every official field or value modelled, omitted or listed with a reason), and a document no
    /// type links to is not judged as another's.
    @Test(.enabled(if: current != nil, "../shared/contracts/mollie is absent"))
    func molliesDocumentJudgesEveryLinkedType() throws {
        let result = try CLIRunner.run("payschema", ["upstream", try #require(Self.current).path, "--format", "markdown"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("60 types linked to mollie/specs.yaml") && result.stdout.contains("0 need review"),
            "\(result.stdout.prefix(600))")
        for type in [
            "MolliePayment", "MolliePaymentLinks", "MollieAmount", "MollieLink", "MollieMethod", "MollieIssuer", "MollieError",
            "MollieErrorLinks",
            "MollieMode", "SequenceType", "PaymentStatus", "MolliePaymentRequest", "MollieRefundRequest", "MollieRefund",
            "MollieRefundLinks", "MollieRefundStatus", "MollieListLinks", "MollieMethodEntity", "MollieMethodImage", "MollieMethodLinks",
            "MollieMethodStatus", "MolliePaymentAddress", "MolliePaymentDetails", "MolliePaymentLineItemResponse", "MollieStatusReason",
            "MollieEntityPaymentRouteResponse", "MollieApplicationFee", "MolliePaymentLineItem", "MollieEntityPaymentRoute",
            "MollieCompany",
        ] {
            #expect(result.stdout.contains("| `MollieCheckout.\(type)` |"), "\(type) is not in the coverage table")
        }
        let other = FileManager.default.temporaryDirectory.appending(path: "other-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: other) }
        try #"{"openapi":"3.1.0","paths":{},"components":{"schemas":{}}}"#.write(to: other, atomically: true, encoding: .utf8)
        let unlinked = try CLIRunner.run("payschema", ["upstream", other.path])
        #expect(unlinked.status == 2)
        #expect(
            unlinked.stderr.contains(
                "several documents are linked (mollie/specs.yaml, paypal/checkout_orders_v2.json, paypal/notifications_webhooks_v1.json, paypal/payments_payment_v2.json); say which with --document"
            ),
            "\(unlinked.stderr)")
    }
}
