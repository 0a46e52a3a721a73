/// Where an operation's parameter travels.
package enum ParameterPlace: String, Sendable, Hashable, CaseIterable {
    /// In the path.
    case path
    /// In the query.
    case query
    /// In a header.
    case header
    /// A cookie of the `Cookie` header.
    case cookie
}
