import Foundation
import HTTPTypes
import OpenAPIRuntime
import PaymentServerCore

/// The merchant server's client transport to Amazon Pay: signs every request with
/// ``AmazonPayRequestSigner`` (including the idempotency key when the operation sends one) and
/// hands it to the transport underneath (in memory or over HTTP).
public struct AmazonPaySigningTransport: ClientTransport {
    /// The transport that carries the signed request.
    public let inner: any ClientTransport
    /// The signer holding the merchant's private key.
    public let signer: AmazonPayRequestSigner

    /// Creates a signing transport over `inner`.
    public init(_ inner: any ClientTransport, signer: AmazonPayRequestSigner) {
        self.inner = inner
        self.signer = signer
    }

    /// The largest request body it signs.
    static let maximumBody = 1 << 20

    /// Signs `request` and its body, then sends it.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: Self.maximumBody) }
        let unsigned = ServerRequest(http: request, body: data, operationID: operationID)
        let signed = try signer.sign(unsigned, idempotencyKey: unsigned.header("x-amz-pay-idempotency-key"))
        var forwarded = request
        for (name, value) in signed.headers.sorted(by: { $0.key < $1.key }) {
            guard let field = HTTPField.Name(name) else { continue }
            forwarded.headerFields[field] = value
        }
        return try await inner.send(forwarded, body: data.isEmpty ? nil : HTTPBody(data), baseURL: baseURL, operationID: operationID)
    }
}
