import Foundation
@_spi(Generated) import PaySchemaVocabulary

extension CodingUserInfoKey {
    /// The `userInfo` key under which generated coders find the `WireFormat` in use.
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
