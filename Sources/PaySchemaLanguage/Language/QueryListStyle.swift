/// How a list is written in a URL query.
package enum QueryListStyle: String, Sendable, Hashable, CaseIterable {
    /// `a=x,y`
    case comma
    /// `a=x&a=y`
    case repeated = "repeat"
}
