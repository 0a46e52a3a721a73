import Foundation
import PaymentSchemasRuntime
import Testing

/// The behaviour every generated open enum gets from `PayOpenEnum`.
@Suite("PayOpenEnum")
struct PayOpenEnumTests {
    enum Brand: PayOpenEnum {
        case visa
        case master
        case unknown(String)

        static let allCases: [Brand] = [.visa, .master]

        init(rawValue: String) {
            switch rawValue {
            case "VISA", "Visa": self = .visa
            case "MASTERCARD": self = .master
            default: self = .unknown(rawValue)
            }
        }

        var rawValue: String {
            switch self {
            case .visa: return "VISA"
            case .master: return "MASTERCARD"
            case .unknown(let raw): return raw
            }
        }
    }

    @Test func unlistedValuesDecodeAndEncodeBackUnchanged() throws {
        let decoded = try JSONDecoder().decode([Brand].self, from: Data(#"["VISA","Visa","AMEX"]"#.utf8))
        #expect(decoded == [.visa, .visa, .unknown("AMEX")])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["VISA","VISA","AMEX"]"#)
    }

    @Test func equalityAndHashingFollowTheWireValue() {
        #expect(Brand.unknown("VISA") == .visa)
        #expect(Brand.unknown("AMEX") != .visa)
        #expect(Set([Brand.unknown("VISA"), .visa, .unknown("AMEX")]).count == 2)
    }

    @Test func isKnownIsWhetherTheSchemaListsTheWireValue() {
        #expect(Brand.visa.isKnown)
        #expect(!Brand.unknown("AMEX").isKnown)
        // Equal to `.visa`, so listed: the answer agrees with `==`.
        #expect(Brand.unknown("VISA").isKnown)
    }

    @Test func anythingButTheRawTypeIsADecodingError() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Brand].self, from: Data("[1]".utf8)) }
    }
}
