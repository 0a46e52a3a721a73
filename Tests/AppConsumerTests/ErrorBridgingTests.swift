import AmazonPayMobile
import Foundation
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import SuiteMCommerce
import Testing

/// Every error an app can receive bridges to `NSError` with its own domain and code, so
/// `(error as NSError).domain` and `.code` (what Objective-C code and crash reporters read) are right.
@Suite("Errors bridge to NSError")
struct ErrorBridgingTests {
    static func check<E: PayErrorCatalog>(_ catalog: E.Type) {
        for error in E.allCases {
            let bridged = error as NSError
            #expect(bridged.domain == error.domain, "\(E.self).\(error)")
            #expect(bridged.code == error.errorCode, "\(E.self).\(error)")
            #expect(bridged.localizedDescription.contains(String(describing: error.code)), "\(E.self).\(error)")
            #expect(E(code: error.code) == error)
        }
    }

    @Test func everyCodeOfEveryCatalog() {
        Self.check(MCCMerchantError.self)
        Self.check(SuiteInitializationError.self)
        Self.check(SuitePaymentError.self)
        Self.check(SuiteAuthenticationError.self)
        Self.check(SuiteTokenPaymentError.self)
        Self.check(CardClientError.self)
        Self.check(PayPalClientError.self)
        Self.check(NetworkingClientError.self)
        Self.check(PayPalNativeError.self)
        Self.check(SuiteSDKError.self)
        Self.check(MCSCommerceWebErrorCode.self)
        Self.check(AmazonPayErrorCode.self)
        Self.check(MollieCheckoutErrorCode.self)
    }

    @Test func perCodeDomainsSurviveBridging() {
        // MCCMerchant's domains differ per code: the guide's openURL is a transaction error.
        #expect((MCCMerchantError.openURL as NSError).domain == "com.masterpass.mccmerchant.transaction")
        #expect((MCCMerchantError.initialization as NSError).domain == "com.masterpass.mccmerchant.SDKInitialization")
        #expect((MCCMerchantError.openURL as NSError).code == 10010)
    }

    @Test func everyModuleErrorCode() {
        for code in MCSCommerceWebError.Code.allCases {
            let bridged = MCSCommerceWebError(code, "x") as NSError
            #expect(bridged.domain == MCSCommerceWebError.domain && bridged.code == code.rawValue)
        }
        for code in AmazonPayError.Code.allCases {
            let bridged = AmazonPayError(code, "x") as NSError
            #expect(bridged.domain == AmazonPayError.domain && bridged.code == code.rawValue)
        }
        for code in MollieCheckoutError.Code.allCases {
            let bridged = MollieCheckoutError(code, "x") as NSError
            #expect(bridged.domain == MollieCheckoutError.domain && bridged.code == code.rawValue)
        }
        for error in CardClientError.allCases {
            let bridged = CoreSDKError(error) as NSError
            #expect(bridged.domain == error.domain && bridged.code == error.errorCode)
        }
        let mit = SuiteError.keyException("tampered") as NSError
        #expect(mit.domain == SuiteInitializationError.errorDomain && mit.code == 2)
        let local = SuiteError(.flowInProgress) as NSError
        #expect(local.domain == "com.mit.suitemcommerce.sdk" && local.code == 1)
    }
}
