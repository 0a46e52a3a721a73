import Crypto
import Foundation
@_spi(Generated) import PaymentSchemasRuntime
import _CryptoExtras

/// Amazon Pay API v2 request signing (`AMZN-PAY-RSASSA-PSS-V2`): the canonical request both sides
/// build, and the string that is signed with RSA-PSS over SHA-256 (salt length 32).
///
/// The canonical request is, one per line: the method, the path, the query (names sorted, RFC 3986
/// percent-encoding), each signed header as `name:value` (names lowercased and sorted), an empty line,
/// the signed header names joined by `;`, and the lowercase hex SHA-256 of the body. The string to
/// sign is the algorithm name, a newline, and the lowercase hex SHA-256 of the canonical request.
public enum AmazonPaySignature {
    /// The algorithm named in the `Authorization` header and the string to sign.
    public static let algorithm = "AMZN-PAY-RSASSA-PSS-V2"
    /// The headers the merchant server always signs, besides `x-amz-pay-idempotency-key` on writes.
    public static let requiredSignedHeaders = ["accept", "content-type", "x-amz-pay-date", "x-amz-pay-host", "x-amz-pay-region"]
    /// The API host of each `x-amz-pay-region` value: the one `x-amz-pay-host` must name.
    public static let apiHosts: [String: String] = [
        "na": "pay-api.amazon.com", "us": "pay-api.amazon.com", "eu": "pay-api.amazon.eu", "jp": "pay-api.amazon.jp",
    ]

    /// The canonical request for `method path?query` with `headers` (lowercased names) and `body`.
    public static func canonicalRequest(
        method: String, path: String, query: [URLQueryItem], headers: [String: String], signedHeaders: [String], body: Data
    ) -> String {
        let names = signedHeaders.map { $0.lowercased() }.sorted()
        var lines = [method.uppercased(), path, canonicalQuery(query)]
        lines += names.map { "\($0):\(headers[$0] ?? "")" }
        lines.append("")
        lines.append(names.joined(separator: ";"))
        lines.append(hex(SHA256.hash(data: body)))
        return lines.joined(separator: "\n")
    }

    /// The string signed for a canonical request (or for a button payload).
    public static func stringToSign(_ text: String) -> String {
        algorithm + "\n" + hex(SHA256.hash(data: Data(text.utf8)))
    }

    /// The query as signed: `name=value` pairs sorted by name then value, joined by `&`.
    public static func canonicalQuery(_ items: [URLQueryItem]) -> String {
        let pairs: [(name: String, value: String)] = items.map { item in
            (PayPathEncoding.segment(item.name), PayPathEncoding.segment(item.value ?? ""))
        }
        let sorted = pairs.sorted { left, right in left.name == right.name ? left.value < right.value : left.name < right.name }
        return sorted.map { pair in pair.name + "=" + pair.value }.joined(separator: "&")
    }

    /// The parts of an `Authorization: AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=…, SignedHeaders=…, Signature=…` header.
    public struct Authorization: Sendable, Equatable {
        /// The id of the public key that verifies the signature.
        public var publicKeyID: String
        /// The signed header names, lowercased.
        public var signedHeaders: [String]
        /// The base64 signature.
        public var signature: String

        /// Creates the parts.
        public init(publicKeyID: String, signedHeaders: [String], signature: String) {
            self.publicKeyID = publicKeyID
            self.signedHeaders = signedHeaders
            self.signature = signature
        }

        /// Reads a header value; `nil` when it is not this algorithm's form. Read on its UTF-8
        /// bytes: the header is mostly the signature's base64, and every cut (`,`, `=`, `;`, a
        /// blank) is an ASCII byte, so each is a character boundary.
        public init?(header: String) {
            var header = header
            guard let parts = header.withUTF8({ Self.parts(of: $0) }) else { return nil }
            self.init(publicKeyID: parts.key, signedHeaders: parts.names, signature: parts.signature)
        }

        /// The three parts of a header value's bytes, read in place.
        private static func parts(of bytes: UnsafeBufferPointer<UInt8>) -> (key: String, names: [String], signature: String)? {
            let prefix = AmazonPaySignature.algorithm.utf8
            guard bytes.starts(with: prefix), bytes.dropFirst(prefix.count).first == UInt8(ascii: " ") else { return nil }
            var key: Slice<UnsafeBufferPointer<UInt8>>?
            var names: Slice<UnsafeBufferPointer<UInt8>>?
            var signature: Slice<UnsafeBufferPointer<UInt8>>?
            for part in bytes.dropFirst(prefix.count + 1).split(separator: UInt8(ascii: ",")) {
                let pair = trimmed(part)
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return nil }
                let name = pair[..<equals]
                let value = pair[pair.index(after: equals)...]
                if name.elementsEqual("PublicKeyId".utf8) {
                    key = value
                } else if name.elementsEqual("SignedHeaders".utf8) {
                    names = value
                } else if name.elementsEqual("Signature".utf8) {
                    signature = value
                }
            }
            guard let key, !key.isEmpty, let names, !names.isEmpty, let signature, !signature.isEmpty else { return nil }
            let text = { (bytes: Slice<UnsafeBufferPointer<UInt8>>) in String(decoding: bytes, as: UTF8.self) }
            return (text(key), names.split(separator: UInt8(ascii: ";")).map { text($0).lowercased() }, text(signature))
        }

        /// `part` without the spaces and tabs around it.
        private static func trimmed(_ part: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
            let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard let first = part.firstIndex(where: { !blank($0) }), let last = part.lastIndex(where: { !blank($0) }) else {
                return part[part.endIndex...]
            }
            return part[first...last]
        }

        /// The header value.
        public var header: String {
            "\(AmazonPaySignature.algorithm) PublicKeyId=\(publicKeyID), SignedHeaders=\(signedHeaders.joined(separator: ";")), Signature=\(signature)"
        }
    }

    /// Reads an `x-amz-pay-date` (`yyyyMMdd'T'HHmmss'Z'`, UTC, proleptic Gregorian); `nil` when it
    /// is not one.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        guard day <= (month == 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].contains(month) ? 30 : 31) else { return nil }
        // Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// The lowercase hex of `digest`, two digits per byte.
    static func hex(_ digest: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
