extension SwiftEmitter {
    /// The `PayRedacting` conformance: `description`, `debugDescription` and a mirror that list the
    /// fields and never show a sensitive value.
    func emitRedaction(_ name: String, _ fields: [ResolvedField], deprecated: Bool) {
        emitRedactedFields(name, fields.map { field in
            (field.name, field.sensitive ? "PayRedaction.Redacted()" : "\(storage(field)) as Any")
        }, deprecated: deprecated)
    }

    /// `extension Name: PayRedacting` with the field list, one field per line when there are many.
    func emitRedactedFields(_ name: String, _ fields: [(name: String, value: String)], deprecated: Bool) {
        let entries = fields.map { "(\(Naming.literal($0.name)), \($0.value))" }
        out.line("")
        if deprecated { out.line("@available(*, deprecated)") }
        out.block("extension \(name): PayRedacting") {
            out.line("/// The fields as descriptions show them; sensitive values are `<redacted>`.")
            if entries.count <= 3 {
                out.declaration("var redactedFields: [(String, Any)] { [\(entries.joined(separator: ", "))] }")
            } else {
                out.declaration("var redactedFields: [(String, Any)]") {
                    out.line("[")
                    for entry in entries { out.line("    \(entry),") }
                    out.line("]")
                }
            }
        }
    }
}
