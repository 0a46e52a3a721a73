import Crypto
import Foundation
import PaymentServerCore
import _CryptoExtras

/// The merchant server's Amazon Pay signer: signs every Amazon Pay API v2 request
/// (`Authorization: AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=…, SignedHeaders=…, Signature=…`) and the
/// button payload (`generateButtonSignature`) with the merchant's RSA private key.
///
/// It lives in the sandbox's merchant-server component only: the private key never ships inside an
/// app, and no library product an app imports depends on this type. Its `description` never shows
/// the key.
public struct AmazonPayRequestSigner: Sendable, CustomStringConvertible {
    /// The id Amazon knows the merchant's public key by.
    public let publicKeyID: String
    /// `x-amz-pay-region` (`us`, `eu` or `jp`).
    public let region: String
    /// `x-amz-pay-host` (the API host the request goes to).
    public let host: String
    private let privateKey: _RSA.Signing.PrivateKey
    private let now: @Sendable () -> Date

    /// Creates a signer for the merchant's key; `host` defaults to the API host of `region`
    /// (`pay-api.amazon.com` for `us`/`na`, `.eu`, `.jp`), the one Amazon requires.
    public init(
        publicKeyID: String, privateKey: _RSA.Signing.PrivateKey, region: String = "us", host: String? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.publicKeyID = publicKeyID
        self.privateKey = privateKey
        self.region = region
        self.host = host ?? AmazonPaySignature.apiHosts[region.lowercased()] ?? "pay-api.amazon.com"
        self.now = now
    }

    /// The public key that verifies this signer's signatures (what the merchant uploads to Amazon).
    public var publicKey: _RSA.Signing.PublicKey { privateKey.publicKey }

    /// A description that names the key id only.
    public var description: String { "AmazonPayRequestSigner(publicKeyId: \(publicKeyID), region: \(region), host: \(host))" }

    /// `request` with the Amazon Pay headers and its `Authorization` header added.
    public func sign(_ request: ServerRequest, idempotencyKey: String? = nil) throws -> ServerRequest {
        var signed = request
        signed.headers["accept"] = "application/json"
        signed.headers["content-type"] = "application/json"
        signed.headers["x-amz-pay-date"] = Self.timestamp(now())
        signed.headers["x-amz-pay-host"] = host
        signed.headers["x-amz-pay-region"] = region
        var names = AmazonPaySignature.requiredSignedHeaders
        if let idempotencyKey {
            signed.headers["x-amz-pay-idempotency-key"] = idempotencyKey
            names.append("x-amz-pay-idempotency-key")
        }
        names.sort()
        let canonical = AmazonPaySignature.canonicalRequest(
            method: signed.method, path: signed.path, query: signed.query,
            headers: signed.headers, signedHeaders: names, body: signed.body)
        let signature = try signature(of: canonical)
        signed.headers["authorization"] =
            AmazonPaySignature.Authorization(
                publicKeyID: publicKeyID, signedHeaders: names, signature: signature
            ).header
        return signed
    }

    /// The button payload's signature (`generateButtonSignature`): the payload text signed as is.
    public func buttonSignature(payload: String) throws -> String {
        try signature(of: payload)
    }

    private func signature(of text: String) throws -> String {
        let message = Data(AmazonPaySignature.stringToSign(text).utf8)
        return try privateKey.signature(for: message, padding: .PSS).rawRepresentation.base64EncodedString()
    }

    /// `x-amz-pay-date`: UTC, `yyyyMMdd'T'HHmmss'Z'` as Amazon's SDKs write it.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}

extension AmazonPayRequestSigner {
    /// The sandbox merchant's key id.
    public static let sandboxPublicKeyID = "SANDBOX-MERCHANT-KEY"
    /// The sandbox merchant's key pair: generated once per process, never written anywhere.
    private static let sandboxKey: _RSA.Signing.PrivateKey? = try? _RSA.Signing.PrivateKey(keySize: .bits2048)

    /// The sandbox merchant's signer for `pay-api.amazon.jp` (the guide's region), with the process's
    /// key; the mock Amazon Pay is told to trust its ``publicKey`` and nothing else.
    public static func sandbox() throws -> AmazonPayRequestSigner {
        guard let key = sandboxKey else { throw MerchantServerError.noKey }
        return AmazonPayRequestSigner(publicKeyID: sandboxPublicKeyID, privateKey: key, region: "jp", host: "pay-api.amazon.jp")
    }
}
