import AmazonPayMobile
import Foundation
import MollieCheckout
import PayPalPayments
import PaymentSchemasRuntime
import Testing

/// A registry longer than one part is written as private parts joined (one long array literal cost
/// the type checker seconds and gigabytes on Mollie's whole document): the joined list holds every
/// entry its file writes, once each, in the file's order, which is by name.
@Suite struct RegistryPartsTests {
    /// The registry file of `module`, as committed in `Generated/`.
    static func registryFile(_ module: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appending(path: "Generated/\(module)/\(module)Schema.generated.swift"), encoding: .utf8)
    }

    @Test(arguments: [
        ("AmazonPayMobile", AmazonPayMobileSchema.types), ("MollieCheckout", MollieCheckoutSchema.types),
        ("PayPalPayments", PayPalPaymentsSchema.types),
    ])
    func theJoinedPartsAreEveryEntryInOrder(module: String, types: [PaySchemaType]) throws {
        let text = try Self.registryFile(module)
        #expect(text.contains("public static let types: [PaySchemaType] = Array([typesPart0, typesPart1"))
        #expect(text.contains("private static let typesPart1: [PaySchemaType] = ["))
        let written = text.matches(of: #/PaySchemaType\((?<name>[A-Za-z0-9_]+)\.self/#).map { String($0.name) }
        #expect(written.count > 50)
        #expect(types.map(\.name) == written)
        #expect(written == written.sorted())
        #expect(Set(written).count == written.count)
    }
}
