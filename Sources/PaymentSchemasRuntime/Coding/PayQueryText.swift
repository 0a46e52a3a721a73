import Foundation

/// Splits URL-query text into items without handing untrusted text to `URLComponents` (whose
/// `percentEncodedQuery` setter traps on invalid characters): `&`-separated `name=value` pairs,
/// each percent-decoded strictly. A `%` must be followed by two hex digits, decoded bytes must be
/// UTF-8, and characters a URL cannot hold (spaces, controls, non-ASCII) must be percent-encoded.
public enum PayQueryText {
    /// What makes query text unreadable.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The 0-based character offset in the query.
        public var offset: Int
        /// What is wrong.
        public var message: String

        /// `message at offset N`.
        public var description: String { "\(message) at offset \(offset) of the query" }
    }

    /// The query part of `text`: what follows the first `?` of a URL (up to `#`), or the text itself.
    public static func query(of text: String) -> Substring {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var query = Substring(trimmed)
        if let mark = query.firstIndex(of: "?") {
            query = query[query.index(after: mark)...]
        }
        if let hash = query.firstIndex(of: "#") {
            query = query[..<hash]
        }
        return query
    }

    /// An HTTP request target cut at its first `?` byte: the path, and the query after it (`nil`
    /// when there is no `?`). Cut on the bytes, so a mark that combines with `?` into one character
    /// stays with the query and nothing is dropped.
    public static func target(_ target: String) -> (path: Substring, query: Substring?) {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target[...], nil) }
        return (target[..<mark], target[target.utf8.index(after: mark)...])
    }

    /// The items of `query` (no leading `?`), in order; an item without `=` has a `nil` value.
    public static func items(_ query: Substring) throws(Problem) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        let bytes = Array(query.utf8)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                let pair = bytes[start..<end]
                if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                    let name = try decode(pair[pair.startIndex..<equals], offset: start)
                    let value = try decode(pair[(equals + 1)..<pair.endIndex], offset: equals + 1)
                    items.append(URLQueryItem(name: name, value: value))
                } else {
                    items.append(URLQueryItem(name: try decode(pair, offset: start), value: nil))
                }
            }
            start = end + 1
        }
        return items
    }

    /// The items of `query` as written, in order, nothing decoded: each cut at its first `=`
    /// (`nil` value without one), an empty item kept (so a query shown again from its pairs is
    /// byte for byte the one sent). For readers that show or redact a query rather than read it
    /// (``items(_:)`` reads).
    public static func pairs(_ query: Substring) -> [(name: Substring, value: Substring?)] {
        query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (item, nil) }
            return (item[..<equals], item[item.index(after: equals)...])
        }
    }

    /// A name or value of a query or form as a form reader takes it (`+` a space, percent-encoded
    /// UTF-8 decoded); `nil` when it does not decode (shown as written by callers).
    public static func formDecoded(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, offset: Int) throws(Problem) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else {
                    throw Problem(offset: index, message: "'%' is not followed by two hex digits")
                }
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "<"), byte != UInt8(ascii: ">"),
                byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "^"), byte != UInt8(ascii: "`"), byte != UInt8(ascii: "{"),
                byte != UInt8(ascii: "|"), byte != UInt8(ascii: "}")
            else {
                throw Problem(offset: index, message: "a character that must be percent-encoded")
            }
            decoded.append(byte)
            index += 1
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw Problem(offset: offset, message: "percent-encoded bytes that are not UTF-8")
        }
        return text
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
