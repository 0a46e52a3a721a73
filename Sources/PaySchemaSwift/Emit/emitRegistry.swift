import PaySchemaLanguage
import PaySchemaModel

/// The per-module registry file: every type by name, for tools that read payloads by type name.
extension SwiftEmitter {
    /// The most entries one array literal of the registry holds.
    static let registryPart = 50

    /// One registry entry: where the type is declared, found by index (sorting moves only these).
    struct RegistryEntry {
        let name: String
        let file: Int
        let type: Int
    }

    /// `PaySchemaType(T.self, module:, name:, kind:, formats:, schemaFile:[, formerNames:])` for each entry.
    static func registryEntries(_ module: ResolvedModule, _ entries: [RegistryEntry]) -> SwiftExpression {
        .array(
            entries.map { entry in
                let file = module.files[entry.file]
                let type = file.types[entry.type]
                let kind: String
                switch type.kind {
                case .structure: kind = "structure"
                case .enumeration: kind = "enumeration"
                case .union: kind = "union"
                case .scalar: kind = "scalar"
                }
                var arguments = [
                    SwiftArgument(.metatype(.named(type.name))), SwiftArgument("module", .string(module.name)),
                    SwiftArgument("name", .string(type.name)),
                    SwiftArgument("kind", .implicitMember(kind)),
                    SwiftArgument("formats", .array(type.formats.map { .implicitMember($0.rawValue) }, .oneLine)),
                    SwiftArgument("schemaFile", .string(file.displayPath)),
                ]
                if !type.lifecycle.renamedFrom.isEmpty {
                    arguments.append(SwiftArgument("formerNames", .array(type.lifecycle.renamedFrom.map { .string($0) }, .oneLine)))
                }
                return .call(.type("PaySchemaType"), arguments)
            }, .wrapped)
    }

    /// The operations' descriptors: route, parameters (read with their generated types) and
    /// bodies, for servers that route and check requests with the schemas (the sandbox).
    static func operationDescriptors(_ module: ResolvedModule) -> SwiftDeclaration? {
        let operations = module.files.flatMap(\.operations).filter { !$0.isDeprecated }.sorted {
            ($0.pathTemplate, $0.method.rawValue) < ($1.pathTemplate, $1.method.rawValue)
        }
        guard !operations.isEmpty else { return nil }
        let descriptors = operations.map { operation -> SwiftExpression in
            let parameters = operation.parameters.map { parameter -> SwiftExpression in
                var type = parameter.type
                var list = false
                if case .list(let element) = type {
                    type = element
                    list = true
                }
                var arguments = [
                    SwiftArgument(.string(parameter.wireName)), SwiftArgument("in", .implicitMember(parameter.place.rawValue)),
                    SwiftArgument("as", .metatype(.named(parameterTypeName(type)))), SwiftArgument("required", .bool(parameter.required)),
                ]
                if parameter.sensitive { arguments.append(SwiftArgument("sensitive", .bool(true))) }
                if list { arguments.append(SwiftArgument("list", .bool(true))) }
                return .call(.type("PayParameterDescriptor"), arguments)
            }
            return .call(
                .type("PayOperationDescriptor"),
                [SwiftArgument(.metatype(.named(operation.typeName))), SwiftArgument("parameters", .array(parameters, .wrapped))])
        }
        return SwiftDeclaration(
            doc: SwiftDoc("Every operation that is not deprecated, sorted by path template and method."),
            kind: .property(
                SwiftProperty(
                    isStatic: true, isConstant: true, name: "operations", type: .array("PayOperationDescriptor"),
                    value: .array(descriptors, .wrapped))))
    }

    /// The wire names (JSON, XML and query, as the struct is written) of every field that holds a
    /// secret: marked `sensitive`, or of a sensitive scalar type (through lists and maps). Servers
    /// that show bodies (the sandbox's inspector) redact the values of these keys.
    static func sensitiveFieldNames(_ module: ResolvedModule) -> SwiftDeclaration {
        var sensitiveScalars: Set<String> = []
        for file in module.files {
            for type in file.types {
                if case .scalar(let scalar) = type.kind, scalar.sensitive { sensitiveScalars.insert(type.name) }
            }
        }
        var names: Set<String> = []
        for file in module.files {
            for type in file.types {
                guard case .structure(let structure) = type.kind else { continue }
                for field in structure.fields {
                    var secret = field.sensitive
                    if case .named(let reference) = field.type.innermost, sensitiveScalars.contains(reference.name) { secret = true }
                    guard secret else { continue }
                    for format in structure.encodings {
                        switch format {
                        case .json: names.insert(field.jsonName)
                        case .xml: names.insert(field.xmlName)
                        case .query: names.insert(field.queryName)
                        }
                    }
                }
            }
        }
        return SwiftDeclaration(
            doc: SwiftDoc(
                "The wire names of the fields that hold secrets (`sensitive`, or of a sensitive scalar type), sorted: what a server that shows bodies redacts."
            ),
            kind: .property(
                SwiftProperty(
                    isStatic: true, isConstant: true, name: "sensitiveFieldNames", type: .generic("Set", ["String"]),
                    value: .array(names.sorted().map { .string($0) }, .wrapped))))
    }

    /// The Swift spelling of a parameter's (element) type: a primitive, scalar or enum.
    private static func parameterTypeName(_ type: ResolvedType) -> String {
        switch type {
        case .primitive(let primitive): return primitive.swiftName
        case .named(let reference): return reference.name
        case .list(let element), .set(let element), .map(let element): return parameterTypeName(element)
        }
    }

    /// `public enum <Module>Schema: PaySchemaModule` (named and with the access level the
    /// configuration gives).
    static func emitRegistry(_ module: ResolvedModule, config: GeneratorConfig) -> (name: String, file: SwiftFile) {
        var entries: [RegistryEntry] = []
        var deprecatedEntries: [RegistryEntry] = []
        for (fileIndex, file) in module.files.enumerated() {
            for (typeIndex, type) in file.types.enumerated() {
                let entry = RegistryEntry(name: type.name, file: fileIndex, type: typeIndex)
                if !type.isDeprecated { entries.append(entry) } else { deprecatedEntries.append(entry) }
            }
        }
        // Names are unique in a checked module, so sorting by name gives one order.
        entries.sort { $0.name < $1.name }
        deprecatedEntries.sort { $0.name < $1.name }
        // A long list is written as private parts of `registryPart` entries each, joined: the type
        // checker's cost for one array literal grows faster than its length (Mollie's 868 entries
        // took seconds and gigabytes in one literal; NOTES.md, issue 80).
        let list = { (name: String, doc: String, attributes: [SwiftAttribute], entries: [RegistryEntry]) -> [SwiftDeclaration] in
            let property = { (name: String, doc: String, visibility: SwiftVisibility, value: SwiftExpression) in
                SwiftDeclaration(
                    doc: SwiftDoc(doc), attributes: attributes, visibility: visibility,
                    kind: .property(
                        SwiftProperty(isStatic: true, isConstant: true, name: name, type: .array("PaySchemaType"), value: value)))
            }
            guard entries.count > registryPart else { return [property(name, doc, .api, registryEntries(module, entries))] }
            let parts = stride(from: 0, to: entries.count, by: registryPart).map {
                Array(entries[$0..<min($0 + registryPart, entries.count)])
            }
            let names = parts.indices.map { "\(name)Part\($0)" }
            let joined = SwiftExpression.call(.array(names.map { .identifier($0) }, .oneLine), "joined")
            return [property(name, doc, .api, .call(.identifier("Array"), [SwiftArgument(joined)]))]
                + zip(names, parts).map { partName, part in
                    property(partName, "Entries of `\(name)`, in its order.", .private, registryEntries(module, part))
                }
        }
        var members: [[SwiftDeclaration]] = [
            [
                SwiftDeclaration(
                    doc: SwiftDoc("The module's name."),
                    kind: .property(SwiftProperty(isStatic: true, isConstant: true, name: "name", value: .string(module.name))))
            ],
            list("types", "Every type that is not deprecated, sorted by name.", [], entries),
        ]
        if !deprecatedEntries.isEmpty {
            members.append(
                list(
                    "deprecatedTypes", "The deprecated (legacy) types, sorted by name; using them is deprecated too.",
                    [.deprecated(message: "Legacy types; migrate to the current API.")], deprecatedEntries))
        }
        if config.generates(.operations), let operations = operationDescriptors(module) { members.append([operations]) }
        members.append([sensitiveFieldNames(module)])
        let registry = SwiftDeclaration(
            doc: SwiftDoc("Every type of the `\(module.name)` schemas, by name."),
            kind: .type(.enum, name: config.registry(for: module.name), conformances: ["PaySchemaModule"], members: members))
        let file = SwiftFile(
            comments: header(source: "the schemas of \(module.name)", edit: "the schemas"), imports: imports, declarations: [registry])
        return (Naming.registryFileName(module.name), file)
    }
}
