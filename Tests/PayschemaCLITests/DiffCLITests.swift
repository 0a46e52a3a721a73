import CLITestSupport
import Foundation
import Testing

/// `payschema diff` against a real git history.
@Suite("payschema diff end to end")
struct DiffCLITests {
    static let v1 = """
        types:
          Payment:
            kind: struct
            direction: response
            fields:
              id: Int
              status: PaymentStatus
              note: String?
          PaymentStatus:
            kind: enum
            cases: [open, paid]
        """
    static let v2 = """
        types:
          Payment:
            kind: struct
            direction: response
            fields:
              id: Int
              note: String?
              method: String?
          PaymentStatus:
            kind: enum
            cases: [open, paid, expired]
        """

    func git(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.email=ci@example.com", "-c", "user.name=CI", "-c", "init.defaultBranch=main"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw CocoaError(.fileWriteUnknown) }
    }

    func repository() throws -> URL {
        let root = try CLIRunner.temporaryDirectory()
        let module = root.appending(path: "Schemas/Shop")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        try git(["init", "-q"], in: root)
        try Self.v1.write(to: module.appending(path: "Payment.yaml"), atomically: true, encoding: .utf8)
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "v1"], in: root)
        try Self.v2.write(to: module.appending(path: "Payment.yaml"), atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "v2"], in: root)
        return root
    }

    @Test func textFormatPointsIntoTheSchemas() throws {
        let root = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run("payschema", ["diff", "--against", "HEAD~1"], in: root)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                HEAD~1:Schemas/Shop/Payment.yaml:7:7: error: [FIELD_REMOVED] Shop.Payment.status: status was removed: old receivers require it (response; wire: breaking, source: breaking)
                Schemas/Shop/Payment.yaml:8:7: info: [FIELD_ADDED_OPTIONAL] Shop.Payment.method: optional field method was added (response; wire: compatible, source: compatible)
                Schemas/Shop/Payment.yaml:11:25: error: [ENUM_CASE_ADDED] Shop.PaymentStatus.expired: case expired ('expired') was added: old receivers of this closed enum reject it; exhaustive switches no longer compile until they handle it (response; wire: breaking, source: breaking)

                """)
    }

    @Test func everyFormatAndThreshold() throws {
        let root = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let markdown = try CLIRunner.run("payschema", ["diff", "--against", "HEAD~1", "--format", "markdown"], in: root)
        #expect(markdown.stdout.contains("3 changes, 2 breaking."))
        let rows = markdown.stdout.split(separator: "\n").filter { $0.hasPrefix("| error") || $0.hasPrefix("| info") }
        #expect(rows.count == 3 && rows.last?.hasPrefix("| info") == true)
        let json = try CLIRunner.run("payschema", ["diff", "--against", "HEAD~1", "--format", "json"], in: root)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(document?["errors"] as? Int == 2)
        #expect(
            (document?["changes"] as? [[String: Any]])?.map { $0["rule"] as? String } == [
                "FIELD_REMOVED", "FIELD_ADDED_OPTIONAL", "ENUM_CASE_ADDED",
            ])
        let github = try CLIRunner.run("payschema", ["diff", "--against", "HEAD~1", "--format", "github"], in: root)
        #expect(github.stdout.hasPrefix("::error file=HEAD~1:Schemas/Shop/Payment.yaml,line=7,col=7,title=FIELD_REMOVED::"))
        #expect(try CLIRunner.run("payschema", ["diff", "--against", "HEAD~1", "--fail-on", "none"], in: root).status == 0)
        #expect(try CLIRunner.run("payschema", ["diff", "--against", "HEAD", "--fail-on", "warning"], in: root).status == 0)
        #expect(try CLIRunner.run("payschema", ["diff", "--against", "HEAD~1", "--format", "yaml"], in: root).status == 2)
    }

    @Test func acceptedBreaksAndStaleEntries() throws {
        let root = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        try """
        accepted:
          - rule: FIELD_REMOVED
            path: Shop.Payment.status
            reason: Status moved to the events API.
          - rule: ENUM_CASE_ADDED
            path: Shop.PaymentStatus.expired
            reason: Apps decode statuses leniently since 2.0.
        """.write(to: root.appending(path: "Schemas/breaking-changes.yaml"), atomically: true, encoding: .utf8)
        let accepted = try CLIRunner.run("payschema", ["diff", "--against", "HEAD~1"], in: root)
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(
            accepted.stdout.contains(
                "note: [FIELD_REMOVED] Shop.Payment.status: status was removed: old receivers require it (response; wire: breaking, source: breaking) [accepted: Status moved to the events API.]"
            ))
        try """
        accepted:
          - rule: FIELD_REMOVED
            path: Shop.Payment.status
            reason: Status moved to the events API.
          - rule: TYPE_REMOVED
            path: Shop.Refund
            reason: Refunds were dropped.
        """.write(to: root.appending(path: "Schemas/breaking-changes.yaml"), atomically: true, encoding: .utf8)
        let stale = try CLIRunner.run("payschema", ["diff", "--against", "HEAD~1", "--fail-on", "warning"], in: root)
        #expect(stale.status == 1)
        #expect(
            stale.stdout.contains(
                "Schemas/breaking-changes.yaml:5:5: warning: [STALE_ACCEPTANCE] Shop.Refund: the accepted TYPE_REMOVED at Shop.Refund matches no change; remove the entry"
            ))
        let lint = try CLIRunner.run("payschema", ["lint"], in: root)
        #expect(lint.status == 0, "\(lint.stdout)")
    }

    @Test func badInputIsAClearErrorNeverACrash() throws {
        let root = try repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let unknown = try CLIRunner.run("payschema", ["diff", "--against", "v9.9"], in: root)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("'v9.9' is not a commit"))
        // Outside any git repository: a plain sentence that says what to do instead.
        let loose = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: loose) }
        try FileManager.default.createDirectory(at: loose.appending(path: "Schemas/Shop"), withIntermediateDirectories: true)
        try "module: Shop\ntypes:\n  Payment: { kind: struct, fields: { id: { type: String, required: true } } }\n".write(
            to: loose.appending(path: "Schemas/Shop/Payment.yaml"), atomically: true, encoding: .utf8)
        let outside = try CLIRunner.run("payschema", ["diff", "--against", "HEAD"], in: loose)
        #expect(outside.status == 2)
        #expect(
            outside.stderr.contains(
                "is not in a git repository, so there is no 'HEAD' to compare with; give the old schemas as a folder instead (payschema diff OLD NEW)"
            ), "\(outside.stderr)")
        #expect(!outside.stderr.contains("is not a commit"))
        try "types:\n  Payment: { kind: strukt }".write(
            to: root.appending(path: "Schemas/Shop/Payment.yaml"), atomically: true, encoding: .utf8)
        let broken = try CLIRunner.run("payschema", ["diff", "--against", "HEAD~1"], in: root)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("Schemas/Shop/Payment.yaml:2:20: error: unknown kind 'strukt'"))
        #expect(broken.stderr.contains("the new schemas (Schemas) do not lint"))
        #expect(try CLIRunner.run("payschema", ["diff", "only-one-folder"], in: root).status == 2)

        let shallow = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: shallow) }
        try git(["clone", "-q", "--depth", "1", "file://" + root.path, shallow.appending(path: "clone").path], in: shallow)
        let result = try CLIRunner.run("payschema", ["diff", "--against", "HEAD~1"], in: shallow.appending(path: "clone"))
        #expect(result.status == 2)
        #expect(result.stderr.contains("shallow"))
    }

    @Test func twoFolders() throws {
        let root = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, text) in [("old", Self.v1), ("new", Self.v1.replacingOccurrences(of: "note: String?", with: "note: String"))] {
            let module = root.appending(path: "\(name)/Shop")
            try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
            try text.write(to: module.appending(path: "Payment.yaml"), atomically: true, encoding: .utf8)
        }
        let result = try CLIRunner.run("payschema", ["diff", "old", "new"], in: root)
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "new/Shop/Payment.yaml:8:7: error: [FIELD_BECAME_REQUIRED] Shop.Payment.note: note became required (response; wire: compatible, source: breaking)\n"
        )
    }
}
