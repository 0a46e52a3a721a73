import Foundation
@_spi(Generated) import PaymentSchemasRuntime

/// Swift spellings of schema types and values.
extension SwiftEmitter {
    /// The Swift type of a type expression.
    func swiftType(_ type: TypeExpression) -> String {
        switch type {
        case .primitive(let primitive): return primitive.swiftName
        case .named(let name): return name
        case .list(let element): return "[\(swiftType(element))]"
        case .set(let element): return "Set<\(swiftType(element))>"
        case .map(let value): return "[String: \(swiftType(value))]"
        }
    }

    /// The Swift type of a field's stored property.
    func swiftType(of field: FieldDecl) -> String {
        swiftType(fieldValueType(field)) + (field.isOptionalInSwift ? "?" : "")
    }

    /// The Swift spelling of a field's type without optionality: `[T?]` for nullable elements.
    func fieldValueType(_ field: FieldDecl) -> TypeExpression {
        if field.nullableElements, case .list(let element) = field.type.value {
            return .list(.named(swiftType(element) + "?"))
        }
        return field.type.value
    }

    /// A Swift expression for a default value of `type`.
    func literal(_ value: DefaultValue, type: TypeExpression) -> String {
        switch (type, value) {
        case (.list(let element), .list(let items)), (.set(let element), .list(let items)):
            return "[" + items.map { literal($0, type: element) }.joined(separator: ", ") + "]"
        case (.named(let name), _):
            switch module.type(name)?.kind {
            case .enumeration(let decl)?:
                let raw = value.rawText
                if let match = decl.cases.first(where: { $0.value.value.description == raw }) {
                    return "." + Naming.escaped(match.name.value)
                }
                return "\(name)(rawValue: \(Naming.literal(raw)))"
            case .scalar(let scalar)?:
                return "\(name)(rawValue: \(literal(value, type: .primitive(scalar.base.value))))"
            default:
                return value.rawText
            }
        case (.primitive(let primitive), _):
            let raw = value.rawText
            switch primitive {
            case .string: return Naming.literal(raw)
            case .int, .int64, .bool: return raw
            case .double: return raw.contains(".") ? raw : raw + ".0"
            case .decimal: return Int(raw) != nil ? "Decimal(\(raw))" : "Decimal(string: \(Naming.literal(raw)), locale: nil)!"
            case .url: return "URL(string: \(Naming.literal(raw)))!"
            case .uuid: return "UUID(uuidString: \(Naming.literal(raw)))!"
            case .date: return "Date()"
            case .json: return ".null"
            }
        default:
            return value.rawText
        }
    }

    /// A Swift expression building the field's date format.
    func dateFormatExpression(_ field: FieldDecl) -> String {
        let zone = field.timeZone.map { Naming.literal($0.value) }
        switch field.dateFormat?.value ?? "iso8601" {
        case "iso8601": return zone.map { "PayDateFormat.iso8601(timeZone: \($0))" } ?? "PayDateFormat.iso8601()"
        case "iso8601Basic": return "PayDateFormat.iso8601Basic"
        case "date": return zone.map { "PayDateFormat.date(timeZone: \($0))" } ?? "PayDateFormat.date()"
        case let pattern: return "PayDateFormat.custom(\(Naming.literal(pattern))" + (zone.map { ", timeZone: \($0))" } ?? ")")
        }
    }

    /// A Swift expression for a constraint bound of the given primitive.
    func bound(_ text: String, _ primitive: TypeExpression.Primitive) -> String {
        switch primitive {
        case .int, .int64: return text
        case .double: return text.contains(".") ? text : text + ".0"
        default: return Int(text) != nil ? "Decimal(\(text))" : "Decimal(string: \(Naming.literal(text)), locale: nil)!"
        }
    }

    /// A Swift expression building a runtime format.
    func formatExpression(_ constraints: Constraints) -> String? {
        guard let format = constraints.format?.value else { return nil }
        if format == "url" {
            return "PayFormat.url(schemes: [" + constraints.schemes.map(Naming.literal).joined(separator: ", ") + "])"
        }
        return "PayFormat.\(format)"
    }

    /// `@available(*, deprecated, …)` for a lifecycle, `nil` when current.
    func deprecation(_ lifecycle: Lifecycle) -> String? {
        guard let message = lifecycle.deprecated else { return nil }
        return message.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(Naming.literal(message)))"
    }

    /// The doc paragraph that says where a declaration came from.
    func remark(_ name: String, _ file: SchemaFile) -> String {
        "- Remark: Generated from `\(name)` in `\(file.displayPath)`."
    }
}
