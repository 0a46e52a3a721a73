import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// A generated type that is written as URL-query items.
public protocol PayQueryCodable: Decodable {
    /// The query items of this value, in schema field order; throws when a decimal has more
    /// fraction digits than its scale allows (nothing is rounded).
    func queryItems() throws -> [URLQueryItem]
}

extension PayQueryCodable {
    /// Reads the value from query items, reporting every problem as a ``PayloadDecodingError``:
    /// the items are read into the package's one tree and decoded by the type's own
    /// `init(from:)`, as JSON and XML are (``PayWire/decodeQuery(_:from:)``).
    public init(queryItems: [URLQueryItem]) throws {
        self = try PayWire.decodeQuery(Self.self, from: queryItems)
    }

    /// Reads the value from the query of a URL or from bare query text (`a=1&b=2`); text that is not
    /// a well-formed query is a ``PayloadDecodingError`` (never a trap).
    public init(query text: String) throws {
        let items: [URLQueryItem]
        guard text.utf8.count <= PayPayloadLimits.standard.maximumBytes else {
            throw PayloadDecodingError(issues: [
                PayloadIssue(
                    path: .root, kind: .malformed, message: "the query is larger than \(PayPayloadLimits.standard.maximumBytes) bytes")
            ])
        }
        do {
            items = try PayQueryText.items(PayQueryText.query(of: text))
        } catch {
            throw PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: "not a well-formed query: \(error)")])
        }
        try self.init(queryItems: items)
    }

    /// Reads the value from the query of `url`, with the same strict reader as ``init(query:)``
    /// (one query reader: a `%` not followed by two hex digits, or bytes that are not UTF-8, are
    /// a `malformed` problem, never an item silently dropped).
    public init(url: URL) throws {
        let text = url.absoluteString
        let beforeFragment = text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
        try self.init(query: beforeFragment.contains("?") ? beforeFragment : "")
    }

    /// The percent-encoded query text (`a=1&b=x%2Cy`).
    public var queryString: String {
        get throws {
            PayQueryEncoding.text(try queryItems())
        }
    }

    /// `base` with this value's query items appended.
    public func url(appendingTo base: URL) throws -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        components.percentEncodedQuery = PayQueryEncoding.text((components.queryItems ?? []) + (try queryItems()))
        return components.url
    }
}

/// The package's one query writer: items as percent-encoded query text.
public enum PayQueryEncoding {
    /// `items` as query text (`a=1&b=x%2Cy`), in order; an item without a value is its name alone.
    /// Only letters, digits and `-._~!$'()*` stay as they are: `+` (a space to form readers), `,`,
    /// `/`, `:`, `;`, `?`, `@`, `&`, `=` and everything else are percent-encoded as UTF-8, so a
    /// value never changes meaning in a server's reader.
    public static func text(_ items: [URLQueryItem]) -> String {
        var out: [UInt8] = []
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            encode(item.name, into: &out)
            if let value = item.value {
                out.append(UInt8(ascii: "="))
                encode(value, into: &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func encode(_ text: String, into out: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
                UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
    }
}

/// How a list is written in a query.
@_spi(Generated)
public enum PayQueryListStyle: Sendable, Hashable {
    /// One item, values joined with `,`: `allowedCardTypes=master,visa`.
    case commaJoined
    /// One item per value: `id=1&id=2`.
    case repeated
}

/// Builds the query items of a generated type.
@_spi(Generated)
public struct PayQueryWriter {
    /// The items written so far.
    public private(set) var items: [URLQueryItem] = []

    /// Starts with no items.
    public init() {}

    /// Writes a single value when present.
    public mutating func value<T: PayQueryValue>(_ value: T?, _ key: PayFieldKey) {
        guard let value else { return }
        items.append(URLQueryItem(name: key.query, value: value.queryValue))
    }

    /// Writes a list in `style` when present.
    public mutating func list<T: PayQueryValue>(_ values: [T]?, _ key: PayFieldKey, style: PayQueryListStyle) {
        guard let values else { return }
        switch style {
        case .commaJoined: items.append(URLQueryItem(name: key.query, value: values.map(\.queryValue).joined(separator: ",")))
        case .repeated: items.append(contentsOf: values.map { URLQueryItem(name: key.query, value: $0.queryValue) })
        }
    }

    /// Writes a date in `format` when present.
    public mutating func date(_ value: Date?, _ key: PayFieldKey, format: PayDateFormat) {
        guard let value else { return }
        items.append(URLQueryItem(name: key.query, value: format.format(value)))
    }

    /// Writes a decimal in its field's canonical text when present (padded to the scale); throws
    /// when the value has more fraction digits than the scale allows, instead of rounding.
    public mutating func decimal(_ value: Decimal?, _ key: PayFieldKey) throws(PayDecimalText.ScaleError) {
        guard let value else { return }
        items.append(URLQueryItem(name: key.query, value: try key.decimal.text(value, format: .query)))
    }

    /// Writes one item per map entry, named `prefix + key + suffix`, sorted by key.
    public mutating func patternMap<T: PayQueryValue>(_ map: [String: [T]]?, prefix: String, suffix: String, style: PayQueryListStyle) {
        guard let map else { return }
        for key in map.keys.sorted() {
            list(map[key], PayFieldKey(prefix + key + suffix), style: style)
        }
    }
}
