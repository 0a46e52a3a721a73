/// Where an operation's parameter travels.
public enum ParameterPlace: String, Sendable, Hashable, CaseIterable {
    /// In the path.
    case path
    /// In the query.
    case query
    /// In a header.
    case header
    /// A cookie of the `Cookie` header.
    case cookie
}
