import CLITestSupport
import Foundation
import MollieCheckout
import PayPalPayments
import PaySchemaCore
import PaymentSchemasRuntime
import Testing

/// Every difference a schema lists against the provider's official schema (`upstream.differences`)
/// is a claim, and each is proven here with payloads: where we say we refuse what the official
/// schema admits, a payload shows it refused; where we say we take more, a payload shows it taken.
/// A listed difference without a proof, or a proof of a difference no schema lists, fails.
@Suite("Every listed upstream difference, proven")
struct ListedDifferenceProofTests {
    /// A payload of `type` and whether our generated type must take it.
    struct Case: Sendable, CustomStringConvertible, Decodable {
        var type: String
        var json: String
        var taken: Bool
        var description: String { "\(type) \(taken ? "takes" : "refuses") \(json)" }
    }

    /// The proofs, by `Type.difference` as the schemas name them, from
    /// `Tests/Contract/listed-difference-proofs.json`: the conformance run (CI) judges the same
    /// instances with the official schema too (a refusal must be one the official schema admits).
    static let proofs: [String: [Case]] = {
        struct File: Decodable { var proofs: [String: [Case]] }
        let url = CLITestSupport.CLIRunner.packageRoot.appending(path: "Tests/Contract/listed-difference-proofs.json")
        // Unreadable: no proofs, and `everyListedDifferenceHasAProof…` fails saying so.
        return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: url)).proofs) ?? [:]
    }()

    /// Every `Type.difference` the bundled schemas list.
    static func listed() throws -> Set<String> {
        let output = try GeneratorPipeline(schemasRoot: CLITestSupport.CLIRunner.packageRoot.appending(path: "Schemas")).run(emit: false)
        var names: Set<String> = []
        for module in output.modules.values {
            for file in module.files {
                for type in file.types {
                    for key in type.upstream?.differences.keys ?? [:].keys { names.insert("\(type.name).\(key)") }
                }
            }
        }
        return names
    }

    @Test func everyListedDifferenceHasAProofAndEveryProofAListedDifference() throws {
        let listed = try Self.listed()
        #expect(!listed.isEmpty)
        #expect(!Self.proofs.isEmpty, "Tests/Contract/listed-difference-proofs.json is missing or unreadable")
        #expect(
            Set(Self.proofs.keys).subtracting(listed).isEmpty,
            "proofs of differences no schema lists: \(Set(Self.proofs.keys).subtracting(listed).sorted())")
        #expect(
            listed.subtracting(Self.proofs.keys).isEmpty,
            "listed differences without a proof: \(listed.subtracting(Self.proofs.keys).sorted())")
    }

    @Test(arguments: proofs.sorted { $0.key < $1.key }.flatMap { key, cases in cases.map { (key, $0) } })
    func theDifferenceHolds(_ difference: String, _ proof: Case) throws {
        let type = try #require(
            PayPalPaymentsSchema.type(named: proof.type) ?? MollieCheckoutSchema.type(named: proof.type), "no type \(proof.type)")
        var problems: [String] = []
        do {
            problems = try type.read(Data(proof.json.utf8), as: .json).violations.map(\.description)
        } catch let error as PayloadDecodingError {
            problems = error.issues.map(\.description) + error.violations.map(\.description)
        }
        #expect(problems.isEmpty == proof.taken, "\(difference): \(proof) — \(problems)")
    }

    /// The retired methods are cases of ours, not the open enum's unknown value.
    @Test func retiredMollieMethodsAreKnown() throws {
        for method in ["sofort", "giropay"] {
            let known = try PayWire.decodeJSON(MollieMethod.self, from: Data("\"\(method)\"".utf8))
            #expect(known.isKnown && known.rawValue == method)
        }
    }

    /// `YES` is a case of ours, not the open enum's unknown value.
    @Test func yesIsAKnownLiabilityShift() throws {
        let shift = try PayWire.decodeJSON(LiabilityShift.self, from: Data(#""YES""#.utf8))
        #expect(shift == .yes && shift.isKnown)
    }
}
