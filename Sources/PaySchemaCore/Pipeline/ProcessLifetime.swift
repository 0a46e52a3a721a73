import Foundation

/// Values a command-line run hands back and then only needs until the process exits.
///
/// `payschema generate` ends by dropping the pipeline's whole output: every module's resolved
/// schemas and generated files, freed node by node (a measurable part of a large run:
/// `Benchmarks/NOTES.md` has the figure) a moment before the process exits and the system takes
/// the memory back at once. Kept here, they are never freed: as a compiler's driver skips freeing
/// its trees at exit. This is for a process that ends after one run, never for a server or a
/// library's caller: memory kept here is not given back until the process ends.
package enum ProcessLifetime {
    /// The kept values, behind a lock (a run may keep from any thread).
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var kept: [Any] = []
    }

    private static let store = Store()

    /// Keeps `value` alive until the process exits.
    package static func keepUntilExit(_ value: Any) {
        store.lock.lock()
        defer { store.lock.unlock() }
        store.kept.append(value)
    }
}
