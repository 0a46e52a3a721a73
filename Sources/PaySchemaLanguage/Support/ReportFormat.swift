@_spi(Generated) import PaymentSchemasVocabulary

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
}

/// A report of `payschema diff` or `payschema upstream`: what each format shows, built by the
/// command's stage, and written in a ``ReportFormat`` by ``rendered(as:)``, the one place that
/// chooses between the formats (and writes GitHub's annotations, JSON and JUnit XML).
package struct Report: Sendable {
    /// A GitHub Actions workflow annotation.
    package struct Annotation: Sendable {
        /// `error`, `warning` or `notice`.
        package var level: String
        /// Where it points.
        package var location: SourceLocation
        /// The annotation's title (a rule).
        package var title: String
        /// The message (escaped when written).
        package var message: String

        /// Creates the annotation.
        package init(level: String, location: SourceLocation, title: String, message: String) {
            self.level = level
            self.location = location
            self.title = title
            self.message = message
        }
    }

    /// The lines of the `text` format.
    package var text: [String]
    /// The lines of the `markdown` format (cells escaped with ``markdownCell(_:)``).
    package var markdown: [String]
    /// The `json` document.
    package var json: PayJSON
    /// The `github` format's annotations, then `githubTrailer`'s lines.
    package var annotations: [Annotation]
    /// Plain lines after the annotations (a summary).
    package var githubTrailer: [String]
    /// The `junit` report.
    package var junit: JUnitReport

    /// Creates the report from what each format shows.
    package init(
        text: [String], markdown: [String], json: PayJSON, annotations: [Annotation], githubTrailer: [String] = [], junit: JUnitReport
    ) {
        self.text = text
        self.markdown = markdown
        self.json = json
        self.annotations = annotations
        self.githubTrailer = githubTrailer
        self.junit = junit
    }

    /// The report written in `format`.
    package func rendered(as format: ReportFormat) -> String {
        switch format {
        case .text:
            return text.joined(separator: "\n")
        case .markdown:
            return markdown.joined(separator: "\n")
        case .json:
            return PayJSONWriter.text(json, pretty: true)
        case .github:
            let lines = annotations.map { annotation in
                "::\(annotation.level) file=\(annotation.location.file),line=\(annotation.location.line),col=\(annotation.location.column),"
                    + "title=\(annotation.title)::\(Self.githubEscape(annotation.message))"
            }
            return (lines + githubTrailer).joined(separator: "\n")
        case .junit:
            return junit.rendered()
        }
    }

    /// `text` as the message of a GitHub Actions annotation (`%`, CR and LF escaped).
    package static func githubEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(
            of: "\n", with: "%0A")
    }

    /// `text` as a cell of a Markdown table (`|` escaped).
    package static func markdownCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
