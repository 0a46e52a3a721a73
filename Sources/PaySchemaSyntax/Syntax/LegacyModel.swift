import PaySchemaLanguage
import PaySchemaYAML

/// How a legacy type converts to or from the current API (the `legacy: conversions:` block).
package struct LegacyConversion: Sendable {
    /// Which way it converts.
    package enum Kind: Sendable {
        /// A method `to<Type>()` on the legacy type.
        case to(Located<String>)
        /// An initializer of the legacy type from labelled current values.
        case from([(label: String, type: Located<String>)])
    }

    /// Which way.
    package var kind: Kind
    /// Target field ← expression.
    package var fields: [LegacyFieldMapping]
    /// Where it is declared.
    package var location: SourceLocation
}

/// One target field of a conversion.
package struct LegacyFieldMapping: Sendable {
    /// The field of the type being built.
    package var target: Located<String>
    /// A dotted path into the source (`amount.total`, or `request.cartId` for initializers).
    package var from: Located<String>?
    /// A literal instead of a path.
    package var value: Located<DefaultValue>?
    /// A literal used when the source is `nil`.
    package var fallback: Located<DefaultValue>?
    /// How the source value is changed.
    package var transform: LegacyTransform?
}

/// A simple transform of a legacy value.
package enum LegacyTransform: Sendable {
    /// `!value` for booleans.
    case negate(SourceLocation)
    /// A list of legacy enum values grouped into structs: each legacy raw value maps to a key
    /// (the `key` field of the element) and a value collected into the `values` field.
    case group(key: String, values: String, map: [(legacy: Located<String>, key: String, value: String)], location: SourceLocation)
}

/// A legacy API surface: a protocol, a namespace of static methods, or an extension of a current type.
package struct LegacyAPIDecl: Sendable {
    /// The kinds of legacy surface.
    package typealias Kind = LegacyAPIKind

    /// The Swift name.
    package var name: Located<String>
    /// The kind.
    package var kind: Kind
    /// The deprecation message.
    package var deprecated: String
    /// Documentation.
    package var doc: String?
    /// Methods.
    package var methods: [LegacyMethod]
    /// Properties (extensions only).
    package var properties: [LegacyProperty]
    /// Whether the declaration is isolated to the main actor (delegates an app implements in UI
    /// code, and the namespaces that call them).
    package var mainActor = false
}

/// A legacy method.
package struct LegacyMethod: Sendable {
    /// The base name.
    package var name: Located<String>
    /// Parameters and result, e.g. `(_ url: String, delegate: any MCCMerchantDelegate) -> Bool`.
    package var signature: Located<String>
    /// Swift statements of a thin wrapper over the current API.
    package var body: Located<String>?
    /// For documented no-ops: the Swift expression returned (empty for `Void`).
    package var noOp: Located<String>?
    /// What replaces it.
    package var replacement: String?
    /// Documentation.
    package var doc: String?
}

/// A legacy property of an extension.
package struct LegacyProperty: Sendable {
    /// The name.
    package var name: Located<String>
    /// The Swift type.
    package var type: String
    /// The getter's body.
    package var get: String
    /// The setter's body, if settable.
    package var set: String?
    /// Documentation.
    package var doc: String?
}
