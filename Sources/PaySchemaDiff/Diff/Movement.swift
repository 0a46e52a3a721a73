/// How the set of values (or payloads) a constraint, type or rule admits moved from the old
/// revision to the new one: the diff's three-way answer, with "neither" as a case of its own.
enum Movement: Sendable, Hashable {
    /// The same set.
    case same
    /// The new set is a proper subset: old senders may send what the new side refuses.
    case tighter
    /// The new set is a proper superset: old receivers may refuse what the new side sends.
    case looser
    /// Neither contains the other (or it cannot be told).
    case unrelated
}
