import Foundation
import PaySchemaLanguage
import PaySchemaModel

/// Reads the schemas of a git revision without checking it out (`git archive`).
package enum GitRevision {
    /// Why a revision could not be read.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        /// A readable explanation.
        package let description: String
    }

    /// Extracts `folder` as of `ref` into a new temporary directory and returns it.
    package static func extract(_ folder: String, at ref: String, repository: URL) throws -> URL {
        let verify = try git(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"], in: repository)
        guard verify.status == 0 else {
            let shallow = try? git(["rev-parse", "--is-shallow-repository"], in: repository)
            if shallow?.output.trimmingCharacters(in: .whitespacesAndNewlines) == "true" {
                throw Failure(
                    description:
                        "'\(ref)' is not in this clone's history, which is shallow; fetch more history (git fetch --unshallow) or a deeper clone"
                )
            }
            let inside = try? git(["rev-parse", "--is-inside-work-tree"], in: repository)
            if inside?.status != 0 {
                throw Failure(
                    description:
                        "\(repository.path) is not in a git repository, so there is no '\(ref)' to compare with; give the old schemas as a folder instead (payschema diff OLD NEW)"
                )
            }
            throw Failure(description: "'\(ref)' is not a commit in \(repository.path)")
        }
        let commit = verify.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let destination = FileManager.default.temporaryDirectory.appending(path: "payschema-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let prefix = try git(["rev-parse", "--show-prefix"], in: repository).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let listed = try git(["ls-tree", "-r", "--name-only", commit, "--", folder], in: repository)
        guard listed.status == 0 else { throw Failure(description: "git ls-tree failed for \(ref)") }
        for path in listed.output.split(separator: "\n").map(String.init) where !path.isEmpty {
            let shown = try git(["show", "\(commit):\(prefix)\(path)"], in: repository)
            guard shown.status == 0 else { throw Failure(description: "git show failed for \(path) at \(ref)") }
            let target = destination.appending(path: path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(shown.output.utf8).write(to: target)
        }
        return destination.appending(path: folder)
    }

    static func git(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw Failure(description: "git could not be run: \(error.localizedDescription)")
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
