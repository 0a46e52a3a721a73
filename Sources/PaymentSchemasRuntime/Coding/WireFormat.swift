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

extension CodingUserInfoKey {
    /// The `userInfo` key under which generated coders find the ``WireFormat`` in use.
    ///
    /// Decoders and encoders without it are treated as JSON.
    public static let paySchemaWireFormat = CodingUserInfoKey(rawValue: "PaymentSchemas.wireFormat")!
}

extension WireFormat {
    /// The wire format recorded in a coder's `userInfo`, JSON when none is recorded.
    @inlinable
    public static func current(_ userInfo: [CodingUserInfoKey: Any]) -> WireFormat {
        (userInfo[.paySchemaWireFormat] as? WireFormat) ?? .json
    }
}
