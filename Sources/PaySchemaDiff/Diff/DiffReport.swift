import Foundation
import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

/// Renders schema changes for people and tools.
package enum DiffReport {
    /// The output formats (shared with `payschema upstream`).
    package typealias Format = ReportFormat

    /// Whether `change` counts towards `--fail-on` at `threshold`.
    package static func fails(_ change: SchemaChange, threshold: Diagnostic.Severity?) -> Bool {
        guard let threshold, change.acceptedBecause == nil else { return false }
        switch threshold {
        case .error: return change.severity == .error
        case .warning: return change.severity == .error || change.severity == .warning
        case .note: return true
        }
    }

    static func severityName(_ severity: Diagnostic.Severity) -> String {
        severity == .note ? "info" : severity.rawValue
    }

    /// `response; wire: breaking, source: compatible`: the direction that decided the wire verdict
    /// first, when the change is in a type.
    static func verdicts(_ change: SchemaChange) -> String {
        (change.direction.map { "\($0.rawValue); " } ?? "") + "wire: \(change.wire.rawValue), source: \(change.source.rawValue)"
    }

    /// Breaking first, then by severity, then by location.
    static func ordered(_ changes: [SchemaChange]) -> [SchemaChange] {
        func rank(_ change: SchemaChange) -> Int {
            if change.acceptedBecause != nil { return 3 }
            switch change.severity {
            case .error: return 0
            case .warning: return 1
            case .note: return 2
            }
        }
        return changes.enumerated().sorted { lhs, rhs in
            (rank(lhs.element), lhs.offset) < (rank(rhs.element), rhs.offset)
        }.map(\.element)
    }

    /// The report of `changes` in `format`.
    package static func render(_ changes: [SchemaChange], format: Format) -> String {
        report(changes).rendered(as: format)
    }

    /// What each format shows of `changes` (``Report``).
    package static func report(_ changes: [SchemaChange]) -> Report {
        let text =
            changes.isEmpty
            ? ["no schema changes"]
            : changes.map { change in
                let severity = change.acceptedBecause == nil ? severityName(change.severity) : "note"
                let accepted = change.acceptedBecause.map { " [accepted: \($0)]" } ?? ""
                return
                    "\(change.location): \(severity): [\(change.rule.rawValue)] \(change.path): \(change.message) (\(verdicts(change)))\(accepted)"
            }
        let breaking = changes.filter { $0.isBreaking && $0.acceptedBecause == nil }.count
        var markdown = [
            "### Schema changes", "",
            changes.isEmpty ? "No schema changes." : "\(changes.count) change\(changes.count == 1 ? "" : "s"), \(breaking) breaking.",
            "",
        ]
        if !changes.isEmpty {
            markdown.append("| Severity | Rule | Element | Direction | Wire | Swift source | Change |")
            markdown.append("|---|---|---|---|---|---|---|")
            for change in ordered(changes) {
                let severity = change.acceptedBecause == nil ? severityName(change.severity) : "accepted"
                let message = Report.markdownCell(change.message + (change.acceptedBecause.map { " — accepted: \($0)" } ?? ""))
                markdown.append(
                    "| \(severity) | `\(change.rule.rawValue)` | `\(change.path)` | \(change.direction?.rawValue ?? "—") | \(change.wire.rawValue) | "
                        + "\(change.source.rawValue) | \(message) (\(change.location.file):\(change.location.line)) |"
                )
            }
        }
        let live = changes.filter { $0.acceptedBecause == nil }
        let json: PayJSON = [
            "changes": .array(changes.map(\.json)),
            "errors": .number(String(live.filter { $0.severity == .error }.count)),
            "warnings": .number(String(live.filter { $0.severity == .warning }.count)),
            "info": .number(String(live.filter { $0.severity == .note }.count)),
            "accepted": .number(String(changes.count - live.count)),
        ]
        let annotations = changes.map { change in
            let level =
                change.acceptedBecause != nil
                ? "notice" : (change.severity == .error ? "error" : (change.severity == .warning ? "warning" : "notice"))
            let message =
                "\(change.path): \(change.message) (\(verdicts(change)))" + (change.acceptedBecause.map { " [accepted: \($0)]" } ?? "")
            return Report.Annotation(level: level, location: change.location, title: change.rule.rawValue, message: message)
        }
        return Report(text: text, markdown: markdown, json: json, annotations: annotations, junit: junit(changes))
    }

    /// JUnit XML: a test case per change (class = rule, name = element); an unaccepted error is a
    /// failure, everything else passes with its message as output.
    static func junit(_ changes: [SchemaChange]) -> JUnitReport {
        var cases = ordered(changes).map { change in
            let where_ = "\(change.location.file):\(change.location.line):\(change.location.column)"
            let text = "\(change.message) (\(verdicts(change))) at \(where_)" + (change.acceptedBecause.map { " [accepted: \($0)]" } ?? "")
            let fails = change.severity == .error && change.acceptedBecause == nil
            return JUnitReport.TestCase(
                classname: change.rule.rawValue, name: change.path, file: change.location.file, line: change.location.line,
                failure: fails ? JUnitReport.Failure(type: change.rule.rawValue, message: change.message, text: text) : nil,
                output: fails ? nil : severityName(change.severity) + ": " + text)
        }
        if cases.isEmpty { cases = [JUnitReport.TestCase(classname: "payschema.diff", name: "no schema changes")] }
        return JUnitReport(name: "payschema diff", suite: "schema changes", cases: cases)
    }
}
