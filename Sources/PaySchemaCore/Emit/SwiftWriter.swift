/// Accumulates indented Swift source.
final class SwiftWriter {
    private(set) var text = ""
    private var indentation = ""

    init() {
        text.reserveCapacity(16_384)
    }

    /// Appends one line at the current indentation (an empty string gives a blank line).
    func line(_ content: String) {
        if content.isEmpty {
            text += "\n"
        } else {
            text += indentation
            text += content
            text += "\n"
        }
    }

    /// Appends `header {`, the body one level deeper, then `}`.
    func block(_ header: String, _ body: () -> Void) {
        line(header + " {")
        indentation += "    "
        body()
        indentation.removeLast(4)
        line("}")
    }

    /// Appends `header {`, the body at the same indentation (for `switch`, whose cases align with it), then `}`.
    func switchBlock(_ header: String, _ body: () -> Void) {
        line(header + " {")
        body()
        line("}")
    }

    /// Appends `do { … } catch { … }`.
    func doCatch(_ body: () -> Void, catch handler: () -> Void) {
        line("do {")
        indentation += "    "
        body()
        indentation.removeLast(4)
        line("} catch {")
        indentation += "    "
        handler()
        indentation.removeLast(4)
        line("}")
    }

    /// Appends `///` documentation lines.
    func doc(_ text: String?) {
        guard let text, !text.isEmpty else { return }
        if !text.utf8.contains(10) && text.utf8.last != 32 {
            line("/// " + text)
            return
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingTrailingSpaces()
            self.line(trimmed.isEmpty ? "///" : "/// " + trimmed)
        }
    }

    /// Appends documentation paragraphs, separated by blank `///` lines.
    func doc(paragraphs: [String?]) {
        var first = true
        for case let paragraph? in paragraphs where !paragraph.isEmpty {
            if !first { line("///") }
            first = false
            doc(paragraph)
        }
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[startIndex..<end])
    }
}
