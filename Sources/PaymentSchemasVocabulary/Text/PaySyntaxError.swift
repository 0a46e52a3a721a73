/// A payload that is not well formed (JSON or XML), with the line and column of the first problem.
public struct PaySyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the first problem is; columns count bytes.
    public var position: PayTextPosition
    /// What is wrong.
    public var message: String

    /// The 1-based line.
    public var line: Int { position.line }
    /// The 1-based column, in bytes.
    public var column: Int { position.column }

    /// Creates an error.
    public init(line: Int, column: Int, message: String) {
        self.position = PayTextPosition(line: line, column: column)
        self.message = message
    }

    /// The error at byte `offset` of `bytes` (clamped to its end): the JSON and XML readers'
    /// location, counted by the package's one rule.
    package init(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, message: String) {
        self.position = PayTextPosition(offset: offset, in: bytes, columns: .bytes)
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}

/// The JSON reader's syntax error (one type for both readers).
public typealias PayJSONSyntaxError = PaySyntaxError
