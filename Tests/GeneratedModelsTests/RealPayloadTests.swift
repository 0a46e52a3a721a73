import CLITestSupport
import Foundation
@_spi(Generated) import PaymentSchemasRuntime
import PaymentSchemasVocabulary
import Testing

/// The providers' own payloads (`../shared/real-payloads/<Module.Type>/{valid,invalid}/`, read in
/// place, never copied): every valid one decodes and validates with the type its folder names, every
/// invalid one is rejected. The schemas are wrong whenever this disagrees with the providers.
@Suite("Real provider payloads")
struct RealPayloadTests {
    /// `../shared/real-payloads` beside the package root, when it exists.
    static let root: URL? = SharedReference.path("real-payloads")

    struct Sample: Sendable, CustomTestStringConvertible {
        var type: String
        var file: URL
        var valid: Bool
        var testDescription: String { "\(valid ? "valid" : "invalid")/\(type)/\(file.lastPathComponent)" }

        var format: WireFormat {
            switch file.pathExtension {
            case "url", "query": return .query
            case "xml": return .xml
            default: return .json
            }
        }
    }

    static let samples: [Sample] = {
        guard let root else { return [] }
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        var samples: [Sample] = []
        for folder in folders.sorted() where folder.contains(".") {
            for valid in [true, false] {
                let directory = root.appending(path: "\(folder)/\(valid ? "valid" : "invalid")")
                let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                for file in files.sorted() {
                    samples.append(Sample(type: folder, file: directory.appending(path: file), valid: valid))
                }
            }
        }
        return samples
    }()

    /// What reading a sample gives: `nil` when accepted, the problems otherwise.
    static func problems(_ sample: Sample) throws -> [String]? {
        let type = try #require(PayloadCorpusTests.allTypes.first { $0.matches(sample.type) }, "no type \(sample.type)")
        do {
            let result = try type.read(try Data(contentsOf: sample.file), as: sample.format)
            return result.violations.isEmpty ? nil : result.violations.map(\.description)
        } catch let error as PayloadDecodingError {
            return error.issues.map(\.description)
        }
    }

    /// What differs between a payload and the same payload decoded and written back: members lost
    /// or added, and values changed (numbers compared by their text), each with its path.
    static func differences(_ sent: PayJSON, _ written: PayJSON, at path: String = "$") -> (lost: [String], changed: [String]) {
        switch (sent, written) {
        case (.object(let before), .object(let after)):
            var lost: [String] = []
            var changed: [String] = []
            for (name, value) in before.sorted(by: { $0.key < $1.key }) {
                guard let kept = after[name] else {
                    lost.append("\(path).\(name)")
                    continue
                }
                let inner = differences(value, kept, at: "\(path).\(name)")
                lost += inner.lost
                changed += inner.changed
            }
            changed += after.keys.filter { before[$0] == nil }.sorted().map { "\(path).\($0) added" }
            return (lost, changed)
        case (.array(let before), .array(let after)) where before.count == after.count:
            var lost: [String] = []
            var changed: [String] = []
            for (index, pair) in zip(before, after).enumerated() {
                let inner = differences(pair.0, pair.1, at: "\(path)[\(index)]")
                lost += inner.lost
                changed += inner.changed
            }
            return (lost, changed)
        default:
            return sent == written ? ([], []) : ([], ["\(path): \(sent.typeName) became \(written.typeName) or another value"])
        }
    }

    /// A payload as a value to compare: JSON as parsed, a URL query as its items' tree.
    static func comparable(_ data: Data, format: WireFormat) throws -> PayJSON {
        switch format {
        case .query:
            return PayQueryTree.tree(try PayQueryText.items(PayQueryText.query(of: String(decoding: data, as: UTF8.self))))
        default:
            return try PayJSONParser.parse(data)
        }
    }

    /// Nothing dropped: every valid payload decodes and encodes back to the value the provider
    /// sent, members the schema does not model included (kept by ``PayUnknownMembers``).
    @Test(.enabled(if: root != nil, "../shared/real-payloads is absent: the round trips were not checked"))
    func everyValidPayloadRoundTripsWithNothingLost() throws {
        var trips = 0
        var lost: [String] = []
        var changed: [String] = []
        let valid = Self.samples.filter(\.valid)
        for sample in valid {
            let type = try #require(PayloadCorpusTests.allTypes.first { $0.matches(sample.type) }, "no type \(sample.type)")
            let data = try Data(contentsOf: sample.file)
            let written = try #require(try type.read(data, as: sample.format).reencoded, "\(sample.testDescription) was not written back")
            let difference = Self.differences(
                try Self.comparable(data, format: sample.format), try Self.comparable(written, format: sample.format))
            lost += difference.lost.map { "\(sample.testDescription): \($0)" }
            changed += difference.changed.map { "\(sample.testDescription): \($0)" }
            if difference.lost.isEmpty && difference.changed.isEmpty { trips += 1 }
        }
        print("real payloads: \(trips)/\(valid.count) round trips, \(lost.count) members lost")
        #expect(lost.isEmpty, "members lost:\n\(lost.joined(separator: "\n"))")
        #expect(changed.isEmpty, "values changed:\n\(changed.joined(separator: "\n"))")
        #expect(trips == valid.count && valid.count >= 70)
    }

    @Test(.enabled(if: root == nil, "../shared/real-payloads is present; the conformance test below runs"))
    func realPayloadsAreAbsent() {
        print("NOTE: ../shared/real-payloads is absent: the providers' own payloads were NOT checked.")
    }

    @Test(.enabled(if: root != nil, "../shared/real-payloads is absent: the providers' own payloads were not checked"))
    func everyValidPayloadIsAcceptedAndEveryInvalidOneRejected() throws {
        var accepted = 0
        var rejected = 0
        var wrong: [String] = []
        for sample in Self.samples {
            let problems = try Self.problems(sample)
            switch (sample.valid, problems) {
            case (true, nil): accepted += 1
            case (false, .some): rejected += 1
            case (true, .some(let found)): wrong.append("\(sample.testDescription) was rejected: \(found.joined(separator: "; "))")
            case (false, nil): wrong.append("\(sample.testDescription) was accepted")
            }
        }
        let valid = Self.samples.filter(\.valid).count
        print("real payloads: \(accepted)/\(valid) valid accepted, \(rejected)/\(Self.samples.count - valid) invalid rejected")
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        #expect(Self.samples.count >= 90, "expected the whole folder, found \(Self.samples.count) files")
        #expect(Set(Self.samples.map(\.type)).count >= 14)
    }

    /// The invalid files fail for the reason their name gives, not for an unrelated one.
    @Test(.enabled(if: root != nil, "../shared/real-payloads is absent"))
    func invalidPayloadsFailWhereTheyWereBroken() throws {
        let expectations: [String: String] = [
            "no-store-id.json": "storeId",
            "no-session-id.json": "checkoutSessionId",
            "no-state.json": "state",
            "no-status-details.json": "statusDetails",
            "no-charge-amount.json": "chargeAmount",
            "no-reason-code.json": "reasonCode",
            "charge-amount-no-currency.json": "currencyCode",
            "store-name-too-long.json": "merchantStoreName",
            "no-checkout-id.url": "checkoutId",
            "no-status.json": "status",
            "no-name.json": "name",
            "no-amount-currency.json": "currency",
            "no-created-at.json": "createdAt",
            "no-id.json": "id",
            "billing-no-country.json": "country_code",
            "no-expiry.json": "expiry",
            "no-message.json": "message",
            "ios-provider-negative-empty-href.json": "href",
            "link-without-rel.json": "rel",
            "ios-provider-negative-payerid-only.url": "requireAnyOf",
        ]
        for sample in Self.samples where !sample.valid {
            let problems = try #require(try Self.problems(sample), "\(sample.testDescription) was accepted")
            let needle = try #require(expectations[sample.file.lastPathComponent], "no expectation for \(sample.testDescription)")
            #expect(problems.contains { $0.contains(needle) }, "\(sample.testDescription): \(problems)")
        }
    }

    /// Every member of a JSON document, by path, with its value as text (a number and the decimal
    /// string of it read the same: Amazon's SDKs send amounts as numbers, its API writes strings).
    static func members(_ value: Any, at path: String = "") -> [String: String] {
        switch value {
        case let object as [String: Any]:
            return object.reduce(into: [:]) { result, member in result.merge(members(member.value, at: "\(path)/\(member.key)")) { $1 } }
        case let array as [Any]:
            return array.enumerated().reduce(into: [:]) { result, element in
                result.merge(members(element.element, at: "\(path)/\(element.offset)")) { $1 }
            }
        default:
            return [path: "\(value)"]
        }
    }

    /// The button payloads Amazon's SDK serializes (what the button's signature covers) lose no
    /// member on a round trip through `ButtonPayload`: scopes, merchant metadata, the payment and the
    /// `ProcessOrder` address are all kept, so what a merchant signs is what Amazon reads.
    @Test(.enabled(if: root != nil, "../shared/real-payloads is absent"))
    func amazonsButtonPayloadsKeepEveryMember() throws {
        let samples = Self.samples.filter { $0.valid && $0.type == "AmazonPayMobile.ButtonPayload" }
        #expect(samples.count >= 4)
        let type = try #require(PayloadCorpusTests.allTypes.first { $0.matches("AmazonPayMobile.ButtonPayload") })
        for sample in samples {
            let original = try Data(contentsOf: sample.file)
            let result = try type.read(original, as: .json)
            #expect(result.violations.isEmpty, "\(sample.testDescription)")
            let reencoded = try #require(result.reencoded)
            #expect(
                Self.members(try JSONSerialization.jsonObject(with: reencoded))
                    == Self.members(try JSONSerialization.jsonObject(with: original)),
                "\(sample.testDescription)")
        }
    }
}
