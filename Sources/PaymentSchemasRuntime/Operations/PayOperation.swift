import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// One header of an operation's request.
public struct PayHeaderField: Hashable, Sendable {
    /// The header's name, e.g. `x-amz-pay-idempotency-key`.
    public var name: String
    /// The header's value.
    public var value: String
    /// Whether the value is a secret that must never be logged.
    public var sensitive: Bool

    /// Creates a header.
    public init(name: String, value: String, sensitive: Bool = false) {
        self.name = name
        self.value = value
        self.sensitive = sensitive
    }
}

@_spi(Generated)
extension PayHeaderField {
    /// The headers of an operation's input in the order given, each whose value is `nil` (an
    /// optional parameter not set) left out: what a generated `headerFields` returns.
    @inlinable
    public static func list(_ headers: [(name: String, value: String?, sensitive: Bool)]) -> [PayHeaderField] {
        headers.compactMap { header in header.value.map { PayHeaderField(name: header.name, value: $0, sensitive: header.sensitive) } }
    }

    /// The value of a `Cookie` header: each cookie whose value is set, as `name=value`, in the
    /// order given and joined with `; `; `nil` when none is set (then no `Cookie` header is sent).
    @inlinable
    public static func cookie(_ cookies: [(name: String, value: String?)]) -> String? {
        let pairs = cookies.compactMap { cookie in cookie.value.map { cookie.name + "=" + $0 } }
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }
}

/// The absence of a request or response body.
public struct PayNoBody: Codable, Hashable, Sendable {
    /// Creates the empty body.
    public init() {}
}

/// A REST operation generated from a schema: everything a transport needs to build the request
/// and decode the answer.
public protocol PayOperation: Sendable {
    /// The request body type, ``PayNoBody`` when there is none.
    associatedtype RequestBody: Encodable & Sendable = PayNoBody
    /// The success body type, ``PayNoBody`` when the success answer has none.
    associatedtype ResponseBody: Decodable & Sendable = PayNoBody
    /// The error body type, ``PayNoBody`` when the operation declares none.
    associatedtype ErrorBody: Decodable & Sendable = PayNoBody

    /// The schema's name for the operation.
    static var operationID: String { get }
    /// The HTTP method.
    static var method: PayHTTPMethod { get }
    /// The path with `{parameter}` placeholders.
    static var pathTemplate: String { get }
    /// The header carrying the idempotency key, when the operation has one: requests with it are
    /// safe to retry, because the provider answers a repeated key with the first answer.
    static var idempotencyKeyHeader: String? { get }
    /// How the request body is written: `.json`, or `.query` for a form body
    /// (`application/x-www-form-urlencoded`, the request type being a URL-query type).
    static var requestFormat: WireFormat { get }
    /// Whether the request may come without a body: a server reads an empty body as the request
    /// type's empty object (`{}`), as a provider whose contract makes the body optional does.
    static var isRequestBodyOptional: Bool { get }
    /// Whether the provider refuses a member no field models at every depth of the request body
    /// (the schema's `unknownMembers: refuse` on the operation), in the types the request shares
    /// with answers too, which keep such members when they read an answer (``PayStrictReading``).
    static var refusesUnknownMembers: Bool { get }
    /// The HTTP status codes that carry a ``ResponseBody``.
    static var successStatuses: [Int] { get }
    /// The error statuses the provider answers, each with an ``ErrorBody``; empty when the schema
    /// does not list them.
    static var errorStatuses: [Int] { get }
    /// The path with parameters filled in and percent-encoded.
    var path: String { get }
    /// The query items.
    var queryItems: [URLQueryItem] { get }
    /// The request headers.
    var headerFields: [PayHeaderField] { get }
    /// The request body, `nil` when the operation sends none.
    var requestBody: RequestBody? { get }
}

extension PayOperation {
    /// No idempotency key, unless the operation declares one.
    public static var idempotencyKeyHeader: String? { nil }
    /// No listed error statuses, unless the schema lists them.
    public static var errorStatuses: [Int] { [] }
    /// A JSON body, unless the operation's request type is a URL-query type.
    public static var requestFormat: WireFormat { .json }
    /// A body is required, unless the schema says `requestOptional: true`.
    public static var isRequestBodyOptional: Bool { false }
    /// Members no field models are kept, unless the schema says `unknownMembers: refuse`.
    public static var refusesUnknownMembers: Bool { false }
    /// No query items, unless the operation declares query parameters.
    public var queryItems: [URLQueryItem] { [] }
    /// No headers, unless the operation declares header parameters.
    public var headerFields: [PayHeaderField] { [] }
}

extension PayOperation where RequestBody == PayNoBody {
    /// No body: the operation sends none.
    public var requestBody: PayNoBody? { nil }
}

/// Percent-encoding of path parameters.
@_spi(Generated)
public enum PayPathEncoding {
    /// Encodes a path segment: every UTF-8 byte but RFC 3986's unreserved ASCII characters
    /// (`A-Z a-z 0-9 - . _ ~`) is escaped as `%XX` (non-ASCII letters included).
    public static func segment(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if unreserved.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
}
