import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax

extension SchemaChecker {
    mutating func checkEnum(_ type: TypeDecl, _ decl: EnumDecl) {
        let owner = type.name.value
        if decl.cases.isEmpty {
            diagnostics.error("enum '\(owner)' has no cases", at: decl.casesLocation)
        }
        var names: [String: SourceLocation] = [:]
        var values: [RawValue: (String, SourceLocation)] = [:]
        for enumCase in decl.cases {
            let name = enumCase.name.value
            if !Naming.isMemberName(name) {
                diagnostics.error(
                    "case name '\(name)' must be a lowerCamelCase identifier; give the wire spelling as 'value'", at: enumCase.name.location
                )
            }
            if decl.isOpen && name == "unknown" {
                diagnostics.error(
                    "case name 'unknown' is reserved in open enums for values the schema does not list", at: enumCase.name.location)
            }
            if let first = names[name] {
                diagnostics.error("duplicate case '\(name)'; first declared at \(first)", at: enumCase.name.location)
            }
            names[name] = enumCase.name.location
            checkRenames(enumCase.lifecycle, own: name, what: "case")
            for value in [enumCase.value] + enumCase.aliases {
                if let (other, first) = values[value.value] {
                    diagnostics.error(
                        "duplicate raw value '\(value.value)' in enum '\(owner)': case '\(other)' already uses it (at \(first))",
                        at: value.location)
                } else {
                    values[value.value] = (name, value.location)
                }
            }
        }
    }

    mutating func checkUnion(_ type: TypeDecl, _ decl: UnionDecl) {
        let owner = type.name.value
        if decl.variants.isEmpty {
            diagnostics.error("union '\(owner)' has no variants", at: decl.variantsLocation)
        }
        var caseNames: [String: SourceLocation] = [:]
        for variant in decl.variants {
            if let first = caseNames[variant.caseName] {
                diagnostics.error(
                    "variants '\(variant.tag.value)' and another both become case '\(variant.caseName)' (first at \(first)); give one a 'case'",
                    at: variant.tag.location)
            }
            caseNames[variant.caseName] = variant.tag.location
            guard let referenced = types[variant.type.value] else {
                let candidates = types.compactMap { name, decl in
                    if case .structure = decl.kind { return name }
                    return nil
                }
                diagnostics.error(
                    "unknown type '\(variant.type.value)'\(Suggestions.hint(for: variant.type.value, in: candidates))",
                    at: variant.type.location)
                continue
            }
            guard case .structure(let structure) = referenced.kind else {
                diagnostics.error(
                    "variant '\(variant.tag.value)' of union '\(owner)' must be a struct; '\(variant.type.value)' is \(referenced.kind.kindNameWithArticle)",
                    at: variant.type.location)
                continue
            }
            guard
                let field = structure.fields.first(where: {
                    $0.name.value == decl.discriminator.value || ($0.jsonName?.value == decl.discriminator.value)
                })
            else {
                diagnostics.error(
                    "discriminator '\(decl.discriminator.value)' is not a field of variant '\(variant.type.value)'; every variant must declare it",
                    at: variant.type.location)
                continue
            }
            let isText: Bool
            switch field.type.value {
            case .primitive(.string): isText = true
            case .named(let name):
                if case .enumeration(let enumeration)? = types[name]?.kind {
                    isText = enumeration.rawType == .string
                } else {
                    isText = false
                }
            default: isText = false
            }
            if !isText {
                diagnostics.error(
                    "discriminator '\(decl.discriminator.value)' of variant '\(variant.type.value)' must be a String or a String enum, found '\(field.type.value)'",
                    at: field.type.location)
            }
            if field.isOptionalInSwift {
                diagnostics.error(
                    "discriminator '\(decl.discriminator.value)' of variant '\(variant.type.value)' must be required or defaulted to '\(variant.tag.value)'",
                    at: field.name.location)
            }
            if let defaultValue = field.defaultValue, defaultValue.value.rawText != variant.tag.value {
                diagnostics.error(
                    "discriminator default \(defaultValue.value) of '\(variant.type.value)' does not match its tag '\(variant.tag.value)' in union '\(owner)'",
                    at: defaultValue.location)
            }
        }
    }

    mutating func checkCatalog(_ catalog: ErrorCatalogDecl) {
        if catalog.codes.isEmpty {
            diagnostics.error("error catalog '\(catalog.name.value)' has no codes", at: catalog.codesLocation)
        }
        var names: [String: SourceLocation] = [:]
        var codes: [RawValue: SourceLocation] = [:]
        for code in catalog.codes {
            if !Naming.isMemberName(code.name.value) {
                diagnostics.error("error name '\(code.name.value)' must be a lowerCamelCase identifier", at: code.name.location)
            }
            if let first = names[code.name.value] {
                diagnostics.error("duplicate error name '\(code.name.value)'; first declared at \(first)", at: code.name.location)
            }
            names[code.name.value] = code.name.location
            if let first = codes[code.code.value] {
                diagnostics.error(
                    "duplicate error code '\(code.code.value)' in '\(catalog.name.value)'; first declared at \(first)",
                    at: code.code.location)
            }
            codes[code.code.value] = code.code.location
            if !code.messages.isEmpty, !code.messages.contains(where: { $0.language == catalog.defaultLanguage }) {
                diagnostics.error(
                    "error code '\(code.code.value)' has no message in the catalog's default language '\(catalog.defaultLanguage)'",
                    at: code.location)
            }
        }
    }
}
