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
        // Read in place (a bridged string is made native first): every URL field of every payload
        // is checked here, and a copy of the bytes and the arrays of the parts split from them
        // cost more than the reading.
        var text = text
        return text.withUTF8 { problem(in: $0, allowRelative: allowRelative) }
    }

    /// ``problem(in:allowRelative:)`` of UTF-8 bytes, by index: no part is copied out.
    static func problem(in bytes: UnsafeBufferPointer<UInt8>, allowRelative: Bool) -> Problem? {
        let count = bytes.count
        guard count > 0 else { return .empty }
        var index = 0
        var fragment = false
        while index < count {
            let byte = bytes[index]
            // One `#` starts the fragment, which holds no other.
            if byte == UInt8(ascii: "#") {
                guard !fragment else { return .invalidCharacter(offset: index) }
                fragment = true
            }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    return .badPercentEscape(offset: index)
                }
                index += 3
                continue
            }
            guard isAllowed(byte) else { return .invalidCharacter(offset: index) }
            index += 1
        }
        func first(from start: Int, to end: Int, where matches: (UInt8) -> Bool) -> Int? {
            var position = start
            while position < end {
                if matches(bytes[position]) { return position }
                position += 1
            }
            return nil
        }
        func all(from start: Int, to end: Int, _ matches: (UInt8) -> Bool) -> Bool {
            first(from: start, to: end) { !matches($0) } == nil
        }
        // A scheme is the text before the first ':' when no '/', '?' or '#' comes earlier.
        let schemeEnd = first(from: 0, to: count) {
            $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        guard let schemeEnd, bytes[schemeEnd] == UInt8(ascii: ":") else {
            guard allowRelative else { return .noScheme }
            // Brackets belong to an IP-literal host, which a relative reference does not have.
            if let bracket = first(from: 0, to: count, where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) {
                return .invalidCharacter(offset: bracket)
            }
            return nil
        }
        guard schemeEnd > 0, isAlpha(bytes[0]),
            all(
                from: 1, to: schemeEnd,
                {
                    isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                })
        else {
            return .badScheme
        }
        guard schemeEnd + 2 < count, bytes[schemeEnd + 1] == UInt8(ascii: "/"), bytes[schemeEnd + 2] == UInt8(ascii: "/") else {
            return .noHost
        }
        // The authority runs to the first '/', '?' or '#' after `//`.
        let authorityStart = schemeEnd + 3
        let authorityEnd =
            first(from: authorityStart, to: count) { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? count
        // `userinfo@host`: the userinfo cannot hold an '@' (RFC 3986), so there is at most one.
        var hostStart = authorityStart
        var signs = 0
        for position in authorityStart..<authorityEnd where bytes[position] == UInt8(ascii: "@") {
            signs += 1
            hostStart = position + 1
        }
        guard signs <= 1 else { return .noHost }
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = first(from: hostStart, to: authorityEnd, where: { $0 == UInt8(ascii: "]") }) else { return .noHost }
            guard isIPLiteral(ArraySlice(bytes[(hostStart + 1)..<close])) else { return .noHost }
            let portStart = close + 1
            guard
                portStart == authorityEnd || (bytes[portStart] == UInt8(ascii: ":") && all(from: portStart + 1, to: authorityEnd, isDigit))
            else { return .noHost }
        } else {
            let colon = first(from: hostStart, to: authorityEnd, where: { $0 == UInt8(ascii: ":") })
            let hostEnd = colon ?? authorityEnd
            if let colon, !all(from: colon + 1, to: authorityEnd, isDigit) { return .noHost }
            guard first(from: hostStart, to: hostEnd, where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) == nil else {
                return .noHost
            }
            guard hostEnd > hostStart else { return .noHost }
        }
        if first(from: authorityEnd, to: count, where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) != nil {
            return .invalidCharacter(offset: authorityEnd)
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
                        && $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "@") && $0 != UInt8(ascii: "%") && isAllowed($0)
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

    /// Whether `byte` is unreserved, a gen-delim or a sub-delim of RFC 3986 (`%` is handled
    /// separately): `A–Z a–z 0–9 - . _ ~ : / ? # [ ] @ ! $ & ' ( ) * + , ; =`, one bit per ASCII
    /// byte in two words (no table to load for every byte of every URL).
    @inline(__always) static func isAllowed(_ byte: UInt8) -> Bool {
        if byte < 64 { return (0xAFFF_FFDA_0000_0000 as UInt64) >> UInt64(byte) & 1 == 1 }
        if byte < 128 { return (0x47FF_FFFE_AFFF_FFFF as UInt64) >> UInt64(byte - 64) & 1 == 1 }
        return false
    }
}
