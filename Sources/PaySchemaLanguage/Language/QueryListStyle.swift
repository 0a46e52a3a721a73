/// How a list is written in a URL query.
public enum QueryListStyle: String, Sendable, Hashable, CaseIterable {
    /// `a=x,y`
    case comma
    /// `a=x&a=y`
    case repeated = "repeat"
}
