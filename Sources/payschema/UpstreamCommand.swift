import ArgumentParser
import Foundation
import PaySchemaCore

/// `payschema upstream DOCUMENT` and `payschema upstream OLD NEW`: our linked types against a
/// provider's official contract, or what changed between two versions of it that touches them.
struct UpstreamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upstream",
        abstract:
            "Judge the types linked with `upstream:` against a provider's official contract, or report its drift between two versions.",
        discussion: """
            With one document: every official field and enum value a linked type neither models nor \
            omits on purpose, every field or value it has that the contract lacks, every field it \
            requires that the contract leaves optional without a listed difference, and a coverage table.
            With two (OLD NEW): fields, enum values and constraints added, removed or changed upstream \
            in the schemas our types link to; a change the type already follows needs no review.
            Exit codes: 0 nothing needs review, 1 something does, 2 usage errors (as `payschema diff`).
            """
    )

    @Argument(help: "The official document (OpenAPI JSON), or OLD and NEW versions of it.")
    var documents: [String]

    @Option(help: "The schemas folder.")
    var schemas: String = "Schemas"

    @Option(
        help:
            "Which linked document these files are versions of, as `upstream:` names it (e.g. paypal/checkout_orders_v2.json); by default the one whose name the file ends with, or the only one linked."
    )
    var document: String?

    @Option(help: "Output format: text, markdown, json, github or junit.")
    var format: String = "text"

    func validate() throws {
        guard DiffReport.Format(rawValue: format) != nil else {
            throw ValidationError("unknown format '\(format)'; expected text, markdown, json, github or junit")
        }
        guard (1...2).contains(documents.count) else {
            throw ValidationError("give one official document, or two (OLD NEW) to report the drift between them")
        }
        for path in documents where !FileManager.default.isReadableFile(atPath: path) {
            throw ValidationError(
                FileManager.default.fileExists(atPath: path)
                    ? "'\(path)' exists but cannot be read (permissions)" : "no such file: '\(path)'")
        }
    }

    /// Whether the file at `path` is a version of the linked `document` by its name: the same file
    /// name, or one that starts with its stem (`checkout_orders_v2.2023-08-01.json` of
    /// `paypal/checkout_orders_v2.json`).
    static func isVersion(_ path: String, of document: String) -> Bool {
        let file = (path as NSString).lastPathComponent
        let stem = ((document as NSString).lastPathComponent as NSString).deletingPathExtension
        return file.hasPrefix(stem)
    }

    func run() throws {
        let modules = try ExportCommand.load(schemas, modules: [])
        let all = UpstreamLinkedType.all(in: modules)
        let names = Set(all.map(\.link.document)).sorted()
        guard !names.isEmpty else {
            throw UsageError(description: "no type in '\(schemas)' declares `upstream:`; nothing to compare").report()
        }
        let chosen: String
        if let document {
            guard names.contains(document) else {
                throw UsageError(description: "no type links to '\(document)'; linked documents: \(names.joined(separator: ", "))").report()
            }
            chosen = document
        } else if let match = names.first(where: { name in documents.allSatisfy { $0.hasSuffix(name) } }) {
            chosen = match
        } else if names.count == 1, documents.allSatisfy({ Self.isVersion($0, of: names[0]) }) {
            chosen = names[0]
        } else if names.count == 1 {
            // A document no type links to (Mollie's, while only PayPal's is linked) is not judged as another's.
            let file = ((documents.first ?? "") as NSString).lastPathComponent
            throw UsageError(
                description:
                    "no type links to a document like '\(file)'; linked: \(names[0]) (name it with --document to compare a renamed copy)"
            ).report()
        } else {
            throw UsageError(description: "several documents are linked (\(names.joined(separator: ", "))); say which with --document")
                .report()
        }
        let types = UpstreamComparison.linked(all, to: chosen)
        let loaded: [UpstreamDocument]
        do {
            loaded = try documents.map { try UpstreamDocument(contentsOf: URL(fileURLWithPath: $0)) }
        } catch let error as UpstreamError {
            throw UsageError(description: error.description).report()
        }
        let findings: [UpstreamFinding]
        let coverage: [UpstreamCoverage]
        let title: String
        if loaded.count == 1 {
            (findings, coverage) = UpstreamComparison.compare(types, with: loaded[0])
            title = "payschema upstream: \(types.count) type\(types.count == 1 ? "" : "s") linked to \(chosen)"
        } else {
            findings = UpstreamComparison.drift(types, from: loaded[0], to: loaded[1])
            coverage = []
            title = "payschema upstream: drift of \(chosen) for \(types.count) linked type\(types.count == 1 ? "" : "s")"
        }
        Console.out(UpstreamReport.render(findings, coverage: coverage, format: DiffReport.Format(rawValue: format) ?? .text, title: title))
        if findings.contains(where: \.needsReview) { throw ExitCode(1) }
    }
}
