import Foundation
import PaySchemaCore

/// Our libyaml loader (events → located node tree) against a bare libyaml event scan of the same bytes.
enum LoadBench {
    static func run(directory: URL, runs: Int) -> (loader: Stats.Summary, scan: Stats.Summary, bytes: Int, files: Int) {
        let files = (FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
        let contents = files.map { [UInt8]((try? Data(contentsOf: $0)) ?? Data()) }
        var loader: [Double] = []
        var scan: [Double] = []
        var sink = 0
        for _ in 0..<runs {
            loader.append(
                Stats.time {
                    for (index, bytes) in contents.enumerated() {
                        sink &+= YAMLLoader.load(bytes: bytes, file: files[index].lastPathComponent).root == nil ? 0 : 1
                    }
                })
            scan.append(
                Stats.time {
                    for bytes in contents { sink &+= YAMLLoader.scanEvents(bytes: bytes) }
                })
        }
        if sink == -1 { print(sink) }
        return (Stats.summarize(loader), Stats.summarize(scan), contents.reduce(0) { $0 + $1.count }, files.count)
    }

    /// One pass of `what` ("loader", "scan" or "none": only reading the files) over the set, for
    /// counting instructions under callgrind: each process does one thing, and "none" is the
    /// baseline both others subtract.
    static func once(directory: URL, what: String) -> Int {
        let files = (FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
        let contents = files.map { [UInt8]((try? Data(contentsOf: $0)) ?? Data()) }
        var sink = 0
        switch what {
        case "loader":
            for (index, bytes) in contents.enumerated() {
                sink &+= YAMLLoader.load(bytes: bytes, file: files[index].lastPathComponent).root == nil ? 0 : 1
            }
        case "scan":
            for bytes in contents { sink &+= YAMLLoader.scanEvents(bytes: bytes) }
        default:
            sink = contents.count
        }
        return sink
    }
}
