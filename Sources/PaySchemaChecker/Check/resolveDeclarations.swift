import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax
import PaymentSchemasVocabulary

/// The checker's last stage: with every name known to resolve, it turns the parsed files into
/// ``ResolvedFile``s, so the emitter is handed resolved types, typed defaults and resolved
/// operations and never looks a name up.
extension SchemaChecker {
    /// The resolved files, in `files` order; `nil` if a name fails to resolve (only possible when
    /// the checker has reported an error).
    func resolvedFiles(sensitive: Set<String>) -> [ResolvedFile]? {
        // Files resolve independently (they only read the type table), so on all cores.
        let checker = self
        let validated = self.validated
        let result = ParallelMap.map(files) { file -> ResolvedFile? in
            var declarations: [ResolvedDecl] = []
            declarations.reserveCapacity(file.types.count)
            for type in file.types {
                guard let declaration = checker.resolveDecl(type, sensitive: sensitive, validated: validated) else { return nil }
                declarations.append(declaration)
            }
            var operations: [ResolvedOperation] = []
            for operation in file.operations {
                guard let resolved = checker.resolveOperation(operation, sensitive: sensitive, validated: validated) else { return nil }
                operations.append(resolved)
            }
            return ResolvedFile(
                displayPath: file.displayPath, outputName: file.outputName, doc: file.doc, sandboxPath: file.sandboxPath?.value,
                types: declarations, errorCatalogs: file.errorCatalogs.map(Self.resolveCatalog), operations: operations,
                legacyAPIs: file.legacyAPIs.map(Self.resolveLegacyAPI))
        }
        var files: [ResolvedFile] = []
        files.reserveCapacity(result.count)
        for file in result {
            guard let file else { return nil }
            files.append(file)
        }
        return files
    }

    /// For every type, whether its values carry a check. A type reached again through a cycle adds
    /// nothing (its other fields decide), exactly as a depth-first walk from that type would.
    func validationNeeds() -> [String: Bool] {
        var needs: [String: Bool] = [:]
        needs.reserveCapacity(types.count)
        for name in types.keys {
            var visiting = Set<String>()
            needs[name] = typeNeedsValidation(name, visiting: &visiting)
        }
        return needs
    }

    private func typeNeedsValidation(_ name: String, visiting: inout Set<String>) -> Bool {
        guard visiting.insert(name).inserted else { return false }
        switch types[name]?.kind {
        case .structure(let decl)?:
            return !decl.requireAnyOf.isEmpty
                || decl.fields.contains { field in
                    !field.constraints.isEmpty || field.type.value.namedTypes.contains { typeNeedsValidation($0, visiting: &visiting) }
                }
        case .union?: return true
        case .scalar(let scalar)?: return !scalar.constraints.isEmpty
        case .enumeration?, nil: return false
        }
    }

    func resolveType(_ type: TypeExpression, validated: [String: Bool]) -> ResolvedType? {
        switch type {
        case .primitive(let primitive): return .primitive(primitive)
        case .list(let element): return resolveType(element, validated: validated).map(ResolvedType.list)
        case .set(let element): return resolveType(element, validated: validated).map(ResolvedType.set)
        case .map(let value): return resolveType(value, validated: validated).map(ResolvedType.map)
        case .named(let name): return namedRef(name, validated: validated).map(ResolvedType.named)
        }
    }

    func namedRef(_ name: String, validated: [String: Bool]) -> NamedTypeRef? {
        guard let decl = types[name], let needsValidation = validated[name] else { return nil }
        let kind: NamedTypeRef.Kind
        switch decl.kind {
        case .structure: kind = .structure
        case .enumeration: kind = .enumeration
        case .union: kind = .union
        case .scalar(let scalar): kind = .scalar(base: scalar.base.value)
        }
        return NamedTypeRef(name: name, kind: kind, needsValidation: needsValidation)
    }

    /// A default or legacy literal as a typed value of `type`; `nil` when it is not one (the
    /// checker reports that case).
    func resolveValue(_ value: DefaultValue, type: TypeExpression) -> ResolvedValue? {
        switch (type, value) {
        case (.list(let element), .list(let items)), (.set(let element), .list(let items)):
            var values: [ResolvedValue] = []
            for item in items {
                guard let resolved = resolveValue(item, type: element) else { return nil }
                values.append(resolved)
            }
            return .list(values)
        case (.named(let name), _):
            switch types[name]?.kind {
            case .enumeration(let decl)?:
                let raw = value.rawText
                return decl.cases.first { $0.value.value.description == raw }.map { .enumCase($0.name.value) }
            case .scalar(let scalar)?:
                return resolveValue(value, type: .primitive(scalar.base.value)).map { .scalar(type: name, value: $0) }
            default:
                return nil
            }
        case (.primitive(let primitive), _) where value.isScalarText:
            let raw = value.rawText
            switch primitive {
            case .string: return .string(raw)
            case .int, .int64: return .integer(raw)
            case .bool: return .bool(raw == "true")
            case .double: return .double(raw)
            case .decimal: return .decimal(raw)
            case .url: return .url(raw)
            case .uuid: return .uuid(raw)
            case .date, .json: return nil
            }
        default:
            return nil
        }
    }

    /// A struct field, resolved; `nil` when its type or default does not resolve.
    func resolveField(_ field: FieldDecl, of structure: StructDecl, validated: [String: Bool]) -> ResolvedField? {
        guard let type = resolveType(field.type.value, validated: validated) else { return nil }
        var defaultValue: ResolvedValue?
        if let value = field.defaultValue {
            guard let typed = resolveValue(value.value, type: field.type.value) else { return nil }
            defaultValue = typed
        }
        // Read member by member from the parsed field's storage (a read through the field's
        // dynamic members copies all of its values).
        let box = field.storage
        let written = ResolvedField.Written(
            name: box.values.name.value, location: box.values.name.location, typeLocation: box.values.type.location,
            doc: box.values.doc, required: box.values.required, defaultLiteral: box.values.defaultValue?.value,
            constraints: box.values.constraints.bare, aliases: box.values.aliases.map(\.value), queryStyle: box.values.queryStyle,
            jsonName: box.values.jsonName?.value, xmlName: box.values.xmlName?.value, queryName: box.values.queryName?.value,
            sensitive: box.values.sensitive, lifecycle: ResolvedLifecycle(box.values.lifecycle), dateFormat: box.values.dateFormat?.value,
            timeZone: box.values.timeZone?.value, isNullable: box.values.nullable?.value ?? false,
            nullableElements: box.values.nullableElements, jsonForms: box.values.jsonForms?.value,
            allowsRelativeURL: box.values.allowsRelativeURL?.value == true)
        return ResolvedField(written, keyStyle: structure.keyStyle, type: type, defaultValue: defaultValue)
    }

    func resolveDecl(_ type: TypeDecl, sensitive: Set<String>, validated: [String: Bool]) -> ResolvedDecl? {
        let kind: ResolvedDecl.Kind
        switch type.kind {
        case .structure(let decl):
            var fields: [ResolvedField] = []
            fields.reserveCapacity(decl.fields.count)
            for field in decl.fields {
                guard let resolved = resolveField(field, of: decl, validated: validated) else { return nil }
                fields.append(resolved)
            }
            var groups: [[ResolvedField]] = []
            for group in decl.requireAnyOf {
                var members: [ResolvedField] = []
                for name in group.value {
                    guard let member = fields.first(where: { $0.name == name.value }) else { return nil }
                    members.append(member)
                }
                groups.append(members)
            }
            kind = .structure(
                ResolvedStruct(
                    encodings: decl.encodings.map(\.value), xmlRoot: decl.xmlRoot?.value, fields: fields, requireAnyOf: groups,
                    fieldsLocation: decl.fieldsLocation, requireAnyOfLocation: decl.requireAnyOf.first?.location,
                    refusesUnknownMembers: decl.refusesUnknownMembers?.value ?? false))
        case .union(let decl):
            var variants: [ResolvedVariant] = []
            for variant in decl.variants {
                guard let structure = namedRef(variant.type.value, validated: validated),
                    case .structure(let variantDecl)? = types[variant.type.value]?.kind
                else { return nil }
                var discriminator: ResolvedField?
                if let field = variantDecl.fields.first(where: {
                    $0.name.value == decl.discriminator.value || $0.jsonName?.value == decl.discriminator.value
                }) {
                    guard let resolved = resolveField(field, of: variantDecl, validated: validated) else { return nil }
                    discriminator = resolved
                }
                variants.append(
                    ResolvedVariant(
                        tag: variant.tag.value, caseName: variant.caseName, doc: variant.doc, structure: structure,
                        discriminatorField: discriminator, location: variant.tag.location))
            }
            kind = .union(
                ResolvedUnion(
                    discriminator: decl.discriminator.value, variants: variants, discriminatorLocation: decl.discriminator.location))
        case .enumeration(let decl):
            kind = .enumeration(
                ResolvedEnum(
                    rawType: decl.rawType, isOpen: decl.isOpen,
                    cases: decl.cases.map { enumCase in
                        ResolvedEnumCase(
                            name: enumCase.name.value, value: enumCase.value.value, aliases: enumCase.aliases.map(\.value),
                            doc: enumCase.doc, lifecycle: ResolvedLifecycle(enumCase.lifecycle), location: enumCase.name.location,
                            valueLocation: enumCase.value.location)
                    }))
        case .scalar(let decl):
            kind = .scalar(
                ResolvedScalar(
                    base: decl.base.value, constraints: decl.constraints.bare, sensitive: decl.sensitive,
                    takesLiterals: decl.takesLiterals, baseLocation: decl.base.location, literalLocation: decl.literal?.location))
        }
        let upstream = type.upstream.map {
            ResolvedUpstream(ref: $0.ref.value, omits: $0.omits, differences: $0.differences, location: $0.ref.location)
        }
        return ResolvedDecl(
            name: type.name.value, location: type.name.location, doc: type.doc, lifecycle: ResolvedLifecycle(type.lifecycle),
            upstream: upstream, kind: kind,
            isSensitive: sensitive.contains(type.name.value), conversions: conversions[type.name.value] ?? [])
    }

    static func resolveCatalog(_ catalog: ErrorCatalogDecl) -> ResolvedCatalog {
        ResolvedCatalog(
            name: catalog.name.value, domain: catalog.domain.value, codeType: catalog.codeType, defaultLanguage: catalog.defaultLanguage,
            doc: catalog.doc,
            codes: catalog.codes.map { code in
                ResolvedErrorCode(
                    code: code.code.value, name: code.name.value, messages: code.messages, domain: code.domain, doc: code.doc,
                    lifecycle: ResolvedLifecycle(code.lifecycle), location: code.location)
            }, location: catalog.name.location)
    }

    static func resolveLegacyAPI(_ api: LegacyAPIDecl) -> ResolvedLegacyAPI {
        ResolvedLegacyAPI(
            name: api.name.value, kind: api.kind, deprecated: api.deprecated, doc: api.doc,
            methods: api.methods.map { method in
                ResolvedLegacyAPI.Method(
                    name: method.name.value, signature: method.signature.value, body: method.body?.value, noOp: method.noOp?.value,
                    replacement: method.replacement, doc: method.doc)
            },
            properties: api.properties.map { property in
                ResolvedLegacyAPI.Property(
                    name: property.name.value, type: property.type, get: property.get, set: property.set, doc: property.doc)
            },
            mainActor: api.mainActor)
    }

    func resolveOperation(_ operation: OperationDecl, sensitive: Set<String>, validated: [String: Bool]) -> ResolvedOperation? {
        var parameters = operation.parameters
        let template = operation.path.value
        for placeholder in Self.placeholders(in: template)
        where !parameters.contains(where: { $0.place == .path && $0.wireName == placeholder }) {
            parameters.insert(
                ParameterDecl(
                    name: Located(placeholder, at: operation.path.location), wireName: placeholder, place: .path,
                    type: Located(.primitive(.string), at: operation.path.location), required: true, sensitive: false, doc: nil), at: 0)
        }
        var pieces: [ResolvedOperation.PathPiece] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.text(String(rest[rest.startIndex..<open]))) }
            let wire = String(rest[rest.index(after: open)..<close])
            guard let parameter = parameters.first(where: { $0.place == .path && $0.wireName == wire }) else { return nil }
            pieces.append(.parameter(parameter.name.value))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty || pieces.isEmpty { pieces.append(.text(String(rest))) }
        var resolvedParameters: [ResolvedParameter] = []
        for parameter in parameters {
            guard let type = resolveType(parameter.type.value, validated: validated) else { return nil }
            resolvedParameters.append(
                ResolvedParameter(
                    name: parameter.name.value, wireName: parameter.wireName, place: parameter.place, type: type,
                    required: parameter.required,
                    sensitive: parameter.sensitive, idempotencyKey: parameter.idempotencyKey, doc: parameter.doc,
                    location: parameter.name.location))
        }
        var bodies: [NamedTypeRef?] = []
        for body in [operation.request, operation.response, operation.errorBody] {
            guard let body else {
                bodies.append(nil)
                continue
            }
            guard let reference = namedRef(body.value, validated: validated) else { return nil }
            bodies.append(reference)
        }
        let isSensitive = parameters.contains(where: \.sensitive) || (operation.request.map { sensitive.contains($0.value) } ?? false)
        // A request type that is not JSON is a URL-query type: the body is a form.
        var requestFormat = WireFormat.json
        if let request = operation.request, case .structure(let decl)? = types[request.value]?.kind, !decl.supports(.json) {
            requestFormat = .query
        }
        var links: [ResolvedLink] = []
        for link in operation.links {
            guard let resolved = resolveLink(link, from: operation) else { return nil }
            links.append(resolved)
        }
        var resolved = ResolvedOperation(
            name: operation.name.value, location: operation.name.location, doc: operation.doc, method: operation.method.value,
            pathTemplate: template, successStatuses: operation.successStatuses, errorStatuses: operation.errorStatuses,
            security: operation.security, lifecycle: ResolvedLifecycle(operation.lifecycle),
            typeName: Naming.operationTypeName(operation.name.value), parameters: resolvedParameters,
            request: bodies[0], requestFormat: requestFormat, response: bodies[1], errorBody: bodies[2], path: pieces,
            idempotencyKeyHeader: parameters.first(where: \.idempotencyKey)?.wireName, isSensitive: isSensitive,
            links: links)
        resolved.responseMediaType = operation.responseMediaType
        resolved.isRequestOptional = operation.request != nil && operation.requestOptional
        resolved.refusesUnknownMembers = operation.request != nil && operation.refusesUnknownMembers
        return resolved
    }

    /// `link` with each parameter's place, wire name and JSON pointer; `nil` when it does not
    /// resolve (the checker has reported why).
    func resolveLink(_ link: LinkDecl, from operation: OperationDecl) -> ResolvedLink? {
        guard let target = operationDecl(named: link.target.value) else { return nil }
        var parameters: [ResolvedLink.Parameter] = []
        for (name, field) in link.parameters {
            guard let parameter = Self.parameter(name.value, of: target),
                let pointer = jsonPointer(field.value, in: operation.response?.value)
            else { return nil }
            parameters.append(ResolvedLink.Parameter(place: parameter.place, wireName: parameter.wireName, pointer: pointer))
        }
        return ResolvedLink(target: link.target.value, parameters: parameters)
    }
}

extension ResolvedLifecycle {
    /// The lifecycle of a parsed declaration, without the places its former names are written.
    init(_ lifecycle: Lifecycle) {
        self.init(deprecated: lifecycle.deprecated, renamedFrom: lifecycle.renamedFrom.map(\.value))
    }
}
