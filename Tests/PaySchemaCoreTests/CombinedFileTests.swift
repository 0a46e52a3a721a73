import Foundation
import Testing

@testable import PaySchemaCore
@testable import PaySchemaSwift

/// The plugin's one output for schemas in a target's folder, written by the renderer: every
/// generated file of the module, one header, each import once, the declarations in file-name
/// order, the same text for the same input; and the same declarations, byte for byte, as the
/// files written one by one.
@Suite("One generated file per module")
struct CombinedFileTests {
    static func file(_ name: String, imports: [SwiftImport]) -> SwiftFile {
        SwiftFile(
            comments: ["Generated from \(name)."], imports: imports,
            declarations: [
                SwiftDeclaration(
                    doc: SwiftDoc("\(name)."), kind: .type(.struct, name: name, conformances: [], members: [])),
                SwiftDeclaration(kind: .type(.extension, name: name, conformances: ["Sendable"], members: [])),
            ])
    }

    @Test func filesCombineWithImportsOnceInNameOrder() {
        let b = (
            "B.generated.swift",
            Self.file("B", imports: [SwiftImport("Foundation"), SwiftImport("PaymentSchemasRuntime", spi: "Generated")])
        )
        let a = ("A.generated.swift", Self.file("A", imports: [SwiftImport("Foundation")]))
        let combined = SwiftRenderer.render(combining: [b, a], comments: ["One header."])
        #expect(combined.components(separatedBy: "import Foundation\n").count == 2, "Foundation imported once")
        #expect(combined.components(separatedBy: "One header.").count == 2 && !combined.contains("Generated from"), "one header")
        #expect(
            combined.hasPrefix(
                "// One header.\n\n@_spi(Generated) import PaymentSchemasRuntime\nimport Foundation\n\n// MARK: - A.generated.swift\n"))
        let aStart = combined.range(of: "public struct A")
        let bStart = combined.range(of: "public struct B")
        #expect(aStart != nil && bStart != nil && aStart!.lowerBound < bStart!.lowerBound)
        #expect(combined == SwiftRenderer.render(combining: [a, b], comments: ["One header."]), "deterministic whatever the order given")
        // Each file's declarations are the text the file alone has after its imports.
        for (name, file) in [a, b] {
            let alone = SwiftRenderer.render(file)
            let body = alone[alone.range(of: "\n\n/// ")!.lowerBound...]
            #expect(combined.contains("// MARK: - \(name)\n" + body.dropFirst()), "\(name)'s declarations differ when combined")
        }
    }

    /// The bundled schemas: the combined file of a module holds every generated file's declarations.
    @Test func aBundledModuleCombinesEveryFile() throws {
        let pipeline = GeneratorPipeline(schemasRoot: packageRoot.appending(path: "Schemas"))
        let separate = try #require(try pipeline.run(modules: ["MollieCheckout"]).files["MollieCheckout"])
        let combined = try #require(
            try pipeline.run(modules: ["MollieCheckout"], combinedInto: "MollieCheckout.generated.swift").files["MollieCheckout"])
        #expect(combined.count == 1 && combined[0].name == "MollieCheckout.generated.swift")
        #expect(separate.count >= 2)
        for file in separate {
            #expect(combined[0].contents.contains("// MARK: - \(file.name)\n"), "\(file.name) is missing")
            let body = file.contents[file.contents.range(of: "PaymentSchemasRuntime\n\n")!.upperBound...]
            #expect(combined[0].contents.contains(body), "\(file.name)'s declarations differ when combined")
        }
    }
}
