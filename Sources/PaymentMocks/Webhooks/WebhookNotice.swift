import Foundation

/// One notification a provider sends a merchant's server when something it holds changes: where
/// it goes, what it says and how often the provider tries again. A provider's mock writes it (Mollie's
/// `id=tr_…`, PayPal's signed event) and posts it to its transport's ``WebhookOutbox``; the sandbox
/// delivers it over HTTP.
public struct WebhookNotice: Sendable, Hashable, Codable {
    /// One header of the delivery.
    public struct Header: Sendable, Hashable, Codable {
        /// Its name, as the provider writes it.
        public let name: String
        /// Its value.
        public let value: String

        /// A header `name: value`.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The sandbox prefix of the provider that sends it (`mollie-api`, `paypal`).
    public let provider: String
    /// What happened, in the provider's words (`payment.paid`, `PAYMENT.CAPTURE.COMPLETED`).
    public let event: String
    /// The resource it concerns (`tr_…`, a capture's id).
    public let resource: String
    /// Where it goes: the URL the merchant registered, and no other.
    public let url: URL
    /// The headers besides `Content-Type` and `Content-Length`.
    public let headers: [Header]
    /// The body's media type.
    public let contentType: String
    /// The body, exactly as sent.
    public let body: Data
    /// When the provider tries again after a failed attempt.
    public let schedule: WebhookSchedule
    /// Why the provider sent it when not for a change of state (`simulate-event`: PayPal's simulator).
    public let cause: String?

    /// A notice of `event` about `resource` for `url`.
    public init(
        provider: String, event: String, resource: String, url: URL, headers: [Header] = [], contentType: String, body: Data,
        schedule: WebhookSchedule, cause: String? = nil
    ) {
        self.provider = provider
        self.event = event
        self.resource = resource
        self.url = url
        self.headers = headers
        self.contentType = contentType
        self.body = body
        self.schedule = schedule
        self.cause = cause
    }

    /// Whether `url` is one a notice may go to: `http` or `https` with a host, and no user or
    /// password in it (a delivery never carries a credential the merchant typed into a URL).
    public static func isDeliverable(_ url: URL) -> Bool {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return false }
        return components.user == nil && components.password == nil
    }
}
