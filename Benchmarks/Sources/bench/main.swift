import Foundation
import PaySchemaCore

/// `bench synth N DIR` | `bench load DIR [RUNS]` | `bench decode [RUNS]` | `bench flows [SECONDS]` | `bench bare-server PORT`
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
case "decode":
    let runs = arguments.count > 1 ? Int(arguments[1]) ?? 15 : 15
    for line in try DecodeBench.run(runs: runs) { print(line) }
case "flows":
    let seconds = arguments.count > 1 ? Double(arguments[1]) ?? 1 : 1
    for (id, memory, http) in try await FlowBench.compare(seconds: seconds) {
        print("| \(id) | \(String(format: "%.0f", memory)) flows/s | \(String(format: "%.0f", http)) flows/s | \(String(format: "%.1f", memory / max(http, 0.001)))× |")
    }
case "bare-server":
    try await BareServer.run(port: arguments.count > 1 ? Int(arguments[1]) ?? 18090 : 18090)
default:
    FileHandle.standardError.write(Data("usage: bench synth N DIR | load DIR [RUNS] | decode [RUNS] | flows [SECONDS] | bare-server PORT\n".utf8))
    exit(2)
}
