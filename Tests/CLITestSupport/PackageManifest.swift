import Foundation

/// The package's manifest as SwiftPM itself reads it (`swift package dump-package`): the one reader
/// of `Package.swift` for the tests, as `Tests/Scripts/check-product-dependencies.py` is for CI.
/// Nothing parses the manifest's text.
public struct PackageManifest: Sendable {
    /// A target: its name, kind, the package targets it depends on and the products of other
    /// packages it depends on.
    public struct Target: Sendable {
        /// The target's name.
        public var name: String
        /// `regular`, `executable`, `test`, `system`, `plugin`.
        public var type: String
        /// The targets of this package it names in `dependencies`.
        public var dependencies: Set<String>
        /// The products of other packages it names, as `package/product`.
        public var products: Set<String>
    }

    /// A product: its name, kind (`library`, `executable`, `plugin`) and the targets it holds.
    public struct Product: Sendable {
        /// The product's name.
        public var name: String
        /// `library`, `executable` or `plugin`.
        public var type: String
        /// The targets it is made of.
        public var targets: [String]
    }

    /// Every target, by name.
    public var targets: [String: Target]
    /// Every product.
    public var products: [Product]

    /// Why the manifest could not be read.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The manifest of the package at `CLIRunner.packageRoot`, read once per test process.
    public static func load() throws -> PackageManifest {
        try loaded.get()
    }

    private static let loaded: Result<PackageManifest, any Error> = Result { try read(packageRoot: CLIRunner.packageRoot) }

    /// Runs `swift package dump-package` on `packageRoot` with a scratch folder of its own (the
    /// package's `.build` is locked while `swift test` runs) and decodes what it prints.
    public static func read(packageRoot: URL) throws -> PackageManifest {
        let environment = ProcessInfo.processInfo.environment
        let searchPath = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        guard
            let swift = searchPath.map({ URL(fileURLWithPath: $0).appending(path: "swift") })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { throw Failure(description: "no `swift` on PATH") }
        let scratch = FileManager.default.temporaryDirectory.appending(path: "payschema-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = swift
        process.arguments = ["package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "dump-package"]
        var childEnvironment = environment
        childEnvironment["PAYSCHEMA_BENCHMARKS"] = nil
        childEnvironment["PAYSCHEMA_FUZZ"] = nil
        process.environment = childEnvironment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "swift package dump-package exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        return try decode(data)
    }

    /// The manifest from `dump-package`'s JSON.
    public static func decode(_ data: Data) throws -> PackageManifest {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targetList = root["targets"] as? [[String: Any]], let productList = root["products"] as? [[String: Any]]
        else { throw Failure(description: "dump-package printed no targets and products") }
        var targets: [String: Target] = [:]
        for target in targetList {
            guard let name = target["name"] as? String else { continue }
            var dependencies = Set<String>()
            var products = Set<String>()
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let named = (dependency["byName"] ?? dependency["target"]) as? [Any], let first = named.first as? String {
                    dependencies.insert(first)
                } else if let product = dependency["product"] as? [Any], product.count > 1,
                    let productName = product[0] as? String, let package = product[1] as? String
                {
                    products.insert(package + "/" + productName)
                }
            }
            targets[name] = Target(name: name, type: target["type"] as? String ?? "", dependencies: dependencies, products: products)
        }
        let products = productList.compactMap { product -> Product? in
            guard let name = product["name"] as? String else { return nil }
            let type = (product["type"] as? [String: Any])?.keys.first ?? ""
            return Product(name: name, type: type, targets: product["targets"] as? [String] ?? [])
        }
        return PackageManifest(targets: targets, products: products)
    }

    /// The targets a library product holds: what an app imports.
    public var libraryTargets: Set<String> {
        Set(products.filter { $0.type == "library" }.flatMap(\.targets))
    }

    /// Every target `name` reaches through its dependencies on this package's targets.
    public func reachable(from name: String) -> Set<String> {
        var seen = Set<String>()
        var queue = Array(targets[name]?.dependencies ?? [])
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            queue += targets[next]?.dependencies ?? []
        }
        return seen
    }
}
