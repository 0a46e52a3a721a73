import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// A struct's declaration.
package struct StructDecl: Sendable {
    /// The encodings the type supports.
    package var encodings: [Located<WireFormat>] = []
    /// How field names become wire names.
    package var keyStyle: KeyStyle = .camelCase
    /// The XML root element, for types that are whole XML documents.
    package var xmlRoot: Located<String>?
    /// Fields in declaration order.
    package var fields: [FieldDecl] = []
    /// Where `fields` was written.
    package var fieldsLocation: SourceLocation
    /// Groups of optional fields of which at least one group must be wholly present
    /// (`[[token, payerID], [opType]]`); empty when there is no such rule.
    package var requireAnyOf: [Located<[Located<String>]>] = []
    /// `unknownMembers: refuse` (`true`): decoding refuses members no field models instead of
    /// keeping them (`keep`, the default); where the schema says it.
    package var refusesUnknownMembers: Located<Bool>?

    /// Whether the type supports `format`.
    package func supports(_ format: WireFormat) -> Bool { encodings.contains { $0.value == format } }

    /// The wire name of `field` in `format`: the explicit name for that format, else the JSON name,
    /// else the field's name in the struct's key style.
    package func wireName(of field: FieldDecl, in format: WireFormat) -> String {
        Self.wireName(of: field, in: format, keyStyle: keyStyle)
    }

    /// The wire name of `field` in `format` in a struct of `keyStyle`: the one naming rule.
    package static func wireName(of field: FieldDecl, in format: WireFormat, keyStyle: KeyStyle) -> String {
        keyStyle.wireName(
            swiftName: field.name.value, json: field.jsonName?.value, xml: field.xmlName?.value, query: field.queryName?.value, in: format)
    }
}
