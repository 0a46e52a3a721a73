/// The keys a mapping may hold, grouped by length in bytes: whether a key is known is answered by
/// comparing it with the few known keys of its length, without hashing it.
///
/// Every field of every struct asks this for each of its keys; a `Set<String>` hashed each one.
package struct KnownKeys: Sendable {
    /// The keys as a set (for messages and suggestions).
    package let all: Set<String>
    /// The keys of each length (index = length; lengths beyond the longest key have no slot).
    private let byLength: [[String]]

    /// The keys `keys`.
    package init(_ keys: Set<String>) {
        all = keys
        var byLength = [[String]](repeating: [], count: (keys.map(\.utf8.count).max() ?? 0) + 1)
        for key in keys.sorted() { byLength[key.utf8.count].append(key) }
        self.byLength = byLength
    }

    /// Whether `key` is one of the keys.
    package func contains(_ key: String) -> Bool {
        let length = key.utf8.count
        guard length < byLength.count else { return false }
        for candidate in byLength[length] where candidate == key { return true }
        return false
    }
}
