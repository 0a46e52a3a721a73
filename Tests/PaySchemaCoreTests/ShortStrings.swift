/// Every string of up to a given length over an alphabet: the inputs on which a byte-wise path
/// is compared with the general path it stands in for (key styles, credential names, the
/// importer's text cleaning).
enum ShortStrings {
    /// Every string of `0...length` characters drawn from `alphabet`, shortest first.
    static func all(over alphabet: [Character], upTo length: Int) -> [String] {
        var strings = [""]
        var longest = [""]
        for _ in 0..<length {
            longest = longest.flatMap { prefix in alphabet.map { prefix + String($0) } }
            strings += longest
        }
        return strings
    }
}
