import PaymentFlowsCore

/// A failure the mock transport can inject.
public enum MockFault: String, Sendable, Hashable, CaseIterable {
    /// The answer arrives late (``FaultPlan/latency`` late).
    case latency
    /// No answer: the request times out before the server acts.
    case timeout
    /// The server answers 503 without acting.
    case serverError
    /// The server acts, then the answer's body is garbage.
    case malformedBody
    /// The server acts, then the answer is lost (the client sees a timeout).
    case lostResponse
}

/// Which faults to inject, how often, drawn from a seeded generator so a run can be repeated.
public struct FaultPlan: Sendable {
    /// The chance that a request gets a fault, 0...1.
    public var rate: Double
    /// The faults to draw from.
    public var kinds: [MockFault]
    /// How late a `latency` fault makes the answer.
    public var latency: Duration
    let generator: SeededGenerator

    /// Creates a plan.
    public init(rate: Double, seed: UInt64, kinds: [MockFault] = MockFault.allCases, latency: Duration = .milliseconds(2)) {
        self.rate = rate.isNaN ? 0 : min(max(rate, 0), 1)
        self.kinds = kinds
        self.latency = latency
        self.generator = SeededGenerator(seed: seed)
    }

    /// No faults.
    public static var none: FaultPlan { FaultPlan(rate: 0, seed: 0, kinds: []) }

    /// The fault for the next request, if any.
    func draw() -> MockFault? {
        guard rate > 0, !kinds.isEmpty, generator.nextUnit() < rate else { return nil }
        return kinds[Int(generator.next() % UInt64(kinds.count))]
    }
}
