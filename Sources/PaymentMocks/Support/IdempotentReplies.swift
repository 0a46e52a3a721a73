import Foundation
import PaymentFlowsCore
import PaymentSchemasRuntime
import PaymentServerCore

/// How a provider replays idempotency keys, which the transport applies to every operation whose
/// schema declares an idempotency-key header (`idempotencyKey: true`): one implementation for every
/// provider, none in the handlers.
public struct IdempotencyPolicy: Sendable {
    /// Which answers are kept under their key.
    public enum Keep: Sendable {
        /// Every answer (PayPal replays a refusal too).
        case every
        /// Only the answers of requests that took effect (2xx): a refused request may be sent
        /// again with its key, corrected (Amazon, Stripe).
        case successes
    }

    /// Which answers are kept.
    public var keep: Keep
    /// The methods the key is honoured on (a PATCH is idempotent by definition).
    public var methods: Set<String>
    /// The answer to a used key sent with another body, `nil` when the provider replays the first
    /// answer whatever the body (PayPal).
    public var conflict: (@Sendable (PayOperationDescriptor) -> ServerResponse)?
    /// The first answer as a repeat receives it (PayPal answers a repeated create 200, not 201).
    public var replayed: @Sendable (PayOperationDescriptor, ServerResponse) -> ServerResponse

    /// Creates a policy.
    public init(
        keep: Keep, methods: Set<String> = ["POST"], conflict: (@Sendable (PayOperationDescriptor) -> ServerResponse)? = nil,
        replayed: @escaping @Sendable (PayOperationDescriptor, ServerResponse) -> ServerResponse = { $1 }
    ) {
        self.keep = keep
        self.methods = methods
        self.conflict = conflict
        self.replayed = replayed
    }
}

/// The answers a transport keeps by idempotency key (scoped to the operation and its path: the
/// same key on another order is another key), bounded as every mock store is, and a gate that lets
/// one request per key act at a time, so two requests with one key never both act.
final class IdempotentReplies: Sendable {
    private let replies = LockIsolated(BoundedStore<String, (body: Data, response: ServerResponse)>())
    private let gate = KeyGate()

    /// Answers `request` to `operation` under `policy`: a repeated key gets the first answer (or the
    /// policy's conflict), a new one is answered by `act` and kept as the policy says.
    func answer(
        _ request: ServerRequest, _ operation: PayOperationDescriptor, policy: IdempotencyPolicy,
        _ act: () async throws -> ServerResponse
    ) async throws -> ServerResponse {
        // An empty key is none (PayPal's Payments document takes any text for `PayPal-Request-Id`).
        guard let header = operation.idempotencyKeyHeader, policy.methods.contains(request.method), let key = request.header(header),
            !key.isEmpty
        else {
            return try await act()
        }
        let scoped = "\(operation.operationID) \(request.path) \(key)"
        await gate.enter(scoped)
        do {
            let response = try await answerHoldingKey(scoped, request, operation, policy, act)
            await gate.leave(scoped)
            return response
        } catch {
            await gate.leave(scoped)
            throw error
        }
    }

    private func answerHoldingKey(
        _ scoped: String, _ request: ServerRequest, _ operation: PayOperationDescriptor, _ policy: IdempotencyPolicy,
        _ act: () async throws -> ServerResponse
    ) async throws -> ServerResponse {
        if let previous = replies.withValue({ $0[scoped] }) {
            if let conflict = policy.conflict, previous.body != request.body { return conflict(operation) }
            return policy.replayed(operation, previous.response)
        }
        let response = try await act()
        if policy.keep == .every || (200..<300).contains(response.status) {
            replies.withValue { $0[scoped] = (request.body, response) }
        }
        return response
    }

    /// Forgets every kept answer.
    func removeAll() { replies.withValue { $0.removeAll() } }
}

/// One request per key at a time: the others wait their turn, in arrival order. Holds only the
/// keys in flight.
private actor KeyGate {
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    func enter(_ key: String) async {
        guard waiting[key] != nil else {
            waiting[key] = []
            return
        }
        await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    func leave(_ key: String) {
        guard var queue = waiting[key], !queue.isEmpty else {
            waiting[key] = nil
            return
        }
        let next = queue.removeFirst()
        waiting[key] = queue
        next.resume()
    }
}
