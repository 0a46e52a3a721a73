import AmazonPayMerchantServer
import Crypto
import Foundation
import PaymentServerCore
import _CryptoExtras

/// The Amazon Pay mock's signature check: every API request must carry a valid
/// `AMZN-PAY-RSASSA-PSS-V2` signature by a registered public key, over at least the required headers
/// (and the idempotency key when one is sent). A missing, malformed, tampered or unknown-key
/// signature is answered with Amazon's 401 error body; the request never reaches the provider.
public struct AmazonPaySignatureVerifier: Sendable {
    /// Why a request was refused.
    public enum Refusal: String, Sendable, Equatable {
        /// No `Authorization` header, or not this algorithm's form.
        case missingSignature
        /// The key id is not registered.
        case unknownKey
        /// A required header is not among the signed ones.
        case headerNotSigned
        /// The signature does not verify.
        case badSignature
    }

    private let keys: [String: _RSA.Signing.PublicKey]

    /// Creates a verifier that accepts signatures by these public keys (by key id).
    public init(publicKeys: [String: _RSA.Signing.PublicKey]) {
        self.keys = publicKeys
    }

    /// This verifier, also accepting signatures by `key` under `id` (a merchant's uploaded key).
    public func adding(_ key: _RSA.Signing.PublicKey, id: String) -> AmazonPaySignatureVerifier {
        var keys = self.keys
        keys[id] = key
        return AmazonPaySignatureVerifier(publicKeys: keys)
    }

    /// Checks `request`; `nil` when it is signed correctly.
    public func refusal(for request: ServerRequest) -> Refusal? {
        guard let value = request.header("authorization"), let auth = AmazonPaySignature.Authorization(header: value) else {
            return .missingSignature
        }
        guard let key = keys[auth.publicKeyID] else { return .unknownKey }
        var required = AmazonPaySignature.requiredSignedHeaders
        if request.header("x-amz-pay-idempotency-key") != nil { required.append("x-amz-pay-idempotency-key") }
        guard required.allSatisfy(auth.signedHeaders.contains) else { return .headerNotSigned }
        guard let raw = Data(base64Encoded: auth.signature) else { return .badSignature }
        let canonical = AmazonPaySignature.canonicalRequest(
            method: request.method, path: request.path, query: request.query,
            headers: request.headers, signedHeaders: auth.signedHeaders, body: request.body)
        let message = Data(AmazonPaySignature.stringToSign(canonical).utf8)
        let valid = key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: raw), for: message, padding: .PSS)
        return valid ? nil : .badSignature
    }

    /// Checks a button payload's signature (`generateButtonSignature`): the payload text signed as is.
    public func buttonRefusal(payload: String, signature: String, publicKeyID: String) -> Refusal? {
        guard !signature.isEmpty, let raw = Data(base64Encoded: signature) else { return .missingSignature }
        guard let key = keys[publicKeyID] else { return .unknownKey }
        let message = Data(AmazonPaySignature.stringToSign(payload).utf8)
        return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: raw), for: message, padding: .PSS) ? nil : .badSignature
    }
}
