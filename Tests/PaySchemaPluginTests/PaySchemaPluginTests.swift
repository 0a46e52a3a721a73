import CLITestSupport
import Foundation
import PackagePluginStandIn
import Testing
import XcodeProjectPluginStandIn

@testable import PaySchemaPluginHarness

/// The build plugin's two branches, SwiftPM's and Xcode's, compiled from `Plugins/PaySchemaPlugin`
/// against the stand-ins of `PackagePlugin` and `XcodeProjectPlugin`: given the same schemas, the
/// Xcode branch plans the same command as the SwiftPM branch, says the same when there are none, and
/// what its command writes is what the package's own build writes (`Generated/`, kept current by CI).
@Suite("PaySchemaPlugin: the SwiftPM and Xcode branches", .serialized)
struct PaySchemaPluginTests {
    /// The command's parts, for comparing (`Command` is the host's type, not `Equatable`).
    struct Planned: Equatable {
        var displayName: String?
        var executable: URL
        var arguments: [String]
        var inputs: [URL]
        var outputs: [URL]

        init?(_ command: Command) {
            guard case .buildCommand(let displayName, let executable, let arguments, _, let inputs, let outputs) = command else {
                return nil
            }
            (self.displayName, self.executable, self.arguments, self.inputs, self.outputs) =
                (displayName, executable, arguments, inputs, outputs)
        }
    }

    let payschema = URL(fileURLWithPath: "/usr/local/bin/payschema")

    /// Whether `path` (as an argument says it, perhaps with a final `/`) is the folder `url`.
    static func samePath(_ path: String, _ url: URL) -> Bool {
        URL(fileURLWithPath: path).standardizedFileURL.path == url.standardizedFileURL.path
    }

    /// Both branches on a target whose files are `files` (in `folder` for SwiftPM; Xcode has no
    /// target folder), in a package or project at `root`.
    func bothBranches(target: String, files: [File], folder: URL, root: URL) throws -> (swiftPM: [Command], xcode: [Command]) {
        let work = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let swiftPMTarget = SwiftSourceModuleTarget(name: target, directoryURL: folder, sourceFiles: FileList(files))
        let swiftPM = try PaySchemaPlugin().createBuildCommands(
            context: PluginContext(
                package: Package(displayName: "Shop", directoryURL: root, targets: [swiftPMTarget]),
                pluginWorkDirectoryURL: work.appending(path: "swiftpm"), tools: ["payschema": payschema]),
            target: swiftPMTarget)
        let xcodeTarget = XcodeTarget(id: "1", displayName: target, inputFiles: FileList(files))
        let xcode = try PaySchemaPlugin().createBuildCommands(
            context: XcodePluginContext(
                xcodeProject: XcodeProject(id: "P", displayName: "Shop", directoryURL: root, targets: [xcodeTarget]),
                pluginWorkDirectoryURL: work.appending(path: "xcode"), tools: ["payschema": payschema]),
            target: xcodeTarget)
        return (swiftPM, xcode)
    }

    /// A folder `name` under a fresh temporary folder, holding `files` (name to contents).
    func folder(_ name: String, _ files: [String: String]) throws -> (root: URL, folder: URL) {
        let root = try CLIRunner.temporaryDirectory()
        let folder = root.appending(path: name)
        for (path, contents) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        return (root, folder)
    }

    static let schema = """
        module: ShopPayments
        types:
          ShopPayment:
            kind: struct
            fields:
              id: { type: String, required: true }
        """

    @Test func schemasAmongTheTargetsFilesPlanTheSameCommandInBothBranches() throws {
        let (root, folder) = try folder(
            "ShopPayments", ["Payment.yaml": Self.schema, "payschema-config.yaml": "accessModifier: package\n", "Outcome.swift": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        // As Xcode lists a target's members: the Swift file a source, the YAML files resources.
        let files = [
            File(url: folder.appending(path: "Outcome.swift"), type: .source),
            File(url: folder.appending(path: "Payment.yaml"), type: .resource),
            File(url: folder.appending(path: "payschema-config.yaml"), type: .resource),
        ]
        let (swiftPM, xcode) = try bothBranches(target: "ShopPayments", files: files, folder: folder, root: root)
        #expect(Diagnostics.takeEmitted().isEmpty)
        let planned = try #require(swiftPM.first.flatMap(Planned.init))
        #expect(swiftPM.count == 1 && xcode.count == 1)
        #expect(xcode.first.flatMap(Planned.init).map { Planned.without(work: $0) } == Planned.without(work: planned))
        #expect(planned.executable == payschema)
        #expect(planned.arguments.count == 10)
        #expect(
            Array(planned.arguments.prefix(2)) == ["generate", "--schemas"] && planned.arguments[3...4] == ["--module", "ShopPayments"])
        #expect(Self.samePath(planned.arguments[2], root))
        #expect(planned.arguments.suffix(3) == ["--flat", "--combined-file", "ShopPayments.generated.swift"])
        #expect(planned.inputs.map(\.lastPathComponent) == ["Payment.yaml", "payschema-config.yaml"])
        #expect(planned.outputs.map(\.lastPathComponent) == ["ShopPayments.generated.swift"])
    }

    @Test func anXcodeTargetsSchemasInNestedGroupsAreTheModuleOfTheirCommonFolder() throws {
        let (root, folder) = try folder("App", ["Payments/A.yaml": Self.schema, "Payments/Refunds/B.yaml": Self.schema])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            File(url: folder.appending(path: "Payments/Refunds/B.yaml"), type: .unknown),
            File(url: folder.appending(path: "Payments/A.yaml"), type: .resource),
        ]
        let xcode = try bothBranches(target: "Shop", files: files, folder: folder, root: root).xcode
        let planned = try #require(xcode.first.flatMap(Planned.init))
        #expect(planned.arguments[3...4] == ["--module", "Payments"] && Self.samePath(planned.arguments[2], folder))
        #expect(planned.inputs.map(\.lastPathComponent) == ["A.yaml", "B.yaml"])
        #expect(planned.outputs.map(\.lastPathComponent) == ["Shop.generated.swift"])

        let scattered = SchemaBuildPlan.plan(
            SchemaTargetInputs(
                targetName: "Shop", files: [URL(fileURLWithPath: "/a/A.yaml"), URL(fileURLWithPath: "/b/B.yaml")], targetDirectory: nil,
                rootDirectory: root),
            output: root)
        #expect(scattered == .failure(.noCommonFolder(target: "Shop", files: ["/a/A.yaml", "/b/B.yaml"])))
    }

    @Test func theSchemasFolderLayoutPlansTheSameCommandInBothBranchesAndWritesWhatTheBuildWrites() throws {
        let root = CLIRunner.packageRoot
        let files = [File(url: root.appending(path: "Sources/MollieCheckout/MollieCheckout.swift"), type: .source)]
        let (swiftPM, xcode) = try bothBranches(
            target: "MollieCheckout", files: files, folder: root.appending(path: "Sources/MollieCheckout"), root: root)
        let planned = try #require(swiftPM.first.flatMap(Planned.init))
        #expect(xcode.first.flatMap(Planned.init).map { Planned.without(work: $0) } == Planned.without(work: planned))
        let schemas = try FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Schemas/MollieCheckout").path)
            .filter { $0.hasSuffix(".yaml") && $0 != "payschema-config.yaml" }
        #expect(
            Set(planned.outputs.map(\.lastPathComponent))
                == Set(
                    schemas.map { $0.replacingOccurrences(of: ".yaml", with: ".generated.swift") } + [
                        "MollieCheckoutSchema.generated.swift"
                    ]))

        // The Xcode branch's command, run with the built payschema: its files are Generated/'s,
        // byte for byte (CI's drift check holds Generated/ to what the package's own build makes).
        let xcodePlanned = try #require(xcode.first.flatMap(Planned.init))
        let output = try #require(
            xcodePlanned.arguments.firstIndex(of: "--output").map { URL(fileURLWithPath: xcodePlanned.arguments[$0 + 1]) })
        let run = try CLIRunner.run("payschema", Array(xcodePlanned.arguments))
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        #expect(run.status == 0, "\(run.stderr)")
        for url in xcodePlanned.outputs {
            let written = try String(contentsOf: url, encoding: .utf8)
            let committed = try String(
                contentsOf: root.appending(path: "Generated/MollieCheckout/\(url.lastPathComponent)"), encoding: .utf8)
            #expect(written == committed, "\(url.lastPathComponent) differs from Generated/MollieCheckout/")
        }
    }

    @Test func aTargetWithoutSchemasIsOneErrorInEitherBranchNamingWhereItLooked() throws {
        let (root, folder) = try folder("Shop", ["Outcome.swift": "", "Schemas/Other/A.yaml": Self.schema])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.moveItem(at: folder.appending(path: "Schemas"), to: root.appending(path: "Schemas"))
        let files = [File(url: folder.appending(path: "Outcome.swift"), type: .source)]
        let (swiftPM, xcode) = try bothBranches(target: "Shop", files: files, folder: folder, root: root)
        #expect(swiftPM.isEmpty && xcode.isEmpty)
        let said = Diagnostics.takeEmitted()
        #expect(said.map(\.severity) == [.error, .error])
        let looked = root.appending(path: "Schemas/Shop").path(percentEncoded: false)
        #expect(
            said.first?.message
                == "PaySchemaPlugin: target 'Shop' has no schemas: no .yaml file in the target's folder \(folder.path(percentEncoded: false)), "
                + "no .yaml file in \(looked) (Schemas/ has schemas for: Other). Put the target's schemas in its folder (recommended) "
                + "or in Schemas/Shop/, or remove the plugin from the target.")
        #expect(
            said.last?.message
                == "PaySchemaPlugin: target 'Shop' has no schemas: no .yaml file among the target's files, "
                + "no .yaml file in \(looked) (Schemas/ has schemas for: Other). Put the target's schemas in its folder (recommended) "
                + "or in Schemas/Shop/, or remove the plugin from the target.")
    }
}

extension PaySchemaPluginTests.Planned {
    /// The command without the plugin work folder each branch has of its own (`swiftpm`/`xcode`).
    static func without(work planned: Self) -> Self {
        var copy = planned
        let strip = { (text: String) in
            text.replacingOccurrences(of: "/swiftpm/", with: "/work/").replacingOccurrences(of: "/xcode/", with: "/work/")
        }
        copy.arguments = copy.arguments.map(strip)
        copy.outputs = copy.outputs.map { URL(fileURLWithPath: strip($0.path)) }
        return copy
    }
}
