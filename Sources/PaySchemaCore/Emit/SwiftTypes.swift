import Foundation
@_spi(Generated) import PaySchemaVocabulary

/// Swift spellings of schema types and values.
extension SwiftEmitter {
    /// The Swift type of a resolved type.
    func swiftType(_ type: ResolvedType) -> String {
        switch type {
        case .primitive(let primitive): return primitive.swiftName
        case .named(let reference): return reference.name
        case .list(let element): return "[\(swiftType(element))]"
        case .set(let element): return "Set<\(swiftType(element))>"
        case .map(let value): return "[String: \(swiftType(value))]"
        }
    }

    /// The Swift type of a field's stored property.
    func swiftType(of field: ResolvedField) -> String {
        fieldValueType(field) + (field.isOptionalInSwift ? "?" : "")
    }

    /// The Swift spelling of a field's type without optionality: `[T?]` for nullable elements.
    func fieldValueType(_ field: ResolvedField) -> String {
        if field.nullableElements, case .list(let element) = field.type {
            return "[\(swiftType(element))?]"
        }
        return swiftType(field.type)
    }

    /// A Swift expression for a typed default or legacy literal.
    func literal(_ value: ResolvedValue) -> String {
        switch value {
        case .string(let text): return Naming.literal(text)
        case .integer(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .double(let text): return text.contains(".") ? text : text + ".0"
        case .decimal(let text): return Int(text) != nil ? "Decimal(\(text))" : "Decimal(string: \(Naming.literal(text)), locale: nil)!"
        case .url(let text): return "URL(string: \(Naming.literal(text)))!"
        case .uuid(let text): return "UUID(uuidString: \(Naming.literal(text)))!"
        case .enumCase(let name): return "." + Naming.escaped(name)
        case .scalar(let type, let wrapped): return "\(type)(rawValue: \(literal(wrapped)))"
        case .list(let items): return "[" + items.map(literal).joined(separator: ", ") + "]"
        }
    }

    /// A Swift expression building the field's date format.
    func dateFormatExpression(_ field: ResolvedField) -> String {
        let zone = field.timeZone.map { Naming.literal($0) }
        switch field.dateFormat {
        case "iso8601": return zone.map { ".iso8601(timeZone: \($0))" } ?? ".iso8601()"
        case "iso8601Basic": return ".iso8601Basic"
        case "date": return zone.map { ".date(timeZone: \($0))" } ?? ".date()"
        case let pattern: return ".custom(\(Naming.literal(pattern))" + (zone.map { ", timeZone: \($0))" } ?? ")")
        }
    }

    /// A Swift expression for a constraint bound of the given primitive.
    func bound(_ text: String, _ primitive: SchemaPrimitive) -> String {
        switch primitive {
        case .int, .int64: return text
        case .double: return text.contains(".") ? text : text + ".0"
        default: return Int(text) != nil ? "Decimal(\(text))" : "Decimal(string: \(Naming.literal(text)), locale: nil)!"
        }
    }

    /// How a field's named format reaches its check, `nil` when it has none.
    func formatRule(_ constraints: ResolvedConstraints) -> FormatRule? {
        guard let format = constraints.format else { return nil }
        if format == "url" {
            return .built("PayFormat.url(schemes: [" + constraints.schemes.map(Naming.literal).joined(separator: ", ") + "])")
        }
        return .constant("PayFormat.\(format)")
    }

    /// `@available(*, deprecated, …)` for a lifecycle, `nil` when current.
    func deprecation(_ lifecycle: ResolvedLifecycle) -> String? {
        guard let message = lifecycle.deprecated else { return nil }
        return message.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(Naming.literal(message)))"
    }

    /// The doc paragraph that says where a declaration came from.
    func remark(_ name: String, _ file: ResolvedFile) -> String {
        "- Remark: Generated from `\(name)` in `\(file.displayPath)`."
    }
}

/// A named format as the validators use it.
enum FormatRule {
    /// A runtime constant (`PayFormat.email`), named in place.
    case constant(String)
    /// An expression that builds the format (`PayFormat.url(schemes: […])`), evaluated once into
    /// the type's `Rules`.
    case built(String)
}
