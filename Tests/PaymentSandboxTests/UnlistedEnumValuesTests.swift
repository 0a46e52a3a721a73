import Foundation
import PayPalPayments
import PaymentSchemasRuntime
import Testing

@testable import PaymentMocks

/// The walk that finds open-enum values a request carries that its schema does not list: every
/// place (a list's element, a nested struct) is found and named as a JSON pointer in the
/// provider's key style, absent fields and listed values are passed over, and an allowed enum is
/// left to its own rule.
@Suite struct UnlistedEnumValuesTests {
    static let order = #"""
        {"intent":"CAPTURE","purchase_units":[
          {"amount":{"currency_code":"USD","value":"10.00"}},
          {"amount":{"currency_code":"USD","value":"5.00"},
           "items":[{"name":"a","unit_amount":{"currency_code":"USD","value":"5.00"},"quantity":"1","category":"PHYSICAL_GOODS"},
                    {"name":"b","unit_amount":{"currency_code":"USD","value":"0.00"},"quantity":"1","category":"SERVICES"}]}]}
        """#

    @Test func everyUnlistedValueIsFoundWithItsPointer() throws {
        let request = try PayWire.decodeJSON(CreateOrderRequest.self, from: Data(Self.order.utf8))
        let found = UnlistedEnumValues.find(in: request)
        #expect(found.map(\.pointer) == ["/purchase_units/1/items/1/category"] && found.map(\.value) == ["SERVICES"], "\(found)")
        #expect(UnlistedEnumValues.find(in: request, allowing: [ItemCategory.self]).isEmpty)
        let listed = try PayWire.decodeJSON(
            CreateOrderRequest.self, from: Data(Self.order.replacingOccurrences(of: "SERVICES", with: "DIGITAL_GOODS").utf8))
        #expect(UnlistedEnumValues.find(in: listed).isEmpty)
    }
}
