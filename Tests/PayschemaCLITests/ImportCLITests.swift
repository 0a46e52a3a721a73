import CLITestSupport
import Foundation
import Testing

/// `payschema import openapi` on the providers' own documents (`../shared/contracts/`, read by
/// path): PayPal's Orders v2 and Mollie's API, every schema and operation, written, checked by lint
/// with the contracts, and judged by `payschema upstream` against the very document they came
/// from: every linked type 100% modelled, nothing to review. The PayPal import also covers every
/// official member the committed `PayPalPayments` types model or omit on purpose.
@Suite("payschema import openapi: the providers' documents")
struct ImportCLITests {
    static let paypal = SharedReference.path("contracts/paypal/checkout_orders_v2.json")
    static let mollie = SharedReference.path("contracts/mollie/specs.yaml")
    static var contracts: URL? { paypal?.deletingLastPathComponent().deletingLastPathComponent() }

    @Test(.enabled(if: paypal == nil, "../shared/contracts is present; the tests below run"))
    func contractsAbsent() {
        print("NOTE: ../shared/contracts is absent: the importer was NOT run on the providers' documents.")
    }

    /// One coverage entry of `payschema upstream --format json`.
    struct Coverage {
        var type: String
        var upstream: String
        var modelled: [String]
        var omitted: [String]
        var missed: [String]
    }

    /// `payschema upstream DOC [--schemas S]`: its exit status, coverage and findings.
    static func upstream(_ document: URL, schemas: URL? = nil) throws -> (Int32, [Coverage], [[String: Any]], String) {
        let run = try CLIRunner.run(
            "payschema", ["upstream", document.path, "--format", "json"] + (schemas.map { ["--schemas", $0.path] } ?? []))
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        let coverage = (report["coverage"] as? [[String: Any]] ?? []).map {
            Coverage(
                type: $0["type"] as? String ?? "", upstream: $0["upstream"] as? String ?? "", modelled: $0["modelled"] as? [String] ?? [],
                omitted: $0["omitted"] as? [String] ?? [], missed: $0["missed"] as? [String] ?? [])
        }
        return (run.status, coverage, report["findings"] as? [[String: Any]] ?? [], run.stderr)
    }

    /// Imports `document` whole into a fresh schemas folder; the folder.
    static func importWhole(_ document: URL, module: String, counts: String, extra: [String] = []) throws -> URL {
        let root = try CLIRunner.temporaryDirectory()
        let output = root.appending(path: "\(module)/\(module).yaml")
        let run = try CLIRunner.run(
            "payschema",
            ["import", "openapi", document.path, "--module", module, "--output", output.path, "--all-schemas", "--all-operations"] + extra)
        #expect(run.status == 0, "\(run.stderr.suffix(3000))")
        // The counts docs/import.md states.
        #expect(run.stderr.contains("payschema import openapi: \(output.path): \(counts)"), "\(run.stderr.suffix(500))")
        #expect(run.stderr.hasSuffix(" 0 errors\n"), "\(run.stderr.suffix(500))")
        return root
    }

    @Test(.enabled(if: paypal != nil, "../shared/contracts is absent"))
    func paypalsWholeDocumentIsModelledAndFollowsIt() throws {
        let root = try Self.importWhole(Self.paypal!, module: "PayPalOrders", counts: "164 structs, 91 enums, 7 scalars, 8 operations")
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try CLIRunner.run("payschema", ["lint", root.path, "--strict", "--contracts", Self.contracts!.path])
        #expect(lint.status == 0, "\(lint.stdout.prefix(3000))\(lint.stderr)")
        let (status, coverage, findings, stderr) = try Self.upstream(Self.paypal!, schemas: root)
        #expect(status == 0, "\(stderr)")
        #expect(findings.isEmpty, "\(findings.prefix(5))")
        #expect(coverage.count >= 200, "\(coverage.count) linked types")
        for entry in coverage {
            #expect(entry.missed.isEmpty && entry.omitted.isEmpty, "\(entry.type): missed \(entry.missed), omitted \(entry.omitted)")
        }
        // Every official member a committed PayPalPayments type models or omits on purpose is one
        // the import models, under a type linked to the same schema.
        let (_, committed, _, _) = try Self.upstream(Self.paypal!)
        let imported = Dictionary(coverage.map { ($0.upstream, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(committed.count >= 40)
        for type in committed {
            let counterpart = try #require(imported[type.upstream], "no imported type links \(type.upstream) (\(type.type))")
            #expect(
                Set(type.modelled + type.omitted) == Set(counterpart.modelled),
                "\(type.type) and \(counterpart.type) (\(type.upstream)) cover different members")
        }
    }

    /// The payment sources the module imported (`Schemas/PayPalPayments/OrderParts.yaml`, with
    /// `--reuse`): importing them again into a copy of the module with `--reuse` writes nothing, as
    /// every schema they reach is linked by a type of the module already; the wallet's address is
    /// the module's own `PayPalAddress`, and no type of the file imports `address_portable` or
    /// `money` again.
    @Test(.enabled(if: paypal != nil, "../shared/contracts is absent"))
    func thePaymentSourcesAreImportedIntoTheModuleReusingItsTypes() throws {
        let root = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let module = root.appending(path: "PayPalPayments")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appending(path: "Schemas/PayPalPayments"), to: module)
        let output = module.appending(path: "PaymentSources.yaml")
        let sources = [
            "paypal_wallet", "apple_pay_request", "venmo_wallet_request", "bancontact_request", "blik_request", "token", "card_request",
        ]
        let run = try CLIRunner.run(
            "payschema",
            ["import", "openapi", Self.paypal!.path, "--module", "PayPalPayments", "--output", output.path, "--reuse", module.path]
                + ["--type-prefix", "PayPal"] + sources.flatMap { ["--schema", $0] })
        #expect(run.status == 0, "\(run.stderr.suffix(3000))")
        #expect(run.stderr.contains(": 0 structs, 0 enums, 0 scalars, 0 operations"), "\(run.stderr.suffix(600))")
        let committed = try String(
            contentsOf: CLIRunner.packageRoot.appending(path: "Schemas/PayPalPayments/OrderParts.yaml"), encoding: .utf8)
        let wallet = try #require(committed.range(of: "\n  PayPalPaypalWallet:\n")).upperBound
        // The wallet's block: up to the next type of the file.
        let walletBlock = committed[wallet...].components(separatedBy: "\n  PayPal").first ?? ""
        #expect(walletBlock.contains("address: { type: \"PayPalAddress\""), "the wallet's address is not the module's own")
        #expect(!committed.contains("#/components/schemas/address_portable\""), "address_portable was imported again")
        #expect(!committed.contains("#/components/schemas/money\""), "money was imported again")
        let lint = try CLIRunner.run("payschema", ["lint", module.path, "--strict", "--contracts", Self.contracts!.path])
        #expect(lint.status == 0, "\(lint.stdout.prefix(3000))\(lint.stderr)")
    }

    /// `--split`: PayPal's whole Orders v2 as one file per component and one for the operations.
    /// The folder checks with the contracts and follows the document type for type as the one file
    /// does; importing again touches no file whose text is unchanged, removes a file the earlier
    /// import wrote and this one does not, and keeps a file written by hand.
    @Test(.enabled(if: paypal != nil, "../shared/contracts is absent"))
    func paypalsWholeDocumentSplitIntoFiles() throws {
        let root = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appending(path: "PayPalOrders")
        let arguments =
            ["import", "openapi", Self.paypal!.path, "--module", "PayPalOrders", "--output", folder.path]
            + ["--all-schemas", "--all-operations", "--split"]
        let run = try CLIRunner.run("payschema", arguments)
        #expect(run.status == 0, "\(run.stderr.suffix(3000))")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        // One file per component that a type links (the document has 210 schemas), and the operations.
        #expect(files.count > 100 && files.contains("PayPalOrdersOperations.yaml") && files.contains("Order.yaml"), "\(files)")
        #expect(
            run.stderr.contains("\(folder.path): 164 structs, 91 enums, 7 scalars, 8 operations in \(files.count) files; "),
            "\(run.stderr.suffix(500))")
        let lint = try CLIRunner.run("payschema", ["lint", root.path, "--strict", "--contracts", Self.contracts!.path])
        #expect(lint.status == 0, "\(lint.stdout.prefix(3000))\(lint.stderr)")
        let whole = try Self.importWhole(Self.paypal!, module: "PayPalOrders", counts: "164 structs, 91 enums, 7 scalars, 8 operations")
        defer { try? FileManager.default.removeItem(at: whole) }
        let (status, coverage, findings, stderr) = try Self.upstream(Self.paypal!, schemas: root)
        let (_, wholeCoverage, _, _) = try Self.upstream(Self.paypal!, schemas: whole)
        #expect(status == 0 && findings.isEmpty, "\(stderr) \(findings.prefix(5))")
        #expect(coverage.map(\.type) == wholeCoverage.map(\.type) && coverage.count > 100)
        for entry in coverage {
            #expect(entry.missed.isEmpty && entry.omitted.isEmpty, "\(entry.type): missed \(entry.missed), omitted \(entry.omitted)")
        }

        // Again: unchanged files untouched; an earlier import's stale file removed; a hand-written one kept.
        let order = folder.appending(path: "Order.yaml")
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: order.path)
        let stale = folder.appending(path: "Gone.yaml")
        try Data("# Written by `payschema import openapi`; edit freely, then `payschema lint`.\nmodule: PayPalOrders\ndoc: \"x\"\n".utf8)
            .write(to: stale)
        let mine = folder.appending(path: "Mine.yaml")
        try Data("module: PayPalOrders\ndoc: \"Written by hand.\"\ntypes:\n  Mine:\n    kind: struct\n    fields: {}\n".utf8).write(
            to: mine)
        let again = try CLIRunner.run("payschema", arguments)
        #expect(again.status == 0, "\(again.stderr.suffix(3000))")
        let modified = try FileManager.default.attributesOfItem(atPath: order.path)[.modificationDate] as? Date
        #expect(modified == old, "Order.yaml was written again with the same text")
        #expect(!FileManager.default.fileExists(atPath: stale.path), "the earlier import's file was kept")
        #expect(FileManager.default.fileExists(atPath: mine.path), "the hand-written file was removed")
        // With --reuse of the output folder, the files being written again are not reused.
        let reused = try CLIRunner.run("payschema", arguments + ["--reuse", folder.path])
        #expect(reused.status == 0, "\(reused.stderr.suffix(3000))")
        #expect(
            reused.stderr.contains(": 164 structs, 91 enums, 7 scalars, 8 operations in \(files.count) files; "),
            "\(reused.stderr.suffix(500))")

        // Generated, then one component's description edited: only that component's Swift changes.
        let swift = root.appending(path: "Swift")
        let first = try CLIRunner.run("payschema", ["generate", "--schemas", root.path, "--output", swift.path])
        #expect(first.status == 0, "\(first.stderr.suffix(2000))")
        let timestamps = folder.appending(path: "ActivityTimestamps.yaml")
        let edited = try String(contentsOf: timestamps, encoding: .utf8).replacingOccurrences(
            of: "    doc: \"The date and time stamps", with: "    doc: \"(Edited.) The date and time stamps")
        try Data(edited.utf8).write(to: timestamps)
        let second = try CLIRunner.run("payschema", ["generate", "--schemas", root.path, "--output", swift.path])
        #expect(
            second.status == 0 && (second.stdout + second.stderr).contains(" 1 changed"), "\(second.stdout)\(second.stderr.suffix(500))")
        let regenerated = try String(
            contentsOf: swift.appending(path: "PayPalOrders/ActivityTimestamps.generated.swift"), encoding: .utf8)
        #expect(regenerated.contains("(Edited.) The date and time stamps"))

        // --split names a folder.
        let onFile = try CLIRunner.run("payschema", Array(arguments.prefix(6)) + [order.path, "--all-schemas", "--split"])
        #expect(onFile.status == 2 && onFile.stderr.contains("with --split, a folder"), "\(onFile.stderr)")
    }

    /// PayPal's Payments v2 (authorizations, captures, refunds) and Webhooks documents, whole: the
    /// file checks with the contracts and every linked type follows the document it came from.
    @Test(
        .enabled(if: paypal != nil, "../shared/contracts is absent"),
        arguments: [
            ("payments_payment_v2.json", "PayPalPaymentsV2", "57 structs, 43 enums, 0 scalars, 7 operations"),
            ("notifications_webhooks_v1.json", "PayPalWebhooks", "27 structs, 24 enums, 1 scalars, 16 operations"),
        ])
    func paypalsOtherDocumentsAreModelledAndFollowThem(file: String, module: String, counts: String) throws {
        let document = try #require(SharedReference.path("contracts/paypal/" + file))
        let root = try Self.importWhole(document, module: module, counts: counts)
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try CLIRunner.run("payschema", ["lint", root.path, "--strict", "--contracts", Self.contracts!.path])
        #expect(lint.status == 0, "\(lint.stdout.prefix(3000))\(lint.stderr)")
        let (status, coverage, findings, stderr) = try Self.upstream(document, schemas: root)
        #expect(status == 0 && findings.isEmpty, "\(stderr) \(findings.prefix(5))")
        #expect(coverage.count >= 50)
        for entry in coverage {
            #expect(entry.missed.isEmpty && entry.omitted.isEmpty, "\(entry.type): missed \(entry.missed), omitted \(entry.omitted)")
        }
    }

    /// Mollie's whole document with docs of our own: nothing of its text lands (CC-BY-NC-SA), the
    /// file checks, and every linked type follows the document.
    @Test(.enabled(if: mollie != nil, "../shared/contracts is absent"))
    func molliesWholeDocumentWithOurOwnDocs() throws {
        let root = try Self.importWhole(
            Self.mollie!, module: "MollieAPI", counts: "502 structs, 166 enums, 31 scalars, 128 operations",
            extra: ["--docs", "own", "--type-prefix", "Mollie"])
        defer { try? FileManager.default.removeItem(at: root) }
        let text = try String(contentsOf: root.appending(path: "MollieAPI/MollieAPI.yaml"), encoding: .utf8)
        // Every doc is one of the importer's own sentences: the member's or parameter's wire name,
        // the schema's name, the operation's method and path.
        let ours = try NSRegularExpression(
            pattern:
                #"^(Imported from mollie/specs\.yaml\.|The schema `[^`]+` of mollie/specs\.yaml\.|The `[^`]+` member\.|The `[^`]+` (path|query|header|cookie) parameter\.|The `[^`]+` parameter's value\.|`[A-Z]+ [^`]+`\.)$"#
        )
        let docs = try NSRegularExpression(pattern: #"doc: "((?:[^"\\]|\\.)*)""#)
        var count = 0
        for match in docs.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            count += 1
            let doc = String(text[range])
            #expect(
                ours.firstMatch(in: doc, range: NSRange(doc.startIndex..., in: doc)) != nil, "a doc that is not ours: \(doc.prefix(200))")
        }
        #expect(count > 1_000, "\(count) docs")
        // The 21 operations that take a payment's ID take one scalar, the component's (`$ref:
        // paymentToken`), and a field that only describes the shared `amount` (`allOf: [$ref,
        // {description}]`) is an amount, not a struct of its own.
        let operations = text.components(separatedBy: "\noperations:\n").last ?? ""
        #expect(operations.components(separatedBy: "type: MolliePaymentToken").count - 1 == 21)
        // The 34 operations that take the component parameter `list-limit` take one scalar too.
        #expect(operations.components(separatedBy: "type: MollieListLimitParameter").count - 1 == 34)
        #expect(!text.contains("CancelPaymentPaymentId") && !text.contains("MollieEntityPaymentAmountRefunded:"))
        #expect(text.contains("amountRefunded: { type: \"MollieAmount\""))
        let (status, coverage, findings, stderr) = try Self.upstream(Self.mollie!, schemas: root)
        #expect(status == 0, "\(stderr)")
        #expect(findings.isEmpty, "\(findings.prefix(5))")
        #expect(coverage.count >= 500)
        for entry in coverage {
            #expect(entry.missed.isEmpty && entry.omitted.isEmpty, "\(entry.type): missed \(entry.missed), omitted \(entry.omitted)")
        }
    }

    @Test func usageErrors() throws {
        let missing = try CLIRunner.run("payschema", ["import", "openapi", "doc.json", "--module", "M", "--output", "o.yaml"])
        #expect(missing.status == 2 && missing.stderr.contains("name what to import"))
        let badModule = try CLIRunner.run(
            "payschema", ["import", "openapi", "doc.json", "--module", "m", "--output", "o.yaml", "--all-schemas"])
        #expect(badModule.status == 2 && badModule.stderr.contains("UpperCamelCase"))
        let unreadable = try CLIRunner.run(
            "payschema", ["import", "openapi", "/nonexistent/doc.json", "--module", "M", "--output", "/tmp/o.yaml", "--all-schemas"])
        #expect(unreadable.status == 2 && unreadable.stderr.contains("cannot read"))
    }
}
