import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax
@_spi(Generated) import PaymentSchemasVocabulary

extension SchemaChecker {
    /// Checks the wire-form options of a field: `nullable`, `[T?]`, `jsonForms`, `exactScale`,
    /// `relative` and the free-form `JSON` type.
    mutating func checkWireForms(_ field: FieldDecl, owner: String, formats: WireFormats) {
        let type = field.type.value
        var what: String { "'\(owner).\(field.name.value)'" }  // built only for a message
        if let nullable = field.nullable, nullable.value {
            if field.defaultValue != nil {
                diagnostics.error("'nullable' applies to fields without a 'default'; \(what) has one", at: nullable.location)
            } else if field.required, formats != WireFormats(.json) {
                diagnostics.error(
                    "a required nullable field (present but null) exists only in JSON; \(what) is in a type with other encodings",
                    at: nullable.location)
            }
        }
        if field.nullableElements, formats != WireFormats(.json) {
            diagnostics.error(
                "null list elements ('[T?]') exist only in JSON; \(what) is in a type with other encodings", at: field.type.location)
        }
        if let forms = field.jsonForms {
            let isDecimal = type == .primitive(.decimal)
            let isDecimalString = type == .primitive(.string) && field.constraints.format?.value == "decimalString"
            if !isDecimal && !isDecimalString {
                diagnostics.error(
                    "'jsonForms' applies to Decimal fields and String fields with 'format: decimalString'; \(what) is \(type)",
                    at: forms.location)
            }
            if forms.value.isEmpty {
                diagnostics.error("'jsonForms' needs at least one form: number or string", at: forms.location)
            }
            if isDecimalString, forms.value.first == .number {
                diagnostics.error("a String field is written as a string; list 'string' first in 'jsonForms'", at: forms.location)
            }
        }
        if let relative = field.allowsRelativeURL, type.innermost != .primitive(.url) {
            diagnostics.error("'relative' applies to URL fields; \(what) is \(type)", at: relative.location)
        }
        if type.innermost == .primitive(.json) {
            if formats.contains(.xml) || formats.contains(.query) {
                diagnostics.error(
                    "free-form JSON fields exist only in JSON; \(what) is in a type with other encodings", at: field.type.location)
            }
            if case .set = type {
                diagnostics.error("a set of JSON values is not supported; use a list", at: field.type.location)
            }
            if let value = field.defaultValue {
                diagnostics.error("JSON fields cannot have a default", at: value.location)
            }
        }
    }

    /// Checks a struct's `requireAnyOf` groups: each names optional fields of the struct.
    mutating func checkRequireAnyOf(_ decl: StructDecl, owner: String) {
        for group in decl.requireAnyOf {
            for name in group.value {
                guard let field = decl.fields.first(where: { $0.name.value == name.value }) else {
                    let names = decl.fields.map(\.name.value)
                    diagnostics.error(
                        "'requireAnyOf' names '\(name.value)', which is not a field of '\(owner)'\(Suggestions.hint(for: name.value, in: names))",
                        at: name.location)
                    continue
                }
                if !field.isOptionalInSwift || field.required {
                    diagnostics.error(
                        "'requireAnyOf' names '\(name.value)', which is always present (required or defaulted); list optional fields",
                        at: name.location)
                }
            }
        }
        if decl.requireAnyOf.count == 1 {
            diagnostics.error(
                "'requireAnyOf' with one group is the same as 'required: true' on its fields; use that", at: decl.requireAnyOf[0].location)
        }
    }
}
