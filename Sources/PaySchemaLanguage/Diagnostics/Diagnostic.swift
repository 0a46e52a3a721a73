import PaySchemaVocabulary

/// One problem found in a schema, at the node that causes it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable {
        /// Generation cannot proceed.
        case error
        /// Generation proceeds but the schema should change.
        case warning
        /// Context attached to another diagnostic.
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// What is wrong, and where possible how to fix it.
    public var message: String
    /// Where it is.
    public var location: SourceLocation

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: message`, the form compilers and editors read.
    public var description: String {
        "\(location.file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }

    /// The flat JSON form `{severity, message, file, line, column}` that `payschema lint --format
    /// json` writes with the package's one JSON writer.
    public var json: PayJSON {
        [
            "severity": .string(severity.rawValue), "message": .string(message), "file": .string(location.file),
            "line": .number(String(location.line)), "column": .number(String(location.column)),
        ]
    }
}

/// Collects diagnostics from every stage; nothing stops at the first problem.
public struct Diagnostics: Sendable {
    /// Everything reported so far, in the order reported.
    public private(set) var all: [Diagnostic] = []

    /// Starts empty.
    public init() {}

    /// Reports an error.
    public mutating func error(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.error, message, at: location))
    }

    /// Reports a warning.
    public mutating func warning(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.warning, message, at: location))
    }

    /// Reports a note.
    public mutating func note(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.note, message, at: location))
    }

    /// Adds diagnostics from elsewhere.
    public mutating func append(contentsOf other: [Diagnostic]) {
        all.append(contentsOf: other)
    }

    /// Whether any error was reported.
    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// Every diagnostic sorted by location (stable for equal locations), duplicates removed.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return all.enumerated()
            .sorted { lhs, rhs in
                lhs.element.location == rhs.element.location ? lhs.offset < rhs.offset : lhs.element.location < rhs.element.location
            }
            .map(\.element)
            .filter { seen.insert($0).inserted }
    }
}
