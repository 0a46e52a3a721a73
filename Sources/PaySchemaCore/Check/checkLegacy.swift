extension SchemaChecker {
    mutating func checkLegacy() {
        let resolver = LegacyResolver(types: types)
        for file in files {
            for api in file.legacyAPIs {
                if api.kind == .extension {
                    if types[api.name.value] != nil {
                        diagnostics.error("extend schema types with 'legacy: conversions'; legacyAPI extensions are for hand-written types", at: api.name.location)
                    }
                } else {
                    declare(api.name, what: "legacy API")
                }
                var seen: [String: SourceLocation] = [:]
                for method in api.methods {
                    let key = method.name.value + method.signature.value
                    if let first = seen[key] { diagnostics.error("duplicate method '\(method.name.value)\(method.signature.value)' (first at \(first))", at: method.name.location) }
                    seen[key] = method.name.location
                    if !Naming.isMemberName(method.name.value) {
                        diagnostics.error("method name '\(method.name.value)' must be a lowerCamelCase identifier", at: method.name.location)
                    }
                }
            }
            for owner in file.types {
                for conversion in owner.conversions { checkConversion(conversion, owner: owner, resolver: resolver) }
            }
        }
    }

    mutating func checkConversion(_ conversion: LegacyConversion, owner: TypeDecl, resolver: LegacyResolver) {
        guard case .structure = owner.kind else {
            diagnostics.error("only structs can declare conversions", at: conversion.location)
            return
        }
        let built: StructDecl
        let builtName: String
        switch conversion.kind {
        case .to(let target):
            guard case .structure(let decl)? = types[target.value]?.kind else {
                diagnostics.error("conversion target '\(target.value)' is not a struct of this module\(Suggestions.hint(for: target.value, in: Array(types.keys)))", at: target.location)
                return
            }
            built = decl
            builtName = target.value
        case .from(let arguments):
            for argument in arguments where types[argument.type.value] == nil {
                diagnostics.error("unknown type '\(argument.type.value)'\(Suggestions.hint(for: argument.type.value, in: Array(types.keys)))", at: argument.type.location)
            }
            guard case .structure(let decl) = owner.kind else { return }
            built = decl
            builtName = owner.name.value
        }
        let roots = resolver.roots(for: conversion, owner: owner)
        for mapping in conversion.fields {
            guard let field = built.fields.first(where: { $0.name.value == mapping.target.value }) else {
                diagnostics.error("'\(mapping.target.value)' is not a field of \(builtName)\(Suggestions.hint(for: mapping.target.value, in: built.fields.map(\.name.value)))", at: mapping.target.location)
                continue
            }
            if let value = mapping.value {
                checkDefault(value, type: field.type.value, field: field, what: "'\(builtName).\(field.name.value)'")
                continue
            }
            guard let path = mapping.from else { continue }
            switch resolver.resolve(path.value, roots: roots) {
            case .failure(let error):
                diagnostics.error("cannot resolve '\(path.value)': \(error.message)", at: path.location)
            case .success(let source):
                checkMapping(mapping, source: source, into: field, of: builtName)
            }
        }
        for field in built.fields where field.required && !conversion.fields.contains(where: { $0.target.value == field.name.value }) {
            diagnostics.error("the conversion does not set required field '\(builtName).\(field.name.value)'", at: conversion.location)
        }
    }

    mutating func checkMapping(_ mapping: LegacyFieldMapping, source: LegacyResolver.Value, into field: FieldDecl, of builtName: String) {
        var produced = source.type
        switch mapping.transform {
        case .negate(let location)?:
            if source.type != .primitive(.bool) { diagnostics.error("'negate' needs a Bool, found \(source.type)", at: location) }
        case .group(let key, let values, let map, let location)?:
            guard case .named(let legacyEnum) = source.type.innermost, case .enumeration(let legacy)? = types[legacyEnum]?.kind else {
                diagnostics.error("a group transform needs a list of enum values, found \(source.type)", at: location)
                return
            }
            guard case .list(.named(let element)) = field.type.value, case .structure(let elementDecl)? = types[element]?.kind,
                  let keyField = elementDecl.fields.first(where: { $0.name.value == key }),
                  let valuesField = elementDecl.fields.first(where: { $0.name.value == values })
            else {
                diagnostics.error("a group transform fills a list of structs with fields '\(key)' and '\(values)'", at: location)
                return
            }
            let valueType = valuesField.type.value.innermost
            for legacyCase in legacy.cases where !map.contains(where: { $0.legacy.value == legacyCase.value.value.description }) {
                diagnostics.error("the group map does not map legacy value '\(legacyCase.value.value)'", at: location)
            }
            for row in map {
                if !legacy.cases.contains(where: { $0.value.value.description == row.legacy.value }) {
                    diagnostics.error("'\(row.legacy.value)' is not a value of \(legacyEnum)", at: row.legacy.location)
                }
                for (raw, type) in [(row.key, keyField.type.value), (row.value, valueType)] {
                    guard case .named(let name) = type, case .enumeration(let target)? = types[name]?.kind,
                          target.cases.contains(where: { $0.value.value.description == raw })
                    else {
                        diagnostics.error("'\(raw)' is not a value of \(type)", at: row.legacy.location)
                        continue
                    }
                }
            }
            produced = field.type.value
        case nil:
            break
        }
        if produced != field.type.value {
            diagnostics.error("'\(mapping.from?.value ?? "")' is \(produced) but '\(builtName).\(field.name.value)' is \(field.type.value)", at: mapping.from?.location ?? mapping.target.location)
        } else if source.optional && !field.isOptionalInSwift && mapping.fallback == nil {
            diagnostics.error("'\(mapping.from?.value ?? "")' may be nil but '\(builtName).\(field.name.value)' may not; give the mapping a 'default'", at: mapping.from?.location ?? mapping.target.location)
        }
    }
}
