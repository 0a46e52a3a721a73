import PaySchemaVocabulary

/// A position in a schema file: the file, and its 1-based line and column (columns count Unicode
/// scalars, as libyaml does), counted by the package's one rule, ``PayTextPosition``.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path as given to the loader.
    public var file: String
    /// The line and column in it.
    public var position: PayTextPosition

    /// 1-based line.
    public var line: Int { position.line }
    /// 1-based column.
    public var column: Int { position.column }

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.init(file: file, position: PayTextPosition(line: line, column: column))
    }

    /// Creates a location at `position` of `file`.
    public init(file: String, position: PayTextPosition) {
        self.file = file
        self.position = position
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(position)" }

    /// `{file, line, column}` as a JSON value.
    public var json: PayJSON {
        ["file": .string(file), "line": .number(String(line)), "column": .number(String(column))]
    }

    /// Orders by file, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
