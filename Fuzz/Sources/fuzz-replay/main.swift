import Foundation
import FuzzSupport
import PaymentSchemasRuntime

// `fuzz-replay schema|payload|diff FILE…`: runs a harness over files without libFuzzer (corpus
// checks and reproducers) and prints the slowest input.
// `fuzz-replay seeds OUTDIR ROOT…`: writes payload-harness seeds (two type bytes, a reader byte, payload)
// from payload folders laid out as `<Module>/<Type>.<json|xml|query>` or `<Module>.<Type>/<any>/<file>`.
let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

func seeds(into output: URL, from roots: [URL]) throws -> Int {
    precondition(Harnesses.types.count <= 1 << 16, "the two type bytes must address every type")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    var written = 0
    for root in roots {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
        for case let file as URL in walker {
            let relative = file.path.dropFirst(root.path.count + 1).split(separator: "/").map(String.init)
            let qualified: String
            if relative.count == 2 {
                qualified = relative[0] + "." + (relative[1].split(separator: ".").first.map(String.init) ?? "")
            } else if relative.count == 3 {
                qualified = relative[0]
            } else {
                continue
            }
            guard let index = Harnesses.types.firstIndex(where: { $0.matches(qualified) }) else { continue }
            let type = Harnesses.types[index]
            let format: WireFormat
            switch file.pathExtension {
            case "xml": format = .xml
            case "query", "txt", "url": format = .query
            default: format = .json
            }
            guard let reader = type.formats.firstIndex(of: format), let data = FileManager.default.contents(atPath: file.path) else {
                continue
            }
            var seed = Data([UInt8(index >> 8), UInt8(index & 0xFF), UInt8(reader)])
            seed.append(data)
            try seed.write(to: output.appending(path: "\(type.qualifiedName)-\(written)"))
            written += 1
        }
    }
    return written
}

guard let command = arguments.first else { fail("usage: fuzz-replay schema|payload|diff FILE… | fuzz-replay seeds OUTDIR ROOT…") }
if command == "seeds" {
    guard arguments.count >= 3 else { fail("usage: fuzz-replay seeds OUTDIR ROOT…") }
    let count = try seeds(into: URL(fileURLWithPath: arguments[1]), from: arguments.dropFirst(2).map { URL(fileURLWithPath: $0) })
    print("seeds: \(count) payloads")
    exit(0)
}
guard let run = ["schema": Harnesses.schema, "payload": Harnesses.payload, "diff": Harnesses.diff][command] else {
    fail("unknown harness \(command)")
}
var files: [String] = []
for path in arguments.dropFirst() {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        files += ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
    } else {
        files.append(path)
    }
}
var slowest = (0.0, "")
for path in files {
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    let start = Date()
    run(data)
    let elapsed = Date().timeIntervalSince(start)
    if elapsed > slowest.0 { slowest = (elapsed, path) }
}
print("\(command): \(files.count) inputs, slowest \(String(format: "%.3f", slowest.0)) s \(slowest.1)")
