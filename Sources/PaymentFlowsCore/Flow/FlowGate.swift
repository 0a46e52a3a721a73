/// Lets one flow run at a time per client; a second start is rejected, not queued.
public actor FlowGate {
    private var running: String?

    /// Creates an idle gate.
    public init() {}

    /// Whether a flow is running.
    public var isBusy: Bool { running != nil }

    /// Runs `body` as the flow `name`; throws ``FlowInProgressError`` when another flow is running.
    public func run<T: Sendable>(_ name: String, _ body: @Sendable () async throws -> T) async throws -> T {
        if let current = running {
            throw FlowInProgressError(running: current, rejected: name)
        }
        running = name
        defer { running = nil }
        return try await body()
    }
}

/// A flow was started while another was in progress.
public struct FlowInProgressError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The flow that is running.
    public var running: String
    /// The flow that was rejected.
    public var rejected: String

    /// `cannot start X while Y is in progress`.
    public var description: String { "cannot start \(rejected) while \(running) is in progress" }
}
