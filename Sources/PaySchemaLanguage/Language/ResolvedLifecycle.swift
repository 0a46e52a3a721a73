/// A declaration's deprecation and former names, as the stages after checking need them.
package struct ResolvedLifecycle: Sendable, Hashable {
    /// The deprecation message (empty when deprecated without one); `nil` when current.
    package let deprecated: String?
    /// Former names, oldest first.
    package let renamedFrom: [String]

    /// Whether the declaration is deprecated.
    package var isDeprecated: Bool { deprecated != nil }

    /// A lifecycle: `deprecated` is the message (empty without one), `nil` when current.
    package init(deprecated: String?, renamedFrom: [String]) {
        self.deprecated = deprecated
        self.renamedFrom = renamedFrom
    }
}
