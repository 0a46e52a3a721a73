import ArgumentParser
import Foundation
import PaySchemaCore

/// `payschema import openapi DOC`: writes schemas of our language from an OpenAPI document.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write schemas of this package's language from another format.",
        subcommands: [ImportOpenAPICommand.self]
    )
}

/// `payschema import openapi DOC --module M --output FILE` (or `--split --output FOLDER`).
struct ImportOpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Write one schema file from an OpenAPI 3.0 or 3.1 document (JSON or YAML).",
        discussion: """
            Imports the component schemas (--schema, or --all-schemas) and operations (--operation, by \
            operationId, or --all-operations) asked for, with every schema they reach. Each object becomes \
            a struct, each enum an enum (open unless --closed-enums), $ref followed, allOf merged, \
            nullability from 3.0's `nullable` and 3.1's `null` type; each named type links its schema \
            (`upstream: ref:`). What the language cannot say is reported as path:line:column: \
            warning|note: message at the document's node, and the value falls back to JSON (kept exactly). \
            The written file is then checked as `payschema lint` checks it.
            With --split, --output is a folder: one file per component of the document (its type and the \
            types inline in it) and <Module>Operations.yaml, so an edit regenerates and recompiles one \
            file's Swift; files an earlier import wrote there (they start with its header line) and this \
            one does not are removed, and a file whose text is unchanged is not touched.
            Exit codes: 0 written and clean, 1 errors (in the document or the written file), 2 usage errors.
            """
    )

    @Argument(help: "The OpenAPI document (.json, .yaml or .yml).")
    var document: String

    @Option(help: "The module the file declares (its folder's name under Schemas/).")
    var module: String

    @Option(help: "The schema file to write (Schemas/<Module>/<Name>.yaml); with --split, the folder (Schemas/<Module>).")
    var output: String

    @Flag(help: "Write one schema file per component of the document, and one for the operations, into the folder --output names.")
    var split = false

    @Option(name: .customLong("schema"), help: "A component schema to import (repeatable).")
    var schemas: [String] = []

    @Option(name: .customLong("operation"), help: "An operationId to import (repeatable).")
    var operations: [String] = []

    @Flag(help: "Import every component schema.")
    var allSchemas = false

    @Flag(help: "Import every operation.")
    var allOperations = false

    @Option(help: "How `upstream: ref:` names the document (default: its folder and file name, e.g. paypal/checkout_orders_v2.json).")
    var documentName: String?

    @Option(help: "Where docs come from: document (its descriptions) or own (our sentences; nothing of the document's text is copied).")
    var docs: ImportOptions.Docs = .document

    @Option(help: "Put before every type name (e.g. PayPal).")
    var typePrefix: String = ""

    @Flag(help: "Enums refuse values they do not list (default: open, keeping them).")
    var closedEnums = false

    @Flag(help: "Leave out members the document marks deprecated (each listed under upstream: omits:).")
    var omitDeprecated = false

    @Option(
        help:
            "A module's schema folder (usually the output's): a schema one of its types links with `upstream:` is referred to by that type, not imported again; no imported type takes one of its names."
    )
    var reuse: String?

    @Option(
        name: .customLong("sensitive"),
        help: "A member name whose text is a secret, beyond the names the package reads as credentials' (repeatable).")
    var sensitiveNames: [String] = []

    func validate() throws {
        guard Naming.isTypeName(module) else { throw ValidationError("--module: '\(module)' is not an UpperCamelCase module name") }
        guard allSchemas || allOperations || !schemas.isEmpty || !operations.isEmpty else {
            throw ValidationError("name what to import: --schema, --operation, --all-schemas or --all-operations")
        }
        if split {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw ValidationError("--output: with --split, a folder; '\(output)' is a file")
            }
        } else {
            guard output.hasSuffix(".yaml") || output.hasSuffix(".yml") else {
                throw ValidationError("--output: a schema file ends in .yaml (or name a folder with --split)")
            }
        }
        guard typePrefix.isEmpty || Naming.isTypeName(typePrefix) else {
            throw ValidationError("--type-prefix: '\(typePrefix)' does not start a type name")
        }
    }

    func run() throws {
        guard let data = FileManager.default.contents(atPath: document) else {
            throw UsageError(description: "cannot read '\(document)'").report()
        }
        let url = URL(fileURLWithPath: document)
        var options = ImportOptions(
            module: module,
            documentName: documentName ?? (url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent))
        options.schemas = schemas
        options.operations = operations
        options.allSchemas = allSchemas
        options.allOperations = allOperations
        options.docs = docs
        options.typePrefix = typePrefix
        options.openEnums = !closedEnums
        options.omitDeprecated = omitDeprecated
        options.sensitiveNames = Set(sensitiveNames)
        if let reuse {
            let folder = URL(fileURLWithPath: reuse)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: reuse, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError(description: "--reuse: no such folder: '\(reuse)'").report()
            }
            // The output itself is written again, so what it declared now is not reused (with --split,
            // every file an earlier import wrote in the output folder).
            let files = SchemaSource.yamlFiles(under: folder).filter { !isRewritten($0) }
            let existing = ReusedTypes(
                files: files.map { ($0.path, [UInt8]((try? Data(contentsOf: $0)) ?? Data())) }, documentName: options.documentName)
            for problem in existing.diagnostics { Console.error(problem.description) }
            guard existing.diagnostics.isEmpty else { throw ExitCode(1) }
            options.reuse = existing.byPointer
            options.takenNames = existing.names
        }
        let (source, readProblems) = OpenAPISource.read(bytes: [UInt8](data), path: document)
        for problem in readProblems { Console.error(problem.description) }
        guard let source else { throw ExitCode(1) }
        let (module, diagnostics) = OpenAPIImporter.run(source, options: options)
        for diagnostic in diagnostics { Console.error(diagnostic.description) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let outputURL = URL(fileURLWithPath: output)
        let directory = split ? outputURL : outputURL.deletingLastPathComponent()
        let diagnosticRoot = split ? output : (output as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let shown: Set<String>
        if split {
            let files = ImportWriter.files(module)
            try Self.replaceImport(in: directory, with: files)
            shown = Set(files.map { GeneratorPipeline.shownPath($0.name + ".yaml", under: diagnosticRoot) })
        } else {
            try Data(ImportWriter.text(module).utf8).write(to: outputURL)
            shown = [output]
        }
        // The written files are judged as `payschema lint` judges them, with the other files of their folder.
        let schemaModule = SchemaSource.Module(
            name: directory.standardizedFileURL.lastPathComponent, directory: directory, files: SchemaSource.yamlFiles(under: directory))
        let (files, parseProblems) = GeneratorPipeline.parse(schemaModule, root: directory, diagnosticRoot: diagnosticRoot)
        let (_, checkProblems) = SchemaChecker.check(module: schemaModule.name, files: files)
        let written = (parseProblems + checkProblems).filter { shown.contains($0.location.file) || $0.severity == .error }
        for problem in written { Console.error(problem.description) }
        let writtenErrors = written.filter { $0.severity == .error }.count
        let kinds = module.types.reduce(into: [String: Int]()) { counts, type in
            switch type.kind {
            case .structure: counts["structs", default: 0] += 1
            case .enumeration: counts["enums", default: 0] += 1
            case .scalar: counts["scalars", default: 0] += 1
            }
        }
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        let notes = diagnostics.filter { $0.severity == .note }.count
        let counts = "\(kinds["structs", default: 0]) structs, \(kinds["enums", default: 0]) enums, \(kinds["scalars", default: 0]) scalars"
        Console.error(
            "payschema import openapi: \(output): \(counts), \(module.operations.count) operations\(split ? " in \(shown.count) files" : ""); "
                + "\(warnings) warnings, \(notes) notes from the document, \(errors + writtenErrors) errors")
        if errors + writtenErrors > 0 { throw ExitCode(1) }
    }

    /// Whether this import writes over `file` (or removes it): the output file, or with --split a
    /// file an earlier import wrote in the output folder.
    func isRewritten(_ file: URL) -> Bool {
        let target = URL(fileURLWithPath: output).standardizedFileURL
        guard split else { return file.standardizedFileURL == target }
        // Compared as paths: a folder's URL may or may not end in a slash.
        guard file.standardizedFileURL.deletingLastPathComponent().path == target.path,
            let text = (try? Data(contentsOf: file)).flatMap({ String(data: $0, encoding: .utf8) })
        else { return false }
        return ImportWriter.isImported(text)
    }

    /// Writes `files` into `folder` (`<name>.yaml`), leaving a file whose text is unchanged untouched
    /// (its Swift is not regenerated), and removes the files an earlier import wrote there that
    /// `files` no longer has; files written by hand (without the import's header) are kept.
    static func replaceImport(in folder: URL, with files: [ImportedFile]) throws {
        let names = Set(files.map { $0.name + ".yaml" })
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in existing.sorted() where name.hasSuffix(".yaml") && !names.contains(name) {
            let url = folder.appending(path: name)
            if let text = (try? Data(contentsOf: url)).flatMap({ String(data: $0, encoding: .utf8) }), ImportWriter.isImported(text) {
                try FileManager.default.removeItem(at: url)
            }
        }
        for file in files {
            let url = folder.appending(path: file.name + ".yaml")
            let data = Data(file.text.utf8)
            if (try? Data(contentsOf: url)) != data { try data.write(to: url, options: .atomic) }
        }
    }
}

extension ImportOptions.Docs: ExpressibleByArgument {}
