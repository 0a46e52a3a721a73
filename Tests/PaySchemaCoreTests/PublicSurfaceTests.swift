import CLITestSupport
import Foundation
import Testing

/// A module no library product holds (the generator's stages, `PaySchemaCore`, the sandbox, the
/// scenarios) is used only inside this package, so its declarations are `package` or internal;
/// `public` is for what a product's user reaches (the vocabulary the runtime re-exports; the
/// sandbox's types `bench` and the tests drive). `Fixtures/public-surface.txt` lists every
/// `public` declaration of those modules, file by file: a new one fails here (make it `package`,
/// or list it with the reason a product's user needs it), and so does a listed one that is gone
/// (the list only shrinks). `PAYSCHEMA_UPDATE_PUBLIC_SURFACE=1` rewrites the list.
@Suite struct PublicSurfaceTests {
    static let listPath = packageRoot.appending(path: "Tests/PaySchemaCoreTests/Fixtures/public-surface.txt")

    /// A declaration written `public` (attributes and other modifiers around it allowed).
    static let publicDeclaration = try! NSRegularExpression(
        pattern:
            #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:static|final|nonisolated|override|mutating|convenience|required|lazy|indirect|class)\s+)*(?:public|open)\s+(?:(?:static|final|nonisolated|override|mutating|convenience|required|lazy|indirect|class)\s+)*(?:func|var|let|init|subscript|struct|enum|class|actor|protocol|typealias|case|extension)\b"#
    )

    /// The library products' targets and every other regular target under `Sources/`.
    static func nonProductModules() throws -> [String] {
        let manifest = try PackageManifest.load()
        let shipped = manifest.libraryTargets
        return manifest.targets.values.filter { $0.type == "regular" && !shipped.contains($0.name) }.map(\.name).filter {
            FileManager.default.fileExists(atPath: packageRoot.appending(path: "Sources/\($0)").path)
        }.sorted()
    }

    /// `Module/relative/path.swift: declaration` for each public declaration of `module`, the
    /// declaration up to its body or value, whitespace collapsed.
    static func publicDeclarations(of module: String) throws -> [String] {
        let root = packageRoot.appending(path: "Sources").appending(path: module)
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var out: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: root.appending(path: file), encoding: .utf8)
            for line in text.split(separator: "\n").map(String.init) {
                guard publicDeclaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil else { continue }
                var declaration = line
                for end in [" {", " = ", " where "] {
                    if let range = declaration.range(of: end) { declaration = String(declaration[..<range.lowerBound]) }
                }
                let collapsed = declaration.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                out.append("\(module)/\(file): \(collapsed)")
            }
        }
        return out
    }

    @Test func theModulesNoProductHoldsAreFound() throws {
        let modules = try Self.nonProductModules()
        for expected in ["PaySchemaCore", "PaySchemaChecker", "PaySchemaSwift", "PaySchemaSyntax", "PaySchemaModel", "PaymentSandbox"] {
            #expect(modules.contains(expected), "\(expected) is not among the modules no product holds: \(modules)")
        }
        #expect(!modules.contains("PaymentSchemasRuntime"), "the runtime is a product's")
        // The scan sees `public` where it is written: the runtime (a product) has hundreds.
        #expect(try Self.publicDeclarations(of: "PaymentSchemasRuntime").count > 100)
    }

    @Test func noModuleNoProductHoldsGrowsItsPublicSurface() throws {
        var current: [String] = []
        for module in try Self.nonProductModules() { current += try Self.publicDeclarations(of: module) }
        let text = current.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["PAYSCHEMA_UPDATE_PUBLIC_SURFACE"] == "1" {
            try text.write(to: Self.listPath, atomically: true, encoding: .utf8)
            return
        }
        let listed = (try? String(contentsOf: Self.listPath, encoding: .utf8)).map { $0.split(separator: "\n").map(String.init) } ?? []
        let listedSet = Set(listed)
        let currentSet = Set(current)
        let added = current.filter { !listedSet.contains($0) }
        let gone = listed.filter { !currentSet.contains($0) }
        #expect(
            added.isEmpty,
            "public declarations in modules no product holds that Fixtures/public-surface.txt does not list (make them package):\n\(added.joined(separator: "\n"))"
        )
        #expect(gone.isEmpty, "listed public declarations that are gone; remove them from the list:\n\(gone.joined(separator: "\n"))")
    }

    /// The generator's stages and its core are used by the CLIs and tests of this package alone:
    /// nothing of theirs is public.
    @Test func theGeneratorModulesArePackageOnly() throws {
        for module in try Self.nonProductModules() where module.hasPrefix("PaySchema") {
            let found = try Self.publicDeclarations(of: module)
            #expect(found.isEmpty, "\(module) declares public symbols:\n\(found.joined(separator: "\n"))")
        }
    }
}
