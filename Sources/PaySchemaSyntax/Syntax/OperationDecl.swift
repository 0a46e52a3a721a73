import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// A REST operation.
package struct OperationDecl: Sendable {
    /// The schema name, lowerCamelCase (`getCheckoutSession`).
    package var name: Located<String>
    /// Documentation.
    package var doc: String?
    /// The HTTP method.
    package var method: Located<PayHTTPMethod>
    /// The path with `{parameter}` placeholders.
    package var path: Located<String>
    /// Path, query and header parameters.
    package var parameters: [ParameterDecl]
    /// The request body type.
    package var request: Located<String>?
    /// Whether the request may come without a body (`requestOptional: true`): an empty body reads
    /// as the request type's empty object, as a provider whose contract makes the body optional takes it.
    package var requestOptional = false
    /// The success body type.
    package var response: Located<String>?
    /// The error body type.
    package var errorBody: Located<String>?
    /// The HTTP statuses of success.
    package var successStatuses: [Int]
    /// The HTTP statuses (4xx, 5xx) the provider answers with the error body; empty when the
    /// schema does not list them (any error status then carries the error body).
    package var errorStatuses: [Int] = []
    /// How requests authenticate, when they do.
    package var security: SecurityScheme?
    /// The media type of the answers' bodies (success and error): `application/json`, or a
    /// JSON-based type with RFC 6839's `+json` suffix (Mollie answers `application/hal+json`).
    package var responseMediaType = "application/json"
    /// `unknownMembers: refuse` (`true`): the provider refuses a member no field models at every
    /// depth of the request body, in the types the request shares with answers too (which keep such
    /// members when they read an answer), as Amazon Pay's `UnrecognizedField` does.
    package var refusesUnknownMembers = false
    /// Deprecation and renames.
    package var lifecycle: Lifecycle
    /// The operations a success answer leads to, with the parameters it supplies.
    package var links: [LinkDecl] = []
}

/// A link of an operation (`links: { getOrder: { orderID: id } }`): after a success, `target`
/// can be called with each of its `parameters` taken from a field of the success body.
package struct LinkDecl: Sendable {
    /// The operation the answer leads to, in the same module.
    package var target: Located<String>
    /// Each parameter of `target` (its schema name) with the dotted path of schema field names in
    /// this operation's success body that supplies it.
    package var parameters: [(parameter: Located<String>, field: Located<String>)]
}

/// A parameter of an operation.
package struct ParameterDecl: Sendable {
    /// Where the parameter travels.
    package typealias Place = ParameterPlace

    /// The Swift name.
    package var name: Located<String>
    /// The wire name (header name, query item name or path placeholder).
    package var wireName: String
    /// Where it travels.
    package var place: Place
    /// Its type (a primitive, scalar or enum).
    package var type: Located<TypeExpression>
    /// Whether it must be sent.
    package var required: Bool
    /// Whether it is a secret.
    package var sensitive: Bool
    /// Whether it is the operation's idempotency key (a header that makes retries of the request safe).
    package var idempotencyKey: Bool = false
    /// Documentation.
    package var doc: String?

    /// Creates the value from its parts (the parser does).
    package init(
        name: Located<String>, wireName: String, place: Place, type: Located<TypeExpression>, required: Bool, sensitive: Bool,
        idempotencyKey: Bool = false, doc: String?
    ) {
        self.name = name
        self.wireName = wireName
        self.place = place
        self.type = type
        self.required = required
        self.sensitive = sensitive
        self.idempotencyKey = idempotencyKey
        self.doc = doc
    }
}
