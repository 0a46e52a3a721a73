import Foundation
import PaymentSchemasRuntime

/// Our generated types against swift-openapi-generator's on the providers' published payloads,
/// with the floor beside them: one table, for the bundled types (`bench peer-decode`) and for the
/// types both tools generate from the providers' whole documents (`wholedecode`, which compiles
/// this file beside its own entries).
///
/// Per payload type, each side reads every payload once per pass; the sides alternate which goes
/// first; each figure is the median of the runs with its min and max:
/// - ours: `PayWire.decodeJSON` and `validate()`, keeping the members no field models;
/// - ours, dropping those members (`PayStrictReading.discardingUnknownMembers`): what keeping costs;
/// - theirs: `JSONDecoder` into swift-openapi-generator's type, as its `Converter` reads a body;
/// - the floor: `PayJSONParser` reading the same bytes into a `PayJSON` tree, no type at all.
enum PayloadDecodeTable {
    /// One payload type: how each side reads a payload.
    struct Entry {
        /// `<Module.Type>`: the folder of `../shared/real-payloads` its payloads are in.
        var folder: String
        /// What the row calls the two types when they are not the folder's (the whole documents').
        var types: String?
        /// Decode + validate; run under `PayStrictReading.discardingUnknownMembers` for the
        /// dropping side (one scope around the whole pass, so the scope's own cost is not counted).
        var ours: (Data) throws -> Int
        var theirs: (Data) throws -> Int
        /// The payload decoded and encoded again by each side: what the side's type kept.
        var oursKept: (Data) throws -> Data
        var theirsKept: (Data) throws -> Data
    }

    /// The sides a pass can run (`pass` in the two executables, for instruction counts).
    enum Side: String, CaseIterable {
        /// Reads the files and nothing else: the baseline subtracted from the others.
        case none
        case floor, ours, dropping, theirs
    }

    /// The decoder swift-openapi-generator's `Converter` uses for JSON bodies (its
    /// `Configuration()` default: ISO 8601 dates through `ISO8601DateTranscoder`), given the
    /// transcoder's `decode` so this file needs no OpenAPIRuntime of its own.
    static func peerDecoder(_ decodeDate: @escaping @Sendable (String) throws -> Date) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            return try decodeDate(try container.decode(String.self))
        }
        return decoder
    }

    static func entry<Ours: Codable & PayValidatable, Theirs: Codable>(
        _ folder: String, _ ours: Ours.Type, _ theirs: Theirs.Type, decoder: JSONDecoder, types: String? = nil
    ) -> Entry {
        Entry(
            folder: folder,
            types: types,
            ours: { data in
                let value = try PayWire.decodeJSON(Ours.self, from: data)
                try value.validate()
                return 1
            },
            theirs: { data in
                _ = try decoder.decode(Theirs.self, from: data)
                return 1
            },
            oursKept: { data in try PayWire.encodeJSON(try PayWire.decodeJSON(Ours.self, from: data)) },
            theirsKept: { data in try JSONEncoder().encode(try decoder.decode(Theirs.self, from: data)) })
    }

    /// The floor: the bytes read into a value tree with no type.
    static func floor(_ data: Data) throws -> Int {
        switch try PayJSONParser.parse(data) {
        case .object(let members): return members.count
        default: return 1
        }
    }

    /// The values (strings, numbers, booleans) a JSON document holds, counted through every
    /// object and array: what a type that decodes the payload and encodes it again has kept.
    static func leafCount(_ data: Data) -> Int {
        func count(_ value: PayJSON) -> Int {
            switch value {
            case .object(let members): return members.values.reduce(0) { $0 + count($1) }
            case .array(let elements): return elements.reduce(0) { $0 + count($1) }
            case .null: return 0
            default: return 1
            }
        }
        return (try? PayJSONParser.parse(data)).map(count) ?? 0
    }

    /// Every payload of `entry` both sides read, and the files either side refuses (left out of
    /// every timing, so the comparison stays like for like).
    static func payloads(of entry: Entry, in root: URL) throws -> (read: [Data], refused: [String]) {
        let directory = root.appending(path: "\(entry.folder)/valid")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        var read: [Data] = []
        var refused: [String] = []
        for file in files {
            let data = try Data(contentsOf: directory.appending(path: file))
            do {
                _ = try entry.ours(data)
            } catch {
                refused.append("\(entry.folder)/\(file) (ours: \(cell(error)))")
                continue
            }
            do { _ = try entry.theirs(data) } catch {
                refused.append("\(entry.folder)/\(file) (swift-openapi-generator's: \(cell(error)))")
                continue
            }
            read.append(data)
        }
        return (read, refused)
    }

    /// An error as one table-safe line of at most 200 characters.
    static func cell(_ error: any Error) -> String {
        String(String(describing: error).map { $0 == "|" ? "/" : $0.isNewline ? " " : $0 }.prefix(200))
    }

    /// Runs `passes` passes of `side` over `folder`'s payloads and prints nothing: one process under
    /// `valgrind --tool=callgrind` per side gives each side's instructions.
    static func pass(_ entries: [Entry], payloads root: URL, folder: String, side: Side, passes: Int) throws {
        guard let entry = entries.first(where: { $0.folder == folder }) else { throw CocoaError(.fileNoSuchFile) }
        let (payloads, _) = try payloads(of: entry, in: root)
        let read: (Data) throws -> Int
        switch side {
        case .none: read = { $0.count }
        case .floor: read = floor
        case .ours, .dropping: read = entry.ours
        case .theirs: read = entry.theirs
        }
        let sink = try reading(dropping: side == .dropping) {
            var sink = 0
            for _ in 0..<passes { for data in payloads { sink &+= try read(data) } }
            return sink
        }
        if sink == 42 { print("") }
    }

    /// Runs `body` with the members no field models dropped (`dropping`) or kept.
    static func reading<T>(dropping: Bool, _ body: () throws -> T) rethrows -> T {
        dropping ? try PayStrictReading.discardingUnknownMembers(body) : try body()
    }

    /// Markdown rows: per type, the time to read all its payloads once with each side (median of
    /// `runs`), a total row, and what was left out and why.
    static func run(_ entries: [Entry], payloads root: URL, runs: Int) throws -> [String] {
        var lines = [
            "| payload type | payloads | values in the payloads | values kept: ours / theirs | ours: decode + validate | ours, dropping unmodelled members | swift-openapi-generator: decode | bare parse (`PayJSONParser`) | ours / theirs | ours / bare parse | keeping unmodelled members costs |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        var totals = [Double](repeating: 0, count: 4)
        var fair = (ours: 0.0, theirs: 0.0, types: 0)
        var payloadTotal = 0
        var partial: [String] = []
        var refusedAll: [String] = []
        var ratios: [Double] = []
        // BENCH_PEER_ONLY=<Module.Type> times one type alone (for profiling it).
        let only = ProcessInfo.processInfo.environment["BENCH_PEER_ONLY"]
        for entry in entries where only == nil || only == entry.folder {
            let (payloads, refused) = try payloads(of: entry, in: root)
            refusedAll += refused
            guard !payloads.isEmpty else { continue }
            var values = 0
            var oursKept = 0
            var theirsKept = 0
            for data in payloads {
                values += leafCount(data)
                oursKept += leafCount(try entry.oursKept(data))
                theirsKept += leafCount(try entry.theirsKept(data))
            }
            let bytes = payloads.reduce(0) { $0 + $1.count }
            let iterations = max(20, 400_000 / max(bytes, 1))
            // Ours, ours dropping the members no field models, theirs, the floor.
            let sides: [(Data) throws -> Int] = [entry.ours, entry.ours, entry.theirs, floor]
            var samples = [[Double]](repeating: [], count: sides.count)
            var sink = 0
            for round in 0..<runs {
                // Rotate which side goes first so none always runs on a warmer cache.
                for step in 0..<sides.count {
                    let side = (step + round) % sides.count
                    let read = sides[side]
                    let seconds = try reading(dropping: side == 1) {
                        try Stats.time { for _ in 0..<iterations { for data in payloads { sink &+= try read(data) } } }
                    }
                    samples[side].append(seconds / Double(iterations))
                }
            }
            precondition(sink > 0)
            let s = samples.map(Stats.summarize)
            for index in totals.indices { totals[index] += s[index].median }
            payloadTotal += payloads.count
            // Like for like only where the peer's type keeps at least what ours keeps.
            if theirsKept >= oursKept {
                fair.ours += s[0].median
                fair.theirs += s[2].median
                fair.types += 1
                ratios.append(s[0].median / s[2].median)
            } else {
                partial.append(entry.folder)
            }
            let name = entry.types.map { "\(entry.folder) (\($0))" } ?? entry.folder
            let cells = [
                name, "\(payloads.count)", "\(values)", "\(oursKept) / \(theirsKept)",
                s[0].formatted("µs", scale: 1e6), s[1].formatted("µs", scale: 1e6), s[2].formatted("µs", scale: 1e6),
                s[3].formatted("µs", scale: 1e6),
                String(format: "%.2f×", s[0].median / s[2].median), String(format: "%.2f×", s[0].median / s[3].median),
                String(format: "%+.1f%%", (s[0].median / s[1].median - 1) * 100),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        func us(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }
        lines.append(
            "| **all types (sum of medians)** | \(payloadTotal) | | | \(us(totals[0])) | \(us(totals[1])) | \(us(totals[2])) | \(us(totals[3])) | **\(String(format: "%.2f×", totals[0] / totals[2]))** | **\(String(format: "%.2f×", totals[0] / totals[3]))** | \(String(format: "%+.1f%%", (totals[0] / totals[1] - 1) * 100)) |"
        )
        lines.append(
            "| **the \(fair.types) types where the peer keeps as much (sum of medians)** | | | | \(us(fair.ours)) | | \(us(fair.theirs)) | | **\(String(format: "%.2f×", fair.ours / fair.theirs))** | | |"
        )
        if !ratios.isEmpty {
            let sorted = ratios.sorted()
            lines.append("")
            lines.append(
                "Ours / theirs on the like-for-like types: median \(String(format: "%.2f×", sorted[sorted.count / 2])), highest \(String(format: "%.2f×", sorted.last ?? 0))."
            )
        }
        if !partial.isEmpty {
            lines.append("")
            lines.append(
                "Where swift-openapi-generator's type keeps fewer values than ours, it decodes less than ours does (it drops what it cannot express, such as an object whose `properties` sit beside an `anyOf` of `required` lists, or a `null` member of a union), so its time is not a like-for-like figure: \(partial.joined(separator: ", "))."
            )
        }
        if !refusedAll.isEmpty {
            lines.append("")
            lines.append("Left out of every timing because one side refuses them: \(refusedAll.joined(separator: "; ")).")
        }
        return lines
    }
}
