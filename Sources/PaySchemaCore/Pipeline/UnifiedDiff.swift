/// A line-based unified diff, for showing generated-code drift.
public enum UnifiedDiff {
    /// The unified diff from `old` to `new`, with `context` lines around each change.
    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let operations = edits(a, b)
        guard operations.contains(where: { $0.kind != .same }) else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var index = 0
        while index < operations.count {
            guard let changeStart = operations[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var hunkEnd = changeStart
            var scan = changeStart
            while scan < operations.count {
                if operations[scan].kind != .same {
                    hunkEnd = scan
                    scan += 1
                } else if scan - hunkEnd <= context * 2 {
                    scan += 1
                } else {
                    break
                }
            }
            let start = max(index, changeStart - context)
            let end = min(operations.count, hunkEnd + context + 1)
            let slice = operations[start..<end]
            let oldStart = (slice.first?.oldIndex ?? 0) + 1
            let newStart = (slice.first?.newIndex ?? 0) + 1
            let oldCount = slice.filter { $0.kind != .insert }.count
            let newCount = slice.filter { $0.kind != .delete }.count
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for operation in slice {
                switch operation.kind {
                case .same: out += " " + a[operation.oldIndex] + "\n"
                case .delete: out += "-" + a[operation.oldIndex] + "\n"
                case .insert: out += "+" + b[operation.newIndex] + "\n"
                }
            }
            index = end
        }
        return out
    }

    struct Edit {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    /// A shortest edit script by dynamic programming over the lines that differ (after trimming the
    /// common prefix and suffix, which keeps the table small for typical generated-code changes).
    static func edits(_ a: [String], _ b: [String]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let midA = Array(a[prefix..<(a.count - suffix)])
        let midB = Array(b[prefix..<(b.count - suffix)])
        var result: [Edit] = (0..<prefix).map { Edit(kind: .same, oldIndex: $0, newIndex: $0) }
        if midA.count * midB.count > 4_000_000 {
            result += midA.indices.map { Edit(kind: .delete, oldIndex: prefix + $0, newIndex: prefix) }
            result += midB.indices.map { Edit(kind: .insert, oldIndex: prefix + midA.count, newIndex: prefix + $0) }
        } else {
            var table = Array(repeating: Array(repeating: 0, count: midB.count + 1), count: midA.count + 1)
            if !midA.isEmpty && !midB.isEmpty {
                for i in stride(from: midA.count - 1, through: 0, by: -1) {
                    for j in stride(from: midB.count - 1, through: 0, by: -1) {
                        table[i][j] = midA[i] == midB[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                    }
                }
            }
            var i = 0, j = 0
            while i < midA.count || j < midB.count {
                if i < midA.count, j < midB.count, midA[i] == midB[j] {
                    result.append(Edit(kind: .same, oldIndex: prefix + i, newIndex: prefix + j))
                    i += 1; j += 1
                } else if i < midA.count, j == midB.count || table[i + 1][j] >= table[i][j + 1] {
                    result.append(Edit(kind: .delete, oldIndex: prefix + i, newIndex: prefix + j))
                    i += 1
                } else {
                    result.append(Edit(kind: .insert, oldIndex: prefix + i, newIndex: prefix + j))
                    j += 1
                }
            }
        }
        let tailA = a.count - suffix, tailB = b.count - suffix
        result += (0..<suffix).map { Edit(kind: .same, oldIndex: tailA + $0, newIndex: tailB + $0) }
        return result
    }
}
