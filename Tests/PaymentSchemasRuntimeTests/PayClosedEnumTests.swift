import Foundation
@_spi(Generated) import PaymentSchemasRuntime
import Testing

/// What generated alias-free closed enums get from the runtime: coding with the generated error,
/// and query values through the one `RawRepresentable` path.
@Suite("Closed enums and query values from the runtime")
struct PayClosedEnumTests {
    enum Status: String, PayClosedEnum {
        case paid
        case open = "OPEN"
    }
    enum Code: Int, PayClosedEnum {
        case ok = 1001
        case canceled = 1002
    }

    @Test func listedValuesRoundTrip() throws {
        let statuses = try JSONDecoder().decode([Status].self, from: Data(#"["paid","OPEN"]"#.utf8))
        #expect(statuses == [.paid, .open])
        #expect(String(decoding: try JSONEncoder().encode(statuses), as: UTF8.self) == #"["paid","OPEN"]"#)
        #expect(try JSONDecoder().decode([Code].self, from: Data("[1002]".utf8)) == [.canceled])
    }

    @Test func unlistedValuesNameTheAllowedOnes() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Status.self, from: Data(#""open""#.utf8)) }
        do {
            _ = try JSONDecoder().decode(Code.self, from: Data("7".utf8))
            Issue.record("7 decoded as a Code")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "'7' is not a valid Code; expected one of 1001, 1002")
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            _ = try JSONDecoder().decode(Status.self, from: Data(#""open""#.utf8))
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "'open' is not a valid Status; expected one of paid, OPEN")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func queryValuesGoThroughTheRawValue() {
        #expect(Status(queryValue: "OPEN") == .open)
        #expect(Status(queryValue: "open") == nil)
        #expect(Code(queryValue: "1001") == .ok)
        #expect(Code(queryValue: "x") == nil)
        #expect(Code.canceled.queryValue == "1002")
    }
}

extension PayClosedEnumTests.Status: PayQueryValue {}
extension PayClosedEnumTests.Code: PayQueryValue {}
