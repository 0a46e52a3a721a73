import PaySchemaLanguage

/// A YAML node with the position it starts at, as read by ``YAMLLoader``.
package struct YAMLNode: Sendable {
    /// How a scalar was written.
    package enum ScalarStyle: Sendable, Hashable {
        /// Unquoted.
        case plain
        /// In single or double quotes.
        case quoted
        /// A `|` or `>` block.
        case block
    }

    /// The node's content.
    package enum Value: Sendable {
        /// A scalar's text and style.
        case scalar(String, ScalarStyle)
        /// A mapping's entries in document order.
        case mapping([YAMLEntry])
        /// A sequence's items.
        case sequence([YAMLNode])
    }

    /// The content.
    package var value: Value
    /// Where the node starts.
    package var location: SourceLocation

    /// Creates a node.
    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The text of a scalar node, `nil` for collections.
    package var scalar: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// Whether the node is the YAML null (`~`, `null` or nothing, unquoted).
    package var isNull: Bool {
        if case .scalar(let text, .plain) = value {
            return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
        }
        return false
    }

    /// The entries of a mapping node, `nil` otherwise.
    package var mapping: [YAMLEntry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    /// The items of a sequence node, `nil` otherwise.
    package var sequence: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// `a scalar`, `a mapping` or `a list`, for messages.
    package var kindDescription: String {
        switch value {
        case .scalar: return isNull ? "null" : "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}

/// One entry of a mapping: its key node and its value node.
///
/// A struct rather than a `(key:value:)` tuple: an array of tuples is copied and destroyed through
/// the runtime's generic tuple witnesses, element by element, where a struct has its own.
package struct YAMLEntry: Sendable {
    /// The key.
    package var key: YAMLNode
    /// The value.
    package var value: YAMLNode

    /// Pairs a key with its value.
    package init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
