import AmazonPayMobile
import Foundation
import MollieCheckout
import PayPalPayments
import PaymentSchemasRuntime
import Testing

/// An app may decode generated types with its own decoder (Foundation's `JSONDecoder`). The
/// generated decoders then rebuild the value as the package's tree and take the same path as
/// `PayWire`: the same value, the same rules, the same problems at the same paths.
@Suite("Generated types under another decoder")
struct ForeignDecoderTests {
    static let payloads = Bundle.module.url(forResource: "Payloads", withExtension: nil)!

    /// The value `T` decodes to under both decoders, as canonical JSON.
    static func bothDecoders<T: Codable>(_ type: T.Type, _ data: Data) throws -> (ours: String, foundation: String) {
        let ours = try PayWire.decodeJSON(T.self, from: data)
        let foundation = try JSONDecoder().decode(T.self, from: data)
        return (try PayWire.encodeJSONText(ours), try PayWire.encodeJSONText(foundation))
    }

    @Test func corpusPayloadsDecodeToTheSameValue() throws {
        for (module, name, check) in [
            ("MollieCheckout", "MolliePayment", { try Self.bothDecoders(MolliePayment.self, $0) }),
            ("PayPalPayments", "OrderResponse", { try Self.bothDecoders(OrderResponse.self, $0) }),
            ("AmazonPayMobile", "CheckoutSession", { try Self.bothDecoders(CheckoutSession.self, $0) }),
        ] as [(String, String, (Data) throws -> (ours: String, foundation: String))] {
            let data = try Data(contentsOf: Self.payloads.appending(path: "\(module)/\(name).json"))
            let (ours, foundation) = try check(data)
            #expect(ours == foundation, "\(name)")
        }
    }

    /// The problems `body` throws, as sorted `path: kind` strings.
    static func issues(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch let error as PayloadDecodingError {
            return error.issues.map { "\($0.path): \($0.kind.rawValue)" }.sorted()
        } catch {
            return ["unexpected \(type(of: error))"]
        }
    }

    /// A payload with several problems: both decoders report all of them, with the same paths.
    @Test func problemsAreTheSameUnderEitherDecoder() throws {
        let payload = Data(
            #"{"id":5,"status":"flying","amount":{"currency":"EUR","value":"10.5"},"description":7,"method":"ideal","createdAt":"yesterday"}"#
                .utf8)
        let ours = Self.issues { _ = try PayWire.decodeJSON(MolliePayment.self, from: payload) }
        let foundation = Self.issues { _ = try JSONDecoder().decode(MolliePayment.self, from: payload) }
        #expect(ours.count >= 3, "\(ours)")
        #expect(ours == foundation)
        // Nested under another decoder's value, the paths start where the value sits.
        struct Envelope: Decodable { var payment: MolliePayment }
        let nested = Data(#"{"payment":{"id":5}}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Envelope.self, from: nested)
            Issue.record("expected an error")
        } catch let error as PayloadDecodingError {
            #expect(error.issues.allSatisfy { $0.path.description.hasPrefix("payment.") }, "\(error.issues.map(\.path.description))")
        }
    }
}
