import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

extension CodingUserInfoKey {
    /// The `userInfo` key under which generated coders find the `WireFormat` in use.
    ///
    /// Decoders and encoders without it are treated as JSON.
    public static let paySchemaWireFormat = CodingUserInfoKey(rawValue: "PaymentSchemas.wireFormat")!

    /// The `userInfo` key that, set to `true`, makes generated types write every modelled member
    /// in the schema's own spelling rather than as it was read (``PayWire/Spelling/schema``).
    public static let paySchemaSpelling = CodingUserInfoKey(rawValue: "PaymentSchemas.schemaSpelling")!
}

extension WireFormat {
    /// The wire format recorded in a coder's `userInfo`, JSON when none is recorded.
    @inlinable
    public static func current(_ userInfo: [CodingUserInfoKey: Any]) -> WireFormat {
        (userInfo[.paySchemaWireFormat] as? WireFormat) ?? .json
    }
}
