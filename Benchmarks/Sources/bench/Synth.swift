import Foundation

/// Writes a synthetic module of `count` types: structs with mixed field types and constraints,
/// enums and scalars, each referring only to earlier types (so there are no cycles).
enum Synth {
    static func write(count: Int, to root: URL) throws {
        let module = root.appending(path: "Synthetic")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        var file = ""
        var fileIndex = 0
        func flush() throws {
            guard !file.isEmpty else { return }
            try ("module: Synthetic\ntypes:\n" + file).write(
                to: module.appending(path: String(format: "Types%04d.yaml", fileIndex)), atomically: true, encoding: .utf8)
            fileIndex += 1
            file = ""
        }
        var structs: [String] = []
        var enums: [String] = []
        for index in 0..<count {
            if index % 10 == 0 {
                let name = "Kind\(index)"
                enums.append(name)
                file += "  \(name):\n    kind: enum\n    doc: Synthetic enum \(index).\n    cases: [alpha, beta, gamma, delta, epsilon]\n"
            } else if index % 10 == 5 {
                file +=
                    "  Code\(index):\n    kind: scalar\n    base: String\n    pattern: \"[A-Z]{3}[0-9]{2}\"\n    doc: Synthetic scalar \(index).\n"
            } else {
                let name = "Record\(index)"
                var fields = """
                          id: { type: String, required: true, minLength: 1, maxLength: 64, doc: The identifier. }
                          amount: { type: Decimal, required: true, minimum: 0, scale: 2, doc: An amount. }
                          count: { type: Int, minimum: 0, maximum: 1000, doc: A count. }
                          enabled: { type: Bool, default: false, doc: A flag. }
                          tags: { type: "[String]", maxItems: 10, doc: Tags. }
                          currency: { type: String, format: iso4217, doc: A currency. }
                          createdAt: { type: Date, dateFormat: iso8601, doc: A timestamp. }
                          note: { type: String, pattern: "[a-z ]*", doc: A note. }

                    """
                if let kind = enums.last { fields += "      kind: { type: \(kind), doc: A kind. }\n" }
                if let previous = structs.last {
                    fields +=
                        "      parent: { type: \(previous), doc: The previous record. }\n      children: { type: \"[\(previous)]\", doc: Earlier records. }\n"
                }
                file += "  \(name):\n    kind: struct\n    doc: Synthetic record \(index).\n    fields:\n\(fields)"
                structs.append(name)
            }
            if (index + 1) % 100 == 0 { try flush() }
        }
        try flush()
    }
}
