import Foundation

/// A wire encoding that a schema type can declare support for.
public enum WireFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// JSON bodies.
    case json
    /// XML documents.
    case xml
    /// URL query items (`a=1&b=x,y`).
    case query
}
