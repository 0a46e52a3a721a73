import Foundation
@_spi(Generated) import PaySchemaVocabulary

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
            var components = URLComponents()
            components.queryItems = try queryItems()
            return PayQueryEncoding.strict(components.percentEncodedQuery ?? "")
        }
    }

    /// `base` with this value's query items appended.
    public func url(appendingTo base: URL) throws -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        components.queryItems = (components.queryItems ?? []) + (try queryItems())
        components.percentEncodedQuery = components.percentEncodedQuery.map(PayQueryEncoding.strict)
        return components.url
    }
}

/// Query encoding tweaks: `URLComponents` leaves `,`, `+` and `/` unescaped in values, which
/// providers read differently; these are escaped the way browsers' form encoding does.
public enum PayQueryEncoding {
    /// Escapes `+`, `,`, `/`, `:`, `;`, `?`, `@` inside an already percent-encoded query.
    public static func strict(_ query: String) -> String {
        var out = ""
        out.reserveCapacity(query.utf8.count)
        for character in query {
            switch character {
            case "+": out += "%2B"
            case ",": out += "%2C"
            case "/": out += "%2F"
            case ":": out += "%3A"
            case ";": out += "%3B"
            case "?": out += "%3F"
            case "@": out += "%40"
            default: out.append(character)
            }
        }
        return out
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
