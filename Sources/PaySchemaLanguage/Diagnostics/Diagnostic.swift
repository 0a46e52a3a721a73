import PaymentSchemasVocabulary

/// One problem found in a schema, at the node that causes it.
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    package enum Severity: String, Hashable, Sendable {
        /// Generation cannot proceed.
        case error
        /// Generation proceeds but the schema should change.
        case warning
        /// Context attached to another diagnostic.
        case note
    }

    /// How serious it is.
    package var severity: Severity
    /// What is wrong, and where possible how to fix it.
    package var message: String
    /// Where it is.
    package var location: SourceLocation

    /// Creates a diagnostic.
    package init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: message`, the form compilers and editors read.
    package var description: String {
        "\(location.file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }

    /// The flat JSON form `{severity, message, file, line, column}` that `payschema lint --format
    /// json` writes with the package's one JSON writer.
    package var json: PayJSON {
        [
            "severity": .string(severity.rawValue), "message": .string(message), "file": .string(location.file),
            "line": .number(String(location.line)), "column": .number(String(location.column)),
        ]
    }
}

/// Collects diagnostics from every stage; nothing stops at the first problem.
package struct Diagnostics: Sendable {
    /// Everything reported so far, in the order reported.
    package private(set) var all: [Diagnostic] = []

    /// Starts empty.
    package init() {}

    /// Reports an error.
    package mutating func error(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.error, message, at: location))
    }

    /// Reports a warning.
    package mutating func warning(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.warning, message, at: location))
    }

    /// Reports a note.
    package mutating func note(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.note, message, at: location))
    }

    /// Adds diagnostics from elsewhere.
    package mutating func append(contentsOf other: [Diagnostic]) {
        all.append(contentsOf: other)
    }

    /// Whether any error was reported.
    package var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// Every diagnostic sorted by location (stable for equal locations), duplicates removed.
    package var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return all.enumerated()
            .sorted { lhs, rhs in
                lhs.element.location == rhs.element.location ? lhs.offset < rhs.offset : lhs.element.location < rhs.element.location
            }
            .map(\.element)
            .filter { seen.insert($0).inserted }
    }
}
