import Foundation

/// Where the tests find what the package reads but never copies (`../shared`: the guides, the
/// providers' published payloads, their official contracts). A clone of this repository alone has
/// none of it: the tests that need it skip and say what was not checked. `PAYMENTSCHEMAS_SHARED`
/// names another folder, or `none` to test as a clone alone does (CI runs the suite so once);
/// `PAYMENTSCHEMAS_REQUIRE_SHARED=1` (set by `.ci/run`) makes its absence a failure
/// (`SharedReferenceTests`).
public enum SharedReference {
    /// The shared folder, `nil` when it is absent or hidden.
    public static var root: URL? {
        let environment = ProcessInfo.processInfo.environment["PAYMENTSCHEMAS_SHARED"]
        if environment == "none" { return nil }
        let root =
            environment.flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? CLIRunner.packageRoot.deletingLastPathComponent().appending(path: "shared")
        return FileManager.default.fileExists(atPath: root.path) ? root : nil
    }

    /// `root/<path>`, `nil` when it is not there.
    public static func path(_ path: String) -> URL? {
        guard let url = root?.appending(path: path), FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url
    }

    /// Whether CI requires the shared folder (`PAYMENTSCHEMAS_REQUIRE_SHARED=1`).
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["PAYMENTSCHEMAS_REQUIRE_SHARED"] == "1" }
}
