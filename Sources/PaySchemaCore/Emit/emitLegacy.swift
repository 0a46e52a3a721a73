extension SwiftEmitter {
    /// Conversions of a legacy type, in a (deprecated) extension of it.
    func emitConversions(_ type: TypeDecl) {
        guard !type.conversions.isEmpty else { return }
        let resolver = LegacyResolver(types: module.types)
        out.line("")
        markDeprecatedExtension(type.name.value)
        out.block("extension \(type.name.value)") {
            for (index, conversion) in type.conversions.enumerated() {
                if index > 0 { out.line("") }
                let roots = resolver.roots(for: conversion, owner: type)
                switch conversion.kind {
                case .to(let target):
                    guard case .structure(let built)? = module.type(target.value)?.kind else { continue }
                    out.doc(paragraphs: ["The value of the current API that this legacy value stands for: a `\(target.value)`.",
                                         "- Remark: Generated from the conversions of `\(type.name.value)` in `\(file.displayPath)`."])
                    out.block("public func to\(target.value)() -> \(target.value)") {
                        emitConstruction(target.value, built: built, conversion: conversion, roots: roots, resolver: resolver)
                    }
                case .from(let arguments):
                    guard case .structure(let built) = type.kind else { continue }
                    let parameters = arguments.map { "\(Naming.escaped($0.label)): \($0.type.value)" }.joined(separator: ", ")
                    out.doc(paragraphs: ["Builds the legacy value from the current API's " + arguments.map { "`\($0.type.value)`" }.joined(separator: " and ") + ".",
                                         "- Remark: Generated from the conversions of `\(type.name.value)` in `\(file.displayPath)`."])
                    out.block("public init(\(parameters))") {
                        emitConstruction("self.init", built: built, conversion: conversion, roots: roots, resolver: resolver)
                    }
                }
            }
        }
    }

    func emitConstruction(_ callee: String, built: StructDecl, conversion: LegacyConversion, roots: [String: LegacyResolver.Value], resolver: LegacyResolver) {
        var arguments: [String] = []
        for field in built.fields {
            guard let mapping = conversion.fields.first(where: { $0.target.value == field.name.value }) else { continue }
            arguments.append("\(Naming.escaped(field.name.value)): " + expression(mapping, into: field, roots: roots, resolver: resolver))
        }
        if arguments.isEmpty {
            out.line("\(callee)()")
            return
        }
        out.line("\(callee)(")
        for (index, argument) in arguments.enumerated() {
            out.line("    " + argument + (index == arguments.count - 1 ? "" : ","))
        }
        out.line(")")
    }

    func expression(_ mapping: LegacyFieldMapping, into field: FieldDecl, roots: [String: LegacyResolver.Value], resolver: LegacyResolver) -> String {
        if let value = mapping.value { return literal(value.value, type: field.type.value) }
        guard let path = mapping.from, case .success(let source) = resolver.resolve(path.value, roots: roots) else { return "nil" }
        var text = source.expression
        switch mapping.transform {
        case .negate?:
            text = source.optional ? "\(text).map { !$0 }" : "!\(text)"
        case .group(let key, let values, let map, _)?:
            text = groupExpression(source, into: field, key: key, values: values, map: map)
        case nil:
            break
        }
        if let fallback = mapping.fallback, source.optional {
            text = "(\(text)) ?? " + literal(fallback.value, type: field.type.value)
        }
        return text
    }

    /// A closure that groups legacy enum values into structs, first-seen order, stable within each group.
    func groupExpression(_ source: LegacyResolver.Value, into field: FieldDecl, key: String, values: String, map: [(legacy: Located<String>, key: String, value: String)]) -> String {
        guard case .list(.named(let element)) = field.type.value, case .structure(let elementDecl)? = module.type(element)?.kind,
              let keyField = elementDecl.fields.first(where: { $0.name.value == key }),
              let valuesField = elementDecl.fields.first(where: { $0.name.value == values }),
              case .named(let legacyEnum) = source.type.innermost, case .enumeration(let legacy)? = module.type(legacyEnum)?.kind
        else { return "nil" }
        func caseName(_ type: TypeExpression, _ raw: String) -> String {
            guard case .named(let name) = type, case .enumeration(let decl)? = module.type(name)?.kind,
                  let match = decl.cases.first(where: { $0.value.value.description == raw }) else { return "nil" }
            return "." + Naming.escaped(match.name.value)
        }
        let keyType = keyField.type.value, valueType = valuesField.type.value.innermost
        let isSet: Bool
        if case .set = valuesField.type.value { isSet = true } else { isSet = false }
        var lines = ["{ (source: \(swiftType(source.type))\(source.optional ? "?" : "")) -> \(swiftType(field.type.value))\(field.isOptionalInSwift ? "?" : "") in"]
        if source.optional { lines.append("    guard let source else { return nil }") }
        lines.append("    var order: [\(swiftType(keyType))] = []")
        lines.append("    var groups: [\(swiftType(keyType)): [\(swiftType(valueType))]] = [:]")
        lines.append("    for item in source {")
        lines.append("        let entry: (\(swiftType(keyType)), \(swiftType(valueType)))")
        lines.append("        switch item {")
        for legacyCase in legacy.cases {
            guard let row = map.first(where: { $0.legacy.value == legacyCase.value.value.description }) else { continue }
            lines.append("        case .\(Naming.escaped(legacyCase.name.value)): entry = (\(caseName(keyType, row.key)), \(caseName(valueType, row.value)))")
        }
        if legacy.isOpen { lines.append("        case .unknown: continue") }
        lines.append("        }")
        lines.append("        if groups[entry.0] == nil { order.append(entry.0) }")
        lines.append("        if !groups[entry.0, default: []].contains(entry.1) { groups[entry.0, default: []].append(entry.1) }")
        lines.append("    }")
        let collection = isSet ? "Set(groups[$0] ?? [])" : "groups[$0] ?? []"
        lines.append("    return order.map { \(element)(\(Naming.escaped(key)): $0, \(Naming.escaped(values)): \(collection)) }")
        lines.append("}(\(source.expression))")
        return lines.joined(separator: "\n            ")
    }

    /// Legacy protocols, namespaces and extensions declared in this file.
    func emitLegacyAPIs() {
        for api in file.legacyAPIs {
            out.line("")
            let message = api.deprecated.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(Naming.literal(api.deprecated)))"
            let remark = "- Remark: Generated from legacy API `\(api.name.value)` in `\(file.displayPath)`."
            switch api.kind {
            case .protocol:
                out.doc(paragraphs: [api.doc ?? "The legacy `\(api.name.value)` protocol.", remark])
                out.line(message)
                if api.mainActor { out.line("@MainActor") }
                out.block("public protocol \(api.name.value): AnyObject, Sendable") {
                    for (index, method) in api.methods.enumerated() {
                        if index > 0 { out.line("") }
                        out.doc(paragraphs: [method.doc ?? "`\(method.name.value)`.", method.replacement.map { "Replaced by \($0)." }])
                        out.line("func \(method.name.value)\(method.signature.value)")
                    }
                }
            case .namespace:
                out.doc(paragraphs: [api.doc ?? "The legacy `\(api.name.value)` API.", remark])
                out.line(message)
                if api.mainActor { out.line("@MainActor") }
                out.block("public enum \(api.name.value)") { emitLegacyMembers(api, prefix: "public static ", attribute: nil) }
            case .extension:
                out.doc(paragraphs: [api.doc ?? "Legacy members of `\(api.name.value)`.", remark])
                out.block("extension \(api.name.value)") { emitLegacyMembers(api, prefix: "public ", attribute: message) }
            }
        }
    }

    func emitLegacyMembers(_ api: LegacyAPIDecl, prefix: String, attribute: String?) {
        var first = true
        for property in api.properties {
            if !first { out.line("") }
            first = false
            out.doc(property.doc ?? "The legacy `\(property.name.value)`.")
            if let attribute { out.line(attribute) }
            out.block("\(prefix)var \(Naming.escaped(property.name.value)): \(property.type)") {
                out.line("get { \(property.get) }")
                if let setter = property.set { out.line("set { \(setter) }") }
            }
        }
        for method in api.methods {
            if !first { out.line("") }
            first = false
            var paragraphs: [String?] = [method.doc ?? "The legacy `\(method.name.value)`."]
            if let noOp = method.noOp {
                paragraphs.append("- Note: No longer has any effect" + (noOp.value.isEmpty ? "." : "; returns `\(noOp.value)`."))
            }
            if let replacement = method.replacement { paragraphs.append("Replaced by \(replacement).") }
            out.doc(paragraphs: paragraphs)
            if let replacement = method.replacement {
                out.line("@available(*, deprecated, message: \(Naming.literal("Use \(replacement).")))")
            } else if let attribute {
                out.line(attribute)
            }
            out.block("\(prefix)func \(method.name.value)\(method.signature.value)") {
                if let noOp = method.noOp {
                    if !noOp.value.isEmpty { out.line("return \(noOp.value)") }
                } else if let body = method.body {
                    for line in body.value.split(separator: "\n", omittingEmptySubsequences: false) {
                        out.line(String(line).trimmingTrailingSpacesOfLine())
                    }
                }
            }
        }
    }
}

extension String {
    func trimmingTrailingSpacesOfLine() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
