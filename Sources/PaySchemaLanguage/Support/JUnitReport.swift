import PaymentSchemasVocabulary

/// A JUnit XML report: the one writer behind every `--format junit` of `payschema` (the schema
/// diff and the upstream comparison). One `<testsuites>` with one `<testsuite>`; a test case either
/// fails (with its type, message and text) or passes, with optional output.
package struct JUnitReport: Sendable {
    /// One test case.
    package struct TestCase: Sendable {
        /// The class name (a rule, a type).
        package var classname: String
        /// The test's name (an element, a finding).
        package var name: String
        /// The file it concerns, if any.
        package var file: String?
        /// The line in that file, if any.
        package var line: Int?
        /// Set when the test case fails.
        package var failure: Failure?
        /// What a passing test case reports (`<system-out>`), if anything.
        package var output: String?

        /// Creates a test case.
        package init(
            classname: String, name: String, file: String? = nil, line: Int? = nil, failure: Failure? = nil, output: String? = nil
        ) {
            self.classname = classname
            self.name = name
            self.file = file
            self.line = line
            self.failure = failure
            self.output = output
        }
    }

    /// Why a test case failed.
    package struct Failure: Sendable {
        /// The failure's type (a rule), if any.
        package var type: String?
        /// The one-line message.
        package var message: String
        /// The failure's text.
        package var text: String

        /// Creates a failure.
        package init(type: String? = nil, message: String, text: String) {
            self.type = type
            self.message = message
            self.text = text
        }
    }

    /// The name of the `<testsuites>` element.
    package var name: String
    /// The name of its one `<testsuite>`.
    package var suite: String
    /// The test cases, in order.
    package var cases: [TestCase]

    /// Creates a report.
    package init(name: String, suite: String, cases: [TestCase]) {
        self.name = name
        self.suite = suite
        self.cases = cases
    }

    /// The XML text.
    package func rendered() -> String {
        let failures = cases.filter { $0.failure != nil }.count
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(Self.escape(name))\" \(counts)>",
            "  <testsuite name=\"\(Self.escape(suite))\" \(counts)>",
        ]
        for testCase in cases {
            var attributes = "classname=\"\(Self.escape(testCase.classname))\" name=\"\(Self.escape(testCase.name))\""
            if let file = testCase.file { attributes += " file=\"\(Self.escape(file))\"" }
            if let line = testCase.line { attributes += " line=\"\(line)\"" }
            guard testCase.failure != nil || testCase.output != nil else {
                lines.append("    <testcase \(attributes)/>")
                continue
            }
            lines.append("    <testcase \(attributes)>")
            if let failure = testCase.failure {
                let type = failure.type.map { " type=\"\(Self.escape($0))\"" } ?? ""
                lines.append(
                    "      <failure\(type) message=\"\(Self.escape(failure.message))\">\(Self.escape(failure.text))</failure>")
            }
            if let output = testCase.output { lines.append("      <system-out>\(Self.escape(output))</system-out>") }
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }

    /// `text` escaped for XML attribute values and text (``PayMarkupEscaping``); control
    /// characters XML 1.0 has no place for become spaces.
    package static func escape(_ text: String) -> String {
        PayMarkupEscaping.escaped(text) { scalar in
            scalar.value < 0x20 && scalar != "\n" && scalar != "\t" ? " " : nil
        }
    }
}
