/// Whole milliseconds of a duration: what the journal, the webhook attempts and their messages show.
extension Duration {
    /// The duration in whole milliseconds (rounded down).
    var wholeMilliseconds: Int {
        Int(components.seconds) * 1_000 + Int(components.attoseconds / 1_000_000_000_000_000)
    }
}
