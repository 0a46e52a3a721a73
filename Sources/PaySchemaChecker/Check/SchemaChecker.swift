import Foundation
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax
@_spi(Generated) import PaymentSchemasVocabulary

/// Checks the schema files of one module and resolves them into a `ResolvedModule`: the only value
/// the stages after it receive, so none of them can read the parsed declarations.
///
/// Every rule of `Schemas/README.md` is enforced here; each problem becomes a diagnostic at the
/// node that causes it and checking always continues, so one run reports everything.
package struct SchemaChecker: Sendable {
    let moduleName: String
    let files: [SchemaFile]
    var diagnostics = Diagnostics()
    var types: [String: TypeDecl] = [:]
    /// The names in `types` whose declaration is deprecated.
    var deprecatedTypes: Set<String> = []
    /// Patterns already put to the pattern engine, and its answer: a schema repeats its patterns
    /// (an identifier's, an amount's), and each answer costs a parse.
    var supportedPatterns: [String: Bool] = [:]
    var declaredNames: [String: SourceLocation] = [:]
    var conversions: [String: [ResolvedConversion]] = [:]
    /// For every type, whether its values carry a check (``validationNeeds()``), once the type
    /// table is complete.
    var validated: [String: Bool] = [:]

    /// Checks `files`, which all belong to `moduleName`.
    package static func check(module moduleName: String, files: [SchemaFile]) -> (ResolvedModule?, [Diagnostic]) {
        var checker = SchemaChecker(moduleName: moduleName, files: files.sorted { $0.displayPath < $1.displayPath })
        let module = checker.run()
        return (checker.diagnostics.hasErrors ? nil : module, checker.diagnostics.all)
    }

    mutating func run() -> ResolvedModule {
        var outputNames: [String: String] = [:]
        for file in files {
            if let module = file.module, module.value != moduleName {
                diagnostics.error(
                    "file declares module '\(module.value)' but lives in the folder of module '\(moduleName)'", at: module.location)
            }
            if file.outputName == moduleName + "Schema" {
                diagnostics.error(
                    "the file name '\(file.outputName)' is reserved for the module's type registry (\(Naming.registryFileName(moduleName))); rename the file",
                    at: SourceLocation(file: file.path, line: 1, column: 1))
            }
            if let other = outputNames[file.outputName] {
                diagnostics.error(
                    "two schema files would both generate '\(file.outputName).generated.swift' (the other is \(other)); rename one",
                    at: SourceLocation(file: file.path, line: 1, column: 1))
            }
            outputNames[file.outputName] = file.path
            for type in file.types { declare(type.name, what: "type") }
            for catalog in file.errorCatalogs { declare(catalog.name, what: "error catalog") }
            for operation in file.operations {
                declare(Located(Naming.operationTypeName(operation.name.value), at: operation.name.location), what: "operation")
            }
        }
        for file in files {
            for type in file.types where types[type.name.value] == nil {
                types[type.name.value] = type
                if type.lifecycle.deprecated != nil { deprecatedTypes.insert(type.name.value) }
            }
        }
        validated = validationNeeds()
        // Declarations are checked file by file on all cores: these checks only read the type
        // table and report diagnostics (which are sorted by location before anyone sees them).
        let snapshot = self
        let perFile = ParallelMap.map(files) { file -> [Diagnostic] in
            var worker = snapshot
            worker.diagnostics = Diagnostics()
            for type in file.types { worker.checkType(type) }
            for catalog in file.errorCatalogs { worker.checkCatalog(catalog) }
            for operation in file.operations { worker.checkOperation(operation) }
            worker.checkDeprecatedUses(in: file)
            return worker.diagnostics.all
        }
        for found in perFile { diagnostics.append(contentsOf: found) }
        // The whole-module passes also only read the type table: cycles on one core, legacy APIs
        // (which resolve the conversions) and secrets on the other.
        let graph = self
        let passes = ParallelMap.map([false, true]) { second -> (checker: SchemaChecker, sensitive: Set<String>) in
            var worker = graph
            worker.diagnostics = Diagnostics()
            guard second else {
                worker.checkCycles()
                return (worker, [])
            }
            worker.checkLegacy()
            let sensitive = worker.sensitiveClosure()
            worker.checkSensitiveHashing(sensitive)
            return (worker, sensitive)
        }
        diagnostics.append(contentsOf: passes[0].checker.diagnostics.all)
        diagnostics.append(contentsOf: passes[1].checker.diagnostics.all)
        conversions = passes[1].checker.conversions
        let sensitive = passes[1].sensitive
        var resolved: [ResolvedFile] = []
        if !diagnostics.hasErrors {
            if let files = resolvedFiles(sensitive: sensitive) {
                resolved = files
            } else {
                diagnostics.error(
                    "internal error: a checked declaration did not resolve; please report it with this schema",
                    at: SourceLocation(file: files.first?.path ?? moduleName, line: 1, column: 1))
            }
        }
        return ResolvedModule(name: moduleName, directions: inferDirections(), files: resolved)
    }

    mutating func declare(_ name: Located<String>, what: String) {
        if !Naming.isTypeName(name.value) {
            diagnostics.error("\(what) name '\(name.value)' must be UpperCamelCase letters and digits", at: name.location)
        }
        if Naming.reservedTypeNames.contains(name.value) {
            diagnostics.error(
                "\(what) name '\(name.value)' is reserved: generated code uses the Swift type of that name", at: name.location)
        }
        if let first = declaredNames[name.value] {
            diagnostics.error("duplicate name '\(name.value)'; first declared at \(first)", at: name.location)
        } else {
            declaredNames[name.value] = name.location
        }
    }

    /// Resolves every named type in `type`, reporting unknown ones with a suggestion.
    mutating func resolve(_ type: Located<TypeExpression>) -> Bool {
        var ok = true
        for name in type.value.namedTypes where types[name] == nil {
            ok = false
            let candidates = Array(types.keys) + TypeExpression.Primitive.allCases.map(\.rawValue)
            diagnostics.error("unknown type '\(name)'\(Suggestions.hint(for: name, in: candidates))", at: type.location)
        }
        return ok
    }

    /// The primitive a type bottoms out in: itself, or a scalar's base.
    func primitive(of type: TypeExpression) -> TypeExpression.Primitive? {
        switch type {
        case .primitive(let primitive): return primitive
        case .named(let name):
            if case .scalar(let scalar)? = types[name]?.kind { return scalar.base.value }
            return nil
        default: return nil
        }
    }

    mutating func checkType(_ type: TypeDecl) {
        checkRenames(type.lifecycle, own: type.name.value, what: "type")
        switch type.kind {
        case .structure(let decl): checkStruct(type, decl)
        case .enumeration(let decl): checkEnum(type, decl)
        case .union(let decl): checkUnion(type, decl)
        case .scalar(let decl):
            checkConstraints(
                decl.constraints, on: .primitive(decl.base.value), fieldType: .primitive(decl.base.value), owner: type.name.value)
            checkLiteral(type, decl)
        }
    }

    mutating func checkRenames(_ lifecycle: Lifecycle, own: String, what: String) {
        for old in lifecycle.renamedFrom {
            if old.value == own {
                diagnostics.error("\(what) '\(own)' cannot be renamed from itself", at: old.location)
            }
            if what == "type", let existing = declaredNames[old.value] {
                diagnostics.error(
                    "'\(old.value)' is still declared (at \(existing)); a type renamed from it gets a deprecated alias of that name",
                    at: old.location)
            }
        }
    }
}
