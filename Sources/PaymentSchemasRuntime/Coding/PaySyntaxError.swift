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

    /// The error at byte `offset` of `bytes` (clamped to its end), with the line and column
    /// counted there: the one location rule of the JSON and XML readers.
    init(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, message: String) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<end where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        self.init(line: line, column: end - lineStart + 1, message: message)
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// The JSON reader's syntax error (one type for both readers).
public typealias PayJSONSyntaxError = PaySyntaxError
