import PaySchemaLanguage
@_spi(Generated) import PaymentSchemasVocabulary

/// Writes an ``ImportedModule`` as one schema file of our language: deterministic (the module's
/// order, one spelling per construct), every text quoted, so the same document always gives the
/// same bytes.
package enum ImportWriter {
    /// The first line of every file the importer writes: how a folder's earlier import is told
    /// from files written by hand (``ImportWriter/isImported(_:)``).
    package static let header = "# Written by `payschema import openapi`; edit freely, then `payschema lint`."

    /// The schema file's text.
    package static func text(_ module: ImportedModule) -> String {
        text(module: module.module, doc: module.doc, types: module.types[...], operations: module.operations[...])
    }

    /// One file's text: the header, `module:`, `doc:`, then `types` and `operations` in order.
    static func text(module: String, doc: String, types: ArraySlice<ImportedType>, operations: ArraySlice<ImportedOperation>) -> String {
        var out = header + "\n"
        out += "module: \(module)\n"
        out += "doc: \(quoted(doc))\n"
        if !types.isEmpty {
            out += "types:\n"
            for type in types {
                write(type, to: &out)
            }
        }
        if !operations.isEmpty {
            out += "operations:\n"
            for operation in operations {
                write(operation, to: &out)
            }
        }
        return out
    }

    /// Whether a schema file's text was written by the importer (it starts with ``header``).
    package static func isImported(_ text: some StringProtocol) -> Bool {
        text.hasPrefix(header + "\n")
    }

    private static func write(_ type: ImportedType, to out: inout String) {
        out += "  \(type.name):\n"
        switch type.kind {
        case .structure(let fields, let refuses):
            out += "    kind: struct\n"
            writeHeader(type, to: &out)
            if refuses { out += "    unknownMembers: refuse\n" }
            let snake = fields.contains { $0.wireName != $0.name } && fields.allSatisfy { KeyStyle.snakeCase.apply($0.name) == $0.wireName }
            if snake { out += "    keyStyle: snake_case\n" }
            if fields.isEmpty {
                out += "    fields: {}\n"
                return
            }
            out += "    fields:\n"
            for field in fields {
                var parts = ["type: \(quoted(field.type))"]
                if field.required { parts.append("required: true") }
                if field.nullable { parts.append("nullable: true") }
                if !snake, field.wireName != field.name { parts.append("json: \(quoted(field.wireName))") }
                if field.sensitive { parts.append("sensitive: true") }
                parts += field.constraints.entries.map { "\($0.key): \(constraintValue($0.key, $0.value))" }
                if let doc = field.doc { parts.append("doc: \(quoted(doc))") }
                out += "      \(field.name): { \(parts.joined(separator: ", ")) }\n"
            }
        case .enumeration(let cases, let integers, let open):
            out += "    kind: enum\n"
            writeHeader(type, to: &out)
            if integers { out += "    rawType: Int\n" }
            if open { out += "    open: true\n" }
            out += "    cases:\n"
            for item in cases {
                out += "      \(item.name): { value: \(integers ? item.value : quoted(item.value)) }\n"
            }
        case .scalar(let base, let constraints):
            out += "    kind: scalar\n"
            writeHeader(type, to: &out)
            out += "    base: \(base)\n"
            for entry in constraints.entries {
                out += "    \(entry.key): \(constraintValue(entry.key, entry.value))\n"
            }
        }
    }

    /// `upstream:` and `doc:`.
    private static func writeHeader(_ type: ImportedType, to out: inout String) {
        if let upstream = type.upstream {
            out += "    upstream:\n      ref: \(quoted(upstream))\n"
            if !type.omitted.isEmpty {
                out += "      omits:\n"
                for name in type.omitted { out += "        \(quoted(name)): \"deprecated in the document\"\n" }
            }
        }
        if let doc = type.doc { out += "    doc: \(quoted(doc))\n" }
    }

    private static func write(_ operation: ImportedOperation, to out: inout String) {
        out += "  \(operation.name):\n"
        out += "    method: \(operation.method)\n"
        out += "    path: \(quoted(operation.path))\n"
        if !operation.parameters.isEmpty {
            out += "    parameters:\n"
            for parameter in operation.parameters {
                var parts = ["in: \(parameter.place)"]
                if parameter.wireName != parameter.name { parts.append("name: \(quoted(parameter.wireName))") }
                parts.append("type: \(parameter.type)")
                if parameter.required && parameter.place != "path" { parts.append("required: true") }
                if parameter.sensitive { parts.append("sensitive: true") }
                if let doc = parameter.doc { parts.append("doc: \(quoted(doc))") }
                out += "      \(parameter.name): { \(parts.joined(separator: ", ")) }\n"
            }
        }
        if let request = operation.request { out += "    request: \(request)\n" }
        if operation.requestOptional { out += "    requestOptional: true\n" }
        if let response = operation.response { out += "    response: \(response)\n" }
        if let errorBody = operation.errorBody { out += "    errorBody: \(errorBody)\n" }
        out += "    successStatus: [\(operation.successStatus.map(String.init).joined(separator: ", "))]\n"
        if !operation.errorStatus.isEmpty {
            out += "    errorStatus: [\(operation.errorStatus.map(String.init).joined(separator: ", "))]\n"
        }
        if let security = operation.security { out += "    security: \(security)\n" }
        if let doc = operation.doc { out += "    doc: \(quoted(doc))\n" }
    }

    /// A constraint's value as written: numbers and booleans bare, text quoted.
    static func constraintValue(_ key: String, _ value: String) -> String {
        ["pattern", "dateFormat"].contains(key) ? quoted(value) : value
    }

    /// `text` as a YAML double-quoted scalar, escaped by the package's one string escaping
    /// (`PayStringEscaping`: JSON's escapes, which YAML reads alike); what YAML's printable set
    /// lacks beyond the ASCII controls (C1 controls, the line and paragraph separators, a byte-order
    /// mark) is written `\uXXXX` too. None of those is part of an escape, so they are replaced after.
    static func quoted(_ text: String) -> String {
        var out = ""
        PayStringEscaping.appendQuoted(text, to: &out, control: unicodeEscape)
        guard out.unicodeScalars.contains(where: isUnprintable) else { return out }
        var printable = ""
        for scalar in out.unicodeScalars {
            if isUnprintable(scalar) { printable += unicodeEscape(scalar.value) } else { printable.unicodeScalars.append(scalar) }
        }
        return printable
    }

    /// A scalar YAML does not take unescaped in a document.
    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        (0x80...0x9F).contains(scalar.value) || [0x2028, 0x2029, 0xFEFF].contains(scalar.value)
    }

    /// `\u` and four hex digits.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
