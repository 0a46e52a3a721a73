import AmazonPayMobile
import Foundation
import MollieCheckout
import OpenAPIRuntime
import PayPalPayments
import PaymentSchemasRuntime
import PeerTypes

/// The bundled types against swift-openapi-generator's types for the same exported schemas
/// (`Components.Schemas.<Module>_<Type>`), on the providers' published payloads
/// (`../shared/real-payloads/<Module.Type>/valid/*.json`, read in place): `PayloadDecodeTable`.
enum PeerDecodeBench {
    static func entries() -> [PayloadDecodeTable.Entry] {
        let transcoder = ISO8601DateTranscoder()
        let decoder = PayloadDecodeTable.peerDecoder { try transcoder.decode($0) }
        func entry<Ours: Codable & PayValidatable, Theirs: Codable>(
            _ folder: String, _ ours: Ours.Type, _ theirs: Theirs.Type
        ) -> PayloadDecodeTable.Entry {
            PayloadDecodeTable.entry(folder, ours, theirs, decoder: decoder)
        }
        return [
            entry(
                "AmazonPayMobile.ButtonPayload", AmazonPayMobile.ButtonPayload.self, Components.Schemas.AmazonPayMobile_ButtonPayload.self),
            entry(
                "AmazonPayMobile.CheckoutSession", AmazonPayMobile.CheckoutSession.self,
                Components.Schemas.AmazonPayMobile_CheckoutSession.self),
            entry(
                "AmazonPayMobile.CompleteCheckoutSessionRequest", AmazonPayMobile.CompleteCheckoutSessionRequest.self,
                Components.Schemas.AmazonPayMobile_CompleteCheckoutSessionRequest.self),
            entry(
                "AmazonPayMobile.ErrorResponse", AmazonPayMobile.ErrorResponse.self,
                Components.Schemas.AmazonPayMobile_AmazonPayErrorResponse.self),
            entry(
                "AmazonPayMobile.UpdateCheckoutSessionRequest", AmazonPayMobile.UpdateCheckoutSessionRequest.self,
                Components.Schemas.AmazonPayMobile_UpdateCheckoutSessionRequest.self),
            entry("MollieCheckout.MollieError", MollieCheckout.MollieError.self, Components.Schemas.MollieCheckout_MollieError.self),
            entry("MollieCheckout.MollieIssuer", MollieCheckout.MollieIssuer.self, Components.Schemas.MollieCheckout_MollieIssuer.self),
            entry("MollieCheckout.MolliePayment", MollieCheckout.MolliePayment.self, Components.Schemas.MollieCheckout_MolliePayment.self),
            entry(
                "PayPalPayments.ConfirmPaymentSourceRequest", PayPalPayments.ConfirmPaymentSourceRequest.self,
                Components.Schemas.PayPalPayments_ConfirmPaymentSourceRequest.self),
            entry(
                "PayPalPayments.ErrorResponse", PayPalPayments.ErrorResponse.self,
                Components.Schemas.PayPalPayments_PayPalErrorResponse.self),
            entry(
                "PayPalPayments.OrderResponse", PayPalPayments.OrderResponse.self, Components.Schemas.PayPalPayments_OrderResponse.self),
        ]
    }
}
