import Foundation

/// When a provider tries a notification again after an attempt its receiver did not answer with a
/// 2xx: the delays before each further attempt, after the one before. The sandbox divides them by
/// its time scale (`payflow serve --webhook-time-scale`), so a test sees a day's retries in
/// milliseconds.
public struct WebhookSchedule: Sendable, Hashable, Codable {
    /// Whose schedule it is.
    public let name: String
    /// The delay before each attempt after the first, in seconds.
    public let retrySeconds: [Int]

    /// A schedule of `retrySeconds`.
    public init(name: String, retrySeconds: [Int]) {
        self.name = name
        self.retrySeconds = retrySeconds
    }

    /// Every attempt: the first and the retries.
    public var attempts: Int { retrySeconds.count + 1 }

    /// From the first attempt to the last, in seconds.
    public var span: Int { retrySeconds.reduce(0, +) }

    /// Mollie's: ten calls in all, at growing intervals, the last 26 hours after the first (as
    /// Mollie's webhook guide says; the intervals between are the sandbox's).
    public static let mollie = WebhookSchedule(
        name: "mollie", retrySeconds: [60, 120, 240, 480, 900, 1_800, 3_600, 14_400, 72_000])

    /// Amazon Pay's: IPNs travel through Amazon SNS, whose default delivery policy for an HTTP/S
    /// endpoint makes three retries 20 seconds apart after the first attempt (Amazon Pay's IPN
    /// page gives no schedule of its own).
    public static let amazonPay = WebhookSchedule(name: "amazonpay", retrySeconds: [20, 20, 20])

    /// PayPal's: the first attempt and 25 more over three days (as PayPal's webhooks guide says;
    /// the intervals between are the sandbox's: doubling from a minute to an hour, then even).
    public static let payPal = WebhookSchedule(
        name: "paypal", retrySeconds: [60, 120, 240, 480, 960, 1_920, 3_600] + Array(repeating: 13_990, count: 18))
}
