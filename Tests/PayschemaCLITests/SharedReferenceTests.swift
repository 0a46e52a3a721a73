import CLITestSupport
import Foundation
import Testing

/// `../shared` (the guides, the providers' payloads, their contracts) is read by path, never copied:
/// without it the tests that need it skip and say so, and this one says what was not checked; in CI
/// (`PAYMENTSCHEMAS_REQUIRE_SHARED=1`) its absence fails the run, so those tests always run there.
@Suite("The shared reference")
struct SharedReferenceTests {
    static let folders = ["seeds", "real-payloads", "contracts/paypal/checkout_orders_v2.json"]

    @Test func everySharedFolderIsThereWhenRequired() {
        let missing = Self.folders.filter { SharedReference.path($0) == nil }
        if SharedReference.isRequired {
            #expect(
                missing.isEmpty,
                "PAYMENTSCHEMAS_REQUIRE_SHARED=1 but ../shared lacks \(missing): the guides', payloads' and contracts' tests would skip")
        } else if !missing.isEmpty {
            print(
                "NOTE: ../shared lacks \(missing.joined(separator: ", ")): the tests of the guides' code, the real payloads and PayPal's contract did NOT run (they skip; CI runs them)."
            )
        }
    }
}
