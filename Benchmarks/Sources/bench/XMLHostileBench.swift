import Foundation
import PaymentSchemasRuntime
import SuiteMCommerce

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The three hostile XML documents of issue 27 (600,000 attributes, 1.5 M character references,
/// 1.5 M empty elements), each read in its own process so its peak memory is its own: by the
/// package's reader through `PayResponse(xml:)` with the standard limits (what an app and the
/// sandbox run) and with limits raised above the document (the reader reading all of it), and by
/// libxml2's `XMLParser`, the parser the runtime ran before (after its own check) and still the
/// tests' independent judge.
enum XMLHostileBench {
    static let documents = ["attributes", "references", "elements"]
    static let readers = ["limits", "unlimited", "libxml2"]

    /// The document named `name`, below the standard 8 MiB.
    static func document(_ name: String) -> Data {
        switch name {
        case "attributes": return Data(("<xml" + (0..<600_000).map { " a\($0)=\"1\"" }.joined() + "/>").utf8)
        case "references": return Data(("<xml><Reference>" + String(repeating: "&#65;", count: 1_500_000) + "</Reference></xml>").utf8)
        default: return Data(("<xml>" + String(repeating: "<e/>", count: 1_500_000) + "</xml>").utf8)
        }
    }

    /// One reading in this process: `seconds`, peak resident memory added by the read (KiB), outcome.
    static func once(document name: String, reader: String) -> String {
        let data = document(name)
        let before = residentKiB("VmRSS")
        var outcome = ""
        let seconds = Stats.time {
            switch reader {
            case "libxml2":
                let parser = XMLParser(data: data)
                outcome = parser.parse() ? "parsed" : "error"
            default:
                let limits =
                    reader == "limits"
                    ? PayPayloadLimits.standard
                    : PayPayloadLimits(
                        maximumBytes: 8 << 20, maximumDepth: 64, maximumElements: 2_000_000, maximumAttributesPerElement: 1_000_000,
                        maximumCharacterReferences: 2_000_000)
                do {
                    _ = try PayWire.decodeXML(PayResponse.self, from: data, limits: limits)
                    outcome = "decoded"
                } catch let error as PayloadDecodingError {
                    let message = error.issues.first?.message ?? ""
                    outcome =
                        message.hasPrefix("not well-formed")
                        ? "refused: " + message.dropFirst("not well-formed XML: ".count) : "read; " + "\(error.issues.count) field issue(s)"
                } catch {
                    outcome = "error"
                }
            }
        }
        let peak = residentKiB("VmHWM") - before
        return "\(seconds)\t\(max(peak, 0))\t\(outcome)"
    }

    /// A line of `/proc/self/status` in KiB (0 where there is none).
    static func residentKiB(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(
                line.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "")
                ?? 0
        }
        return 0
    }

    /// Every document with every reader, each in a child process killed after `timeout` seconds.
    static func run(timeout: Double) throws -> [String] {
        var rows = ["| document | reader | wall | peak memory added | outcome |", "|---|---|---:|---:|---|"]
        let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        for name in documents {
            for reader in readers {
                let child = Process()
                child.executableURL = executable
                child.arguments = ["xml-hostile-once", name, reader]
                let pipe = Pipe()
                child.standardOutput = pipe
                try child.run()
                let deadline = Date().addingTimeInterval(timeout)
                while child.isRunning, Date() < deadline { usleep(50_000) }
                let label =
                    reader == "limits"
                    ? "ours, standard limits"
                    : reader == "unlimited" ? "ours, limits raised above the document" : "libxml2 XMLParser (before)"
                if child.isRunning {
                    child.terminate()
                    child.waitUntilExit()
                    rows.append("| \(name) | \(label) | > \(Int(timeout)) s (stopped) | — | — |")
                    continue
                }
                let fields = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t", maxSplits: 2).map(String.init)
                guard fields.count == 3, let seconds = Double(fields[0]), let kib = Int(fields[1]) else {
                    rows.append("| \(name) | \(label) | failed | — | — |")
                    continue
                }
                rows.append(
                    "| \(name) | \(label) | \(String(format: "%.3f s", seconds)) | \(String(format: "%.1f MB", Double(kib) / 1024)) | \(fields[2]) |"
                )
            }
        }
        return rows
    }
}
