import Foundation
import Testing

@testable import PaySchemaCore
@testable import PaySchemaSwift

/// Generated structs decode in one of two ways (ARCHITECTURE.md): from their field list, starting
/// from a stand-in value, or, when a mandatory field's type has no stand-in (a union, a UUID, a
/// JSON value, or a struct that needs one), through an `init(from:)` of their own. Both are
/// compiled here as Swift 6 with the runtime and run: each reads what it should, writes it back
/// the same, and reports every missing or invalid field at once, with its path and kind.
@Suite("Field lists") struct FieldListDecodingTests {
    static let schema = """
        types:
          Order:
            kind: struct
            fields:
              status: { type: Status, required: true }
              code: { type: Code, required: true, minimum: 1 }
              total: { type: Total, required: true }
              at: { type: Date, required: true, dateFormat: iso8601 }
              site: { type: URL, required: true }
              lines: { type: "[String]", required: true, maxItems: 2 }
              extra: { type: "[String: Int]", required: true }
              note: String?
          Total:
            kind: struct
            fields:
              value: { type: Decimal, required: true, minimum: 0, scale: 2 }
              paid: { type: Bool, default: false }
          Status:
            kind: enum
            cases: [open, closed]
          Code:
            kind: scalar
            base: Int
          Ping:
            kind: struct
            fields:
              op: { type: String, required: true }
              seq: { type: Int, minimum: 1 }
          Message:
            kind: union
            discriminator: op
            variants:
              ping: { type: Ping }
          WithUnion:
            kind: struct
            fields:
              message: { type: Message, required: true }
              count: { type: Int, required: true, maximum: 9 }
          WithUUID:
            kind: struct
            fields:
              id: { type: UUID, required: true }
          WithJSON:
            kind: struct
            fields:
              payload: { type: JSON, required: true }
          HoldsUnionHolder:
            kind: struct
            fields:
              inner: { type: WithUnion, required: true }
        """

    static let main = #"""
        import Foundation
        @_spi(Generated) import PaymentSchemasRuntime

        func show<T: Codable & PayValidatable>(_ type: T.Type, _ json: String) {
            do {
                let value = try PayWire.decodeJSON(T.self, from: Data(json.utf8))
                let problems = value.violations.map { "\($0.path) \($0.rule)" }
                // A value that breaks its rules is not written (an amount is never rounded to fit).
                print(problems.isEmpty ? "ok " + (try PayWire.encodeJSONText(value)) : "invalid " + problems.joined(separator: ","))
            } catch let error as PayloadDecodingError {
                print("error " + error.issues.map { "\($0.path) \($0.kind.rawValue)" }.joined(separator: ","))
            } catch {
                print("other \(error)")
            }
        }
        while let line = readLine() {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            switch parts[0] {
            case "Order": show(Order.self, parts[1])
            case "WithUnion": show(WithUnion.self, parts[1])
            case "WithUUID": show(WithUUID.self, parts[1])
            case "WithJSON": show(WithJSON.self, parts[1])
            case "HoldsUnionHolder": show(HoldsUnionHolder.self, parts[1])
            default: print("unknown \(parts[0])")
            }
        }
        """#

    /// The cases: a type, a payload, and what the program prints for it.
    static let cases: [(String, String, String)] = [
        (
            "Order",
            #"{"status":"closed","code":7,"total":{"value":12.50,"paid":true},"at":"2026-11-30T05:00:00Z","site":"https://shop.example/","lines":["a"],"extra":{"k":1}}"#,
            #"ok {"at":"2026-11-30T05:00:00Z","code":7,"extra":{"k":1},"lines":["a"],"site":"https://shop.example/","status":"closed","total":{"paid":true,"value":12.50}}"#
        ),
        // Every problem at once: a wrong enum value, a wrong type, each missing mandatory field.
        (
            "Order", #"{"status":"nope","code":"x","total":{},"note":"n"}"#,
            "error status invalidValue,code typeMismatch,total.value missing,at missing,site missing,lines missing,extra missing"
        ),
        // Decoded, then validated from the same list: bounds, item counts and nested scale.
        (
            "Order",
            #"{"status":"open","code":0,"total":{"value":1.234},"at":"2026-11-30T05:00:00Z","site":"https://shop.example/","lines":["a","b","c"],"extra":{}}"#,
            "invalid code minimum,total.value scale,lines maxItems"
        ),
        ("WithUnion", #"{"message":{"op":"ping","seq":2},"count":3}"#, #"ok {"count":3,"message":{"op":"ping","seq":2}}"#),
        ("WithUnion", #"{}"#, "error message missing,count missing"),
        (
            "WithUnion", #"{"message":{"op":"ping","seq":0},"count":10}"#,
            "invalid message.seq minimum,count maximum"
        ),
        ("HoldsUnionHolder", #"{"inner":{"message":{"op":"ping"},"count":1}}"#, #"ok {"inner":{"count":1,"message":{"op":"ping"}}}"#),
        ("HoldsUnionHolder", #"{"inner":{"count":"x"}}"#, "error inner.message missing,inner.count typeMismatch"),
        (
            "WithUUID", #"{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF"}"#, #"ok {"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF"}"#
        ),
        ("WithUUID", #"{"id":"not-a-uuid"}"#, "error id invalidValue"),
        ("WithJSON", #"{"payload":{"a":[1,null]}}"#, #"ok {"payload":{"a":[1,null]}}"#),
        ("WithJSON", #"{}"#, "error payload missing"),
    ]

    @Test func bothDecodingPathsCompileRunAndReportEveryProblem() throws {
        let toolchain = try ProofToolchain.locate()
        let (checked, diagnostics) = check(["Snippet.yaml": Self.schema])
        let module = try #require(checked, "\(diagnostics)")
        let folder = FileManager.default.temporaryDirectory.appending(path: "field-lists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [URL] = []
        for file in SwiftEmitter.emit(module.resolved) {
            let url = folder.appending(path: file.name)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        let generated = try String(contentsOf: sources[0], encoding: .utf8)
        // The two paths are both here: a stand-in for Order, an `init(from:)` of its own for WithUnion.
        #expect(generated.contains("public static let payPlaceholder = Order("))
        #expect(generated.contains("public struct WithUnion: Codable, Hashable, Sendable, PayFieldValidating {"))
        let main = folder.appending(path: "main.swift")
        try Self.main.write(to: main, atomically: true, encoding: .utf8)
        let program = folder.appending(path: "program")
        let build = try toolchain.build(sources + [main], output: program)
        try #require(build.succeeded, "\(build.errors.prefix(5))")
        let output = try toolchain.converse(program, Self.cases.map { "\($0.0) \($0.1)" })
        #expect(output.count == Self.cases.count)
        for (index, (type, payload, expected)) in Self.cases.enumerated() where index < output.count {
            #expect(output[index] == expected, "\(type) \(payload)")
        }
    }
}
