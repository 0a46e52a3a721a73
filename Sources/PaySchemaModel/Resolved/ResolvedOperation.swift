import PaySchemaLanguage
import PaymentSchemasVocabulary

/// An operation with its Swift type name, every path parameter (declared or implied by a
/// placeholder), its path split into pieces and whether its description must redact.
package struct ResolvedOperation: Sendable {
    /// One piece of the path template.
    package enum PathPiece: Sendable, Hashable {
        /// Literal text.
        case text(String)
        /// A path parameter, by its Swift name.
        case parameter(String)
    }

    /// The schema's name for the operation.
    package let name: String
    /// Where the name is declared (for the diff's reports).
    package let location: SourceLocation
    /// Documentation.
    package let doc: String?
    /// The HTTP method.
    package let method: PayHTTPMethod
    /// The path template as written (`/v2/orders/{id}`).
    package let pathTemplate: String
    /// The statuses that carry the response body.
    package let successStatuses: [Int]
    /// The error statuses the provider answers with the error body (empty: any error status).
    package let errorStatuses: [Int]
    /// How requests authenticate, when the operation names a scheme.
    package let security: SecurityScheme?
    /// The media type of the answers' bodies, success and error (`application/json` unless the
    /// schema names a `+json` type).
    package var responseMediaType = "application/json"
    /// Deprecation.
    package let lifecycle: ResolvedLifecycle
    /// The generated struct's name (`…Operation`).
    package let typeName: String
    /// Every parameter: placeholders without a declaration first (as `String` path parameters),
    /// then the declared ones.
    package let parameters: [ResolvedParameter]
    /// The request body's type.
    package let request: NamedTypeRef?
    /// How the request body is written: JSON, or a form (`application/x-www-form-urlencoded`)
    /// when the request type is a URL-query type.
    package let requestFormat: WireFormat
    /// Whether the request may come without a body (read as the request type's empty object).
    package var isRequestOptional = false
    /// Whether a member no field models is refused at every depth of the request body (the
    /// schema's `unknownMembers: refuse` on the operation), in types shared with answers too.
    package var refusesUnknownMembers = false
    /// The success response body's type.
    package let response: NamedTypeRef?
    /// The error body's type.
    package let errorBody: NamedTypeRef?
    /// The path template in pieces.
    package let path: [PathPiece]
    /// The header that carries the idempotency key, when there is one.
    package let idempotencyKeyHeader: String?
    /// Whether the input can hold a secret (a sensitive parameter or a sensitive request body).
    package let isSensitive: Bool
    /// The operations a success answer leads to.
    package let links: [ResolvedLink]

    /// Whether the operation is deprecated.
    package var isDeprecated: Bool { lifecycle.isDeprecated }

    /// Creates the value from its parts (the checker does).
    package init(
        name: String, location: SourceLocation, doc: String?, method: PayHTTPMethod, pathTemplate: String, successStatuses: [Int],
        errorStatuses: [Int], security: SecurityScheme?, lifecycle: ResolvedLifecycle, typeName: String, parameters: [ResolvedParameter],
        request: NamedTypeRef?, requestFormat: WireFormat, response: NamedTypeRef?, errorBody: NamedTypeRef?, path: [PathPiece],
        idempotencyKeyHeader: String?, isSensitive: Bool, links: [ResolvedLink]
    ) {
        self.name = name
        self.location = location
        self.doc = doc
        self.method = method
        self.pathTemplate = pathTemplate
        self.successStatuses = successStatuses
        self.errorStatuses = errorStatuses
        self.security = security
        self.lifecycle = lifecycle
        self.typeName = typeName
        self.parameters = parameters
        self.request = request
        self.requestFormat = requestFormat
        self.response = response
        self.errorBody = errorBody
        self.path = path
        self.idempotencyKeyHeader = idempotencyKeyHeader
        self.isSensitive = isSensitive
        self.links = links
    }
}

/// An operation parameter (declared, or implied by a path placeholder) with its type resolved.
package struct ResolvedParameter: Sendable {
    /// The Swift name.
    package let name: String
    /// The wire name (header name, query item name or path placeholder).
    package let wireName: String
    /// Where it travels.
    package let place: ParameterPlace
    /// Its type, resolved.
    package let type: ResolvedType
    /// Whether it must be sent.
    package let required: Bool
    /// Whether the value is a secret.
    package let sensitive: Bool
    /// Whether it carries the idempotency key.
    package let idempotencyKey: Bool
    /// Documentation.
    package let doc: String?
    /// Where it is declared (the path, for a placeholder without a declaration).
    package let location: SourceLocation

    /// Creates the value from its parts (the checker does).
    package init(
        name: String, wireName: String, place: ParameterPlace, type: ResolvedType, required: Bool, sensitive: Bool, idempotencyKey: Bool,
        doc: String?, location: SourceLocation
    ) {
        self.name = name
        self.wireName = wireName
        self.place = place
        self.type = type
        self.required = required
        self.sensitive = sensitive
        self.idempotencyKey = idempotencyKey
        self.doc = doc
        self.location = location
    }
}
