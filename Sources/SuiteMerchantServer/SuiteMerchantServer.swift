import Foundation
import SuiteMCommerce

/// The merchant server's side of MIT's hosted payment: the only party holding the AES key.
/// It builds `xmlA` from a ``PayRequest`` with its own clock for `date_hour` (the guide: "Fecha/Hora
/// actual del servidor del comercio"), encrypts it, and decrypts the response the hosted form
/// returns ("descifrada con la llave que se encripta el xmla").
///
/// An app reaches it through ``SuiteMerchantBackend``: in production over the merchant's own API,
/// in tests and the sandbox in process.
public struct SuiteMerchantServer: SuiteMerchantBackend {
    private let key: SuiteKey
    private let clock: @Sendable () -> Date

    /// A server holding `key`; `clock` stamps `date_hour` (the current time unless given).
    public init(key: SuiteKey, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.key = key
        self.clock = clock
    }

    /// Validates `request`, stamps `date_hour` with the server's clock and encrypts the XML
    /// (X-coded invalid input when the request breaks its schema; nothing is encrypted then).
    public func xmlA(for request: PayRequest) throws -> String {
        var stamped = request
        stamped.dateHour = clock()
        let violations = stamped.violations
        guard violations.isEmpty else {
            throw SuiteError(.invalidInput, detail: violations.map { "\($0.path) [\($0.rule)]" }.joined(separator: ", "))
        }
        return try SuiteCipher.encryptXMLA(String(decoding: try stamped.xmlData(), as: UTF8.self), key: key)
    }

    /// Decrypts and reads the hosted form's response; S002 when it does not decrypt or is not a
    /// payment response.
    public func payResponse(decrypting encryptedResponse: String) throws -> PayResponse {
        let xml = try SuiteCipher.decryptResponse(encryptedResponse, key: key)
        do {
            return try PayResponse(xml: Data(xml.utf8))
        } catch {
            throw SuiteError.keyException("the decrypted response is not a payment response")
        }
    }
}
