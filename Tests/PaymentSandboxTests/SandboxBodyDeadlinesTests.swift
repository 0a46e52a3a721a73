import Foundation
import Hummingbird
import NIOCore
@testable import PaymentSandbox
import Testing

/// One watchdog bounds every body read: a body that arrives is returned whole, one that never
/// arrives is given up about one tick after its deadline, and the watchdog stops once nothing is
/// pending (a server that stops leaves no task behind).
@Suite("Body read deadlines")
struct SandboxBodyDeadlinesTests {
    @Test func aBodyThatArrivesIsReturnedWhole() async throws {
        let deadlines = SandboxBodyDeadlines(tick: .milliseconds(20))
        let body = try await deadlines.collect(RequestBody(buffer: ByteBuffer(string: "{\"a\":1}")), upTo: 1 << 10, within: .seconds(60))
        #expect(body.map { String(buffer: $0) } == "{\"a\":1}")
    }

    @Test func aBodyAboveTheLimitIsRefused() async {
        let deadlines = SandboxBodyDeadlines(tick: .milliseconds(20))
        await #expect(throws: NIOTooManyBytesError.self) {
            _ = try await deadlines.collect(RequestBody(buffer: ByteBuffer(repeating: 0x41, count: 2_000)), upTo: 1_000, within: .seconds(60))
        }
    }

    @Test func aBodyThatNeverArrivesIsGivenUpAfterItsDeadline() async throws {
        let deadlines = SandboxBodyDeadlines(tick: .milliseconds(20))
        let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream()
        continuation.yield(ByteBuffer(string: "{"))
        let started = ContinuousClock.now
        let body = try await deadlines.collect(RequestBody(asyncSequence: stream), upTo: 1 << 10, within: .milliseconds(200))
        let elapsed = ContinuousClock.now - started
        #expect(body == nil)
        // Never before the deadline. How soon after it depends on this test process's cooperative
        // pool, which the suite's other tests share; the bound after the deadline is asserted over a
        // real socket against `payflow serve` in a process of its own (`slowClientsCannotHoldAConnection`:
        // 408 within 6 s for a 0.5 s deadline).
        #expect(elapsed >= .milliseconds(200), "\(elapsed)")
        continuation.finish()
        // Nothing pending: the watchdog ends (within a tick or two of an idle pool).
        for _ in 0..<3_000 where deadlines.isWatching { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!deadlines.isWatching)
    }

    @Test func manyReadsAtOnceEachGetTheirOwnOutcome() async throws {
        let deadlines = SandboxBodyDeadlines(tick: .milliseconds(20))
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index % 10 == 0 {
                        let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream()
                        defer { continuation.finish() }
                        return try await deadlines.collect(RequestBody(asyncSequence: stream), upTo: 64, within: .milliseconds(100)) == nil
                    }
                    let read = try await deadlines.collect(RequestBody(buffer: ByteBuffer(string: "\(index)")), upTo: 64, within: .seconds(60))
                    return read.map { String(buffer: $0) } == "\(index)"
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 200 && outcomes.allSatisfy { $0 })
    }
}
