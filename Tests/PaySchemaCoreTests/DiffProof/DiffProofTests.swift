import Foundation
import Synchronization
import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// Every rule's verdicts proven by the real judges, for every old/new pair of `SchemaDiffTests`:
///
/// - **Swift source**: Swift is generated from both revisions; a client written against the old
///   generated API (``OldAPIClient``: construct, read, write, switch exhaustively, pattern-match,
///   call) must compile against it, and against the new one it must fail to compile exactly when
///   the diff says source-breaking.
/// - **Wire**: a program is built from each revision's generated code (``WireDriver``). The writer
///   (the old revision for requests, the new one for responses, both ways when a type goes both
///   ways) keeps the candidate payloads (``WireSamples``) its generated decoder accepts and encodes
///   them again; the reader's generated decoder must refuse one of those payloads exactly when the
///   diff says wire-breaking, and read a different value from one exactly when it says dangerous.
///   Operations are proven the same way with the request the old revision's operation builds.
@Suite("Schema diff verdicts proven by the compiler and by payloads")
struct DiffProofTests {
    struct Proof: Sendable {
        var name: String
        var rules: [String]
        /// The direction of each change, in `rules`' order (`nil` for catalogs and operations).
        var directions: [String?] = []
        var expectedWire: Verdict
        var expectedSource: Verdict
        var compiles = false
        var compilerErrors: [String] = []
        var provenWire: Verdict = .compatible
        var wireEvidence: [String] = []
        var problems: [String] = []
        /// How many payloads the readers judged.
        var payloadCount = 0
    }

    static func severity(_ verdict: Verdict) -> Int {
        switch verdict {
        case .compatible: return 0
        case .dangerous: return 1
        case .breaking: return 2
        }
    }

    static func worst(_ verdicts: [Verdict]) -> Verdict {
        verdicts.max { severity($0) < severity($1) } ?? .compatible
    }

    /// The cases the proof runs: every case of `SchemaDiffTests`, plus, for every rule and every
    /// direction (request, response, both) no case reports it in alone, the first single-rule case
    /// of that rule rewritten for that direction (its types' `direction:` set or swapped), when the
    /// rewrite still reports that one rule alone.
    static let proofCases: [SchemaDiffTests.Case] = {
        let cases = SchemaDiffTests.cases
        var covered = Set<String>()
        var firstCase: [String: SchemaDiffTests.Case] = [:]
        for testCase in cases {
            let changes = SchemaDiffTests.diff(testCase.old, testCase.new)
            guard changes.count == 1, let change = changes.first else { continue }
            covered.insert(change.rule.rawValue + " " + (change.direction?.rawValue ?? "-"))
            if firstCase[change.rule.rawValue] == nil, change.direction != nil { firstCase[change.rule.rawValue] = testCase }
        }
        var variants: [SchemaDiffTests.Case] = []
        for rule in DiffRule.allCases {
            guard let base = firstCase[rule.rawValue] else { continue }
            for direction in Direction.allCases.map(\.rawValue) where !covered.contains(rule.rawValue + " " + direction) {
                let variant = SchemaDiffTests.Case(
                    name: "\(base.name) [\(direction)]", old: directed(base.old, direction), new: directed(base.new, direction),
                    expected: [])
                guard case (_?, let oldProblems) = check(["s.yaml": variant.old], module: "M"),
                    case (_?, let newProblems) = check(["s.yaml": variant.new], module: "M"),
                    !(oldProblems + newProblems).contains(where: { $0.severity == .error })
                else { continue }
                let changes = SchemaDiffTests.diff(variant.old, variant.new)
                if changes.count == 1, changes[0].rule == rule, changes[0].direction?.rawValue == direction {
                    variants.append(variant)
                    covered.insert(rule.rawValue + " " + direction)
                }
            }
        }
        // Every enum rule on an open enum too, in every direction: the same case with `open: true`
        // on both revisions (rules about openness itself excepted), kept when it still reports
        // that one rule alone.
        for testCase in cases {
            let changes = SchemaDiffTests.diff(testCase.old, testCase.new)
            guard changes.count == 1, changes[0].rule.rawValue.hasPrefix("ENUM_"), !changes[0].rule.rawValue.hasPrefix("ENUM_BECAME"),
                let old = opened(testCase.old), let new = opened(testCase.new)
            else { continue }
            for direction in Direction.allCases.map(\.rawValue) {
                let variant = SchemaDiffTests.Case(
                    name: "\(testCase.name) [open, \(direction)]", old: directed(old, direction), new: directed(new, direction),
                    expected: [])
                let found = SchemaDiffTests.diff(variant.old, variant.new)
                if found.count == 1, found[0].rule == changes[0].rule, found[0].direction?.rawValue == direction,
                    !variants.contains(where: { $0.old == variant.old && $0.new == variant.new })
                {
                    variants.append(variant)
                }
            }
        }
        return cases + variants
    }()

    /// `yaml` with each enum declared `open: true`; `nil` when one already is.
    static func opened(_ yaml: String) -> String? {
        guard !yaml.contains("open: true"), yaml.contains("kind: enum") else { return nil }
        return yaml.replacing(try! Regex(#"(?m)^(\s+)kind: enum$"#)) { match in
            let indent = match.output[1].substring ?? ""
            return "\(indent)kind: enum\n\(indent)open: true"
        }.replacing("kind: enum,", with: "kind: enum, open: true,")
    }

    /// `yaml` with every type sending in `direction`: existing `direction:` keys rewritten, and one
    /// added after each `kind:` that has none (`both` is the default, so it removes them).
    static func directed(_ yaml: String, _ direction: String) -> String {
        let existing = try! Regex(#"(,\s*)?direction: (request|response|both)(\s*,)?"#)
        var text = yaml
        if direction == "both" {
            return text.replacing(existing) { match in
                (match.output[1].substring != nil && match.output[3].substring != nil) ? ", " : ""
            }
        }
        if text.contains("direction: ") {
            return text.replacing(try! Regex("direction: (request|response|both)"), with: "direction: \(direction)")
        }
        text = text.replacing(try! Regex(#"kind: (struct|enum|union|scalar)(\s*[,}])"#)) { match in
            "kind: \(match.output[1].substring ?? ""), direction: \(direction)\(match.output[2].substring ?? "")"
        }
        return text.replacing(try! Regex(#"(?m)^(\s+)kind: (struct|enum|union|scalar)$"#)) { match in
            let indent = match.output[1].substring ?? ""
            return "\(indent)kind: \(match.output[2].substring ?? "")\n\(indent)direction: \(direction)"
        }
    }

    @Test func everyRuleHasCompilerAndPayloadProvenVerdicts() throws {
        let toolchain = try ProofToolchain.locate()
        let root = FileManager.default.temporaryDirectory.appending(path: "payschema-diff-proof-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cases = Self.proofCases
        let results = Mutex<[Int: Proof]>([:])
        DispatchQueue.concurrentPerform(iterations: cases.count) { index in
            let proof = Self.prove(cases[index], toolchain: toolchain, in: root.appending(path: "case\(index)"))
            results.withLock { $0[index] = proof }
        }
        let proofs = results.withLock { value in (0..<cases.count).compactMap { value[$0] } }
        #expect(proofs.count == cases.count)
        var proven: [RuleTable.Key: [RuleTable.Row]] = [:]
        for proof in proofs {
            #expect(proof.problems.isEmpty, "\(proof.name): \(proof.problems.joined(separator: "\n"))")
            let sourceMatches = proof.compiles == (proof.expectedSource != .breaking)
            #expect(
                sourceMatches,
                """
                \(proof.name) \(proof.rules): the diff says source \(proof.expectedSource.rawValue), the old client \
                \(proof.compiles ? "compiles" : "does not compile") against the new generated code \(proof.compilerErrors.prefix(3))
                """)
            #expect(
                proof.provenWire == proof.expectedWire,
                """
                \(proof.name) \(proof.rules): the diff says wire \(proof.expectedWire.rawValue), the payloads say \
                \(proof.provenWire.rawValue): \(proof.wireEvidence.prefix(3))
                """)
            // A rule counts as proven, in a direction, by a case that reports it alone, so its own
            // verdicts are what the compiler and the payloads judged.
            if proof.problems.isEmpty && sourceMatches && proof.provenWire == proof.expectedWire && proof.rules.count == 1 {
                // Each distinct pair of verdicts a rule takes in a direction, with its first proof.
                let key = RuleTable.Key(rule: proof.rules[0], direction: proof.directions[0])
                if !(proven[key] ?? []).contains(where: { $0.wire == proof.expectedWire && $0.source == proof.expectedSource }) {
                    proven[key, default: []].append(
                        RuleTable.Row(
                            wire: proof.expectedWire, source: proof.expectedSource, proof: proof.name, payloads: proof.payloadCount))
                }
            }
        }
        let table = RuleTable(proven: proven)
        #expect(table.missing == [], "rules without a proven case of their own in each direction")
        try table.check(against: packageRoot.appending(path: "docs/schema-diff-rules.md"))
    }

    /// Generates, compiles and runs both revisions of one case.
    static func prove(_ testCase: SchemaDiffTests.Case, toolchain: ProofToolchain, in directory: URL) -> Proof {
        let changes = SchemaDiffTests.diff(testCase.old, testCase.new)
        var proof = Proof(
            name: testCase.name, rules: changes.map(\.rule.rawValue), directions: changes.map(\.direction?.rawValue),
            expectedWire: worst(changes.map(\.wire)), expectedSource: worst(changes.map(\.source)))
        guard case (let old?, _) = check(["s.yaml": testCase.old], module: "M"),
            case (let new?, _) = check(["s.yaml": testCase.new], module: "M")
        else {
            proof.problems.append("a revision does not check")
            return proof
        }
        do {
            let oldFolder = directory.appending(path: "old")
            let newFolder = directory.appending(path: "new")
            let client = directory.appending(path: "client/Client.swift")
            try FileManager.default.createDirectory(at: client.deletingLastPathComponent(), withIntermediateDirectories: true)
            try OldAPIClient(module: old).source.write(to: client, atomically: true, encoding: .utf8)
            let oldSources = try write(old, to: oldFolder)
            let newSources = try write(new, to: newFolder)

            // The client compiles against the revision it was written for (else the proof is void).
            let oldBuild = try toolchain.build(oldSources + [client], output: oldFolder.appending(path: "program"))
            guard oldBuild.succeeded else {
                proof.problems.append("the client does not compile against the old generated code: \(oldBuild.errors.prefix(5))")
                return proof
            }
            let newProgram = newFolder.appending(path: "program")
            let newBuild = try toolchain.build(newSources + [client], output: newProgram)
            proof.compiles = newBuild.succeeded
            if !newBuild.succeeded {
                proof.compilerErrors = newBuild.errors
                let elsewhere = newBuild.errors.filter { !$0.contains("Client.swift") }
                if !elsewhere.isEmpty { proof.problems.append("the new generated code itself does not compile: \(elsewhere.prefix(5))") }
                let plain = try toolchain.build(newSources, output: newProgram)
                guard plain.succeeded else {
                    proof.problems.append("the new generated code does not compile: \(plain.errors.prefix(5))")
                    return proof
                }
            }
            try proveWire(
                &proof, old: old, new: new, oldProgram: oldFolder.appending(path: "program"), newProgram: newProgram, toolchain: toolchain)
        } catch {
            proof.problems.append("\(error)")
        }
        return proof
    }

    /// The generated files of a revision plus its wire driver as `main.swift`.
    static func write(_ module: CheckedSchemas, to folder: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var urls: [URL] = []
        for file in SwiftEmitter.emit(module.resolved) {
            let url = folder.appending(path: file.name)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            urls.append(url)
        }
        let main = folder.appending(path: "main.swift")
        try WireDriver(module: module).source.write(to: main, atomically: true, encoding: .utf8)
        return urls + [main]
    }

    struct Side {
        var module: CheckedSchemas
        var program: URL
    }

    static func proveWire(
        _ proof: inout Proof, old: CheckedSchemas, new: CheckedSchemas, oldProgram: URL, newProgram: URL, toolchain: ProofToolchain
    ) throws {
        let diff = SchemaDiff(old: ["M": old.resolved], new: ["M": new.resolved])
        let oldSide = Side(module: old, program: oldProgram)
        let newSide = Side(module: new, program: newProgram)
        let patterns = [old, new].flatMap { module in module.types.values.flatMap(patterns(of:)) }
        var verdicts: [Verdict] = []
        for name in old.types.keys.sorted() {
            guard
                let newName = new.types[name] != nil
                    ? name : new.types.values.first(where: { $0.lifecycle.renamedFrom.contains { $0.value == name } })?.name.value
            else { continue }
            let direction = diff.direction("M", newName)
            var pairs: [(writer: Side, writerName: String, reader: Side, readerName: String, label: String)] = []
            if direction != .response { pairs.append((oldSide, name, newSide, newName, "request \(name): old → new")) }
            if direction != .request { pairs.append((newSide, newName, oldSide, name, "response \(newName): new → old")) }
            for pair in pairs {
                let presenceRules = [old, new].contains { module in
                    module.types.values.contains { if case .structure(let decl) = $0.kind { !decl.requireAnyOf.isEmpty } else { false } }
                }
                let samples = WireSamples(module: pair.writer.module, otherPatterns: patterns, hasPresenceRules: presenceRules)
                var candidates = samples.json(for: pair.writerName).map { ("json", $0) }
                candidates += samples.query(for: pair.writerName).map { ("query", $0) }
                let written = try toolchain.converse(
                    pair.writer.program, candidates.map { "read\t\($0.0)\t\(pair.writerName)\t" + Data($0.1.utf8).base64EncodedString() })
                var payloads: [(format: String, payload: Data, writerReading: Data?, writerUnknowns: Int)] = []
                for (candidate, answer) in zip(candidates, written) where answer.hasPrefix("ok\t") {
                    let (reencoded, unknowns) = Self.reading(answer)
                    payloads.append((candidate.0, Data(candidate.1.utf8), reencoded, unknowns))
                    // What the writer's generated code encodes is a payload of its own.
                    if candidate.0 == "json", let reencoded { payloads.append(("json", reencoded, reencoded, unknowns)) }
                }
                guard !payloads.isEmpty else {
                    proof.problems.append("\(pair.label): the writer accepts none of \(candidates.count) candidates")
                    continue
                }
                let keys = fieldKeys(writer: pair.writer.module.type(pair.writerName), reader: pair.reader.module.type(pair.readerName))
                let read = try toolchain.converse(
                    pair.reader.program, payloads.map { "read\t\($0.format)\t\(pair.readerName)\t" + $0.payload.base64EncodedString() })
                proof.payloadCount += payloads.count
                for (payload, answer) in zip(payloads, read) {
                    let text = String(decoding: payload.payload, as: UTF8.self)
                    if !answer.hasPrefix("ok") {
                        verdicts.append(.breaking)
                        proof.wireEvidence.append("\(pair.label): \(text) is refused: \(answer.prefix(200))")
                    } else if payload.format == "json", let mine = payload.writerReading, let theirs = Self.reading(answer).reencoded,
                        conflicts(mine, theirs, keys: keys)
                    {
                        verdicts.append(.dangerous)
                        proof.wireEvidence.append(
                            "\(pair.label): \(text) reads as \(String(decoding: theirs, as: UTF8.self)) instead of \(String(decoding: mine, as: UTF8.self))"
                        )
                    } else if Self.reading(answer).unknowns > payload.writerUnknowns {
                        // Kept and re-sent exactly, but a value the writer knows is `.unknown` here.
                        verdicts.append(.dangerous)
                        proof.wireEvidence.append(
                            "\(pair.label): \(text) is read with \(Self.reading(answer).unknowns) value(s) as .unknown, the writer \(payload.writerUnknowns)"
                        )
                    }
                }
            }
        }
        // Requests of every operation the old revision has: built by the old generated code, judged by the new.
        for operation in old.files.flatMap(\.operations) {
            let name = operation.name.value
            let sent = try toolchain.converse(oldProgram, ["send\t\(name)"])
            guard let request = sent.first, request.hasPrefix("request\t") else {
                proof.problems.append("operation \(name): the old program cannot build its request (\(sent))")
                continue
            }
            let answer = try toolchain.converse(newProgram, ["receive\t\(name)\t" + request.dropFirst("request\t".count)]).first ?? ""
            if answer != "ok" {
                verdicts.append(.breaking)
                proof.wireEvidence.append("operation \(name): \(request) is \(answer)")
            }
        }
        proof.provenWire = worst(verdicts)
    }

    /// A driver's `ok <base64 re-encoding> <unknowns>` answer, read.
    static func reading(_ answer: String) -> (reencoded: Data?, unknowns: Int) {
        let parts = answer.split(separator: "\t", omittingEmptySubsequences: false)
        return (parts.count > 1 ? Data(base64Encoded: String(parts[1])) : nil, parts.count > 2 ? Int(parts[2]) ?? 0 : 0)
    }

    static func patterns(of type: TypeDecl) -> [String] {
        switch type.kind {
        case .structure(let decl): return decl.fields.compactMap { $0.constraints.pattern?.value }
        case .scalar(let decl): return [decl.constraints.pattern?.value].compactMap { $0 }
        default: return []
        }
    }

    /// For two revisions of a struct, the reader's JSON key of every field both have (matched by
    /// name or `renamedFrom`), by the writer's key; `nil` for other kinds.
    static func fieldKeys(writer: TypeDecl?, reader: TypeDecl?) -> [String: String]? {
        guard case .structure(let w)? = writer?.kind, case .structure(let r)? = reader?.kind else { return nil }
        var keys: [String: String] = [:]
        for field in w.fields {
            let names = Set([field.name.value] + field.lifecycle.renamedFrom.map(\.value))
            guard
                let match = r.fields.first(where: {
                    names.contains($0.name.value) || $0.lifecycle.renamedFrom.contains { $0.value == field.name.value }
                })
            else { continue }
            keys[w.wireName(of: field, in: .json)] = r.wireName(of: match, in: .json)
        }
        return keys
    }

    /// Whether the reader read a different value than the writer wrote: a field both revisions have
    /// that the reader lost or read differently. Fields only the writer has are what the
    /// field-removal rules judge and are ignored here.
    static func conflicts(_ a: Data, _ b: Data, keys: [String: String]?) -> Bool {
        guard let x = try? JSONSerialization.jsonObject(with: a, options: [.fragmentsAllowed]),
            let y = try? JSONSerialization.jsonObject(with: b, options: [.fragmentsAllowed])
        else { return a != b }
        guard let keys, let written = x as? [String: Any], let read = y as? [String: Any] else { return conflicts(x, y) }
        return written.contains { key, value in
            guard !(value is NSNull), let readerKey = keys[key] else { return false }
            guard let other = read[readerKey] else { return true }
            return conflicts(value, other)
        }
    }

    static func conflicts(_ x: Any, _ y: Any) -> Bool {
        if let x = x as? [String: Any], let y = y as? [String: Any] {
            return x.contains { key, value in y[key].map { conflicts(value, $0) } ?? false }
        }
        if let x = x as? [Any], let y = y as? [Any] {
            return x.count != y.count || zip(x, y).contains { conflicts($0, $1) }
        }
        if let x = x as? NSNumber, let y = y as? NSNumber { return x != y }
        if let x = x as? String, let y = y as? String { return x != y }
        return (x is NSNull) != (y is NSNull) || type(of: x) != type(of: y)
    }
}
