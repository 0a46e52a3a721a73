import Foundation
import Logging

/// Captures every log line (level, message, metadata, error) so runs can be shown and checked
/// for leaked secrets.
public final class CapturedLogs: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    /// Starts empty.
    public init() {}

    /// Every line so far.
    public var all: [String] { lock.withLock { lines } }

    /// Appends a line.
    public func append(_ line: String) { lock.withLock { lines.append(line) } }

    /// A logger writing here.
    public func logger(_ label: String = "payflow") -> Logger {
        Logger(label: label) { _ in Handler(capture: self) }
    }

    struct Handler: LogHandler {
        let capture: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            capture.append(
                "\(event.level) \(event.message)" + (fields.isEmpty ? "" : " " + fields) + (event.error.map { " error=\($0)" } ?? ""))
        }
    }
}
