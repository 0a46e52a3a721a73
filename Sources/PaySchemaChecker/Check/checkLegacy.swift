import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax

extension SchemaChecker {
    mutating func checkLegacy() {
        let resolver = LegacyResolver(types: types)
        for file in files {
            for api in file.legacyAPIs {
                if api.kind == .extension {
                    if types[api.name.value] != nil {
                        diagnostics.error(
                            "extend schema types with 'legacy: conversions'; legacyAPI extensions are for hand-written types",
                            at: api.name.location)
                    }
                } else {
                    declare(api.name, what: "legacy API")
                }
                var seen: [String: SourceLocation] = [:]
                for method in api.methods {
                    let key = method.name.value + method.signature.value
                    if let first = seen[key] {
                        diagnostics.error(
                            "duplicate method '\(method.name.value)\(method.signature.value)' (first at \(first))", at: method.name.location
                        )
                    }
                    seen[key] = method.name.location
                    if !Naming.isMemberName(method.name.value) {
                        diagnostics.error(
                            "method name '\(method.name.value)' must be a lowerCamelCase identifier", at: method.name.location)
                    }
                }
            }
            for owner in file.types {
                let resolved = owner.conversions.compactMap { checkConversion($0, owner: owner, resolver: resolver) }
                if !resolved.isEmpty { conversions[owner.name.value] = resolved }
            }
        }
    }

    /// Checks one conversion and resolves it; `nil` when something in it does not resolve (the
    /// problems are reported).
    mutating func checkConversion(_ conversion: LegacyConversion, owner: TypeDecl, resolver: LegacyResolver) -> ResolvedConversion? {
        guard case .structure = owner.kind else {
            diagnostics.error("only structs can declare conversions", at: conversion.location)
            return nil
        }
        let built: StructDecl
        let builtName: String
        let kind: ResolvedConversion.Kind
        var resolved = true
        switch conversion.kind {
        case .to(let target):
            guard case .structure(let decl)? = types[target.value]?.kind else {
                diagnostics.error(
                    "conversion target '\(target.value)' is not a struct of this module\(Suggestions.hint(for: target.value, in: Array(types.keys)))",
                    at: target.location)
                return nil
            }
            built = decl
            builtName = target.value
            kind = .to(target: target.value)
        case .from(let arguments):
            for argument in arguments where types[argument.type.value] == nil {
                diagnostics.error(
                    "unknown type '\(argument.type.value)'\(Suggestions.hint(for: argument.type.value, in: Array(types.keys)))",
                    at: argument.type.location)
                resolved = false
            }
            guard case .structure(let decl) = owner.kind else { return nil }
            built = decl
            builtName = owner.name.value
            kind = .from(parameters: arguments.map { ResolvedConversion.Parameter(label: $0.label, type: $0.type.value) })
        }
        let roots = resolver.roots(for: conversion, owner: owner)
        var values: [String: ResolvedConversion.Value] = [:]
        for mapping in conversion.fields {
            guard let field = built.fields.first(where: { $0.name.value == mapping.target.value }) else {
                diagnostics.error(
                    "'\(mapping.target.value)' is not a field of \(builtName)\(Suggestions.hint(for: mapping.target.value, in: built.fields.map(\.name.value)))",
                    at: mapping.target.location)
                resolved = false
                continue
            }
            if let value = mapping.value {
                checkDefault(value, type: field.type.value, field: field, what: "'\(builtName).\(field.name.value)'")
                if let typed = resolveValue(value.value, type: field.type.value) {
                    values[field.name.value] = .literal(typed)
                } else {
                    resolved = false
                }
                continue
            }
            guard let path = mapping.from else { continue }
            switch resolver.resolve(path.value, roots: roots) {
            case .failure(let error):
                diagnostics.error("cannot resolve '\(path.value)': \(error.message)", at: path.location)
                resolved = false
            case .success(let source):
                if let value = checkMapping(mapping, source: source, into: field, of: builtName) {
                    values[field.name.value] = value
                } else {
                    resolved = false
                }
            }
        }
        for field in built.fields where field.required && !conversion.fields.contains(where: { $0.target.value == field.name.value }) {
            diagnostics.error("the conversion does not set required field '\(builtName).\(field.name.value)'", at: conversion.location)
            resolved = false
        }
        guard resolved else { return nil }
        var arguments: [ResolvedConversion.Argument] = []
        for field in built.fields {
            guard let value = values[field.name.value] else { continue }
            guard let type = resolveType(field.type.value, validated: validated) else { return nil }
            arguments.append(
                ResolvedConversion.Argument(field: field.name.value, type: type, optional: field.isOptionalInSwift, value: value))
        }
        return ResolvedConversion(kind: kind, arguments: arguments)
    }

    /// Checks a path mapping and resolves its transform; `nil` when it does not fit (reported).
    mutating func checkMapping(
        _ mapping: LegacyFieldMapping, source: LegacyResolver.Value, into field: FieldDecl, of builtName: String
    ) -> ResolvedConversion.Value? {
        var produced = source.type
        var transform: ResolvedConversion.Transform?
        var fits = true
        switch mapping.transform {
        case .negate(let location)?:
            if source.type != .primitive(.bool) {
                diagnostics.error("'negate' needs a Bool, found \(source.type)", at: location)
                fits = false
            }
            transform = .negate
        case .group(let key, let values, let map, let location)?:
            guard case .named(let legacyEnum) = source.type.innermost, case .enumeration(let legacy)? = types[legacyEnum]?.kind else {
                diagnostics.error("a group transform needs a list of enum values, found \(source.type)", at: location)
                return nil
            }
            guard case .list(.named(let element)) = field.type.value, case .structure(let elementDecl)? = types[element]?.kind,
                let keyField = elementDecl.fields.first(where: { $0.name.value == key }),
                let valuesField = elementDecl.fields.first(where: { $0.name.value == values })
            else {
                diagnostics.error("a group transform fills a list of structs with fields '\(key)' and '\(values)'", at: location)
                return nil
            }
            let valueType = valuesField.type.value.innermost
            var complete = true
            for legacyCase in legacy.cases where !map.contains(where: { $0.legacy.value == legacyCase.value.value.description }) {
                diagnostics.error("the group map does not map legacy value '\(legacyCase.value.value)'", at: location)
                complete = false
            }
            var caseNames: [String: (key: String, value: String)] = [:]
            for row in map {
                if !legacy.cases.contains(where: { $0.value.value.description == row.legacy.value }) {
                    diagnostics.error("'\(row.legacy.value)' is not a value of \(legacyEnum)", at: row.legacy.location)
                    complete = false
                }
                var names: [String] = []
                for (raw, type) in [(row.key, keyField.type.value), (row.value, valueType)] {
                    guard case .named(let name) = type, case .enumeration(let target)? = types[name]?.kind,
                        let match = target.cases.first(where: { $0.value.value.description == raw })
                    else {
                        diagnostics.error("'\(raw)' is not a value of \(type)", at: row.legacy.location)
                        complete = false
                        continue
                    }
                    names.append(match.name.value)
                }
                if names.count == 2 { caseNames[row.legacy.value] = (names[0], names[1]) }
            }
            guard complete else { return nil }
            let rows = legacy.cases.compactMap { legacyCase in
                caseNames[legacyCase.value.value.description].map {
                    (legacyCase: legacyCase.name.value, keyCase: $0.key, valueCase: $0.value)
                }
            }
            var valuesAreASet = false
            if case .set = valuesField.type.value { valuesAreASet = true }
            guard let resolvedKey = resolveType(keyField.type.value, validated: validated),
                let resolvedValue = resolveType(valueType, validated: validated)
            else { return nil }
            transform = .group(
                ResolvedConversion.Group(
                    element: element, key: key, keyType: resolvedKey, values: values, valueType: resolvedValue,
                    valuesAreASet: valuesAreASet, rows: rows, legacyIsOpen: legacy.isOpen))
            produced = field.type.value
        case nil:
            break
        }
        if produced != field.type.value {
            diagnostics.error(
                "'\(mapping.from?.value ?? "")' is \(produced) but '\(builtName).\(field.name.value)' is \(field.type.value)",
                at: mapping.from?.location ?? mapping.target.location)
            return nil
        }
        if source.optional && !field.isOptionalInSwift && mapping.fallback == nil {
            diagnostics.error(
                "'\(mapping.from?.value ?? "")' may be nil but '\(builtName).\(field.name.value)' may not; give the mapping a 'default'",
                at: mapping.from?.location ?? mapping.target.location)
            return nil
        }
        var fallback: ResolvedValue?
        if source.optional, let given = mapping.fallback {
            checkDefault(given, type: field.type.value, field: field, what: "'\(builtName).\(field.name.value)'")
            guard let typed = resolveValue(given.value, type: field.type.value) else { return nil }
            fallback = typed
        }
        guard fits, let sourceType = resolveType(source.type, validated: validated) else { return nil }
        let resolvedSource = ResolvedConversion.Source(
            root: source.root, members: source.members, type: sourceType, optional: source.optional)
        return .path(resolvedSource, transform: transform, fallback: fallback)
    }
}
