import Foundation
import PaySchemaCore

/// `bench synth N DIR` | `bench load DIR [RUNS]` | `bench decode [RUNS]` | `bench flows [SECONDS [SAMPLES]]`
/// | `bench peer-decode DIR [RUNS]` | `bench peer-decode-pass DIR TYPE SIDE PASSES` | `bench xml-hostile [TIMEOUT]`
/// | `bench serve [COUNT]` | `bench bare-server PORT`
/// Each measurement prints Markdown that run.sh collects into RESULTS.md.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "synth":
    guard arguments.count == 3, let count = Int(arguments[1]) else {
        FileHandle.standardError.write(Data("usage: bench synth N DIR\n".utf8))
        exit(2)
    }
    try Synth.write(count: count, to: URL(fileURLWithPath: arguments[2]))
case "load":
    let runs = arguments.count > 2 ? Int(arguments[2]) ?? 15 : 15
    let result = LoadBench.run(directory: URL(fileURLWithPath: arguments[1]), runs: runs)
    print("| our loader (events → located nodes) | \(result.loader.formatted()) |")
    print("| bare libyaml event scan | \(result.scan.formatted()) |")
    print("| ratio loader / scan (medians) | \(String(format: "%.2f×", result.loader.median / result.scan.median)) |")
    print("| input | \(result.files) files, \(result.bytes / 1024) KiB, \(runs) runs |")
case "load-once":
    guard arguments.count == 3 else {
        FileHandle.standardError.write(Data("usage: bench load-once DIR loader|scan|none\n".utf8))
        exit(2)
    }
    print(LoadBench.once(directory: URL(fileURLWithPath: arguments[1]), what: arguments[2]))
case "decode":
    let runs = arguments.count > 1 ? Int(arguments[1]) ?? 15 : 15
    for line in try DecodeBench.run(runs: runs) { print(line) }
case "flows":
    let seconds = arguments.count > 1 ? Double(arguments[1]) ?? 1 : 1
    let samples = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
    func rate(_ summary: Stats.Summary) -> String {
        String(format: "%.0f (%.0f–%.0f)", summary.median, summary.min, summary.max)
    }
    for row in try await FlowBench.compare(seconds: seconds, concurrency: 200, samples: samples) {
        let share = row.asyncHTTPClient.median / max(row.inMemory.median, 0.001)
        let verdict = row.label.hasSuffix("at once") ? (share >= 1.0 / 3.0 ? " met" : " **missed**") : ""
        print(
            "| \(row.label) | \(rate(row.inMemory)) | \(rate(row.asyncHTTPClient)) | \(rate(row.urlSession)) | \(String(format: "%.2f", share))\(verdict) | \(String(format: "%.1f", row.asyncHTTPClient.median / max(row.urlSession.median, 0.001)))× |"
        )
    }
case "peer-decode":
    guard arguments.count > 1 else {
        FileHandle.standardError.write(Data("usage: bench peer-decode PAYLOADS_DIR [RUNS]\n".utf8))
        exit(2)
    }
    let runs = arguments.count > 2 ? Int(arguments[2]) ?? 15 : 15
    for line in try PayloadDecodeTable.run(PeerDecodeBench.entries(), payloads: URL(fileURLWithPath: arguments[1]), runs: runs) {
        print(line)
    }
case "peer-decode-pass":
    // One side's passes over one type's payloads, for `valgrind --tool=callgrind` (section 4b).
    guard arguments.count > 4, let side = PayloadDecodeTable.Side(rawValue: arguments[3]), let passes = Int(arguments[4]) else {
        FileHandle.standardError.write(
            Data("usage: bench peer-decode-pass PAYLOADS_DIR Module.Type none|floor|ours|dropping|theirs PASSES\n".utf8))
        exit(2)
    }
    try PayloadDecodeTable.pass(
        PeerDecodeBench.entries(), payloads: URL(fileURLWithPath: arguments[1]), folder: arguments[2], side: side, passes: passes)
case "xml-hostile":
    let timeout = arguments.count > 1 ? Double(arguments[1]) ?? 60 : 60
    for line in try XMLHostileBench.run(timeout: timeout) { print(line) }
case "xml-hostile-once":
    guard arguments.count == 3 else {
        FileHandle.standardError.write(Data("usage: bench xml-hostile-once attributes|references|elements limits|unlimited|libxml2\n".utf8))
        exit(2)
    }
    print(XMLHostileBench.once(document: arguments[1], reader: arguments[2]))
case "dates":
    for line in DateBench.run(runs: arguments.count > 1 ? Int(arguments[1]) ?? 15 : 15) { print(line) }
case "serve":
    for line in try await ServeBench.run(count: arguments.count > 1 ? Int(arguments[1]) ?? 2_000 : 2_000, runs: 7) { print(line) }
case "bare-server":
    try await BareServer.run(port: arguments.count > 1 ? Int(arguments[1]) ?? 18090 : 18090)
default:
    FileHandle.standardError.write(
        Data(
            "usage: bench synth N DIR | load DIR [RUNS] | decode [RUNS] | flows [SECONDS [SAMPLES]] | peer-decode PAYLOADS_DIR [RUNS] | peer-decode-pass PAYLOADS_DIR Module.Type SIDE PASSES | load-once DIR loader|scan|none | xml-hostile [TIMEOUT] | serve [COUNT] | dates [RUNS] | bare-server PORT\n"
                .utf8))
    exit(2)
}
