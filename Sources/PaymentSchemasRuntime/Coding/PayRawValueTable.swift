/// The table a generated enum reads its wire values from: its `init(rawValue:)` looks a value up
/// in a `static let` of this type instead of a `switch` over every literal, which costs the
/// compiler far more than its size for a large enum and is a dozen lines of any enum's source
/// (`docs/generated-changes.md`). Up to ``largestScanned`` values are compared one by one, as the
/// `switch` did; more are hashed.
@_spi(Generated)
public struct PayRawValueTable<Value: RawRepresentable & CaseIterable & Sendable>: Sendable
where Value.RawValue: Hashable & Sendable {
    /// The most values compared one by one; a larger table is hashed.
    public static var largestScanned: Int { 16 }

    /// Every wire value with its case, in the order a `switch` would compare them.
    @usableFromInline let scanned: [(raw: Value.RawValue, value: Value)]
    /// The same, hashed, when there are more than ``largestScanned``.
    @usableFromInline let hashed: [Value.RawValue: Value]?

    /// Every case's wire value with its case, then the legacy `aliases`; the first case of a value
    /// wins, as a `switch` over the values would pick it.
    public init(aliases: [(Value.RawValue, Value)] = []) {
        var seen: Set<Value.RawValue> = []
        var pairs: [(raw: Value.RawValue, value: Value)] = []
        pairs.reserveCapacity(Value.allCases.count + aliases.count)
        for value in Value.allCases where seen.insert(value.rawValue).inserted {
            pairs.append((value.rawValue, value))
        }
        for (raw, value) in aliases where seen.insert(raw).inserted {
            pairs.append((raw, value))
        }
        if pairs.count > Self.largestScanned {
            hashed = Dictionary(pairs.map { ($0.raw, $0.value) }, uniquingKeysWith: { first, _ in first })
            scanned = []
        } else {
            hashed = nil
            scanned = pairs
        }
    }

    /// The case of `raw`, or `nil` when the table does not list it.
    @inlinable
    public subscript(raw: Value.RawValue) -> Value? {
        if let hashed { return hashed[raw] }
        for pair in scanned where pair.raw == raw { return pair.value }
        return nil
    }

    /// How many wire values the table lists, aliases included.
    var count: Int { hashed?.count ?? scanned.count }
}
