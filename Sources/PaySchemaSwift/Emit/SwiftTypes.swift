import Foundation
import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

/// Swift spellings of schema types and values.
extension SwiftEmitter {
    /// The Swift type of a resolved type.
    func swiftType(_ type: ResolvedType) -> SwiftTypeName {
        switch type {
        case .primitive(let primitive): return .named(primitive.swiftName)
        case .named(let reference): return .named(reference.name)
        case .list(let element): return .array(swiftType(element))
        case .set(let element): return .generic("Set", [swiftType(element)])
        case .map(let value): return .dictionary(key: "String", value: swiftType(value))
        }
    }

    /// The Swift type of a field's stored property.
    func swiftType(of field: ResolvedField) -> SwiftTypeName {
        fieldValueType(field).optional(field.isOptionalInSwift)
    }

    /// The Swift type of a field without optionality: `[T?]` for nullable elements.
    func fieldValueType(_ field: ResolvedField) -> SwiftTypeName {
        if field.nullableElements, case .list(let element) = field.type {
            return .array(.optional(swiftType(element)))
        }
        return swiftType(field.type)
    }

    /// A Swift expression for a typed default or legacy literal.
    func literal(_ value: ResolvedValue) -> SwiftExpression {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let text): return .number(text)
        case .bool(let flag): return .bool(flag)
        case .double(let text): return .number(text.contains(".") ? text : text + ".0")
        case .decimal(let text): return decimal(text)
        case .url(let text): return .forceUnwrap(.construct("URL", SwiftArgument("string", .string(text))))
        case .uuid(let text): return .forceUnwrap(.construct("UUID", SwiftArgument("uuidString", .string(text))))
        case .enumCase(let name): return .implicitMember(name)
        case .scalar(let type, let wrapped): return .construct(type, SwiftArgument("rawValue", literal(wrapped)))
        case .list(let items): return .array(items.map(literal), .oneLine)
        }
    }

    /// `Decimal(12)`, or `Decimal(string: "10.5", locale: nil)!` for a fraction: exact, never
    /// through `Double`.
    func decimal(_ text: String) -> SwiftExpression {
        Int(text) != nil
            ? .construct("Decimal", SwiftArgument(.number(text)))
            : .forceUnwrap(.construct("Decimal", SwiftArgument("string", .string(text)), SwiftArgument("locale", .nilLiteral)))
    }

    /// A Swift expression building the field's date format.
    func dateFormatExpression(_ field: ResolvedField) -> SwiftExpression {
        let zone = field.timeZone.map { SwiftArgument("timeZone", .string($0)) }
        switch field.dateFormat {
        case "iso8601": return .call(.implicitMember("iso8601"), zone.map { [$0] } ?? [])
        case "iso8601Basic": return .implicitMember("iso8601Basic")
        case "date": return .call(.implicitMember("date"), zone.map { [$0] } ?? [])
        case let pattern: return .call(.implicitMember("custom"), [SwiftArgument(.string(pattern))] + (zone.map { [$0] } ?? []))
        }
    }

    /// A Swift expression for a constraint bound of the given primitive.
    func bound(_ text: String, _ primitive: SchemaPrimitive) -> SwiftExpression {
        switch primitive {
        case .int, .int64: return .number(text)
        case .double: return .number(text.contains(".") ? text : text + ".0")
        default: return decimal(text)
        }
    }

    /// How a field's named format reaches its check, `nil` when it has none.
    func formatRule(_ constraints: ResolvedConstraints) -> FormatRule? {
        guard let format = constraints.format else { return nil }
        if format == "url" {
            let schemes = SwiftExpression.array(constraints.schemes.map { .string($0) }, .oneLine)
            return .built(.call(.type("PayFormat"), "url", SwiftArgument("schemes", schemes)))
        }
        return .constant(.member(.type("PayFormat"), format))
    }

    /// `@available(*, deprecated, …)` for a lifecycle, none when current.
    func deprecation(_ lifecycle: ResolvedLifecycle) -> [SwiftAttribute] {
        lifecycle.deprecated.map { [.deprecated(message: $0)] } ?? []
    }

    /// The doc paragraph that says where a declaration came from.
    func remark(_ name: String, _ file: ResolvedFile) -> String {
        "- Remark: Generated from `\(name)` in `\(file.displayPath)`."
    }

    /// `self.name`.
    func member(_ name: String) -> SwiftExpression {
        .member(.selfValue, name)
    }

    /// `let`/`var` properties and accessors the API declares, with documentation.
    func property(
        _ doc: SwiftDoc, attributes: [SwiftAttribute] = [], visibility: SwiftVisibility = .api, _ property: SwiftProperty
    ) -> SwiftDeclaration {
        SwiftDeclaration(doc: doc, attributes: attributes, visibility: visibility, kind: .property(property))
    }

    /// A computed property of the API whose getter is `body`.
    func computed(_ doc: String, _ name: String, _ type: SwiftTypeName, _ body: SwiftBody) -> SwiftDeclaration {
        property(SwiftDoc(doc), SwiftProperty(name: name, type: type, accessors: .get(body)))
    }

    /// A `static let` of the API.
    func constant(_ doc: String, _ name: String, type: SwiftTypeName? = nil, _ value: SwiftExpression) -> SwiftDeclaration {
        property(SwiftDoc(doc), SwiftProperty(isStatic: true, isConstant: true, name: name, type: type, value: value))
    }

    /// A function of the API.
    func function(
        _ doc: SwiftDoc, attributes: [SwiftAttribute] = [], _ name: String, _ parameters: [SwiftParameter], throws throwing: Bool = false,
        returns: SwiftTypeName? = nil, _ body: SwiftBody
    ) -> SwiftDeclaration {
        SwiftDeclaration(
            doc: doc, attributes: attributes,
            kind: .function(SwiftFunction(name: name, signature: .parameters(parameters, throws: throwing, returns: returns), body: body)))
    }

    /// An initializer of the API.
    func initializer(
        _ doc: SwiftDoc, attributes: [SwiftAttribute] = [], failable: Bool = false, _ parameters: [SwiftParameter],
        layout: SwiftParameterLayout = .oneLine, throws throwing: Bool = false, _ body: SwiftBody
    ) -> SwiftDeclaration {
        SwiftDeclaration(
            doc: doc, attributes: attributes,
            kind: .initializer(
                SwiftInitializer(isFailable: failable, parameters: parameters, layout: layout, throwing: throwing, body: body)))
    }

}

/// A named format as the validators use it.
enum FormatRule {
    /// A runtime constant (`PayFormat.email`), named in place.
    case constant(SwiftExpression)
    /// An expression that builds the format (`PayFormat.url(schemes: […])`), evaluated once into
    /// the type's `Rules`.
    case built(SwiftExpression)
}

extension SwiftBody {
    /// `{ return value }` on one line.
    static func returning(_ value: SwiftExpression) -> SwiftBody {
        .inline(.returnStatement(value))
    }

    /// `{ value }` on one line (an implicit return).
    static func value(_ value: SwiftExpression) -> SwiftBody {
        .inline(.expression(value))
    }
}
