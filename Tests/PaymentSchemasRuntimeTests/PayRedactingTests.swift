import Foundation
@_spi(Generated) import PaymentSchemasRuntime
import Testing

/// The descriptions every generated type that can hold a secret gets from `PayRedacting`.
@Suite("PayRedacting")
struct PayRedactingTests {
    struct Login: PayRedacting {
        var user: String
        var password: String
        var hint: String?

        var redactedFields: [(String, Any)] { [("user", user as Any), ("password", PayRedaction.Redacted()), ("hint", hint as Any)] }
    }

    let login = Login(user: "ana", password: "hunter2-secret", hint: nil)

    @Test func printInterpolationAndDumpNeverShowTheSecret() {
        var dumped = ""
        dump(login, to: &dumped)
        for text in [login.description, login.debugDescription, "\(login)", String(reflecting: login), dumped] {
            #expect(!text.contains("hunter2"))
            #expect(text.contains("<redacted>"))
            #expect(text.contains("ana"))
        }
        #expect(login.description == "Login(user: \"ana\", password: <redacted>, hint: nil)")
    }

    @Test func theMirrorListsEveryField() {
        #expect(Mirror(reflecting: login).children.map(\.label) == ["user", "password", "hint"])
    }
}
