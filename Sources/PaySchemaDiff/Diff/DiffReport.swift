import Foundation
import PaySchemaChecker
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax

/// Renders schema changes for people and tools.
public enum DiffReport {
    /// The output formats.
    public enum Format: String, CaseIterable, Sendable {
        /// `path:line:column: error: [RULE] message`.
        case text
        /// A table for a pull-request comment, breaking changes first.
        case markdown
        /// Machine-readable.
        case json
        /// GitHub Actions workflow annotations.
        case github
        /// JUnit XML for CI test reports: one test case per change, breaking ones failed.
        case junit
    }

    /// Whether `change` counts towards `--fail-on` at `threshold`.
    public static func fails(_ change: SchemaChange, threshold: Diagnostic.Severity?) -> Bool {
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
        (change.direction.map { "\($0); " } ?? "") + "wire: \(change.wire.rawValue), source: \(change.source.rawValue)"
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
    public static func render(_ changes: [SchemaChange], format: Format) -> String {
        switch format {
        case .text:
            if changes.isEmpty { return "no schema changes" }
            return changes.map { change in
                let severity = change.acceptedBecause == nil ? severityName(change.severity) : "note"
                let accepted = change.acceptedBecause.map { " [accepted: \($0)]" } ?? ""
                return
                    "\(change.location): \(severity): [\(change.rule)] \(change.path): \(change.message) (\(verdicts(change)))\(accepted)"
            }.joined(separator: "\n")
        case .markdown:
            let breaking = changes.filter { $0.isBreaking && $0.acceptedBecause == nil }.count
            var lines = [
                "### Schema changes", "",
                changes.isEmpty ? "No schema changes." : "\(changes.count) change\(changes.count == 1 ? "" : "s"), \(breaking) breaking.",
                "",
            ]
            if !changes.isEmpty {
                lines.append("| Severity | Rule | Element | Direction | Wire | Swift source | Change |")
                lines.append("|---|---|---|---|---|---|---|")
                for change in ordered(changes) {
                    let severity = change.acceptedBecause == nil ? severityName(change.severity) : "accepted"
                    let message = (change.message + (change.acceptedBecause.map { " — accepted: \($0)" } ?? "")).replacingOccurrences(
                        of: "|", with: "\\|")
                    lines.append(
                        "| \(severity) | `\(change.rule)` | `\(change.path)` | \(change.direction ?? "—") | \(change.wire.rawValue) | \(change.source.rawValue) | \(message) (\(change.location.file):\(change.location.line)) |"
                    )
                }
            }
            return lines.joined(separator: "\n")
        case .json:
            struct Document: Encodable {
                var changes: [SchemaChange]
                var errors: Int
                var warnings: Int
                var info: Int
                var accepted: Int
            }
            let live = changes.filter { $0.acceptedBecause == nil }
            let document = Document(
                changes: changes, errors: live.filter { $0.severity == .error }.count,
                warnings: live.filter { $0.severity == .warning }.count,
                info: live.filter { $0.severity == .note }.count, accepted: changes.count - live.count)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self)
        case .github:
            return changes.map { change in
                let level =
                    change.acceptedBecause != nil
                    ? "notice" : (change.severity == .error ? "error" : (change.severity == .warning ? "warning" : "notice"))
                let message =
                    "\(change.path): \(change.message) (\(verdicts(change)))" + (change.acceptedBecause.map { " [accepted: \($0)]" } ?? "")
                return
                    "::\(level) file=\(change.location.file),line=\(change.location.line),col=\(change.location.column),title=\(change.rule)::\(escape(message))"
            }.joined(separator: "\n")
        case .junit:
            return junit(changes)
        }
    }

    /// JUnit XML: a test case per change (class = rule, name = element); an unaccepted error is a
    /// failure, everything else passes with its message as output.
    static func junit(_ changes: [SchemaChange]) -> String {
        let failures = changes.filter { $0.severity == .error && $0.acceptedBecause == nil }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"payschema diff\" tests=\"\(max(changes.count, 1))\" failures=\"\(failures.count)\">",
            "  <testsuite name=\"schema changes\" tests=\"\(max(changes.count, 1))\" failures=\"\(failures.count)\">",
        ]
        if changes.isEmpty {
            lines.append("    <testcase classname=\"payschema.diff\" name=\"no schema changes\"/>")
        }
        for change in ordered(changes) {
            let where_ = "\(change.location.file):\(change.location.line):\(change.location.column)"
            let text = "\(change.message) (\(verdicts(change))) at \(where_)" + (change.acceptedBecause.map { " [accepted: \($0)]" } ?? "")
            lines.append(
                "    <testcase classname=\"\(xml(change.rule))\" name=\"\(xml(change.path))\" file=\"\(xml(change.location.file))\" line=\"\(change.location.line)\">"
            )
            if change.severity == .error && change.acceptedBecause == nil {
                lines.append("      <failure type=\"\(xml(change.rule))\" message=\"\(xml(change.message))\">\(xml(text))</failure>")
            } else {
                lines.append("      <system-out>\(xml(severityName(change.severity)) + ": " + xml(text))</system-out>")
            }
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }

    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // XML 1.0 has no place for other control characters.
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(
            of: "\n", with: "%0A")
    }
}
