import Foundation

/// Writes generated files, touching only those whose contents changed, and compares a folder
/// with what it should hold (the drift check).
public enum OutputWriter {
    /// A difference between a folder and the generated files.
    public struct Change: Sendable, Hashable {
        /// The file's path relative to the output folder.
        public var path: String
        /// The current contents, `nil` when the file does not exist.
        public var old: String?
        /// The generated contents, `nil` when the file should not exist.
        public var new: String?
    }

    /// What `files` would change in `directory`: new, changed and stale `.generated.swift` files.
    public static func changes(_ files: [GeneratedFile], in directory: URL, flat: Bool, modules: [String]) -> [Change] {
        var changes: [Change] = []
        var expected = Set<String>()
        for file in files {
            let relative = flat ? file.name : file.module + "/" + file.name
            expected.insert(relative)
            let url = directory.appending(path: relative)
            let old = (try? Data(contentsOf: url)).flatMap { String(data: $0, encoding: .utf8) }
            if old != file.contents {
                changes.append(Change(path: relative, old: old, new: file.contents))
            }
        }
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
    public static func apply(_ changes: [Change], in directory: URL) throws {
        for change in changes {
            let url = directory.appending(path: change.path)
            if let contents = change.new {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url, options: .atomic)
            } else {
                try? FileManager.default.removeItem(at: url)
            }
        }
    }
}
