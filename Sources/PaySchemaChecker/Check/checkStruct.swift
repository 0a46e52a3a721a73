import Foundation
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax
@_spi(Generated) import PaymentSchemasVocabulary

extension SchemaChecker {
    /// Member names generated code declares on every struct (``Naming/reservedFieldNames``).
    static let reservedFieldNames: Set<String> = reservedFields.all
    /// ``reservedFieldNames``, asked of every field without hashing its name.
    static let reservedFields = KnownKeys(Naming.reservedFieldNames)

    /// Names of the date formats; anything else with a date letter is a custom pattern.
    static let dateFormats = ["iso8601", "iso8601Basic", "date"]

    mutating func checkStruct(_ type: TypeDecl, _ decl: StructDecl) {
        let owner = type.name.value
        var names = NameTable<SourceLocation>(capacity: decl.fields.count)
        let formats = WireFormats(decl.encodings.map(\.value))
        let formatList = formats.members
        // The field that holds each wire name, one table per format of `formatList`.
        var wireNames = [NameTable<String>](repeating: NameTable(capacity: decl.fields.count), count: formatList.count)
        if let xmlRoot = decl.xmlRoot, !formats.contains(.xml) {
            diagnostics.error("'xmlRoot' needs 'xml' among the encodings of '\(owner)'", at: xmlRoot.location)
        }
        var seenEncodings = Set<WireFormat>()
        for encoding in decl.encodings where !seenEncodings.insert(encoding.value).inserted {
            diagnostics.error("encoding '\(encoding.value.rawValue)' is listed twice", at: encoding.location)
        }
        for field in decl.fields {
            let name = field.name.value
            if !Naming.isMemberName(name) {
                diagnostics.error(
                    "field name '\(name)' must be a lowerCamelCase identifier; map other wire spellings with 'json', 'xml' or 'query'",
                    at: field.name.location)
            } else if Self.reservedFields.contains(name) {
                diagnostics.error(
                    "field name '\(name)' is reserved: generated code declares a member of that name; rename it and keep the wire name with 'json'",
                    at: field.name.location)
            }
            if let first = names.updateValue(field.name.location, forKey: name) {
                diagnostics.error("duplicate field '\(name)'; first declared at \(first)", at: field.name.location)
            }
            checkRenames(field.lifecycle, own: name, what: "field")
            guard resolve(field.type) else { continue }
            checkField(field, owner: owner, formats: formats)
            checkWireForms(field, owner: owner, formats: formats)
            for (slot, format) in formatList.enumerated() {
                let wire = decl.wireName(of: field, in: format)
                if format == .query, case .map = field.type.value { continue }
                if let other = wireNames[slot].updateValue(name, forKey: wire) {
                    diagnostics.error(
                        "fields '\(other)' and '\(name)' both use the \(format.rawValue) name '\(wire)'", at: field.name.location)
                }
                for alias in field.aliases where alias.value != wire {
                    if let other = wireNames[slot][alias.value] {
                        diagnostics.error(
                            "alias '\(alias.value)' of '\(name)' is the \(format.rawValue) name of field '\(other)'", at: alias.location)
                    }
                }
            }
        }
        checkRequireAnyOf(decl, owner: owner)
        for field in decl.fields {
            for alias in field.aliases {
                for (slot, format) in formatList.enumerated() {
                    if let owner = wireNames[slot][alias.value], owner != field.name.value {
                        diagnostics.error(
                            "alias '\(alias.value)' of '\(field.name.value)' is already the \(format.rawValue) name of field '\(owner)'",
                            at: alias.location)
                    }
                }
            }
        }
    }

    mutating func checkField(_ field: FieldDecl, owner: String, formats: WireFormats) {
        let type = field.type.value
        var what: String { "'\(owner).\(field.name.value)'" }  // built only for a message
        if let requiredLocation = field.requiredLocation, field.required, let defaultValue = field.defaultValue {
            diagnostics.error(
                "required field \(what) cannot have a default: a required field is always sent; drop 'required' or the default",
                at: defaultValue.location)
            _ = requiredLocation
        }
        // Dates.
        let isDate = type.innermost == .primitive(.date)
        if isDate {
            if let format = field.dateFormat {
                if !Self.dateFormats.contains(format.value) && !format.value.contains(where: { "yMdHhms".contains($0) }) {
                    diagnostics.error(
                        "unknown date format '\(format.value)'; use iso8601, iso8601Basic, date or a pattern such as 'dd/MM/yyyy'\(Suggestions.hint(for: format.value, in: Self.dateFormats))",
                        at: format.location)
                }
            } else {
                diagnostics.error(
                    "date field \(what) needs a 'dateFormat' (iso8601, iso8601Basic, date or a pattern such as 'dd/MM/yyyy')",
                    at: field.type.location)
            }
            if let zone = field.timeZone, !PayDateFormat.isValidTimeZone(zone.value) {
                diagnostics.error(
                    "unknown time zone '\(zone.value)'; use an identifier such as 'America/Mexico_City' or an offset such as '-06:00'",
                    at: zone.location)
            }
            if case .map = type {
                diagnostics.error("maps of dates are not supported; use a list or a struct", at: field.type.location)
            }
        } else {
            if let format = field.dateFormat {
                diagnostics.error("'dateFormat' applies only to Date fields; \(what) is \(type)", at: format.location)
            }
            if let zone = field.timeZone {
                diagnostics.error("'timeZone' applies only to Date fields; \(what) is \(type)", at: zone.location)
            }
        }
        if isNestedCollection(type) {
            diagnostics.error(
                "nested collections such as '\(type)' are not supported; wrap the inner collection in a struct", at: field.type.location)
        }
        if field.sensitive && (type.innermost == .primitive(.bool)) {
            diagnostics.warning("a Bool is rarely a secret; check that \(what) should be sensitive", at: field.name.location)
        }
        checkConstraints(field.constraints, on: type.innermost, fieldType: type, owner: owner)
        checkEncodings(field, owner: owner, formats: formats)
        if let defaultValue = field.defaultValue {
            checkDefault(defaultValue, type: type, field: field, what: what)
        }
        if field.queryName?.value.contains("{key}") == true, case .map = type {
        } else if let query = field.queryName, query.value.contains("{key}") {
            diagnostics.error("a query name with '{key}' applies only to map fields", at: query.location)
        }
    }

    func isNestedCollection(_ type: TypeExpression) -> Bool {
        switch type {
        case .list(let element), .set(let element):
            return element.isCollection
        case .map(let value):
            switch value {
            case .list(let inner), .set(let inner): return inner.isCollection
            case .map: return true
            default: return false
            }
        default: return false
        }
    }

    mutating func checkEncodings(_ field: FieldDecl, owner: String, formats: WireFormats) {
        let type = field.type.value
        for name in type.namedTypes {
            guard let referenced = types[name] else { continue }
            let referencedFormats: WireFormats
            switch referenced.kind {
            case .structure(let decl): referencedFormats = WireFormats(decl.encodings.map(\.value))
            case .union(let union):
                referencedFormats = union.variants.reduce(WireFormats.all) { result, variant in
                    if case .structure(let decl)? = types[variant.type.value]?.kind {
                        return result.intersection(WireFormats(decl.encodings.map(\.value)))
                    }
                    return result
                }
            default: continue
            }
            for format in formats.subtracting(WireFormats(.query)).members where !referencedFormats.contains(format) {
                diagnostics.error(
                    "'\(owner)' supports \(format.rawValue) but the type of '\(field.name.value)', '\(name)', does not; add \(format.rawValue) to its encodings",
                    at: field.type.location)
            }
            if formats.contains(.query) {
                diagnostics.error(
                    "query types hold single values and lists of them; '\(field.name.value)' is \(referenced.kind.kindNameWithArticle) '\(name)'",
                    at: field.type.location)
            }
        }
        if formats.contains(.query) {
            switch type {
            case .map(let value):
                guard let pattern = field.queryName, pattern.value.contains("{key}") else {
                    diagnostics.error(
                        "a map in a query type needs a 'query' name pattern containing '{key}', e.g. '{key}CryptoFormat'",
                        at: field.type.location)
                    return
                }
                if case .list(let inner) = value, !inner.isCollection { return }
                if !value.isCollection { return }
                diagnostics.error("a query map's values must be single values or lists of them", at: field.type.location)
            case .set:
                break
            default:
                break
            }
        }
    }
}
