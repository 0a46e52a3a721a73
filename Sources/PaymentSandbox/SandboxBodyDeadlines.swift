import Hummingbird
import NIOCore
import PaymentFlowsCore

/// Bounds how long reading a request body may take, for every request with one watchdog.
///
/// Each body is collected by a task of its own; the read registers that task and its deadline here.
/// One watchdog task, running only while reads are pending, wakes every ``tick`` and cancels the
/// reads past their deadline, so a body is refused at most one tick after its deadline. A timer per
/// request (a sleeping child task beside the read) cost more than the read itself under load.
final class SandboxBodyDeadlines: Sendable {
    private struct Pending: Sendable {
        var deadline: ContinuousClock.Instant
        var task: Task<ByteBuffer, any Error>
    }

    private struct State: Sendable {
        var next = 0
        var pending: [Int: Pending] = [:]
        var watching = false
    }

    private let state = LockIsolated(State())
    /// How often the watchdog looks for reads past their deadline.
    let tick: Duration
    /// Where the reads run: the executor the server's tasks prefer (an unstructured task does not
    /// inherit it), so a read stays on its connection's event loop.
    let executor: (any TaskExecutor)?

    init(tick: Duration = .milliseconds(100), executor: (any TaskExecutor)? = nil) {
        self.tick = tick
        self.executor = executor
    }

    /// Whether the watchdog runs (it does only while reads are pending).
    var isWatching: Bool { state.value.watching }

    /// The body, at most `limit` bytes, or `nil` when it did not arrive within `timeout`. Throws
    /// what collecting throws (`NIOTooManyBytesError` above the limit, a closed connection).
    func collect(_ body: RequestBody, upTo limit: Int, within timeout: Duration) async throws -> ByteBuffer? {
        let read = Task(executorPreference: executor) { try await body.collect(upTo: limit) }
        let deadline = ContinuousClock.now + timeout
        let (id, startWatching) = state.withValue { state -> (Int, Bool) in
            state.next &+= 1
            state.pending[state.next] = Pending(deadline: deadline, task: read)
            defer { state.watching = true }
            return (state.next, !state.watching)
        }
        if startWatching { Task { await watch() } }
        let result = await withTaskCancellationHandler {
            await read.result
        } onCancel: {
            read.cancel()
        }
        // The watchdog removes a read when it cancels it: a read no longer pending timed out.
        let timedOut = state.withValue { $0.pending.removeValue(forKey: id) == nil }
        if timedOut { return nil }
        return try result.get()
    }

    /// Cancels the reads past their deadline every tick; ends when none is pending.
    private func watch() async {
        while true {
            try? await Task.sleep(for: tick)
            let done = state.withValue { state -> Bool in
                let now = ContinuousClock.now
                for (id, read) in state.pending where read.deadline <= now {
                    read.task.cancel()
                    state.pending[id] = nil
                }
                if state.pending.isEmpty { state.watching = false }
                return state.pending.isEmpty
            }
            if done { return }
        }
    }
}
