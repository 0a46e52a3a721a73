import PaySchemaChecker
import PaySchemaDiff
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSwift
import PaySchemaSyntax
import PaySchemaUpstream
import PaySchemaYAML

/// A line-based unified diff, for showing generated-code drift.
package enum UnifiedDiff {
    /// The unified diff from `old` to `new`, with `context` lines around each change.
    package static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
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

    /// A shortest edit script: the common prefix and suffix as they are, the lines between them by
    /// the standard library's Myers difference, or as one replacement when both sides of the middle
    /// are large (a bound on the diff's time and memory for a file rewritten wholesale).
    static func edits(_ a: [String], _ b: [String]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let midA = a[prefix..<(a.count - suffix)]
        let midB = b[prefix..<(b.count - suffix)]
        var removed: Set<Int> = []
        var inserted: Set<Int> = []
        if midA.count * midB.count > 4_000_000 {
            removed = Set(midA.indices)
            inserted = Set(midB.indices)
        } else {
            for change in midB.difference(from: midA) {
                switch change {
                case .remove(let offset, _, _): removed.insert(prefix + offset)
                case .insert(let offset, _, _): inserted.insert(prefix + offset)
                }
            }
        }
        var result: [Edit] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) {
                result.append(Edit(kind: .delete, oldIndex: i, newIndex: j))
                i += 1
            } else if j < b.count, inserted.contains(j) {
                result.append(Edit(kind: .insert, oldIndex: i, newIndex: j))
                j += 1
            } else {
                result.append(Edit(kind: .same, oldIndex: i, newIndex: j))
                i += 1
                j += 1
            }
        }
        return result
    }
}
