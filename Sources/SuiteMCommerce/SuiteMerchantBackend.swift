import Foundation

/// The merchant server's half of a hosted payment, as the guide's architecture splits it: the
/// server builds `xmlA` (with its own clock for `date_hour`) and encrypts it with the AES key MIT
/// gives the merchant (the "semilla"), and decrypts the encrypted response the hosted form hands
/// back. The key lets whoever holds it forge an `xmlA` for any amount, so it never ships in an
/// app: the app asks its server through this protocol (usually over its own HTTPS API) and only
/// ever sees ciphertext and the decrypted outcome.
///
/// `SuiteMerchantServer` (the `SuiteMerchantServer` library, for the merchant's backend) is the
/// implementation that holds the key.
public protocol SuiteMerchantBackend: Sendable {
    /// The `xmlA` for `request`: its XML with `date_hour` set by the server's clock, encrypted
    /// with the merchant's key (hex of Base64(IV ‖ ciphertext)).
    func xmlA(for request: PayRequest) async throws -> String

    /// The hosted form's encrypted response, decrypted and read (S002 when it does not decrypt
    /// with the merchant's key).
    func payResponse(decrypting encryptedResponse: String) async throws -> PayResponse
}
