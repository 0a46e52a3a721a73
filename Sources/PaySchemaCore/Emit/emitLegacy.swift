extension SwiftEmitter {
    /// Conversions of a legacy type, in a (deprecated) extension of it, as the checker resolved them.
    func emitConversions(_ declaration: ResolvedDecl) {
        let type = declaration
        let conversions = declaration.conversions
        guard !conversions.isEmpty else { return }
        out.line("")
        markDeprecatedExtension(declaration.isDeprecated)
        out.block("extension \(type.name)") {
            for (index, conversion) in conversions.enumerated() {
                if index > 0 { out.line("") }
                switch conversion.kind {
                case .to(let target):
                    out.doc(paragraphs: ["The value of the current API that this legacy value stands for: a `\(target)`.",
                                         "- Remark: Generated from the conversions of `\(type.name)` in `\(file.displayPath)`."])
                    out.declaration("func to\(target)() -> \(target)") {
                        emitConstruction(target, conversion.arguments)
                    }
                case .from(let parameters):
                    let list = parameters.map { "\(Naming.escaped($0.label)): \($0.type)" }.joined(separator: ", ")
                    out.doc(paragraphs: ["Builds the legacy value from the current API's " + parameters.map { "`\($0.type)`" }.joined(separator: " and ") + ".",
                                         "- Remark: Generated from the conversions of `\(type.name)` in `\(file.displayPath)`."])
                    out.declaration("init(\(list))") {
                        emitConstruction("self.init", conversion.arguments)
                    }
                }
            }
        }
    }

    func emitConstruction(_ callee: String, _ arguments: [ResolvedConversion.Argument]) {
        if arguments.isEmpty {
            out.line("\(callee)()")
            return
        }
        out.line("\(callee)(")
        for (index, argument) in arguments.enumerated() {
            out.line("    \(Naming.escaped(argument.field)): " + expression(argument) + (index == arguments.count - 1 ? "" : ","))
        }
        out.line(")")
    }

    func expression(_ argument: ResolvedConversion.Argument) -> String {
        switch argument.value {
        case .literal(let value):
            return literal(value)
        case .path(let source, let transform, let fallback):
            var text = source.expression
            switch transform {
            case .negate?:
                text = source.optional ? "\(text).map { !$0 }" : "!\(text)"
            case .group(let group)?:
                text = groupExpression(source, group, into: argument)
            case nil:
                break
            }
            if let fallback { text = "(\(text)) ?? " + literal(fallback) }
            return text
        }
    }

    /// A closure that groups legacy enum values into structs, first-seen order, stable within each group.
    func groupExpression(_ source: ResolvedConversion.Source, _ group: ResolvedConversion.Group, into argument: ResolvedConversion.Argument) -> String {
        let keyType = swiftType(group.keyType), valueType = swiftType(group.valueType)
        var lines = ["{ (source: \(swiftType(source.type))\(source.optional ? "?" : "")) -> \(swiftType(argument.type))\(argument.optional ? "?" : "") in"]
        if source.optional { lines.append("    guard let source else { return nil }") }
        lines.append("    var order: [\(keyType)] = []")
        lines.append("    var groups: [\(keyType): [\(valueType)]] = [:]")
        lines.append("    for item in source {")
        lines.append("        let entry: (\(keyType), \(valueType))")
        lines.append("        switch item {")
        for row in group.rows {
            lines.append("        case .\(Naming.escaped(row.legacyCase)): entry = (.\(Naming.escaped(row.keyCase)), .\(Naming.escaped(row.valueCase)))")
        }
        if group.legacyIsOpen { lines.append("        case .unknown: continue") }
        lines.append("        }")
        lines.append("        if groups[entry.0] == nil { order.append(entry.0) }")
        lines.append("        if !groups[entry.0, default: []].contains(entry.1) { groups[entry.0, default: []].append(entry.1) }")
        lines.append("    }")
        let collection = group.valuesAreASet ? "Set(groups[$0] ?? [])" : "groups[$0] ?? []"
        lines.append("    return order.map { \(group.element)(\(Naming.escaped(group.key)): $0, \(Naming.escaped(group.values)): \(collection)) }")
        lines.append("}(\(source.expression))")
        return lines.joined(separator: "\n            ")
    }

    /// Legacy protocols, namespaces and extensions declared in this file.
    func emitLegacyAPIs() {
        for api in file.legacyAPIs {
            out.line("")
            let message = api.deprecated.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(Naming.literal(api.deprecated)))"
            let remark = "- Remark: Generated from legacy API `\(api.name)` in `\(file.displayPath)`."
            switch api.kind {
            case .protocol:
                out.doc(paragraphs: [api.doc ?? "The legacy `\(api.name)` protocol.", remark])
                out.line(message)
                if api.mainActor { out.line("@MainActor") }
                out.declaration("protocol \(api.name): AnyObject, Sendable") {
                    for (index, method) in api.methods.enumerated() {
                        if index > 0 { out.line("") }
                        out.doc(paragraphs: [method.doc ?? "`\(method.name)`.", method.replacement.map { "Replaced by \($0)." }])
                        out.line("func \(method.name)\(method.signature)")
                    }
                }
            case .namespace:
                out.doc(paragraphs: [api.doc ?? "The legacy `\(api.name)` API.", remark])
                out.line(message)
                if api.mainActor { out.line("@MainActor") }
                out.declaration("enum \(api.name)") { emitLegacyMembers(api, prefix: "static ", attribute: nil) }
            case .extension:
                out.doc(paragraphs: [api.doc ?? "Legacy members of `\(api.name)`.", remark])
                out.block("extension \(api.name)") { emitLegacyMembers(api, prefix: "", attribute: message) }
            }
        }
    }

    func emitLegacyMembers(_ api: ResolvedLegacyAPI, prefix: String, attribute: String?) {
        var first = true
        for property in api.properties {
            if !first { out.line("") }
            first = false
            out.doc(property.doc ?? "The legacy `\(property.name)`.")
            if let attribute { out.line(attribute) }
            out.declaration("\(prefix)var \(Naming.escaped(property.name)): \(property.type)") {
                out.line("get { \(property.get) }")
                if let setter = property.set { out.line("set { \(setter) }") }
            }
        }
        for method in api.methods {
            if !first { out.line("") }
            first = false
            var paragraphs: [String?] = [method.doc ?? "The legacy `\(method.name)`."]
            if let noOp = method.noOp {
                paragraphs.append("- Note: No longer has any effect" + (noOp.isEmpty ? "." : "; returns `\(noOp)`."))
            }
            if let replacement = method.replacement { paragraphs.append("Replaced by \(replacement).") }
            out.doc(paragraphs: paragraphs)
            if let replacement = method.replacement {
                out.line("@available(*, deprecated, message: \(Naming.literal("Use \(replacement).")))")
            } else if let attribute {
                out.line(attribute)
            }
            out.declaration("\(prefix)func \(method.name)\(method.signature)") {
                if let noOp = method.noOp {
                    if !noOp.isEmpty { out.line("return \(noOp)") }
                } else if let body = method.body {
                    for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
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
