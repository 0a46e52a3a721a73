/// A coder that knows the coder of the enclosing value and its key in it (`PayJSONTreeDecoder`,
/// `PayJSONTreeEncoder`): the coding path is walked from that chain only when something asks
/// for it (an error), so coding a field costs no array.
protocol PayCodingChain: AnyObject {
    /// The coder of the enclosing value, `nil` at the root.
    var parent: Self? { get }
    /// This value's key in its parent, `nil` at the root.
    var key: PayCodingKey? { get }
    /// The path of the root itself (a decoder started inside a document), empty otherwise.
    var basePath: [any CodingKey] { get }
}

extension PayCodingChain {
    var basePath: [any CodingKey] { [] }

    /// The coding path of this value.
    var codingPath: [any CodingKey] { path(appending: nil) }

    /// The coding path of this value, with `last` appended when given.
    func path(appending last: PayCodingKey?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        if let last { keys.append(last) }
        var current: Self? = self
        while let coder = current, let key = coder.key {
            keys.append(key)
            current = coder.parent
        }
        return (current?.basePath ?? []) + keys.reversed()
    }
}
