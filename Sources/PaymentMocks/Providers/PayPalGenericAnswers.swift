import Foundation
import PayPalPayments
import PaymentSchemasRuntime
import PaymentServerCore

/// PayPal's answers that belong to no one operation's issue list: the statuses its REST reference
/// gives every call (developer.paypal.com/api/rest/responses: 400, 401, 403, 404, 405, 406, 415,
/// 422, 429, 500, 503, each with its `name` and message, the document's `error_4xx` and
/// `error_5xx` components for those it declares), and the OAuth token endpoint's errors (RFC 6749
/// 5.2, as PayPal answers them). Each table row is raised over a socket by
/// `ProviderRuleTablesSocketTests` or not applicable with the reason.
extension MockPayPalServer {
    /// PayPal's generic error: a fixed `name` and message per status, no details.
    static func generic(_ name: String, _ message: String, status: Int) -> ServerResponse {
        var answer = ServerResponse.json(PayPalErrorResponse(name: name, message: message, debugId: "b1d1f06c7246c"), status: status)
        answer.rule = name
        return answer
    }

    /// An OAuth 2.0 error (RFC 6749 5.2) in PayPal's words: the code is the journal's rule.
    static func oauth(_ code: String, _ description: String, status: Int = 400) -> ServerResponse {
        var answer = ServerResponse.json(OAuthErrorResponse(error: code, errorDescription: description), status: status)
        answer.rule = code
        return answer
    }

    /// 405, `METHOD_NOT_SUPPORTED` (the REST reference's message, with the method).
    static func methodNotSupported(_ method: String) -> ServerResponse {
        generic("METHOD_NOT_SUPPORTED", "The server does not implement the requested HTTP method \(method).", status: 405)
    }

    /// 415 for a body that is not JSON by its `Content-Type` (the document's `error_415`). The token
    /// endpoint reads its grant from a form only: a body of another type leaves the grant unread,
    /// which PayPal answers `unsupported_grant_type`, "Grant Type is NULL".
    static func unsupportedMediaType(_ operation: PayOperationDescriptor, _ contentType: String) -> ServerResponse? {
        if operation.operationID == CreateAccessTokenOperation.operationID { return oauth("unsupported_grant_type", "Grant Type is NULL") }
        return generic("UNSUPPORTED_MEDIA_TYPE", "The server does not support the request payload's media type.", status: 415)
    }

    /// 406 for an `Accept` that does not admit JSON, on the Orders API (the REST reference's
    /// `MEDIA_TYPE_NOT_ACCEPTABLE`); the token endpoint's own errors are OAuth's, which list none.
    static func notAcceptable(_ operation: PayOperationDescriptor, _ accept: String) -> ServerResponse? {
        if operation.operationID == CreateAccessTokenOperation.operationID { return nil }
        return generic(
            "MEDIA_TYPE_NOT_ACCEPTABLE", "The server does not implement the media type that would be acceptable to the client.", status: 406
        )
    }

    /// 503 as the document's `error_503` words it, for the fault plan's outage.
    static func serviceUnavailable() -> ServerResponse {
        generic("SERVICE_UNAVAILABLE", "Service Unavailable.", status: 503)
    }

    /// The token endpoint's refusal of a form that breaks its schema: a grant type absent
    /// (`unsupported_grant_type`, "Grant Type is NULL") or other than `client_credentials`
    /// ("unsupported grant_type"), as PayPal answers both (recorded in integrators' test fixtures);
    /// anything else (a body that is not a form) `invalid_request`.
    static func tokenRefusal(_ violations: [PayRequestViolation]) -> ServerResponse {
        if let grant = violations.first(where: { $0.location == .body && $0.field == "grant_type" }) {
            return ["missing", "null", "required"].contains(grant.rule)
                ? oauth("unsupported_grant_type", "Grant Type is NULL") : oauth("unsupported_grant_type", "unsupported grant_type")
        }
        return oauth("invalid_request", violations.map(\.description).joined(separator: "; "))
    }

    /// PayPal's generic answers, every operation of the Orders API.
    public static let genericRuleTable = ProviderRuleTable(
        provider: "paypal", title: "PayPal REST: the generic answers of every operation",
        source:
            "From PayPal's REST reference (developer.paypal.com/api/rest/responses: each failed status with its `name` and message) and the Orders v2 document's shared `error_400` … `error_503` components (its `default` response is any of them). The issues a 400 or 422 carries are the operations' own lists, above.",
        rules: [
            ProviderRule(
                "INVALID_REQUEST", status: 400,
                when: "the request breaks the schema (not JSON, a field missing, mistyped or out of bounds); details name the issue"),
            ProviderRule(
                "AUTHENTICATION_FAILURE", status: 401,
                when: "no `Authorization`, another scheme, or a token PayPal did not issue (or expired)"),
            ProviderRule(
                "NOT_AUTHORIZED", status: 403, when: "credentials valid, permissions insufficient",
                .notApplicable("the permissions of a real REST app (its scopes and features); every sandbox token may call every operation")
            ),
            ProviderRule("RESOURCE_NOT_FOUND", status: 404, when: "a path PayPal does not serve, or an order id never created"),
            ProviderRule("METHOD_NOT_SUPPORTED", status: 405, when: "a method the path does not take (`Allow` names those it does)"),
            ProviderRule(
                "MEDIA_TYPE_NOT_ACCEPTABLE", status: 406,
                operations: ["createOrder", "getOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"],
                when: "an `Accept` none of whose ranges admits `application/json` (or admits it with `q=0`)"),
            ProviderRule(
                "RESOURCE_CONFLICT", status: 409, when: "a conflict while processing",
                .notApplicable(
                    "the served operations' documents list no issue for it; a repeated `PayPal-Request-Id` gets the first answer, as PayPal documents"
                )),
            ProviderRule(
                "UNSUPPORTED_MEDIA_TYPE", status: 415,
                operations: ["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"],
                when: "a body whose `Content-Type` is not `application/json` (parameters such as `charset` aside), before it is read"),
            ProviderRule(
                "UNPROCESSABLE_ENTITY", status: 422,
                when: "a business rule refuses the request; details name the issue (the operations' lists above)"),
            ProviderRule(
                "RATE_LIMIT_REACHED", status: 429, when: "too many requests",
                .notApplicable("the sandbox has no request quota; the fault plan (`Sandbox-Fault`) plays outages")),
            ProviderRule(
                "INTERNAL_SERVER_ERROR", status: 500, when: "PayPal's own failure",
                .notApplicable(
                    "a failure inside PayPal, which no request provokes; the sandbox's own failures are its `sandbox_bug` 500, and the fault plan plays PayPal's outages as 503"
                )),
            ProviderRule("SERVICE_UNAVAILABLE", status: 503, when: "an outage (`Sandbox-Fault: serverError`)"),
        ])

    /// PayPal's OAuth token endpoint (`POST /v1/oauth2/token`): RFC 6749 5.2's codes.
    public static let oauthRuleTable = ProviderRuleTable(
        provider: "paypal", title: "PayPal OAuth 2.0 token endpoint (RFC 6749 5.2)",
        source:
            "RFC 6749 5.2's error codes, which PayPal's token endpoint answers as `{error, error_description}`; the descriptions are PayPal's as integrators' test fixtures record them (\"Client Authentication failed\", \"Grant Type is NULL\", \"unsupported grant_type\").",
        rules: [
            ProviderRule(
                "invalid_request", status: 400, operations: ["createAccessToken"],
                when: "a body that is not a form (not UTF-8), or a form that breaks the request's schema otherwise"),
            ProviderRule(
                "invalid_client", status: 401, operations: ["createAccessToken"],
                when: "no HTTP Basic credentials, another scheme, or an empty client id or secret"),
            ProviderRule(
                "invalid_grant", status: 400, operations: ["createAccessToken"], when: "the grant (a code, a refresh token) is invalid",
                .notApplicable("the client credentials grant (RFC 6749 4.4) carries no grant to be invalid")),
            ProviderRule(
                "unauthorized_client", status: 400, operations: ["createAccessToken"], when: "the client may not use this grant type",
                .notApplicable("a real REST app's configuration; every PayPal REST app may use client credentials")),
            ProviderRule(
                "unsupported_grant_type", status: 400, operations: ["createAccessToken"],
                when:
                    "`grant_type` absent (\"Grant Type is NULL\", also for a body that is not a form: JSON included) or not `client_credentials` (\"unsupported grant_type\")"
            ),
            ProviderRule(
                "invalid_scope", status: 400, operations: ["createAccessToken"], when: "a requested scope is invalid",
                .notApplicable("the token request carries no `scope` in our types: PayPal grants the app's configured scopes")),
        ])
}
