/// Which side sends values of a type.
package enum Direction: String, Sendable, Hashable, CaseIterable {
    /// The app sends it.
    case request
    /// The app receives it.
    case response
    /// Both.
    case both
}
