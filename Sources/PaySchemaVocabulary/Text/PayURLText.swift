import Foundation

/// The one strict URL reader: RFC 3986 syntax checked byte by byte before Foundation sees the text,
/// so the answer is the same on every platform and OS version (`URL(string:)` became lenient in
/// iOS 17 and percent-encodes text that is not a URL into a relative reference).
///
/// An absolute URL has a scheme and an authority with a host (`https://example.com/a`,
/// `mollie-checkout://payments/1`). A relative reference (`/path?q=1`) is accepted only where the
/// schema allows one. Spaces, control characters, non-ASCII text, `"<>\^`{|}` and `%` not followed
/// by two hex digits are never accepted.
public enum PayURLText {
    /// Why text is not a URL.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// A character a URL cannot hold.
        case invalidCharacter(offset: Int)
        /// A `%` not followed by two hex digits.
        case badPercentEscape(offset: Int)
        /// No scheme (and relative references are not allowed).
        case noScheme
        /// A scheme but no `//host`.
        case noHost
        /// The scheme is not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
        case badScheme
        /// Empty text.
        case empty

        /// A readable explanation.
        public var description: String {
            switch self {
            case .invalidCharacter(let offset): return "has a character a URL cannot hold at offset \(offset)"
            case .badPercentEscape(let offset): return "has a '%' not followed by two hex digits at offset \(offset)"
            case .noScheme: return "is not an absolute URL (no scheme)"
            case .noHost: return "is not an absolute URL with a host"
            case .badScheme: return "has an invalid scheme"
            case .empty: return "is empty"
            }
        }
    }

    /// Checks `text`; `nil` when it is a URL of the required kind.
    public static func problem(in text: String, allowRelative: Bool) -> Problem? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return .empty }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return .badPercentEscape(offset: index) }
                index += 3
                continue
            }
            guard allowed[Int(byte)] else { return .invalidCharacter(offset: index) }
            index += 1
        }
        // A scheme is the text before the first ':' when no '/', '?' or '#' comes earlier.
        let schemeEnd = bytes.firstIndex { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        guard let schemeEnd, bytes[schemeEnd] == UInt8(ascii: ":") else {
            guard allowRelative else { return .noScheme }
            // Brackets belong to an IP-literal host, which a relative reference does not have.
            if let bracket = bytes.firstIndex(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) { return .invalidCharacter(offset: bracket) }
            return nil
        }
        guard schemeEnd > 0, isAlpha(bytes[0]), bytes[1..<schemeEnd].allSatisfy({ isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) else {
            return .badScheme
        }
        let rest = bytes[(schemeEnd + 1)...]
        guard rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) else { return .noHost }
        let authority = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let hostAndPort = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? authority[...]
        let host: ArraySlice<UInt8>
        if hostAndPort.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")) else { return .noHost }
            host = hostAndPort[hostAndPort.startIndex...close]
            let port = hostAndPort[(close + 1)...]
            guard port.isEmpty || (port.first == UInt8(ascii: ":") && port.dropFirst().allSatisfy(isDigit)) else { return .noHost }
        } else {
            let parts = hostAndPort.split(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
            host = parts.first ?? []
            if parts.count == 2, !parts[1].allSatisfy(isDigit) { return .noHost }
            guard !host.contains(UInt8(ascii: "[")) && !host.contains(UInt8(ascii: "]")) else { return .noHost }
        }
        guard !host.isEmpty else { return .noHost }
        let afterAuthority = rest.dropFirst(2 + authority.count)
        if afterAuthority.contains(UInt8(ascii: "[")) || afterAuthority.contains(UInt8(ascii: "]")) { return .invalidCharacter(offset: bytes.count - afterAuthority.count) }
        return nil
    }

    /// The URL of `text` when it passes ``problem(in:allowRelative:)``.
    public static func url(_ text: String, allowRelative: Bool) -> URL? {
        guard problem(in: text, allowRelative: allowRelative) == nil else { return nil }
        return URL(string: text)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// unreserved, gen-delims and sub-delims of RFC 3986 (`%` is handled separately).
    private static let allowed: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".utf8) {
            table[Int(byte)] = true
        }
        return table
    }()
}
