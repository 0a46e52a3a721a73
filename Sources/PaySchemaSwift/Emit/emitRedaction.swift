import PaySchemaLanguage
import PaySchemaModel

extension SwiftEmitter {
    /// The `PayRedacting` conformance: `description`, `debugDescription` and a mirror that list the
    /// fields and never show a sensitive value.
    func redaction(_ name: String, _ fields: [ResolvedField], deprecated: Bool) -> SwiftDeclaration {
        redactedFields(
            name,
            fields.map { field in
                (field.name, field.sensitive ? redacted : .cast(.identifier(storage(field)), "Any"))
            }, deprecated: deprecated)
    }

    /// `PayRedaction.Redacted()`, what a sensitive value is shown as.
    var redacted: SwiftExpression { .construct("PayRedaction.Redacted") }

    /// `extension Name: PayRedacting` with the field list, one field per line when there are many.
    func redactedFields(_ name: String, _ fields: [(name: String, value: SwiftExpression)], deprecated: Bool) -> SwiftDeclaration {
        let entries = fields.map { SwiftExpression.tuple([.string($0.name), $0.value]) }
        let body: SwiftBody = entries.count <= 3 ? .value(.array(entries, .oneLine)) : .lines([.expression(.array(entries, .wrapped))])
        let list = computed(
            "The fields as descriptions show them; sensitive values are `<redacted>`.", "redactedFields", "[(String, Any)]", body)
        return extensionOf(name, deprecated: deprecated, conformances: ["PayRedacting"], members: [[list]])
    }
}
