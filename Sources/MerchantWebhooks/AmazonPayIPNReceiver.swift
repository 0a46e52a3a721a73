import AmazonPayMobile
import Foundation
import PaymentFlowsCore
import PaymentSchemasRuntime

/// A merchant server's receiving end of Amazon Pay's instant payment notifications (IPNs), as
/// Amazon's page says to receive them: the SNS envelope (``AmazonPayIPNMessage``) and the
/// notification inside it (``AmazonPayNotification``) are read with the generated types, and
/// nothing in them is trusted but a name: the charge, refund or charge permission is fetched from
/// Amazon's API with the merchant's signed client, and what Amazon answers is the news. A
/// notification for another merchant, for an object Amazon does not know, or naming another charge
/// permission than the object's is refused as forged; one accepted already (its `NotificationId`)
/// is refused as a replay. The caller then updates its order and answers 2xx.
public final class AmazonPayIPNReceiver: Sendable {
    /// Why a notification was not accepted.
    public enum Refusal: String, Error, Sendable, Hashable {
        /// The body is not an SNS notification carrying an Amazon Pay notification.
        case malformedBody
        /// The notification names another merchant.
        case otherMerchant
        /// Amazon knows no such object, or the object belongs to another charge permission: the
        /// notification is not Amazon's.
        case unknownObject
        /// This notification was accepted already.
        case replayed
        /// Amazon could not be asked; the notification is not accepted, so Amazon sends it again.
        case verificationUnavailable

        /// The status a receiver answers with: 409 for a replay, 503 when Amazon could not be
        /// asked (so it retries), 400 otherwise.
        public var status: Int { refusalStatus(replayed: self == .replayed, unavailable: self == .verificationUnavailable) }
    }

    /// The object a notification is about, as Amazon's API answers it now.
    public enum Object: Sendable {
        /// A charge.
        case charge(Charge)
        /// A refund.
        case refund(AmazonPayRefund)
        /// A charge permission.
        case chargePermission(ChargePermission)
        /// An object the receiver does not fetch (a chargeback): the notification as sent.
        case other(AmazonPayNotification)
    }

    /// What became of a notification.
    public enum Outcome: Sendable {
        /// Fetched and new: update the order, answer 2xx.
        case accepted(Object)
        /// Not accepted, and why.
        case refused(Refusal)
    }

    private let client: PayAPIClient
    private let merchantID: String
    private let region: AmazonPayRegion
    private let seen: LockIsolated<AcceptedIDs>

    /// A receiver for merchant `merchantID` that fetches objects through `client` (Amazon's API or
    /// the sandbox's `/t/amazonpay`, signing every call with the merchant's key) in `region`,
    /// remembering the last `remembered` notifications accepted.
    public init(client: PayAPIClient, merchantID: String, region: AmazonPayRegion, remembered: Int = 10_000) {
        self.client = client
        self.merchantID = merchantID
        self.region = region
        seen = LockIsolated(AcceptedIDs(limit: max(1, remembered)))
    }

    /// Receives one notification: its body as sent (`text/plain`, JSON inside).
    public func receive(body: Data) async -> Outcome {
        guard let envelope = try? PayWire.readJSON(AmazonPayIPNMessage.self, from: body), envelope.type == .notification,
            let notification = try? PayWire.readJSON(AmazonPayNotification.self, from: Data(envelope.message.utf8))
        else { return .refused(.malformedBody) }
        guard notification.merchantID == merchantID else { return .refused(.otherMerchant) }
        let object: Object
        do {
            switch try await fetch(notification) {
            case .success(let fetched): object = fetched
            case .failure(let refusal): return .refused(refusal)
            }
        } catch {
            return .refused(.verificationUnavailable)
        }
        // Two deliveries of one notification at once: only the first is accepted.
        return seen.withValue { $0.insert(notification.notificationId) } ? .accepted(object) : .refused(.replayed)
    }

    /// The object `notification` names, fetched; refused when Amazon does not know it or it
    /// belongs to another charge permission than the notification says (a refund's, through its charge).
    private func fetch(_ notification: AmazonPayNotification) async throws -> Result<Object, Refusal> {
        let id = notification.objectId
        let permission = notification.chargePermissionId
        switch notification.objectType {
        case .charge:
            return Self.judge(try await client.send(GetChargeOperation(chargeId: id, region: region))) {
                permission == nil || $0.chargePermissionId == permission ? .charge($0) : nil
            }
        case .refund:
            let refund = Self.judge(try await client.send(GetRefundOperation(refundId: id, region: region))) { .refund($0) }
            // A refund names its charge, and the charge its permission: the one the notification names.
            guard let permission, case .success(.refund(let found)) = refund else { return refund }
            let charge = Self.judge(try await client.send(GetChargeOperation(chargeId: found.chargeId, region: region))) {
                $0.chargePermissionId == permission ? .charge($0) : nil
            }
            if case .failure(let refusal) = charge { return .failure(refusal) }
            return refund
        case .chargePermission:
            return Self.judge(try await client.send(GetChargePermissionOperation(chargePermissionId: id, region: region))) {
                permission == nil || $0.chargePermissionId == permission ? .chargePermission($0) : nil
            }
        default:
            return .success(.other(notification))
        }
    }

    /// An answer judged: the object when Amazon has it and `accept` takes it, `unknownObject` for
    /// Amazon's 404 or an object `accept` refuses, `verificationUnavailable` for any other answer.
    private static func judge<Operation: PayOperation>(
        _ answer: PayAPIResponse<Operation>, _ accept: (Operation.ResponseBody) -> Object?
    ) -> Result<Object, Refusal> {
        switch answer {
        case .success(_, let body): accept(body).map { .success($0) } ?? .failure(.unknownObject)
        case .failure(404, _): .failure(.unknownObject)
        case .failure: .failure(.verificationUnavailable)
        }
    }
}
