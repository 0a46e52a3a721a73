import Foundation

/// The one strict URL reader: RFC 3986 syntax checked byte by byte before Foundation sees the text,
/// so the answer is the same on every platform and OS version (`URL(string:)` became lenient in
/// iOS 17 and percent-encodes text that is not a URL into a relative reference).
///
/// An absolute URL has a scheme and an authority with a host (`https://example.com/a`,
/// `mollie-checkout://payments/1`). A relative reference (`/path?q=1`) is accepted only where the
/// schema allows one. Spaces, control characters, non-ASCII text, `"<>\^`{|}`, `%` not followed
/// by two hex digits and a second `#` are never accepted.
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
        var fragment = false
        while index < bytes.count {
            let byte = bytes[index]
            // One `#` starts the fragment, which holds no other.
            if byte == UInt8(ascii: "#") {
                guard !fragment else { return .invalidCharacter(offset: index) }
                fragment = true
            }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    return .badPercentEscape(offset: index)
                }
                index += 3
                continue
            }
            guard allowed[Int(byte)] else { return .invalidCharacter(offset: index) }
            index += 1
        }
        // A scheme is the text before the first ':' when no '/', '?' or '#' comes earlier.
        let schemeEnd = bytes.firstIndex {
            $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        guard let schemeEnd, bytes[schemeEnd] == UInt8(ascii: ":") else {
            guard allowRelative else { return .noScheme }
            // Brackets belong to an IP-literal host, which a relative reference does not have.
            if let bracket = bytes.firstIndex(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) {
                return .invalidCharacter(offset: bracket)
            }
            return nil
        }
        guard schemeEnd > 0, isAlpha(bytes[0]),
            bytes[1..<schemeEnd].allSatisfy({
                isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else {
            return .badScheme
        }
        let rest = bytes[(schemeEnd + 1)...]
        guard rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) else { return .noHost }
        let authority = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        // `userinfo@host`: the userinfo cannot hold an '@' (RFC 3986), so there is at most one.
        let parts = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return .noHost }
        let hostAndPort = parts.last ?? authority[...]
        let host: ArraySlice<UInt8>
        if hostAndPort.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")) else { return .noHost }
            host = hostAndPort[hostAndPort.startIndex...close]
            guard isIPLiteral(host.dropFirst().dropLast()) else { return .noHost }
            let port = hostAndPort[(close + 1)...]
            guard port.isEmpty || (port.first == UInt8(ascii: ":") && port.dropFirst().allSatisfy(isDigit)) else { return .noHost }
        } else {
            let hostParts = hostAndPort.split(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
            host = hostParts.first ?? []
            if hostParts.count == 2, !hostParts[1].allSatisfy(isDigit) { return .noHost }
            guard !host.contains(UInt8(ascii: "[")) && !host.contains(UInt8(ascii: "]")) else { return .noHost }
        }
        guard !host.isEmpty else { return .noHost }
        let afterAuthority = rest.dropFirst(2 + authority.count)
        if afterAuthority.contains(UInt8(ascii: "[")) || afterAuthority.contains(UInt8(ascii: "]")) {
            return .invalidCharacter(offset: bytes.count - afterAuthority.count)
        }
        return nil
    }

    /// The URL of `text` when it passes ``problem(in:allowRelative:)``.
    public static func url(_ text: String, allowRelative: Bool) -> URL? {
        guard problem(in: text, allowRelative: allowRelative) == nil else { return nil }
        return URL(string: text)
    }

    /// The inside of `[…]`: an IPv6 address or an `IPvFuture` (`v1.x`), as RFC 3986 spells them,
    /// read so that neither common `uri` format checker (Python's `rfc3986-validator`, Rust's
    /// `jsonschema`) rejects what passes: a zone id (`%25eth0`, RFC 6874) is refused, an embedded
    /// IPv4 octet has no leading zero, and `IPvFuture` starts with a lowercase `v`.
    static func isIPLiteral(_ text: ArraySlice<UInt8>) -> Bool {
        if text.first == UInt8(ascii: "v") {
            let rest = text.dropFirst()
            guard let dot = rest.firstIndex(of: UInt8(ascii: ".")), dot > rest.startIndex, rest[..<dot].allSatisfy(isHex) else {
                return false
            }
            let tail = rest[(dot + 1)...]
            return !tail.isEmpty
                && tail.allSatisfy {
                    $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "]") && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?")
                        && $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "@") && $0 != UInt8(ascii: "%") && allowed[Int($0)]
                }
        }
        return isIPv6(text)
    }

    /// `IPv6address` of RFC 3986: eight groups of one to four hex digits, the last two of which may
    /// be a dotted IPv4 address, with at most one `::` standing for one or more zero groups.
    private static func isIPv6(_ text: ArraySlice<UInt8>) -> Bool {
        let colon = UInt8(ascii: ":")
        var halves: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == colon, index + 1 < text.endIndex, text[index + 1] == colon {
                halves.append(text[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        halves.append(text[start..<text.endIndex])
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (number, half) in halves.enumerated() where !half.isEmpty {
            let pieces = half.split(separator: colon, omittingEmptySubsequences: false)
            for (position, piece) in pieces.enumerated() {
                let last = number == halves.count - 1 && position == pieces.count - 1
                if last, piece.contains(UInt8(ascii: ".")) {
                    guard isIPv4(piece) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(piece.count), piece.allSatisfy(isHex) else { return false }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    /// Four `dec-octet`s (0–255, no leading zero) joined by dots.
    private static func isIPv4(_ text: ArraySlice<UInt8>) -> Bool {
        let octets = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { octet in
                guard (1...3).contains(octet.count), octet.allSatisfy(isDigit), octet.count == 1 || octet.first != UInt8(ascii: "0") else {
                    return false
                }
                return octet.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
            }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
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
