/// Accumulates indented Swift source as UTF-8 bytes in one buffer per file.
///
/// Lines written as interpolated literals (`out.declaration("var \(name): \(type)")`) are
/// ``SwiftLine``s: their pieces are copied straight into bytes, without building a `String` per
/// line first; a `String` argument is copied the same way.
final class SwiftWriter {
    /// The file so far. One emitter writes it on one thread; its accesses never overlap, so they
    /// go unchecked (a checked access costs more than the append it guards).
    @exclusivity(unchecked) private var bytes: [UInt8] = []
    /// The current indentation, as bytes.
    @exclusivity(unchecked) private var indentation: [UInt8] = []
    private var depth = 0 {
        didSet { indentation = Array(repeating: UInt8(ascii: " "), count: depth * 4) }
    }

    /// The access level every ``declaration(_:)`` starts with: `public `, `package ` or nothing
    /// (internal).
    private let access: [UInt8]

    /// A writer whose declarations get `access`.
    init(access: GeneratorConfig.AccessModifier = .public) {
        switch access {
        case .public: self.access = Array("public ".utf8)
        case .package: self.access = Array("package ".utf8)
        case .internal: self.access = []
        }
        bytes.reserveCapacity(1 << 16)
    }

    /// The source written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    private func indent() {
        if depth > 0 { bytes.append(contentsOf: indentation) }
    }

    /// Appends a string's UTF-8 bytes with one copy.
    private func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends one line at the current indentation (an empty line gives a blank line).
    func line(_ content: SwiftLine) {
        if !content.bytes.isEmpty {
            indent()
            bytes.append(contentsOf: content.bytes)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends one line at the current indentation (an empty string gives a blank line).
    @_disfavoredOverload
    func line(_ content: String) {
        if !content.isEmpty {
            indent()
            append(content)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends a declaration of the generated API: the configured access level, then `content`
    /// (`var id: String`, `static let name = …`).
    func declaration(_ content: SwiftLine) {
        indent()
        bytes.append(contentsOf: access)
        bytes.append(contentsOf: content.bytes)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends a declaration of the generated API built as a `String`.
    @_disfavoredOverload
    func declaration(_ content: String) {
        declaration(SwiftLine(stringLiteral: content))
    }

    /// Appends a declaration with a body: the configured access level, `header {`, the body one
    /// level deeper, then `}`.
    func declaration(_ header: SwiftLine, _ body: () -> Void) {
        open(access + header.bytes)
        depth += 1
        body()
        depth -= 1
        close()
    }

    /// Appends `header {`, the body one level deeper, then `}` (an extension, a control statement:
    /// anything without an access level of its own).
    func block(_ header: SwiftLine, _ body: () -> Void) {
        open(header.bytes)
        depth += 1
        body()
        depth -= 1
        close()
    }

    /// Appends `header {`, the body at the same indentation (for `switch`, whose cases align with it), then `}`.
    func switchBlock(_ header: SwiftLine, _ body: () -> Void) {
        open(header.bytes)
        body()
        close()
    }

    /// Appends `do { … } catch { … }`.
    func doCatch(_ body: () -> Void, catch handler: () -> Void) {
        line("do {")
        depth += 1
        body()
        depth -= 1
        line("} catch {")
        depth += 1
        handler()
        depth -= 1
        line("}")
    }

    private func open(_ header: [UInt8]) {
        indent()
        bytes.append(contentsOf: header)
        append(" {\n")
    }

    private func close() {
        indent()
        append("}\n")
    }

    /// Appends `///` documentation lines.
    func doc(_ text: String?) {
        guard let text, !text.isEmpty else { return }
        if !text.utf8.contains(10) && text.utf8.last != 32 {
            indent()
            append("/// ")
            append(text)
            bytes.append(UInt8(ascii: "\n"))
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

/// One line of generated source, built from a literal with interpolations straight into UTF-8
/// bytes (the writer's `String` overloads take everything else).
struct SwiftLine: ExpressibleByStringInterpolation {
    /// The line's UTF-8 bytes, without indentation or newline.
    var bytes: [UInt8]

    init(stringLiteral value: String) {
        var value = value
        bytes = value.withUTF8 { Array($0) }
    }

    init(stringInterpolation: Interpolation) {
        bytes = stringInterpolation.bytes
    }

    /// Appends literal pieces and interpolated values as UTF-8.
    struct Interpolation: StringInterpolationProtocol {
        var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 24 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            appendInterpolation(literal)
        }

        mutating func appendInterpolation(_ value: String) {
            var value = value
            value.withUTF8 { bytes.append(contentsOf: $0) }
        }

        mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            appendInterpolation(value.description)
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
