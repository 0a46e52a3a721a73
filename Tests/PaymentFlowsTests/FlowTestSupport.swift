import Foundation
import Logging
import PaymentFlowsCore

/// Captures every log line (message and metadata) so tests can assert that no secret is logged.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    func append(_ line: String) { lock.withLock { lines.append(line) } }

    func logger(_ label: String = "test") -> Logger {
        Logger(label: label) { _ in CapturingHandler(capture: self) }
    }

    struct CapturingHandler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = self.metadata.merging(event.metadata ?? [:]) { $1 }
            let error = event.error.map { " error=\($0)" } ?? ""
            capture.append("\(event.level) \(event.message) \(merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))\(error)")
        }
    }
}


import HTTPTypes
import OpenAPIRuntime

/// Wraps a transport and loses the first answer to `operationID` after the server acted.
final class LoseFirstAnswer: ClientTransport, @unchecked Sendable {
    let base: any ClientTransport
    let operationID: String
    private let lock = NSLock()
    private var lost = false

    init(_ base: any ClientTransport, operationID: String) {
        self.base = base
        self.operationID = operationID
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        let answer = try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
        let loseIt = lock.withLock { () -> Bool in
            guard operationID == self.operationID, !lost else { return false }
            lost = true
            return true
        }
        if loseIt { throw URLError(.timedOut) }
        return answer
    }
}
