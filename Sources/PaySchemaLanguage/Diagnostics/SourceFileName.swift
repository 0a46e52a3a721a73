import Foundation

/// A schema file's path, interned: a number into the process's table of the paths it has named.
///
/// Every node the loader reads and every value the parser keeps carries a ``SourceLocation``; with
/// the path stored as a `String`, each copy of a location retained the path's storage and each
/// destruction released it (the paths are longer than a small string). An interned name is a plain
/// number, copied without reference counting; the table holds each distinct path once, for the
/// life of the process (one entry per schema file a process reads).
package struct SourceFileName: Hashable, Sendable {
    /// The path's position in the table.
    private let index: UInt32

    /// Interns `path`: the same path always gives the same name.
    package init(_ path: String) {
        index = SourceFileTable.shared.intern(path)
    }

    /// The path as given.
    package var path: String { SourceFileTable.shared.path(at: index) }
}

/// The process's interned paths, behind a lock: names are made by the loader on every core.
private final class SourceFileTable: @unchecked Sendable {
    static let shared = SourceFileTable()
    private let lock = NSLock()
    private var paths: [String] = []
    private var indices: [String: UInt32] = [:]

    func intern(_ path: String) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let index = indices[path] { return index }
        let index = UInt32(truncatingIfNeeded: paths.count)
        paths.append(path)
        indices[path] = index
        return index
    }

    func path(at index: UInt32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return paths[Int(index)]
    }
}
