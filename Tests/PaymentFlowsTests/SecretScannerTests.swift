import PaymentMocks
import PaymentScenarios
import Testing

@Suite("Secret scanner")
struct SecretScannerTests {
    @Test func realLeaksAreFound() {
        #expect(SecretScanner.leaks(of: ["737"], in: "card securityCode=737 declined") == ["737"])
        #expect(SecretScanner.leaks(of: ["737"], in: #"{"securityCode":"737"}"#) == ["737"])
        #expect(SecretScanner.leaks(of: ["4111111111111111"], in: "number 4111111111111111.") == ["4111111111111111"])
        #expect(SecretScanner.leaks(of: ["s3cr3t-key"], in: "authKey: s3cr3t-key") == ["s3cr3t-key"])
    }

    /// Seed 1012 once failed every PayPal card scenario: `737` inside a random transaction id.
    @Test func digitsInsideUnrelatedTokensAreNotLeaks() {
        #expect(SecretScanner.leaks(of: ["737"], in: "transactionId=9a1c610737f2 approved").isEmpty)
        #expect(SecretScanner.leaks(of: ["737"], in: "order 17370").isEmpty)
        #expect(SecretScanner.leaks(of: [""], in: "anything").isEmpty)
        // A later whole-token occurrence is still found after an embedded one.
        #expect(SecretScanner.leaks(of: ["737"], in: "id 610737f, code 737") == ["737"])
    }
}
