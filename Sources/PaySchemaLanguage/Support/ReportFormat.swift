/// The formats `payschema diff` and `payschema upstream` write their reports in.
package enum ReportFormat: String, CaseIterable, Sendable {
    /// `path:line:column: error: [RULE] message`.
    case text
    /// A table for a pull-request comment, breaking changes first.
    case markdown
    /// Machine-readable, written by `PayJSONWriter`.
    case json
    /// GitHub Actions workflow annotations.
    case github
    /// JUnit XML for CI test reports (`JUnitReport`).
    case junit

    /// `text` as the message of a GitHub Actions annotation (`%`, CR and LF escaped).
    package static func githubEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(
            of: "\n", with: "%0A")
    }
}
