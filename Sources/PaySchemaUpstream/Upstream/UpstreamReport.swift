import Foundation
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaySchemaVocabulary
import PaySchemaYAML

/// Renders `payschema upstream` findings in the formats of `payschema diff` (``ReportFormat``): text, markdown (with
/// the coverage table), json, GitHub annotations and JUnit XML.
package enum UpstreamReport {
    /// The report of `findings` (and, comparing with one document, `coverage`) in `format`.
    package static func render(
        _ findings: [UpstreamFinding], coverage: [UpstreamCoverage], format: ReportFormat, title: String
    ) -> String {
        let review = findings.filter(\.needsReview)
        switch format {
        case .text:
            var lines = findings.map { finding in
                "\(finding.location): \(finding.needsReview ? "error" : "note"): [\(finding.rule.rawValue)] \(finding.type)\(finding.element.isEmpty ? "" : "." + finding.element): \(finding.message)"
            }
            for entry in coverage {
                lines.append(
                    "coverage \(entry.type) (\(entry.upstream)): \(entry.modelled.count)/\(entry.total) modelled, \(entry.omitted.count) omitted, \(entry.missed.count) missed, \(entry.differences.count) difference\(entry.differences.count == 1 ? "" : "s") listed"
                )
            }
            lines.append(
                "\(title): \(findings.count) finding\(findings.count == 1 ? "" : "s"), \(review.count) need\(review.count == 1 ? "s" : "") review"
            )
            return lines.joined(separator: "\n")
        case .markdown:
            var lines = [
                "### \(title)", "",
                "\(findings.count) finding\(findings.count == 1 ? "" : "s"), \(review.count) need\(review.count == 1 ? "s" : "") review.",
                "",
            ]
            if !findings.isEmpty {
                lines += ["| Review | Rule | Type | Element | Finding |", "|---|---|---|---|---|"]
                for finding in findings.sorted(by: {
                    ($0.needsReview ? 0 : 1, $0.type, $0.element) < ($1.needsReview ? 0 : 1, $1.type, $1.element)
                }) {
                    lines.append(
                        "| \(finding.needsReview ? "**yes**" : "no") | `\(finding.rule.rawValue)` | `\(finding.type)` | `\(finding.element)` | \(escape(finding.message)) |"
                    )
                }
                lines.append("")
            }
            if !coverage.isEmpty {
                lines += [
                    "#### Coverage of the official schemas", "",
                    "| Type | Official schema | Modelled | Omitted on purpose | Missed | Listed differences |", "|---|---|---|---|---|---|",
                ]
                for entry in coverage {
                    let omitted = entry.omitted.map { "`\($0)`" }.joined(separator: ", ")
                    let missed = entry.missed.map { "`\($0)`" }.joined(separator: ", ")
                    let differences = entry.differences.sorted { $0.key < $1.key }.map { "`\($0.key)`: \(escape($0.value))" }.joined(
                        separator: "; ")
                    lines.append(
                        "| `\(entry.type)` | `\(entry.upstream.split(separator: "#").last ?? "")` | \(entry.modelled.count)/\(entry.total) | \(omitted.isEmpty ? "—" : omitted) | \(missed.isEmpty ? "—" : missed) | \(differences.isEmpty ? "—" : differences) |"
                    )
                }
            }
            return lines.joined(separator: "\n")
        case .json:
            let document: PayJSON = [
                "findings": .array(findings.map(\.json)), "needsReview": .number(String(review.count)),
                "coverage": .array(coverage.map(\.json)),
            ]
            return PayJSONWriter.text(document, pretty: true)
        case .github:
            var lines = findings.map { finding in
                let level = finding.needsReview ? "error" : "notice"
                let message =
                    "[\(finding.rule.rawValue)] \(finding.type)\(finding.element.isEmpty ? "" : "." + finding.element): \(finding.message)"
                return
                    "::\(level) file=\(finding.location.file),line=\(finding.location.line),col=\(finding.location.column),title=\(finding.rule.rawValue)::\(githubEscape(message))"
            }
            lines.append("\(title): \(findings.count) findings, \(review.count) need review")
            return lines.joined(separator: "\n")
        case .junit:
            let cases = findings.map { finding in
                JUnitReport.TestCase(
                    classname: finding.type,
                    name: "\(finding.rule.rawValue) \(finding.type)\(finding.element.isEmpty ? "" : "." + finding.element)",
                    failure: finding.needsReview
                        ? JUnitReport.Failure(type: finding.rule.rawValue, message: finding.message, text: finding.location.description)
                        : nil)
            }
            return JUnitReport(name: "payschema upstream", suite: title, cases: cases).rendered()
        }
    }

    private static func escape(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    // GitHub annotation escaping and JUnit XML are `ReportFormat`'s and `JUnitReport`'s: one contract for both reports.
    private static func githubEscape(_ text: String) -> String { ReportFormat.githubEscape(text) }
}
