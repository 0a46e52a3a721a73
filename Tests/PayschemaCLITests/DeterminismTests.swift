import CLITestSupport
import Foundation
import Testing

/// The generator's output does not depend on the process: two separate processes (each with its
/// own random hash seed) write byte-identical Swift and exports.
@Suite("Determinism across processes")
struct DeterminismTests {
    /// The environment without anything that would make hashing deterministic, so each process
    /// draws its own seed.
    static var randomizedHashing: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        return environment
    }

    static func files(under root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            result[String(url.path.dropFirst(root.path.count))] = try Data(contentsOf: url)
        }
        return result
    }

    @Test func twoProcessesGenerateTheSameBytes() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLIRunner.copySchemas(to: directory)
        var outputs: [[String: Data]] = []
        for run in 0..<2 {
            let swift = try CLIRunner.run(
                "payschema", ["generate", "--output", "Out\(run)"], in: directory, environment: Self.randomizedHashing)
            #expect(swift.status == 0, "\(swift.stderr)")
            let json = try CLIRunner.run(
                "payschema", ["export", "jsonschema", "--output", "Out\(run)/jsonschema"], in: directory,
                environment: Self.randomizedHashing)
            #expect(json.status == 0, "\(json.stderr)")
            let openAPI = try CLIRunner.run(
                "payschema", ["export", "openapi", "--output", "Out\(run)/openapi.json"], in: directory, environment: Self.randomizedHashing
            )
            #expect(openAPI.status == 0, "\(openAPI.stderr)")
            outputs.append(try Self.files(under: directory.appending(path: "Out\(run)")))
        }
        #expect(outputs[0].count > 150)
        #expect(outputs[0].keys.sorted() == outputs[1].keys.sorted())
        let different = outputs[0].keys.filter { outputs[0][$0] != outputs[1][$0] }.sorted()
        #expect(different.isEmpty, "differ between processes: \(different)")
        // And both equal the committed copy.
        let committed = try Self.files(under: CLIRunner.packageRoot.appending(path: "Generated"))
        let generated = outputs[0].filter { $0.key.hasSuffix(".swift") }
        #expect(Set(generated.keys) == Set(committed.keys))
        #expect(generated.keys.allSatisfy { generated[$0] == committed[$0] })
    }
}
