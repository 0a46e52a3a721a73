import Foundation
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// Renders `payschema upstream` findings in the formats of `payschema diff` (``ReportFormat``): text, markdown (with
/// the coverage table), json, GitHub annotations and JUnit XML.
package enum UpstreamReport {
    /// The report of `findings` (and, comparing with one document, `coverage`) in `format`.
    package static func render(
        _ findings: [UpstreamFinding], coverage: [UpstreamCoverage], format: ReportFormat, title: String
    ) -> String {
        report(findings, coverage: coverage, title: title).rendered(as: format)
    }

    /// What each format shows of `findings` and `coverage` (``Report``).
    package static func report(_ findings: [UpstreamFinding], coverage: [UpstreamCoverage], title: String) -> Report {
        let review = findings.filter(\.needsReview)
        func subject(_ finding: UpstreamFinding) -> String { finding.type + (finding.element.isEmpty ? "" : "." + finding.element) }
        var text = findings.map { finding in
            "\(finding.location): \(finding.needsReview ? "error" : "note"): [\(finding.rule.rawValue)] \(subject(finding)): \(finding.message)"
        }
        for entry in coverage {
            text.append(
                "coverage \(entry.type) (\(entry.upstream)): \(entry.modelled.count)/\(entry.total) modelled, \(entry.omitted.count) omitted, "
                    + "\(entry.missed.count) missed, \(entry.differences.count) difference\(entry.differences.count == 1 ? "" : "s") listed"
            )
        }
        text.append(
            "\(title): \(findings.count) finding\(findings.count == 1 ? "" : "s"), \(review.count) need\(review.count == 1 ? "s" : "") review"
        )
        var markdown = [
            "### \(title)", "",
            "\(findings.count) finding\(findings.count == 1 ? "" : "s"), \(review.count) need\(review.count == 1 ? "s" : "") review.",
            "",
        ]
        if !findings.isEmpty {
            markdown += ["| Review | Rule | Type | Element | Finding |", "|---|---|---|---|---|"]
            for finding in findings.sorted(by: {
                ($0.needsReview ? 0 : 1, $0.type, $0.element) < ($1.needsReview ? 0 : 1, $1.type, $1.element)
            }) {
                markdown.append(
                    "| \(finding.needsReview ? "**yes**" : "no") | `\(finding.rule.rawValue)` | `\(finding.type)` | `\(finding.element)` | "
                        + "\(Report.markdownCell(finding.message)) |"
                )
            }
            markdown.append("")
        }
        if !coverage.isEmpty {
            markdown += [
                "#### Coverage of the official schemas", "",
                "| Type | Official schema | Modelled | Omitted on purpose | Missed | Listed differences |", "|---|---|---|---|---|---|",
            ]
            for entry in coverage {
                let omitted = entry.omitted.map { "`\($0)`" }.joined(separator: ", ")
                let missed = entry.missed.map { "`\($0)`" }.joined(separator: ", ")
                let differences = entry.differences.sorted { $0.key < $1.key }.map { "`\($0.key)`: \(Report.markdownCell($0.value))" }
                    .joined(separator: "; ")
                markdown.append(
                    "| `\(entry.type)` | `\(entry.upstream.split(separator: "#").last ?? "")` | \(entry.modelled.count)/\(entry.total) | "
                        + "\(omitted.isEmpty ? "—" : omitted) | \(missed.isEmpty ? "—" : missed) | \(differences.isEmpty ? "—" : differences) |"
                )
            }
        }
        let json: PayJSON = [
            "findings": .array(findings.map(\.json)), "needsReview": .number(String(review.count)),
            "coverage": .array(coverage.map(\.json)),
        ]
        let annotations = findings.map { finding in
            Report.Annotation(
                level: finding.needsReview ? "error" : "notice", location: finding.location, title: finding.rule.rawValue,
                message: "[\(finding.rule.rawValue)] \(subject(finding)): \(finding.message)")
        }
        let cases = findings.map { finding in
            JUnitReport.TestCase(
                classname: finding.type, name: "\(finding.rule.rawValue) \(subject(finding))",
                failure: finding.needsReview
                    ? JUnitReport.Failure(type: finding.rule.rawValue, message: finding.message, text: finding.location.description)
                    : nil)
        }
        return Report(
            text: text, markdown: markdown, json: json, annotations: annotations,
            githubTrailer: ["\(title): \(findings.count) findings, \(review.count) need review"],
            junit: JUnitReport(name: "payschema upstream", suite: title, cases: cases))
    }
}
