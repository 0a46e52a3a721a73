import Foundation
import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// Reads `Fixtures/guide-checklist.yaml` (what the guides name) and checks that the bundled schemas
/// declare every type, enum value, wire field name, error code and operation in it.
@Suite("Guide checklist")
struct GuideChecklistTests {
    static let modules: [String: ResolvedModule] = {
        (try? GeneratorPipeline(schemasRoot: packageRoot.appending(path: "Schemas"), diagnosticRoot: "Schemas").run(emit: false).modules)
            ?? [:]
    }()

    static let checklist: [(module: String, section: String, owner: String?, items: [String])] = {
        let text = (try? String(contentsOf: fixturesRoot.appending(path: "guide-checklist.yaml"), encoding: .utf8)) ?? ""
        var rows: [(String, String, String?, [String])] = []
        for module in YAMLLoader.load(text, file: "guide-checklist.yaml").root?.mapping ?? [] {
            for section in module.value.mapping ?? [] {
                if let items = section.value.sequence {
                    rows.append((module.key.scalar!, section.key.scalar!, nil, items.compactMap(\.scalar)))
                } else {
                    for owner in section.value.mapping ?? [] {
                        rows.append(
                            (module.key.scalar!, section.key.scalar!, owner.key.scalar, (owner.value.sequence ?? []).compactMap(\.scalar)))
                    }
                }
            }
        }
        return rows
    }()

    @Test func checklistCoversEveryModule() {
        #expect(
            Set(Self.checklist.map(\.module)) == [
                "MCSCommerceWeb", "SuiteMCommerce", "AmazonPayMobile", "PayPalPayments", "MollieCheckout",
            ])
        #expect(Self.modules.count == 5)
        #expect(Self.checklist.reduce(0) { $0 + $1.items.count } > 400)
    }

    /// The type called `name`, or renamed from it.
    static func type(_ name: String, in module: ResolvedModule) -> ResolvedDecl? {
        module.types.first { $0.name == name } ?? module.types.first { $0.lifecycle.renamedFrom.contains(name) }
    }

    @Test(arguments: checklist.indices)
    func schemaDeclaresEverythingTheGuideNames(_ index: Int) throws {
        let row = Self.checklist[index]
        let module = try #require(Self.modules[row.module], "module \(row.module) did not check")
        var present: Set<String> = []
        switch row.section {
        case "types":
            // A renamed type still answers to the guide's name through its deprecated alias.
            present = Set(module.types.map(\.name)).union(module.types.flatMap(\.lifecycle.renamedFrom))
        case "enums":
            guard case .enumeration(let decl)? = Self.type(row.owner!, in: module)?.kind else {
                Issue.record("\(row.module).\(row.owner!) is not an enum")
                return
            }
            present = Set(decl.cases.flatMap { [$0.value.description] + $0.aliases.map(\.description) })
        case "fields":
            guard case .structure(let decl)? = Self.type(row.owner!, in: module)?.kind else {
                Issue.record("\(row.module).\(row.owner!) is not a struct")
                return
            }
            for field in decl.fields {
                present.insert(field.name)
                for format in decl.encodings {
                    present.insert(field.wireName(in: format))
                }
            }
        case "errors":
            let catalog = module.files.flatMap(\.errorCatalogs).first { $0.name == row.owner }
            present = Set(catalog?.codes.map(\.code.description) ?? [])
        case "operations":
            present = Set(module.files.flatMap(\.operations).map(\.name))
        default:
            Issue.record("unknown checklist section \(row.section)")
        }
        let missing = row.items.filter { !present.contains($0) }
        #expect(missing.isEmpty, "\(row.module) \(row.section) \(row.owner ?? ""): missing \(missing)")
    }
}
