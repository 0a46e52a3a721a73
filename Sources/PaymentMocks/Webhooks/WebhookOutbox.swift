import Foundation
import PaymentFlowsCore

/// Where a provider's mock posts the notifications its state changes cause (``WebhookNotice``),
/// and where they go from there: to the sink the sandbox installs (which delivers them over HTTP),
/// and to a bounded list a test in memory reads (``posted``).
///
/// A provider also says how a notification is made on demand (``trigger``): the sandbox's
/// `POST /__admin/webhooks/trigger` and `payflow webhooks trigger` ask it, as `stripe trigger` does.
public final class WebhookOutbox: Sendable {
    /// Why a notification could not be made on demand.
    public struct TriggerRefusal: Error, Sendable, Hashable {
        /// A stable code: `NOT_FOUND` (no such resource), `NO_RECEIVER` (nothing registered to be
        /// told), `UNKNOWN_EVENT` (an event the provider does not send).
        public let code: String
        /// What to do about it.
        public let message: String

        /// A refusal with `code` and `message`.
        public init(_ code: String, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    /// Makes the notifications of `event` (or the resource's current one, when `nil`) about `resource`.
    public typealias Trigger = @Sendable (_ event: String?, _ resource: String?) -> Result<[WebhookNotice], TriggerRefusal>

    private struct State: Sendable {
        var sink: (@Sendable (WebhookNotice) -> Void)?
        var trigger: Trigger?
        var posted = BoundedLog<WebhookNotice>(limit: WebhookOutbox.keep)
    }

    /// The most notices ``posted`` keeps (the oldest go first).
    public static let keep = 256
    private let state = LockIsolated(State())

    /// An outbox with no sink and no trigger.
    public init() {}

    /// Posts `notice`: kept in ``posted`` and handed to the sink, outside the outbox's lock.
    public func post(_ notice: WebhookNotice) {
        let sink = state.withValue { state -> (@Sendable (WebhookNotice) -> Void)? in
            state.posted.append(notice)
            return state.sink
        }
        sink?(notice)
    }

    /// The notices posted, oldest first (the most recent ``keep``).
    public var posted: [WebhookNotice] { state.value.posted.elements }

    /// Where every notice posted from now on goes besides ``posted`` (`nil`: nowhere).
    public var sink: (@Sendable (WebhookNotice) -> Void)? {
        get { state.value.sink }
        set { state.withValue { $0.sink = newValue } }
    }

    /// How the provider makes a notification on demand (`nil`: it does not).
    public var trigger: Trigger? {
        get { state.value.trigger }
        set { state.withValue { $0.trigger = newValue } }
    }

    /// Makes the notifications of `event` about `resource` and posts them; they are returned too.
    public func fire(event: String?, resource: String?) -> Result<[WebhookNotice], TriggerRefusal> {
        guard let trigger else { return .failure(TriggerRefusal("UNKNOWN_EVENT", "this provider sends no notifications")) }
        let result = trigger(event, resource)
        if case .success(let notices) = result { notices.forEach(post) }
        return result
    }

    /// Forgets the notices posted (a reset); the sink and the trigger stay.
    public func clear() {
        state.withValue { $0.posted.removeAll() }
    }
}
