import PaySchemaLanguage
import PaySchemaYAML

/// How a legacy type converts to or from the current API (the `legacy: conversions:` block).
public struct LegacyConversion: Sendable {
    /// Which way it converts.
    public enum Kind: Sendable {
        /// A method `to<Type>()` on the legacy type.
        case to(Located<String>)
        /// An initializer of the legacy type from labelled current values.
        case from([(label: String, type: Located<String>)])
    }

    /// Which way.
    public var kind: Kind
    /// Target field ← expression.
    public var fields: [LegacyFieldMapping]
    /// Where it is declared.
    public var location: SourceLocation
}

/// One target field of a conversion.
public struct LegacyFieldMapping: Sendable {
    /// The field of the type being built.
    public var target: Located<String>
    /// A dotted path into the source (`amount.total`, or `request.cartId` for initializers).
    public var from: Located<String>?
    /// A literal instead of a path.
    public var value: Located<DefaultValue>?
    /// A literal used when the source is `nil`.
    public var fallback: Located<DefaultValue>?
    /// How the source value is changed.
    public var transform: LegacyTransform?
}

/// A simple transform of a legacy value.
public enum LegacyTransform: Sendable {
    /// `!value` for booleans.
    case negate(SourceLocation)
    /// A list of legacy enum values grouped into structs: each legacy raw value maps to a key
    /// (the `key` field of the element) and a value collected into the `values` field.
    case group(key: String, values: String, map: [(legacy: Located<String>, key: String, value: String)], location: SourceLocation)
}

/// A legacy API surface: a protocol, a namespace of static methods, or an extension of a current type.
public struct LegacyAPIDecl: Sendable {
    /// The kinds of legacy surface.
    public typealias Kind = LegacyAPIKind

    /// The Swift name.
    public var name: Located<String>
    /// The kind.
    public var kind: Kind
    /// The deprecation message.
    public var deprecated: String
    /// Documentation.
    public var doc: String?
    /// Methods.
    public var methods: [LegacyMethod]
    /// Properties (extensions only).
    public var properties: [LegacyProperty]
    /// Whether the declaration is isolated to the main actor (delegates an app implements in UI
    /// code, and the namespaces that call them).
    public var mainActor = false
}

/// A legacy method.
public struct LegacyMethod: Sendable {
    /// The base name.
    public var name: Located<String>
    /// Parameters and result, e.g. `(_ url: String, delegate: any MCCMerchantDelegate) -> Bool`.
    public var signature: Located<String>
    /// Swift statements of a thin wrapper over the current API.
    public var body: Located<String>?
    /// For documented no-ops: the Swift expression returned (empty for `Void`).
    public var noOp: Located<String>?
    /// What replaces it.
    public var replacement: String?
    /// Documentation.
    public var doc: String?
}

/// A legacy property of an extension.
public struct LegacyProperty: Sendable {
    /// The name.
    public var name: Located<String>
    /// The Swift type.
    public var type: String
    /// The getter's body.
    public var get: String
    /// The setter's body, if settable.
    public var set: String?
    /// Documentation.
    public var doc: String?
}
