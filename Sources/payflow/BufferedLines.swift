import Foundation
import PaymentFlowsCore

/// Lines for standard output gathered and written in batches: the sandbox prints one line per
/// exchange, and a write per request would cost a system call each under load. A batch is written
/// when it reaches 32 KiB or when ``flush()`` runs (every 200 ms while `payflow serve` runs).
final class BufferedLines: Sendable {
    private let pending = LockIsolated(Data())
    private static let batchBytes = 32 << 10

    /// Queues `line` (a newline is added).
    func append(_ line: String) {
        let full = pending.withValue { buffer -> Data? in
            buffer.append(contentsOf: line.utf8)
            buffer.append(UInt8(ascii: "\n"))
            guard buffer.count >= Self.batchBytes else { return nil }
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if let full { FileHandle.standardOutput.write(full) }
    }

    /// Writes what is queued.
    func flush() {
        let queued = pending.withValue { buffer -> Data in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if !queued.isEmpty { FileHandle.standardOutput.write(queued) }
    }

    /// Flushes every `interval` until the task is cancelled.
    func flushing(every interval: Duration) -> Task<Void, Never> {
        Task { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                flush()
            }
        }
    }
}
