import PaySchemaVocabulary

/// A position in a schema file: the file, and its 1-based line and column (columns count Unicode
/// scalars, as libyaml does), counted by the package's one rule, ``PayTextPosition``.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, interned: a location is copied without reference counting.
    public var fileName: SourceFileName
    /// The file's path as given to the loader.
    public var file: String {
        get { fileName.path }
        set { fileName = SourceFileName(newValue) }
    }
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
        self.init(fileName: SourceFileName(file), position: position)
    }

    /// Creates a location at `position` of an interned file (what a reader of one file uses for
    /// each of its nodes).
    public init(fileName: SourceFileName, position: PayTextPosition) {
        self.fileName = fileName
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
        if lhs.fileName != rhs.fileName { return lhs.file < rhs.file }
        return (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
