import Foundation
import PaySchemaChecker
import PaySchemaDiff
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSwift
import PaySchemaSyntax
import PaySchemaUpstream
import PaySchemaYAML

/// Writes generated files, touching only those whose contents changed, and compares a folder
/// with what it should hold (the drift check).
package enum OutputWriter {
    /// A difference between a folder and the generated files.
    package struct Change: Sendable, Hashable {
        /// The file's path relative to the output folder.
        package var path: String
        /// The current contents, `nil` when the file does not exist.
        package var old: String?
        /// The generated contents, `nil` when the file should not exist.
        package var new: String?
    }

    /// What `files` would change in `directory`: new, changed and stale `.generated.swift` files.
    package static func changes(_ files: [GeneratedFile], in directory: URL, flat: Bool, modules: [String]) -> [Change] {
        // Files are read and compared on all cores: a large module is tens of megabytes.
        let compared = ParallelMap.map(files) { file -> (relative: String, change: Change?) in
            let relative = flat ? file.name : file.module + "/" + file.name
            let old = (try? Data(contentsOf: directory.appending(path: relative))).flatMap { String(data: $0, encoding: .utf8) }
            return (relative, old == file.contents ? nil : Change(path: relative, old: old, new: file.contents))
        }
        var changes = compared.compactMap(\.change)
        let expected = Set(compared.map(\.relative))
        for module in modules {
            let folder = flat ? directory : directory.appending(path: module)
            let prefix = flat ? "" : module + "/"
            let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in existing.sorted() where name.hasSuffix(".generated.swift") && !expected.contains(prefix + name) {
                let old = (try? Data(contentsOf: folder.appending(path: name))).flatMap { String(data: $0, encoding: .utf8) }
                changes.append(Change(path: prefix + name, old: old, new: nil))
            }
        }
        return changes.sorted { $0.path < $1.path }
    }

    /// Applies `changes` under `directory`: writes new and changed files, removes stale ones.
    /// Each file is written atomically (a temporary file renamed over it), files on all cores; the
    /// first failure, in `changes` order, is thrown after every write was attempted.
    package static func apply(_ changes: [Change], in directory: URL) throws {
        let folders = Set(changes.filter { $0.new != nil }.map { directory.appending(path: $0.path).deletingLastPathComponent().path })
        for folder in folders.sorted() {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let failures = ParallelMap.map(changes) { change -> (any Error)? in
            let url = directory.appending(path: change.path)
            guard let contents = change.new else {
                try? FileManager.default.removeItem(at: url)
                return nil
            }
            do {
                try Data(contents.utf8).write(to: url, options: .atomic)
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    }
}
