/// A declaration's deprecation and former names, as the stages after checking need them.
public struct ResolvedLifecycle: Sendable, Hashable {
    /// The deprecation message (empty when deprecated without one); `nil` when current.
    public let deprecated: String?
    /// Former names, oldest first.
    public let renamedFrom: [String]

    /// Whether the declaration is deprecated.
    public var isDeprecated: Bool { deprecated != nil }

    init(_ lifecycle: Lifecycle) {
        deprecated = lifecycle.deprecated
        renamedFrom = lifecycle.renamedFrom.map(\.value)
    }
}
