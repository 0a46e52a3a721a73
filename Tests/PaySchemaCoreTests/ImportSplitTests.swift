import Foundation
import Testing

@testable import PaySchemaCore
@testable import PaySchemaImport

/// `payschema import openapi --split`'s files: every type in exactly one file, with the component
/// it is written inline in; the operations and the types only they declare in `<Module>Operations`;
/// names that a case-insensitive file system keeps apart and that never take the registry's file;
/// and the files together check as one module.
@Suite("OpenAPI import, split into files")
struct ImportSplitTests {
    /// The types each file declares, by the `  Name:` lines under `types:`.
    static func declared(in text: String) -> [String] {
        guard let types = text.range(of: "\ntypes:\n") else { return [] }
        let end = text.range(of: "\noperations:\n")?.lowerBound ?? text.endIndex
        return text[types.upperBound..<end].split(separator: "\n").compactMap { line in
            line.hasPrefix("  ") && !line.hasPrefix("   ") && line.hasSuffix(":") ? String(line.dropFirst(2).dropLast()) : nil
        }
    }

    @Test func everyTypeIsInOneFileWithTheComponentItIsWrittenIn() throws {
        let (module, _) = try OpenAPIImportTests.run { $0.allSchemas = true }
        let files = ImportWriter.files(module)
        let byFile = Dictionary(uniqueKeysWithValues: files.map { ($0.name, Self.declared(in: $0.text)) })
        // Each type once, across the files, in the module's order within each file.
        #expect(byFile.values.flatMap { $0 }.sorted() == module.types.map(\.name).sorted())
        for (name, types) in byFile {
            #expect(types == module.types.map(\.name).filter(types.contains), "\(name): \(types)")
        }
        // The component `thing` with what is written inline in it (its `kind` enum, its `base`).
        let thing = try #require(byFile["Thing"])
        for type in module.types where type.upstream?.contains("#/components/schemas/thing/") == true {
            #expect(thing.contains(type.name), "\(type.name) is not in Thing.yaml")
        }
        #expect(thing.count > 1)
        #expect(byFile["Problem"] == ["Problem"])
        // The operation and its parameters' values (declared under paths) in FixtureOperations.
        let operations = try #require(files.last)
        #expect(operations.name == "FixtureOperations")
        let operationsPart = try #require(operations.text.range(of: "\noperations:\n")).upperBound
        #expect(!module.operations.isEmpty)
        for operation in module.operations {
            #expect(
                operations.text[operationsPart...].contains("  \(operation.name):\n"), "\(operation.name) is not in the operations file")
        }
        for type in module.types where type.upstream?.contains("#/paths/") == true {
            #expect(Self.declared(in: operations.text).contains(type.name), "\(type.name) is not with the operations")
        }
        // Every file is one the importer wrote, of the one module.
        for file in files {
            #expect(ImportWriter.isImported(file.text))
            #expect(file.text.contains("\nmodule: Fixture\n"))
        }
        #expect(!ImportWriter.isImported("module: Fixture\n# Written by `payschema import openapi`; edit freely, then `payschema lint`.\n"))
    }

    @Test func namesAreUniqueIgnoringCaseAndNeverTheRegistrysFile() {
        var module = ImportedModule(module: "Shop", doc: "Shop.")
        func type(_ name: String, _ pointer: String?) -> ImportedType {
            ImportedType(
                name: name, kind: .structure(fields: [], refusesUnknownMembers: false), doc: nil,
                upstream: pointer.map { "shop.json#" + $0 })
        }
        module.types = [
            type("OrderItem", "/components/schemas/order/properties/items/items"),
            type("Order", "/components/schemas/order"),
            type("ORDER", "/components/schemas/ORDER"),
            type("ShopSchema", "/components/schemas/shop_schema"),
            type("ShopOperations", "/components/schemas/shop_operations"),
            type("Plain", nil),
            type("Money", "/components/parameters/money"),
        ]
        let files = ImportWriter.files(module)
        // The component's own type names its file even when an inline type was reached first.
        #expect(files.map(\.name) == ["Order", "ORDER2", "ShopSchema2", "ShopOperations", "Money", "ShopOperations2"])
        #expect(Set(files.map { $0.name.lowercased() }).count == files.count)
        #expect(Self.declared(in: files[0].text) == ["OrderItem", "Order"])
        // A type with no link to a component goes with the operations.
        #expect(Self.declared(in: files[5].text) == ["Plain"])
        #expect(ImportWriter.component(of: "d.json#/components/schemas/a~1b/properties/c") == "components/schemas/a~1b")
        #expect(ImportWriter.component(of: "d.json#/paths/~1orders/get") == "")
        #expect(ImportWriter.component(of: "d.json#/components/schemas/") == "")
        #expect(ImportWriter.component(of: nil) == "")
    }

    /// The files written into one folder check as one module, and generate the same Swift
    /// declarations as the one file the import writes without `--split`.
    @Test func theFilesCheckAsOneModuleAndDeclareWhatTheOneFileDoes() throws {
        let (module, _) = try OpenAPIImportTests.run { $0.allSchemas = true }
        let root = FileManager.default.temporaryDirectory.appending(path: "import-split-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func checked(_ files: [(String, String)], in folder: String) throws -> [String] {
            let directory = root.appending(path: folder + "/Fixture")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, text) in files { try Data(text.utf8).write(to: directory.appending(path: name + ".yaml")) }
            let source = SchemaSource.Module(name: "Fixture", directory: directory, files: SchemaSource.yamlFiles(under: directory))
            let (parsed, parseProblems) = GeneratorPipeline.parse(source, root: directory, diagnosticRoot: "")
            let (resolved, checkProblems) = SchemaChecker.check(module: "Fixture", files: parsed)
            #expect((parseProblems + checkProblems).filter { $0.severity == .error }.isEmpty, "\(parseProblems + checkProblems)")
            let names = try #require(resolved).files.flatMap { $0.types.map(\.name) }
            return names.sorted()
        }
        let split = try checked(ImportWriter.files(module).map { ($0.name, $0.text) }, in: "split")
        let whole = try checked([("Fixture", ImportWriter.text(module))], in: "whole")
        #expect(split == whole && !split.isEmpty)
    }
}
