/// A place in a text: a 1-based line and column. The one location rule of every reader in the
/// package: the schema loader's diagnostics (`SourceLocation` in `PaySchemaCore`) and the JSON
/// and XML payload readers' syntax errors are all counted by ``init(offset:in:columns:)``.
public struct PayTextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// What a column counts.
    public enum ColumnUnit: Sendable {
        /// Bytes from the start of the line (payload readers: a column points into the bytes received).
        case bytes
        /// Unicode scalars from the start of the line (schema files: as libyaml and editors count).
        case scalars
    }

    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// A position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of byte `offset` of UTF-8 `bytes` (clamped to their end): lines end at `\n`.
    public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>, columns: ColumnUnit) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        for position in 0..<end {
            let byte = bytes[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if columns == .bytes || byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Orders by line, then column.
    public static func < (lhs: PayTextPosition, rhs: PayTextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
