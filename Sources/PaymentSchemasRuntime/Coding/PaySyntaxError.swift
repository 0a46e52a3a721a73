/// A payload that is not well formed (JSON or XML), with the line and column of the first problem.
public struct PaySyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in bytes.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// The JSON reader's syntax error (one type for both readers).
public typealias PayJSONSyntaxError = PaySyntaxError
