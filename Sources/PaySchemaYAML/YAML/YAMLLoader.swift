import CLibYAML
import PaySchemaLanguage
import PaymentSchemasVocabulary

/// Reads YAML text with libyaml's event parser into ``YAMLNode`` trees that keep every node's
/// line and column.
///
/// Syntax errors, duplicate mapping keys, unknown aliases and extra documents become
/// diagnostics; the loader never traps on any input.
package enum YAMLLoader {
    /// Limits that keep hostile or broken schema files from costing unbounded time or memory; each
    /// one exceeded is a located error.
    package struct Limits: Sendable, Hashable {
        /// The largest file, in bytes.
        package var maxBytes = 2 << 20
        /// The deepest nesting of mappings and sequences.
        package var maxDepth = 64
        /// The most nodes the document may hold once aliases are expanded ("billion laughs" stops here).
        package var maxNodes = 200_000
        /// The most keys one mapping may hold.
        package var maxKeysPerMapping = 10_000

        /// The limits `payschema` applies.
        package static let standard = Limits()
    }

    /// The result of loading one file.
    package struct Result: Sendable {
        /// The document's root, `nil` when the file is empty or could not be parsed.
        package var root: YAMLNode?
        /// Problems found while reading.
        package var diagnostics: [Diagnostic]
        /// Whether libyaml stopped at a syntax error (nothing after it was read, so later stages
        /// have nothing to check).
        package var stoppedAtSyntaxError = false
    }

    /// Loads the first document of `text`.
    package static func load(_ text: String, file: String, limits: Limits = .standard) -> Result {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            load(buffer: UnsafeBufferPointer(buffer), file: file, limits: limits)
        }
    }

    /// Loads the first document of UTF-8 `bytes`.
    package static func load(bytes: [UInt8], file: String, limits: Limits = .standard) -> Result {
        bytes.withUnsafeBufferPointer { load(buffer: $0, file: file, limits: limits) }
    }

    /// An open mapping or sequence; a value in the loader's stack, so its fields are updated in
    /// place without the dynamic exclusivity checks a class's stored properties need. Its items
    /// or entries wait in the loader's two shared scratch stacks (``YAMLScratch``) from `start` on, so each
    /// collection is allocated once, at its exact size, when it closes (not grown by doubling).
    private struct Frame {
        enum Kind { case mapping, sequence }
        let kind: Kind
        let location: SourceLocation
        let anchor: String?
        /// Where this frame's items (a sequence) or entries (a mapping) start in the scratch stack.
        let start: Int
        var pendingKey: YAMLNode?
        /// Key text → where it was first used, once the mapping has more keys than a linear scan suits.
        var index: [String: SourceLocation] = [:]
        /// The document's node count when the frame opened (for alias weights).
        var startCount = 0

        init(kind: Kind, location: SourceLocation, anchor: String?, start: Int) {
            self.kind = kind
            self.location = location
            self.anchor = anchor
            self.start = start
        }
    }

    /// Mappings with more keys than this find a repeated key through an index rather than by
    /// comparing it with every earlier key.
    private static let linearKeyScan = 16

    static func load(buffer: UnsafeBufferPointer<UInt8>, file: String, limits: Limits = .standard) -> Result {
        var parser = yaml_parser_t()
        var diagnostics: [Diagnostic] = []
        guard buffer.count <= limits.maxBytes else {
            return Result(
                root: nil,
                diagnostics: [
                    Diagnostic(
                        .error, "the file has \(buffer.count) bytes; a schema file may have at most \(limits.maxBytes)",
                        at: SourceLocation(file: file, line: 1, column: 1))
                ])
        }
        guard yaml_parser_initialize(&parser) == 1 else {
            return Result(
                root: nil,
                diagnostics: [
                    Diagnostic(.error, "could not initialize the YAML parser", at: SourceLocation(file: file, line: 1, column: 1))
                ])
        }
        defer { yaml_parser_delete(&parser) }
        if let base = buffer.baseAddress, buffer.count > 0 {
            yaml_parser_set_input_string(&parser, base, buffer.count)
        } else {
            return Result(root: nil, diagnostics: [])
        }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

        var stack: [Frame] = []
        // The items and entries of every open collection, innermost last (see `Frame.start`).
        let scratchItems = YAMLScratch<YAMLNode>()
        let scratchEntries = YAMLScratch<YAMLEntry>()
        var anchors: [String: YAMLNode] = [:]
        var root: YAMLNode?
        var documents = 0
        var event = yaml_event_t()
        // Nodes so far, aliases counted at their expanded size, and the size of each anchored node.
        var nodeCount = 0
        var anchorWeights: [String: Int] = [:]
        func limitExceeded(_ message: String, at mark: yaml_mark_t) -> Result {
            diagnostics.append(Diagnostic(.error, message, at: location(mark)))
            return Result(root: nil, diagnostics: diagnostics)
        }

        let fileName = SourceFileName(file)
        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(fileName: fileName, position: PayTextPosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
        }

        func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
            guard let pointer else { return "" }
            return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
        }

        func cString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            guard let pointer else { return nil }
            return String(cString: pointer)
        }

        /// Where `text` was first used as a key of the open mapping `top`, if it was.
        func firstUse(of text: String, in top: Int) -> SourceLocation? {
            let start = stack[top].start
            let count = scratchEntries.count - start
            if count < linearKeyScan {
                for position in start..<scratchEntries.count {
                    let key = scratchEntries[position].key
                    if case .scalar(let earlier, _) = key.value, earlier == text { return key.location }
                }
                return nil
            }
            if stack[top].index.isEmpty {
                for position in start..<scratchEntries.count {
                    let key = scratchEntries[position].key
                    if let earlier = key.scalar, stack[top].index[earlier] == nil { stack[top].index[earlier] = key.location }
                }
            }
            return stack[top].index[text]
        }

        func attach(_ node: YAMLNode) {
            guard !stack.isEmpty else {
                if documents == 1 { root = node }
                return
            }
            let top = stack.count - 1
            switch stack[top].kind {
            case .sequence:
                scratchItems.append(node)
            case .mapping:
                if let key = stack[top].pendingKey {
                    if let text = key.scalar, !stack[top].index.isEmpty, stack[top].index[text] == nil {
                        stack[top].index[text] = key.location
                    }
                    scratchEntries.append(YAMLEntry(key: key, value: node))
                    stack[top].pendingKey = nil
                } else {
                    if let text = node.scalar {
                        if let first = firstUse(of: text, in: top) {
                            diagnostics.append(
                                Diagnostic(
                                    .error, "duplicate key '\(text)' (first defined at line \(first.line), column \(first.column))",
                                    at: node.location))
                        }
                    } else {
                        diagnostics.append(
                            Diagnostic(.error, "mapping keys must be scalars, found \(node.kindDescription)", at: node.location))
                    }
                    stack[top].pendingKey = node
                }
            }
        }

        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
                var message = problem
                if let context = parser.context.map({ String(cString: $0) }) {
                    message = "\(problem) \(context)"
                }
                diagnostics.append(Diagnostic(.error, "YAML syntax error: \(message)", at: location(parser.problem_mark)))
                return Result(root: nil, diagnostics: diagnostics, stoppedAtSyntaxError: true)
            }
            defer { yaml_event_delete(&event) }
            let type = event.type
            if type == YAML_STREAM_END_EVENT {
                break
            } else if type == YAML_DOCUMENT_START_EVENT {
                documents += 1
                if documents == 2 {
                    diagnostics.append(
                        Diagnostic(.error, "a schema file holds one YAML document; found another", at: location(event.start_mark)))
                }
            } else if type == YAML_SCALAR_EVENT {
                let scalar = event.data.scalar
                let style: YAMLNode.ScalarStyle
                switch scalar.style {
                case YAML_SINGLE_QUOTED_SCALAR_STYLE, YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .quoted
                case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: style = .block
                default: style = .plain
                }
                let node = YAMLNode(.scalar(string(scalar.value, scalar.length), style), at: location(event.start_mark))
                nodeCount += 1
                guard nodeCount <= limits.maxNodes else {
                    return limitExceeded("the document has more than \(limits.maxNodes) nodes", at: event.start_mark)
                }
                if let anchor = cString(scalar.anchor) {
                    anchors[anchor] = node
                    anchorWeights[anchor] = 1
                }
                // A key of the open mapping: within the limit.
                if let top = stack.indices.last, stack[top].kind == .mapping, stack[top].pendingKey == nil {
                    guard scratchEntries.count - stack[top].start < limits.maxKeysPerMapping else {
                        return limitExceeded("a mapping may have at most \(limits.maxKeysPerMapping) keys", at: event.start_mark)
                    }
                }
                attach(node)
            } else if type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT {
                guard stack.count < limits.maxDepth else {
                    return limitExceeded("nesting is deeper than \(limits.maxDepth) levels", at: event.start_mark)
                }
                let isSequence = type == YAML_SEQUENCE_START_EVENT
                let anchor = isSequence ? cString(event.data.sequence_start.anchor) : cString(event.data.mapping_start.anchor)
                var frame = Frame(
                    kind: isSequence ? .sequence : .mapping, location: location(event.start_mark), anchor: anchor,
                    start: isSequence ? scratchItems.count : scratchEntries.count)
                frame.startCount = nodeCount
                stack.append(frame)
            } else if type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT {
                guard let frame = stack.popLast() else { continue }
                let node: YAMLNode
                switch frame.kind {
                case .sequence:
                    node = YAMLNode(.sequence(scratchItems.moveOut(from: frame.start)), at: frame.location)
                case .mapping:
                    node = YAMLNode(.mapping(scratchEntries.moveOut(from: frame.start)), at: frame.location)
                }
                nodeCount += 1
                if let anchor = frame.anchor {
                    anchors[anchor] = node
                    anchorWeights[anchor] = nodeCount - frame.startCount
                }
                attach(node)
            } else if type == YAML_ALIAS_EVENT {
                let name = cString(event.data.alias.anchor) ?? ""
                if let target = anchors[name] {
                    nodeCount += anchorWeights[name] ?? 1
                    guard nodeCount <= limits.maxNodes else {
                        return limitExceeded(
                            "the document expands to more than \(limits.maxNodes) nodes (aliases included)", at: event.start_mark)
                    }
                    var copy = target
                    copy.location = location(event.start_mark)
                    attach(copy)
                } else {
                    diagnostics.append(Diagnostic(.error, "unknown alias '*\(name)'", at: location(event.start_mark)))
                    attach(YAMLNode(.scalar("", .plain), at: location(event.start_mark)))
                }
            }
        }
        return Result(root: root, diagnostics: diagnostics)
    }

    /// Counts libyaml's events in `bytes` without building anything: the floor for any loader
    /// built on libyaml, used by the benchmarks.
    package static func scanEvents(bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1, let base = buffer.baseAddress else { return 0 }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            var count = 0
            while yaml_parser_parse(&parser, &event) == 1 {
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                count += 1
                if done { break }
            }
            return count
        }
    }
}
