import AmazonPayMobile
import Foundation
import PayPalPayments
import PaymentSchemasRuntime
import SuiteMCommerce
import Testing

/// Values the guides write in prose (MIT's environments and Spanish results, the Amazon Pay
/// sample's order items, PayPal's shipping types) read as the guides spell them.
@Suite("The guides' raw values")
struct GuideRawValuesTests {
    @Test func mitEnvironmentsAndResultsAsTheGuideSpellsThem() {
        #expect(["SANDBOX", "DEV", "QA", "PROD"].compactMap(Environment.init(rawValue:)) == [.sandbox, .dev, .qa, .prod])
        #expect(PaymentResult(rawValue: "Aprobada") == .approved)
        #expect(PaymentResult(rawValue: "denegada") == .denied)
        #expect(PaymentResult.denied.rawValue == "denied")
    }

    @Test func theAmazonSamplesOrderItemsAndPayPalsShippingTypes() throws {
        let item = try PayWire.decodeJSON(
            MerchantOrderItem.self, from: Data(#"{"id":"item0008","name":"Fire HD8","price":8980,"num":2,"summary":17960}"#.utf8))
        #expect(item.num == 2 && item.price == 8980 && item.summary == item.price * item.num)
        #expect(ShippingType(rawValue: "shipping") == .shipping && ShippingType(rawValue: "pickup") == .pickup)
    }
}
