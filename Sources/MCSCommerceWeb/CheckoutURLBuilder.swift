import Foundation

/// Builds the hosted checkout URL exactly as the guide's checkout URL builder, and reads the callback.
public enum CheckoutURLBuilder {
    /// The crypto formats sent when a request names none: `masterCryptoFormat=UCAF,ICC`.
    public static let defaultCryptoFormats: [String: [MCSCryptoFormat]] = ["master": [.ucaf, .icc]]

    /// The query parameters for `request` under `configuration` (the request's card types win).
    public static func parameters(configuration: MCSConfiguration, request: MCSCheckoutRequest) -> CheckoutURLParameters {
        var formats: [String: [MCSCryptoFormat]] = [:]
        for option in request.cryptoOptions ?? [] {
            formats[option.cardType.rawValue, default: []].append(contentsOf: PayStableOrderPublic.sorted(option.format))
        }
        return CheckoutURLParameters(
            checkoutId: configuration.checkoutId, cartId: request.cartId, amount: request.amount, currency: request.currency,
            allowedCardTypes: request.allowedCardTypes,
            suppressShippingAddress: request.suppressShippingAddress ?? false, locale: configuration.locale, channel: "mobile",
            cryptoFormats: formats.isEmpty ? defaultCryptoFormats : formats, suppress3Ds: request.suppress3Ds,
            cvc2Support: request.cvc2Support, validityPeriodMinutes: request.validityPeriodMinutes,
            unpredictableNumber: request.unpredictableNumber, shippingLocationProfile: request.shippingLocationProfile)
    }

    /// `checkoutUrl` (with a trailing `/`) plus the query.
    public static func url(configuration: MCSConfiguration, request: MCSCheckoutRequest) throws -> URL? {
        var base = configuration.checkoutUrl.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        guard let baseURL = URL(string: base) else { return nil }
        return try parameters(configuration: configuration, request: request).url(appendingTo: baseURL)
    }

    /// Reads a callback: `mpstatus=success` with an `oauth_token` is success; anything else is canceled.
    ///
    /// Throws `callbackMismatch` when the URL's scheme is not `callbackScheme`.
    public static func result(of callback: URL, callbackScheme: String) throws -> MCSCheckoutResult {
        guard callback.scheme?.lowercased() == callbackScheme.lowercased() else {
            throw MCSCommerceWebError(.callbackMismatch, "the callback's scheme '\(callback.scheme ?? "")' is not '\(callbackScheme)'")
        }
        guard let query = try? CheckoutCallback(url: callback) else { return .canceled }
        if query.status == "success", let transactionId = query.transactionId, !transactionId.isEmpty {
            return MCSCheckoutResult(status: .success, transactionId: transactionId, checkoutResourceURL: query.checkoutResourceUrl)
        }
        return .canceled
    }
}

/// The stable order generated encoders use, for callers outside generated code.
enum PayStableOrderPublic {
    static func sorted(_ formats: Set<MCSCryptoFormat>) -> [MCSCryptoFormat] {
        formats.sorted { $0.rawValue < $1.rawValue }
    }
}
