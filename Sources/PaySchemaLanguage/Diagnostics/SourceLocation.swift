import PaymentSchemasVocabulary

/// A position in a schema file: the file, and its 1-based line and column (columns count Unicode
/// scalars, as libyaml does), counted by the package's one rule, ``PayTextPosition``.
@usableFromInline package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, interned: a location is copied without reference counting.
    package var fileName: SourceFileName
    /// The file's path as given to the loader.
    package var file: String {
        get { fileName.path }
        set { fileName = SourceFileName(newValue) }
    }
    /// The line and column in it.
    package var position: PayTextPosition

    /// 1-based line.
    package var line: Int { position.line }
    /// 1-based column.
    package var column: Int { position.column }

    /// Creates a location.
    package init(file: String, line: Int, column: Int) {
        self.init(file: file, position: PayTextPosition(line: line, column: column))
    }

    /// Creates a location at `position` of `file`.
    package init(file: String, position: PayTextPosition) {
        self.init(fileName: SourceFileName(file), position: position)
    }

    /// Creates a location at `position` of an interned file (what a reader of one file uses for
    /// each of its nodes).
    package init(fileName: SourceFileName, position: PayTextPosition) {
        self.fileName = fileName
        self.position = position
    }

    /// `file:line:column`.
    @usableFromInline package var description: String { "\(file):\(position)" }

    /// `{file, line, column}` as a JSON value.
    package var json: PayJSON {
        ["file": .string(file), "line": .number(String(line)), "column": .number(String(column))]
    }

    /// Orders by file, then line, then column.
    @usableFromInline package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileName != rhs.fileName { return lhs.file < rhs.file }
        return (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
