/// The value last stored under each name, for the checker's per-struct tables (field names, each
/// format's wire names). A struct has a few fields: up to ``scanLimit`` names are found by
/// comparing them, which costs less than hashing every name; a larger table keeps a dictionary
/// beside the lists. Names are equal as `String`s are (canonical equivalence), as in a dictionary.
struct NameTable<Value> {
    /// Tables of at most this many names are scanned, larger ones indexed.
    static var scanLimit: Int { 16 }

    private var names: [String] = []
    private var values: [Value] = []
    private var index: [String: Int]?

    /// An empty table, with room for `capacity` names.
    init(capacity: Int) {
        names.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        if capacity > Self.scanLimit { index = Dictionary(minimumCapacity: capacity) }
    }

    /// The position of `name`, if it is stored.
    private func position(of name: String) -> Int? {
        if let index { return index[name] }
        // `==`, not a length first: canonically equivalent names ("é" and "e\u{301}") are one
        // name to a dictionary and differ in length.
        return names.firstIndex(of: name)
    }

    /// The value stored under `name`.
    subscript(name: String) -> Value? {
        position(of: name).map { values[$0] }
    }

    /// Stores `value` under `name`, returning the value it replaces (as `Dictionary.updateValue`).
    @discardableResult
    mutating func updateValue(_ value: Value, forKey name: String) -> Value? {
        if let position = position(of: name) {
            let old = values[position]
            values[position] = value
            return old
        }
        index?[name] = names.count
        names.append(name)
        values.append(value)
        return nil
    }
}
