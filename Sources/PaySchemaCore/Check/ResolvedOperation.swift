import PaySchemaVocabulary

/// An operation with its Swift type name, every path parameter (declared or implied by a
/// placeholder), its path split into pieces and whether its description must redact.
public struct ResolvedOperation: Sendable {
    /// One piece of the path template.
    public enum PathPiece: Sendable, Hashable {
        /// Literal text.
        case text(String)
        /// A path parameter, by its Swift name.
        case parameter(String)
    }

    /// The operation as declared.
    public let decl: OperationDecl
    /// The generated struct's name (`…Operation`).
    public let typeName: String
    /// Every parameter: placeholders without a declaration first (as `String` path parameters),
    /// then the declared ones.
    public let parameters: [ResolvedParameter]
    /// The request body's type.
    public let request: NamedTypeRef?
    /// How the request body is written: JSON, or a form (`application/x-www-form-urlencoded`)
    /// when the request type is a URL-query type.
    public let requestFormat: WireFormat
    /// The success response body's type.
    public let response: NamedTypeRef?
    /// The error body's type.
    public let errorBody: NamedTypeRef?
    /// The path template in pieces.
    public let path: [PathPiece]
    /// The header that carries the idempotency key, when there is one.
    public let idempotencyKeyHeader: String?
    /// Whether the input can hold a secret (a sensitive parameter or a sensitive request body).
    public let isSensitive: Bool

    /// Whether the operation is deprecated.
    public var isDeprecated: Bool { decl.lifecycle.deprecated != nil }
}

/// An operation parameter with its type resolved.
public struct ResolvedParameter: Sendable {
    /// The parameter as declared (or as implied by a path placeholder).
    public let decl: ParameterDecl
    /// Its type, resolved.
    public let type: ResolvedType
}
